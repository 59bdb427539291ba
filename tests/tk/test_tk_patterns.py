"""Pattern matching (issue 17 point 2): the shift-and-mask matcher against the plain
square-by-square reference matcher on random boards and random patterns (hypothesis), BATTLE's
enemy substitute, and the merging of symmetric orientations (TK Idézés.szimmetria, TK R.23)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.tk import patterns as P
from engine.tk.cards import Cell

SIZE = 9


@st.composite
def boards(draw):
    owner = draw(st.lists(st.integers(-1, 2), min_size=SIZE * SIZE, max_size=SIZE * SIZE))
    rank = [0 if o < 0 else draw(st.integers(1, 3)) for o in owner]
    return owner, rank


@st.composite
def patterns(draw):
    n = draw(st.integers(1, 5))
    offs = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), min_size=n,
                         max_size=n, unique=True))
    cells = tuple(Cell(r, c, draw(st.integers(1 if (r, c) != (0, 0) else 0, 3)))
                  for r, c in offs)
    if not any(c.rank for c in cells):
        cells += (Cell(4, 0, 1),)
    return cells


def _ge(owner, rank, me):
    g = [-1, 0, 0, 0]
    for sq, o in enumerate(owner):
        if o == me:
            for r in range(1, rank[sq] + 1):
                g[r] |= 1 << sq
    return tuple(g)


def _fast(cells, owner, rank, me):
    out = set()
    for o in P.orientations(cells, (), SIZE):
        for anchor in P.squares(P.match_anchors(o, _ge(owner, rank, me))):
            full = frozenset((anchor + c.dr * SIZE + c.dc, c.rank) for c in o.cells)
            out.add((full, anchor))
    return out


@settings(max_examples=300, deadline=None)
@given(boards(), patterns())
def test_tk_idezes_rang_bitboards_agree_with_the_reference_matcher(board, cells):
    owner, rank = board
    for me in (0, 1):
        assert _fast(cells, owner, rank, me) == P.reference_matches(cells, owner, rank, me, SIZE)


@settings(max_examples=150, deadline=None)
@given(boards(), patterns())
def test_tk_csata_rogtonzott_enemy_substitute_agrees_with_the_reference(board, cells):
    """A placement with exactly one enemy piece of colour 1 standing in for one of yours is
    found iff the reference matcher finds it with that piece counted as yours."""
    owner, rank = board
    me, enemy = 0, 1
    fast = set()
    for o in P.orientations(cells, (), SIZE):
        for anchor, d in P.match_improvised(o, _ge(owner, rank, me), _ge(owner, rank, enemy)):
            fast.add((o.index, anchor, anchor + d))
    slow = set()
    for o in P.orientations(cells, (), SIZE):
        for d, r in o.offsets:
            for anchor in range(SIZE * SIZE):
                if not (o.anchors >> anchor) & 1:
                    continue
                q = anchor + d
                if owner[q] != enemy or rank[q] < r:
                    continue
                if all(owner[anchor + d2] == me and rank[anchor + d2] >= r2
                       for d2, r2 in o.offsets if d2 != d):
                    slow.add((o.index, anchor, q))
    assert fast == slow


def test_tk_idezes_szimmetria_symmetric_patterns_merge():
    single = (Cell(-1, 0, 1),)
    assert len(P.orientations(single, ())) == 4          # a line of two: four directions
    plus = tuple(Cell(r, c, 1) for r, c in ((-1, 0), (1, 0), (0, -1), (0, 1)))
    assert len(P.orientations(plus, ())) == 1            # fully symmetric: one
    chiral = (Cell(-1, -1, 1), Cell(0, -1, 1))
    assert len(P.orientations(chiral, ((-1, 0),))) == 8  # with a marked square: all eight


def test_tk_idezes_cel_preview_names_the_squares_a_summon_uses_and_destroys():
    from engine.tk.summon import preview
    from tests.tk.helpers import card_in_hand, scenario, sq, summons_of

    game = scenario("tk-idezes-cel-higher-rank")
    imp = card_in_hand(game, 0, "ember-imp")
    act = next(a for a in summons_of(game, 0, imp) if a.square == sq("d5"))
    view = game.ruleset.view(game.state, 0)
    p = preview(view, game.ruleset.pool, act)
    assert p["used"] == [sq("e5")] and p["destroys"] == sq("d5") and p["enemy"] is None
    assert preview(game.state, game.ruleset.pool, act) == p
