"""Tash-Kalar's turn track and result in words: actions left, discard and flare used, who holds
control (TEAM), the pieces destroyed this turn with the score they are coming to (TK Párbaj.pont,
TK Csata.pont), the final round, the effect being resolved with its steps left, and the scores —
the DUEL track to 18, BATTLE's colour matrix (the lowest opponent colour counts), High Form's
task points plus legendary pieces."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from engine.core.protocol import TrackItem
from hkk_tui.rulesets.tk.words import colour_of, criteria, local

#: the end trigger of each mode (TK Vége.*)
TRIGGER = {"duel": 18, "highform": 9}


def aside_points(view: Any, seat: int) -> dict[int, int]:
    """The points the pieces destroyed this turn will score for ``seat``'s side, per enemy
    colour (DUEL: 2 a legendary, 1 a heroic, 1 a pair of commons, TK Párbaj.pont; BATTLE the
    same per colour, TK Csata.pont); High Form scores none."""
    if view.mode == "highform":
        return {}
    me = colour_of(view, seat)
    by: dict[int, list[int]] = {}
    for colour, rank, _by in view.aside:
        if colour != me:
            by.setdefault(colour, [0, 0, 0, 0])[rank] += 1
    if view.mode == "duel":
        commons = sum(r[1] for r in by.values())
        pts = sum(2 * r[3] + r[2] for r in by.values()) + commons // 2
        return {0: pts} if by else {}
    return {c: 2 * r[3] + r[2] + r[1] // 2 for c, r in by.items()}


def steps_of(d: Any, part: str) -> tuple:
    return {"effect": d.effect, "upper": d.upper, "lower": d.lower}.get(part, ()) \
        if d is not None else ()


def score_line(tb: Any, seat: int, row: list[int], view: Any) -> Text:
    """One seat's (or side's) score: DUEL ``Anna (B) 7/18``; High Form tasks plus legendary
    pieces; BATTLE the colour matrix row ``Anna (B) R2 G0 V1 → 0``."""
    line = Text()
    if view.mode == "battle":
        me = colour_of(view, seat)
        line.append(tb.seat_tag(seat, view), style="bold" if seat == view.active else "")
        own = [v for c, v in enumerate(row) if c != me]
        for c, v in enumerate(row):
            if c != me:
                line.append(f" {tb.letters[c]}{v}")
        line.append(" → " + tb.t("track.counts", n=min(own) if own else 0))
        return line
    side = seat
    seats = [p for p, pv in enumerate(view.players) if pv.colour == side]
    who = " + ".join(tb.seat_tag(p, view) for p in seats) or tb.player(side)
    line.append(who, style="bold" if view.active in seats else "")
    if view.mode == "highform":
        legendary = sum(1 for o, r in zip(view.owner, view.rank) if o == side and r == 3)
        total = row[0] + legendary
        line.append(" " + tb.t("track.hf_score", total=total, tasks=row[0], legend=legendary,
                               claimed=len(view.claimed[side]) if side < len(view.claimed)
                               else 0, goal=TRIGGER["highform"]))
    else:
        line.append(f" {row[0]}/{TRIGGER['duel']}")
    return line


def track_line(tb: Any, item: TrackItem, view: Any) -> Text:
    key = local(item.label)
    p = item.params
    if key == "track.turn":
        line = Text(tb.t("track.turn", turn=p.get("turn", 0), mode=tb.t(f"mode.{tb.mode}")
                         + (" · " + tb.t("mode.team") if tb.team else "")))
        line.append(" · " + tb.seat_tag(item.controller, view), style="bold")
        return line
    if key == "track.actions":
        mark = {True: "✓", False: "–"}
        return Text(tb.t("track.actions", left=p.get("left", 0),
                         discard=mark[bool(view.discarded)], flare=mark[view.flared > 0]))
    if key in ("track.discard", "track.flare"):
        return Text()                       # told on the actions line
    if key == "track.handed":
        return Text(tb.t("track.handed", player=tb.player(p.get("seat", -1))))
    if key == "track.aside":
        pieces = " ".join(tb.piece(c, r) for c, r, _by in p.get("pieces", []))
        pts = p.get("points", aside_points(view, view.active))
        if isinstance(pts, int):
            pts = {0: pts}
        if view.mode == "battle":
            coming = ", ".join(f"{tb.letters[c]}+{v}" for c, v in sorted(pts.items()) if v)
        else:
            coming = f"+{sum(pts.values())}"
        return Text(tb.t("track.aside", pieces=pieces, coming=coming or "+0"))
    if key == "track.criteria":
        d = tb.card_def(item.source.id, view) if item.source is not None else None
        name = getattr(d.name, tb.lang)[:12] if d is not None else "?"
        target = p.get("target", -1)
        if view.mode == "battle" and d is not None:       # one line a flare, every opponent
            seat = view.viewer if view.viewer >= 0 else view.controller
            rows = criteria(view, seat, d)
            if rows and target != rows[0][0]:
                return Text()
            parts = " ".join(
                f"{tb.letters[view.players[q].colour]}{'✓' if u else '✗'}{'✓' if lo else '✗'}"
                for q, u, lo, _du, _dl in rows)
            held = any(u or lo for _q, u, lo, _du, _dl in rows)
            return Text(tb.t("track.criteria_all", card=name, nup=d.upper_n, nlow=d.lower_n,
                             all=parts), style="bold" if held else "dim")
        c = view.players[target].colour if 0 <= target < len(view.players) else -1
        letter = tb.letters[c] if 0 <= c < len(tb.letters) else "?"
        up, low = bool(p.get("upper")), bool(p.get("lower"))
        return Text(tb.t("board.flare_now", card=name, letter=letter,
                         dup=p.get("upgraded_lead", 0), nup=p.get("upper_n", 0),
                         up="✓" if up else "✗", dlow=p.get("pieces_lead", 0),
                         nlow=p.get("lower_n", 0), low="✓" if low else "✗"),
                    style="bold" if up or low else "dim")
    if key == "track.final":
        return Text(tb.t("track.final", left=p.get("left", 0),
                         player=tb.player(p.get("by", -1))), style="bold")
    if key == "track.effect":
        e = view.effect
        d = tb.pool.get(p.get("cid", "")) if p.get("cid") else None
        name = getattr(d.name, tb.lang) if d is not None else tb.t("word.a_card")
        if e is None or d is None:
            return Text(name)
        from engine.tk.text import step_text

        part = e.parts[0] if e.parts else "effect"
        steps = steps_of(d, part)
        line = Text(tb.t("track.effect", card=name, part=tb.t(f"part.{part}"),
                         step=min(e.step + 1, len(steps)), steps=len(steps)), style="bold")
        if e.step < len(steps):
            line.append("\n  " + step_text(steps[e.step], tb.lang))
            if e.left > 0:
                line.append(" " + tb.t("track.left", n=e.left))
        return line
    if key == "track.score":
        return score_line(tb, p.get("seat", 0), list(p.get("scores", [0])), view)
    return Text(tb.t(key) if tb.has(key) else key)


def result_lines(tb: Any, view: Any) -> list[str]:
    """The ranks (equal scores and tie-breaks share a rank as the result says: its winners
    first), and BATTLE's score of every seat in every colour."""
    r = view.result
    if r is None:
        return []
    n = len(view.players)
    scores = list(r.scores) if r.scores else [0.0] * n
    winners = set(r.winners)
    order = sorted(range(n), key=lambda p: (p not in winners, -scores[p] if p < len(scores)
                                            else 0))
    out = [tb.t("result.ranks")]
    rank, prev = 0, None
    for i, p in enumerate(order):
        key = (p in winners, scores[p] if p < len(scores) else 0)
        if key != prev:
            rank, prev = i + 1, key
        tie = sum(1 for q in order if (q in winners, scores[q] if q < len(scores) else 0)
                  == key) > 1
        out.append(tb.t("result.rank_line", rank=rank, player=tb.seat_tag(p, view),
                        score=int(scores[p]) if p < len(scores) else 0,
                        tie=tb.t("result.tie") if tie else ""))
    best = {scores[w] for w in winners if w < len(scores)}
    if winners and any(scores[p] in best for p in range(min(n, len(scores)))
                       if p not in winners):
        out.append(tb.t("result.tiebreak"))          # equal scores: TK Vége.döntetlen
    if view.mode == "battle":
        out.append(tb.t("result.colours"))
        for p in range(n):
            out.append("  " + score_line(tb, p, view.scores[p], view).plain)
    return out
