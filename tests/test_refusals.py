"""Every refusal of the HKK rules cites the most specific Kódex rule and says it in words
(issue 11).

Each case (:mod:`tests.refusal_cases`, :mod:`tests.refusal_cases_play`) reaches one refusal in a
real position through ``Game.submit`` (a few through the ruleset's own doors: a game not set up
yet, a seat that is no player, a scenario with the wrong decks); the test checks the rule it
cites, its catalog key, that state, log and redo list are unchanged, and that both catalogs put
it in words. The tests after it read the code (:mod:`tests.refusal_table`): every
``refuse(...)`` cites a rule the rulebook knows, has catalog words in both languages, and is
reached by a case — so a refusal added later without a case, a citation or words fails here.
"""

from __future__ import annotations

import re

import msgspec
import pytest

from engine.core.game import IllegalAction
from engine.hkk.ctx import Ctx
from engine.hkk.play import closed_phase_refusal
from engine.hkk.rulebook import RULES
from hkk_tui.i18n import catalog, ns_catalog
from hkk_tui.words import describe_illegal
from tests import refusal_cases_play  # noqa: F401  (registers its cases)
from tests.refusal_cases import CASES, POOL, Case, scenario
from tests.refusal_table import sites

ENC = msgspec.msgpack.Encoder()


def test_k30_2_nothing_is_played_in_the_draw_phase():
    """No decision is asked in the draw phase today (its draw is automatic), so this refusal is
    checked on a position in that phase directly: it guards a window opened there later."""
    sc = scenario()
    state = sc.game.ruleset.clone(sc.state)
    state.phase = "draw"
    for ability in (False, True):
        exc = closed_phase_refusal(Ctx(state, POOL), ability)
        assert exc is not None and (exc.rule, exc.key) == ("K 30.2", "draw_phase")
    state.phase = "main1"
    assert closed_phase_refusal(Ctx(state, POOL), False) is None


# ---------------------------------------------------------------------------- the tests
@pytest.mark.parametrize("c", CASES, ids=[c.id for c in CASES])
def test_refusal_cites_its_rule_and_changes_nothing(c: Case) -> None:
    attempt = c.build()
    game = attempt.game
    state = game.state if game is not None else attempt.state
    before = ENC.encode(state)
    if game is not None:
        entries, redo = list(game.entries), list(game.redo_stack)
    with pytest.raises(IllegalAction) as info:
        attempt.go()
    exc = info.value
    assert (exc.rule, exc.key) == (c.rule, c.key), f"{exc.key}: {exc}"
    assert ENC.encode(game.state if game is not None else state) == before, "state changed"
    if game is not None:
        assert game.entries == entries and game.redo_stack == redo, "the log changed"
    assert exc.message and not exc.message.endswith(")"), exc.message
    if exc.rule:
        assert exc.rule in RULES, exc.rule
    for lang in ("en", "hu"):
        text = describe_illegal(exc, lang, "hkk")
        assert "⟨" not in text and "{" not in text, (lang, text)
        assert text.endswith(f"({exc.rule})") if exc.rule else True


def test_every_refusal_cites_a_rule_the_rulebook_knows() -> None:
    found = sites()
    assert len(found) > 80
    unresolved = [s.where for s in found if not s.rules]
    assert not unresolved, f"citations the refusal table cannot resolve: {unresolved}"
    unknown = sorted({(r, s.where) for s in found for r in s.rules if r not in RULES})
    assert not unknown, f"cited but not in engine.hkk.rulebook.RULES: {unknown}"
    malformed = [(r, s.where) for s in found for r in s.rules
                 if not re.fullmatch(r"K \d+(\.\d+)*", r)]
    assert not malformed, malformed


@pytest.mark.parametrize("lang", ["en", "hu"])
def test_every_refusal_key_has_words_in_both_languages(lang: str) -> None:
    words = ns_catalog("hkk", lang)
    for site in sites():
        text = words.get(f"illegal.{site.key}")
        assert text, f"{lang}: no words for refusal key {site.key!r} ({site.where})"
        named = set(re.findall(r"{(\w+)}", text))
        assert named <= set(site.params), \
            f"{lang}: illegal.{site.key} names {named - set(site.params)} ({site.where})"
    for site in sites(core=True):
        assert f"illegal.{site.key}" in catalog(lang), (lang, site.key)


#: Refusals no position reaches through the game's doors today, each checked by its own test.
DIRECT = {("draw_phase", "K 30.2"): test_k30_2_nothing_is_played_in_the_draw_phase}


def test_every_refusal_is_reached_by_a_case() -> None:
    """Every refusal in the code has a case above citing what it cites (a refusal whose rule is
    the pending decision's or the action's field's is covered by any case of its key)."""
    covered = {(c.key, c.rule) for c in CASES} | set(DIRECT)
    keys = {c.key for c in CASES}
    missing = []
    for site in sites():
        literal = site.rule_expr.startswith(('"', "'"))
        if literal and (site.key, site.rules[0]) not in covered:
            missing.append((site.key, site.rules[0], site.where))
        elif not literal and site.key not in keys:
            missing.append((site.key, site.rule_expr, site.where))
    untested = [(s.key, s.where) for s in sites(core=True) if s.key not in keys]
    assert not missing and not untested, (missing, untested)


def test_every_case_matches_a_refusal_in_the_code() -> None:
    known = {(s.key, r) for s in sites() for r in s.rules} | {(s.key, "") for s in sites(True)}
    stale = [c.id for c in CASES if (c.key, c.rule) not in known]
    assert not stale, stale
