"""Unambiguous choices (issue 14): no menu ever shows two identical lines, targets say whose,
where and doing what, and a card's cost says every cost type. Built from the ruleset's hints by
the shell's own menu code (hkk_tui.screens.menus), in both languages."""

from __future__ import annotations

import random

import pytest

from engine.core.log import Seat
from engine.hkk import actions as A
from engine.hkk.scenario import CardSpec, ScenarioSpec, SideSpec, labels_of
from engine.hkk.session import make_header, new_game, scenario_game
from engine.hkk.state import Target
from hkk_tui.rulesets.hkk import UI
from hkk_tui.screens.menus import build_groups

DECKS = ("chara-din-horda", "fairlight-tukortorony", "leah-csontkert", "raia-egi-legio")
SEATS = (Seat("Anna", "", "human"), Seat("Bot", "", "ai:random"))


def menus(game, lang: str, ui=UI):
    """The menu of the pending decision: (group label, [option labels]) per line, in the words
    of ``ui`` (HKK's by default)."""
    d = game.pending()
    legal = game.legal_actions(d.player)
    view = game.ruleset.view(game.state, d.player)
    hints = game.ruleset.hints(view, legal)
    names = [s.name for s in game.header.seats]
    table = ui.table(game.header, game.ruleset, names, lang)
    return build_groups(legal, hints, table, view)


def assert_unique(groups, where: str) -> None:
    labels = [g.label for g in groups]
    assert len(set(labels)) == len(labels), (where, labels)
    for g in groups:
        assert len(set(g.labels)) == len(g.labels), (where, g.label, g.labels)


@pytest.mark.parametrize("seed", range(6))
def test_no_menu_of_a_random_game_shows_two_identical_lines(seed):
    rng = random.Random(seed)
    decks = (DECKS[seed % 4], DECKS[(seed + 1 + seed // 4) % 4])
    seats = tuple(Seat(s.name, d, s.kind) for s, d in zip(SEATS, decks))
    game = new_game(make_header(decks, seed=seed, seats=seats))
    for step in range(500):
        d = game.pending()
        if d is None:
            break
        for lang in ("en", "hu"):
            assert_unique(menus(game, lang), f"seed {seed} step {step} {d.kind} {lang}")
        legal = [a for a in game.legal_actions(d.player)
                 if not isinstance(a, (A.Concede, A.OfferDraw))]
        game.submit(d.player, rng.choice(legal))


def _game(spec: ScenarioSpec):
    return scenario_game(spec, seed=1, seats=(Seat("Anna", "scenario", "human"),
                                              Seat("Bot", "scenario", "ai:greedy")))


def test_k34_8_hit_back_between_two_copies_names_each_attacker_by_its_place():
    """Two Mirror Mages attack one Spined Wolf: its two hit-back lines differ (K 34.8)."""
    spec = ScenarioSpec(players=(
        SideSpec(guard=(CardSpec("fairlight-tukormagus", active=True, label="m1"),
                        CardSpec("fairlight-tukormagus", active=True, label="m2")),
                 deck=("fairlight-tukormagus",) * 5),
        SideSpec(guard=(CardSpec("chara-din-tuskes-farkas", active=True, label="w"),),
                 deck=("chara-din-tuskes-farkas",) * 5)),
        active=0, phase="combat", step=1, turn=4)
    game = _game(spec)
    iid = labels_of(spec)
    game.submit(0, A.DeclareAttack(iid["m1"], Target("c", iid["w"])))
    game.submit(0, A.DeclareAttack(iid["m2"], Target("c", iid["w"])))
    game.submit(0, A.Pass())
    while game.pending().kind != "hit_back":
        game.submit(game.pending().player, A.Pass())
    labels = [g.label for g in menus(game, "en")]
    assert labels == [
        "Spined Wolf hits back Mirror Mage (Anna, guard post 1, attacking)",
        "Spined Wolf hits back Mirror Mage (Anna, guard post 2, attacking)"], labels


def test_k21_8_3_play_label_shows_every_cost_type():
    """Tissue Eater costs 2 VP and 1 monster component (K 7.0.1): the line says both."""
    spec = ScenarioSpec(players=(
        SideSpec(vp=5, mc=2, hand=("chara-din-szovetfalo",), deck=("chara-din-szovetfalo",) * 5),
        SideSpec(deck=("chara-din-szovetfalo",) * 5)), active=0, phase="main1", turn=4)
    game = _game(spec)
    assert "Play Tissue Eater (2 VP + 1 mc)" in [g.label for g in menus(game, "en")]
    assert "Szövetfaló kijátszása (2 VP + 1 szk)" in [g.label for g in menus(game, "hu")]


def test_k34_3_attack_targets_say_owner_zone_status_and_preview():
    """The targets of an attack name their owner, zone and place, whether they are passive or
    already attacked, and what the strike would do (engine.hkk.preview)."""
    spec = ScenarioSpec(players=(
        SideSpec(guard=(CardSpec("fairlight-tukormagus", active=True),
                        CardSpec("chara-din-szovetfalo", active=True)),
                 deck=("fairlight-tukormagus",) * 5),
        SideSpec(guard=(CardSpec("fairlight-tukormagus", active=False),
                        CardSpec("chara-din-tuskes-farkas", active=True)),
                 deck=("chara-din-tuskes-farkas",) * 5)),
        active=0, phase="combat", step=1, turn=4)
    game = _game(spec)
    groups = {g.label: g for g in menus(game, "en")}
    eater = groups["Attack with Tissue Eater"]
    assert eater.labels[0] == (
        "Mirror Mage (Bot, guard post 1, passive) — Mirror Mage: 3 → 0 (Magic defence, K 15.3);"
        " Mirror Mage +1/+1 def. bonus (K 38.0); Tissue Eater takes 3; Tissue Eater dies"),\
        eater.labels
    assert eater.labels[1].startswith("Spined Wolf (Bot, guard post 2) — Spined Wolf takes 3;"
                                      " Spined Wolf dies"), eater.labels


def test_k15_3_an_attack_with_one_target_shows_it_and_its_preview_on_the_menu_line():
    """The only target is chosen at once (no second list), so the line names it and says what
    the strike would do: the golem's magic defence makes the Tissue Eater's 3 damage 0."""
    spec = ScenarioSpec(players=(
        SideSpec(guard=(CardSpec("chara-din-szovetfalo", active=True),),
                 deck=("chara-din-nyalkas-larva",) * 5),
        SideSpec(guard=(CardSpec("colourless-rozsdas-golem", active=True),),
                 deck=("chara-din-nyalkas-larva",) * 5)),
        active=0, phase="combat", step=1, turn=4)
    game = _game(spec)
    [attack] = [g for g in menus(game, "en") if g.kind == "attack_with"]
    assert attack.single
    assert attack.label == (
        "Attack with Tissue Eater → Rusted Golem (Bot, guard post 1) — Rusted Golem: 3 → 0"
        " (Magic defence, K 15.3); Rusted Golem +1/+1 def. bonus (K 38.0); Tissue Eater"
        " takes 4; Tissue Eater dies"), attack.label


def test_sw_gl_kenyszerites_a_push_menu_line_says_a_square_and_its_list_names_each():
    """Glacier Shift pushes the gate 1 or 2 squares: the menu's line is "Choose a square" (it
    used to read "Choose b3", the first square of six), and its list names every square."""
    from engine.sw import actions as SA
    from hkk_tui.rulesets.sw import UI as SW_UI
    from tests.sw.helpers import scenario, sq

    game, lab = scenario("""
active = 0
phase = "build"
[[players]]
magic = 3
hand = ["pd-glacier-shift"]
board = [{ card = "pd-svara", square = "b2" },
         { card = "gate", square = "b4", label = "gate" }]
[[players]]
board = [{ card = "br-grubnik", square = "f8" }]
""")
    game.submit(0, SA.PlayEvent(game.state.players[0].hand[0]))
    game.submit(0, SA.PickCard(lab["gate"]))
    for lang, line in (("en", "Choose a square"), ("hu", "Válassz mezőt")):
        squares = [g for g in menus(game, lang, SW_UI) if g.kind == "pick_square"]
        assert [g.label for g in squares] == [line]
        assert sorted(squares[0].labels) == ["a4", "b3", "b5", "b6", "c4", "d4"]
    game.submit(0, SA.PickSquare(sq("b5")))
    assert game.state.cards[lab["gate"]].square == sq("b5")


def _sw_menus(game, lang):
    from hkk_tui.rulesets.sw import UI as SW_UI

    return menus(game, lang, SW_UI)


def test_sw_gl_idozites_the_order_menu_names_each_waiting_ability():
    """Death Rattle destroys the Pilferer and the Warden: two Soul Drifts wait and the active
    player orders them (SW gl. IDŐZÍTÉS, R27). The menu's line said "First: {card}:
    {ability_name}" and its list "{choice} (1)", "{choice} (2)": the words were never filled
    in. Now the line says what is chosen and the list names each ability by its card and the
    death that set it off."""
    from engine.sw import actions as SA
    from tests.sw.helpers import DEATH_RATTLE_TWO_DEATHS, scenario

    game, lab = scenario(DEATH_RATTLE_TWO_DEATHS)
    game.submit(0, SA.PlayEvent(game.state.players[0].hand[0]))
    game.submit(0, SA.PickCard(lab["warden"]))
    assert game.pending().kind == "sw.order"
    for lang, line, drift in (("en", "Choose what resolves first", "Soul Drift"),
                              ("hu", "Válaszd ki, mi legyen előbb", "Lélekvándorlás")):
        order = [g for g in _sw_menus(game, lang) if g.kind == "order"]
        assert [g.label for g in order] == [line]
        assert len(order[0].labels) == 2
        for text in order[0].labels:
            assert "{" not in text and drift in text and "(c2)" in text, text
        # one Soul Drift for each death: each says whose death set it off
        by = {"en": ("Pilferer", "Crypt Warden"), "hu": None}[lang]
        if by:
            assert sorted(order[0].labels) == sorted(
                f"Wraith Archer (c2): Soul Drift, set off by {name}" for name in by)


def test_sw_gl_felteteles_mod_a_choose_one_menu_names_both_options():
    """Scrabble's upkeep: spend 1 magic or discard it (SW gl. FELTÉTELES MÓD). The menu's
    list read "{choice} (1)", "{choice} (2)"; it now says each option in words."""
    from engine.sw import actions as SA
    from tests.sw.helpers import SCRABBLE_UPKEEP, scenario

    game, _ = scenario(SCRABBLE_UPKEEP.replace("{magic}", "3"))
    game.submit(1, SA.EndPhase())
    assert game.pending().kind == "sw.option"
    for lang, line, options in (
            ("en", "Choose an option", ["Spend 1 magic", "Discard the unit"]),
            ("hu", "Válassz lehetőséget", ["1 mágiapontot költesz", "Eldobod az egységet"])):
        picks = [g for g in _sw_menus(game, lang) if g.kind == "pick_option"]
        assert [g.label for g in picks] == [line]
        assert picks[0].labels == options


def _sw_log(game, lang, viewer):
    """The log's lines of ``game`` for ``viewer``, every level, as the game screen builds them."""
    from hkk_tui.rulesets.sw import UI as SW_UI
    from hkk_tui.screens.logbook import LogBook

    names = [s.name for s in game.header.seats]
    table = SW_UI.table(game.header, game.ruleset, names, lang)
    return [line.text for line in
            LogBook(table, game.ruleset, viewer, game.state_at).read(game.entries, 0)]


def test_sw_gl_idozites_the_log_names_the_ability_chosen_to_resolve_first():
    """The order chosen for two Soul Drifts (SW gl. IDŐZÍTÉS, R27) was logged as "Player 1:
    choose option 2", which says nothing of what was chosen. The log now says it as the menu
    did, in both languages; the replay's "last move" and the debugger's cause use the same
    words (:func:`hkk_tui.screens.logbook.decided_words`)."""
    from engine.sw import actions as SA
    from hkk_tui.rulesets.sw import UI as SW_UI
    from hkk_tui.screens.logbook import decided_words
    from tests.sw.helpers import DEATH_RATTLE_TWO_DEATHS, scenario

    game, lab = scenario(DEATH_RATTLE_TWO_DEATHS)
    game.submit(0, SA.PlayEvent(game.state.players[0].hand[0]))
    game.submit(0, SA.PickCard(lab["warden"]))
    game.submit(0, SA.PickOption(1))          # the Soul Drift the Warden's death set off
    name = game.header.seats[0].name
    for lang, words in (
            ("en", "Choose what resolves first: Wraith Archer (c2): Soul Drift, set off by "
                   "Crypt Warden"),
            ("hu", "Válaszd ki, mi legyen előbb: ")):
        lines = [x for x in _sw_log(game, lang, 0) if x.startswith(f"{name}: ")]
        assert len(lines) == 1 and lines[0].startswith(f"{name}: {words}"), lines
        assert "{" not in lines[0] and "option 2" not in lines[0] and "2. lehet" not in lines[0]
    # the replay's words for the same entry, for the player, the opponent and all-seeing
    names = [s.name for s in game.header.seats]
    table = SW_UI.table(game.header, game.ruleset, names, "en")
    last = len(game.entries) - 1
    for viewer in (0, 1, -1):
        assert decided_words(table, game.ruleset, viewer, game.entries[last], last,
                             game.state_at).endswith("set off by Crypt Warden")
    # without the state before it (a remote client's mirror), the action's own words
    assert decided_words(table, game.ruleset, 0, game.entries[last], last, None) == \
        "choose option 2"


def test_sw_gl_felteteles_mod_the_replay_names_the_option_chosen():
    """Scrabble's upkeep paid with 1 magic (SW gl. FELTÉTELES MÓD): the replay's "last move"
    said "choose option 1"; now the option's words. (The log tells it by its story line,
    "Player 2 spends 1 magic", so it adds no line of who decided.)"""
    from engine.sw import actions as SA
    from hkk_tui.rulesets.sw import UI as SW_UI
    from hkk_tui.screens.logbook import decided_words
    from tests.sw.helpers import SCRABBLE_UPKEEP, scenario

    game, _ = scenario(SCRABBLE_UPKEEP.replace("{magic}", "3"))
    game.submit(1, SA.EndPhase())
    game.submit(1, SA.PickOption(0))
    names = [s.name for s in game.header.seats]
    last = len(game.entries) - 1
    for lang, words in (("en", "Choose an option: Spend 1 magic"),
                        ("hu", "Válassz lehetőséget: 1 mágiapontot költesz")):
        table = SW_UI.table(game.header, game.ruleset, names, lang)
        for viewer in (0, 1, -1):
            assert decided_words(table, game.ruleset, viewer, game.entries[last], last,
                                 game.state_at) == words
    assert sum(f"{names[1]}: " in x for x in _sw_log(game, "en", 0)) == 0


@pytest.mark.parametrize("ruleset, seed", [(r, s) for r in ("hkk", "sw", "tk", "mk")
                                           for s in range(2)])
def test_no_menu_of_a_random_game_leaves_a_word_unfilled(ruleset, seed):
    """Every line and option of every menu of random games is in words: no "{placeholder}"
    of the catalog is left, in either language (Summoner Wars' order and choose-one menus
    left theirs)."""
    from engine.core import registry
    from engine.core.game import Game
    from hkk_tui.rulesets import get_ui

    plugin = registry.get(ruleset)
    ui = get_ui(ruleset)
    decks = [d.id for d in plugin.decks()]
    chosen = (decks[seed % len(decks)], decks[(seed + 1) % len(decks)])
    header = plugin.new_header(chosen, seed, seats=tuple(
        Seat(n, d, "human") for n, d in zip(("Anna", "Bot"), chosen)))
    game = Game.new(plugin.ruleset_for(header), header)
    rng = random.Random(seed)
    kinds = set()
    for step in range(300):
        d = game.pending()
        if d is None:
            break
        kinds.add(d.kind)
        for lang in ("en", "hu"):
            for g in menus(game, lang, ui):
                for text in (g.label, *g.labels):
                    assert "{" not in text, (seed, step, d.kind, lang, g.label, g.labels)
        legal = [a for a in game.legal_actions(d.player)
                 if type(a).__name__ not in ("Concede", "OfferDraw")]
        game.submit(d.player, rng.choice(legal))
    assert len(kinds) >= 3, kinds
