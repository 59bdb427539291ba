"""The M.A.G.U.S. deck builder in the app (issue 18 item 9), by keys at 80x24: ``b`` on the MK
new-game form opens it; Enter adds a pool card / takes a deck card out; the problems of
``validate_deck`` show live under the lists (MK 1.02.A copies, MK 1.02.B Future, MK 1.08.B tower
levels) and go when fixed; ``w`` asks the name and id and saves a legal deck (then offered by
the form and playable) or an illegal one as a draft (never offered); ``c`` copies a deck (a
broken user file listed with its error); ``i`` shows the card."""

from __future__ import annotations

from pathlib import Path

from tui_helpers import fresh_data_dir, run, until


def _problems(app) -> str:
    from textual.widgets import Static

    return str(app.screen.query_one("#db-problems", Static).render())


async def _open_builder(app, pilot):
    from hkk_tui.rulesets.mk.deck_builder import DeckBuilderScreen
    from hkk_tui.screens.title import NewGameScreen

    app.ruleset = "mk"
    app.push_screen(NewGameScreen(ruleset="mk"))
    await until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
    form = app.screen
    await pilot.press("b")
    await until(pilot, lambda: isinstance(app.screen, DeckBuilderScreen), "the deck builder")
    return form, app.screen


async def _save(app, pilot, name: str, deck_id: str | None = None) -> None:
    from hkk_tui.rulesets.mk.deck_builder import DeckBuilderScreen
    from hkk_tui.screens.dialogs import TextInputScreen

    builder = app.screen
    await pilot.press("w")
    await until(pilot, lambda: isinstance(app.screen, TextInputScreen), "the name dialog")
    await pilot.press("ctrl+u", *name, "enter")          # ctrl+u: clear the proposed name
    await until(pilot, lambda: isinstance(app.screen, TextInputScreen) and
                app.screen.query_one("#text-input").value != name, "the id dialog")
    if deck_id is not None:
        await pilot.press("ctrl+u", *deck_id)
    await pilot.press("enter")
    await until(pilot, lambda: app.screen is builder and isinstance(builder, DeckBuilderScreen),
                "back on the builder")
    await pilot.pause()


def test_build_a_legal_deck_by_keys_save_it_and_start_a_game_with_it(monkeypatch):
    data = fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.game import GameScreen
        from hkk_tui.screens.title import NewGameScreen

        form, builder = await _open_builder(app, pilot)
        assert "3 different tower levels" not in _problems(app)
        assert "0 different tower levels" in _problems(app)         # MK 1.08.B, empty deck
        for _ in range(15):                   # three copies of the first 15 pool cards
            await pilot.press("enter", "enter", "enter", "down")
        await pilot.pause()
        assert sum(builder.cards.values()) == 45
        assert "✓ Legal deck" in _problems(app), _problems(app)
        await _save(app, pilot, "Forge Deck")
        path = data / "decks" / "mk" / "forge-deck.toml"
        assert path.exists() and "Saved: Forge Deck (forge-deck)" in _problems(app)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is form, "the form again")
        _label, values, _chosen = form.rows[0]
        ids = [v for v, _w in values]
        assert "forge-deck" in ids and dict(values)["forge-deck"] == "Forge Deck"
        for _ in range(ids.index("forge-deck")):
            await pilot.press("right")                    # your deck: Forge Deck
        assert form.values()[0] == "forge-deck"
        await pilot.press(*["down"] * len(form.rows), "enter")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        header = app.screen.session.game.header
        assert header.seats[0].deck == "forge-deck"
        assert sorted(header.decklists[0]) == sorted(
            cid for cid, n in builder.cards.items() for _ in range(n))
        assert not isinstance(app.screen, NewGameScreen)

    run(body, "en", size=(80, 24))


def _downs_to(builder, cid: str) -> int:
    """Down presses from the deck list's highlighted card to ``cid`` (the cursor skips the
    headings)."""
    rows = builder.deck_rows()
    at = builder.query_one("#db-deck").highlighted
    cards = [c for k, c in rows if k != "head"]
    return cards.index(cid) - cards.index(rows[at][1])


def _check_problem_comes_and_goes(lang: str, words: str) -> None:
    async def body(app, pilot):
        from hkk_tui.screens.dialogs import ChoiceScreen

        _form, builder = await _open_builder(app, pilot)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the deck list")
        await pilot.press("4")                                   # Stonebeard Hold (shipped)
        await until(pilot, lambda: app.screen is builder, "the builder")
        await pilot.pause()
        assert "✓" in _problems(app), _problems(app)
        cid = next(c for c, n in builder.cards.items() if n == 3 and c.startswith("x-"))
        await pilot.press(*["down"] * builder.pool_ids().index(cid), "enter")
        await pilot.pause()
        name = builder.card_name(cid)
        assert builder.cards[cid] == 4
        assert words.format(card=name) in _problems(app), _problems(app)
        assert "✓" not in _problems(app)
        await pilot.press("tab")
        await pilot.press(*["down"] * _downs_to(builder, cid), "enter")
        await pilot.pause()
        assert builder.cards[cid] == 3
        assert words.format(card=name) not in _problems(app)
        assert "✓" in _problems(app)

    run(body, lang, size=(80, 24))


def test_mk_1_02_a_a_problem_line_appears_and_goes_as_a_copy_is_added_and_removed(monkeypatch):
    fresh_data_dir(monkeypatch)
    _check_problem_comes_and_goes("en", "4 copies of {card}, limit 3 (MK 1.02.A)")


def test_mk_1_02_a_the_problem_line_in_hungarian(monkeypatch):
    fresh_data_dir(monkeypatch)
    _check_problem_comes_and_goes("hu", "4 példány: {card}, a korlát 3 (MK 1.02.A)")


def test_mk_1_02_a_switching_the_limit_to_4_changes_the_future_size(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.dialogs import ChoiceScreen

        _form, builder = await _open_builder(app, pilot)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the deck list")
        await pilot.press("4")                                   # Stonebeard: 59 + 12
        await until(pilot, lambda: app.screen is builder, "the builder")
        await pilot.press("l")
        await pilot.pause()
        assert builder.limit == 4
        assert "limit 4 needs at least 60 (MK 1.02.C)" in _problems(app)
        assert "with limit 4 it is exactly 15 or none (MK 1.13.E-F, I)" in _problems(app)

    run(body, "en", size=(80, 24))


def test_mk_1_13_e_s_sends_cards_to_the_sideboard_and_its_size_is_checked(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from hkk_tui.screens.dialogs import ChoiceScreen

        _form, builder = await _open_builder(app, pilot)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the deck list")
        await pilot.press("5")                               # The Wildfire Brood: none
        await until(pilot, lambda: app.screen is builder, "the builder")
        await pilot.press("s")
        await pilot.pause()
        assert "Enter now adds to sideboard." in _problems(app)
        deck = dict(builder.cards)
        await pilot.press("enter")
        await pilot.pause()
        first = builder.pool_ids()[0]
        assert builder.side == {first: 1} and builder.cards == deck
        assert ("✗ a sideboard of 1 cards; with limit 3 it is exactly 12 or none "
                "(MK 1.13.E-F, I)") in _problems(app)
        await pilot.press("tab", "end", "enter")           # the sideboard's card: one out
        await pilot.pause()
        assert builder.side == {}
        assert "a sideboard of" not in _problems(app) and "✓" in _problems(app)

    run(body, "en", size=(80, 24))


def test_an_illegal_deck_is_saved_only_as_a_draft_and_never_offered(monkeypatch):
    data = fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        form, _builder = await _open_builder(app, pilot)
        await pilot.press("enter")
        await _save(app, pilot, "Half Done", "half")
        assert (data / "decks" / "mk" / "drafts" / "half.toml").exists()
        assert not (data / "decks" / "mk" / "half.toml").exists()
        assert "DRAFT (half)" in _problems(app)
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is form, "the form")
        assert "half" not in [v for v, _w in form.rows[0][1]]

    run(body, "en", size=(80, 24))


def test_a_broken_user_deck_is_listed_with_its_error_in_the_copy_list(monkeypatch):
    data = fresh_data_dir(monkeypatch)
    folder = Path(data) / "decks" / "mk"
    folder.mkdir(parents=True)
    (folder / "bad.toml").write_text("id = ", encoding="utf-8")

    async def body(app, pilot):
        from textual.widgets import OptionList

        from hkk_tui.screens.dialogs import ChoiceScreen

        _form, builder = await _open_builder(app, pilot)
        await pilot.press("c")
        await until(pilot, lambda: isinstance(app.screen, ChoiceScreen), "the deck list")
        ol = app.screen.query_one("#choices", OptionList)
        lines = [str(ol.get_option_at_index(i).prompt) for i in range(ol.option_count)]
        assert any("bad.toml: cannot be read" in x and "not a deck file" in x for x in lines)
        assert sum("(stonebeard)" in x for x in lines) == 1          # the others all there
        await pilot.press(str(next(n for n, x in enumerate(lines) if "bad.toml" in x) + 1))
        await until(pilot, lambda: app.screen is builder, "the builder")
        await pilot.pause()
        assert "not a deck file" in _problems(app) and builder.cards == {}

    run(body, "en", size=(80, 24))


def test_i_shows_the_highlighted_cards_detail(monkeypatch):
    fresh_data_dir(monkeypatch)

    async def body(app, pilot):
        from textual.widgets import Static

        from hkk_tui.rulesets.mk.card_screen import CardScreen

        _form, builder = await _open_builder(app, pilot)
        first = builder.pool_ids()[0]
        await pilot.press("i")
        await until(pilot, lambda: isinstance(app.screen, CardScreen), "the card detail")
        text = str(app.screen.query_one("#card-body", Static).render())
        assert builder.card_name(first) in text and "tower level" in text
        await pilot.press("escape")
        await until(pilot, lambda: app.screen is builder, "the builder")

    run(body, "en", size=(80, 24))
