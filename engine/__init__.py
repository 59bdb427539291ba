"""Rules engine: ruleset-independent core plus rulesets. Never imports hkk_tui or Textual."""
