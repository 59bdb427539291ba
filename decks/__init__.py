"""Card pool and preconstructed decks (TOML data)."""
