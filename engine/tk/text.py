"""Card texts rendered from data, in English and Hungarian: a creature's pattern as rows of
squares and its effect script as sentences; a flare's criteria and effects; a task's condition.
No card carries written rules text: what it does is what its script says."""

from __future__ import annotations

from engine.tk.cards import RANK_NAMES, CardDef, Step
from engine.tk.tasks import CONDITION_TEXT

RANK_EN = {1: "common", 2: "heroic", 3: "legendary"}
RANK_HU = {1: "közönséges", 2: "hősi", 3: "legendás"}
OWNER_EN = {"enemy": "enemy", "own": "your own", "any": "any"}
OWNER_HU = {"enemy": "ellenséges", "own": "saját", "any": "bármely"}


def _ranks(st: Step, lang: str) -> str:
    names = RANK_EN if lang == "en" else RANK_HU
    if (st.min_rank, st.max_rank) == (1, 3):
        return ""
    if st.min_rank == st.max_rank:
        return names[st.min_rank]
    if st.min_rank == 1:
        return (f"{names[st.max_rank]} or lower" if lang == "en"
                else f"legfeljebb {names[st.max_rank]}")
    return f"{names[st.min_rank]} or higher" if lang == "en" else f"legalább {names[st.min_rank]}"


def _where(st: Step, lang: str) -> str:
    en = lang == "en"
    if st.near == "self":
        if st.dist == 1:
            return "adjacent to it" if en else "mellette"
        return f"within {st.dist} of it" if en else f"tőle legfeljebb {st.dist} távolságra"
    if st.near == "own":
        return "next to one of your pieces" if en else "egy saját jelződ mellett"
    if st.near == "marked":
        return "on a marked square" if en else "jelölt mezőn"
    return "anywhere" if en else "bárhol"


def _count(st: Step, lang: str) -> str:
    en = lang == "en"
    if st.count == 0:
        return "every" if en else "minden"
    if st.up_to:
        return f"up to {st.count}" if en else f"legfeljebb {st.count}"
    return "a" if en and st.count == 1 else (str(st.count) if en else
                                              ("egy" if st.count == 1 else str(st.count)))


VERB_EN = {"destroy": "destroy", "upgrade": "upgrade", "downgrade": "downgrade",
           "convert": "convert"}
VERB_HU = {"destroy": "rombolj le", "upgrade": "fejlessz fel", "downgrade": "fokozz le",
           "convert": "alakíts át"}


def step_text(st: Step, lang: str = "en") -> str:
    en = lang == "en"
    may = st.optional or st.up_to
    if st.do in VERB_EN:
        what = " ".join(w for w in (_count(st, lang), _ranks(st, lang),
                                    OWNER_EN[st.owner] if en else OWNER_HU[st.owner],
                                    "piece" + ("s" if st.count != 1 and en else "")
                                    if en else "jelzőt") if w)
        verb = VERB_EN[st.do] if en else VERB_HU[st.do]
        tail = ""
        if st.do == "convert" and st.rank:
            tail = (f" into your {RANK_EN[st.rank]} piece" if en
                    else f" saját {RANK_HU[st.rank]} jelzővé")
        text = f"{verb} {what} {_where(st, lang)}{tail}"
        if en:
            text = text.replace(" a enemy", " an enemy").replace(" a any", " any")
        return (f"You may {text}." if may else f"{text[0].upper()}{text[1:]}.") if en else \
            (f"{text[0].upper()}{text[1:]}{' (választható)' if may else ''}.")
    if st.do in ("move", "jump"):
        kind = ({"basic": "basic", "combat": "combat"} if en else
                {"basic": "alap", "combat": "harci"})[st.kind]
        ranks = _ranks(st, lang)
        who = ("it" if st.piece == "self" else
               " ".join(w for w in ("a", ranks, OWNER_EN[st.owner], "piece",
                                    _where(st, lang)) if w)) if en else \
            ("ezzel a jelzővel" if st.piece == "self" else
             " ".join(w for w in ("egy", ranks, OWNER_HU[st.owner], "jelzővel",
                                  _where(st, lang)) if w))
        if st.do == "move":
            times = "" if st.times == 1 else (f" up to {st.times} times" if en
                                              else f", legfeljebb {st.times}-szer")
            return (f"{'You may make' if may else 'Make'} a {kind} move with {who}{times}."
                    if en else f"{'Léphetsz' if may else 'Lépj'} {kind}mozgással {who}"
                    f"{times}.")
        reach = "" if not st.reach else (f" of up to {st.reach}" if en
                                         else f" legfeljebb {st.reach} távolságra")
        return (f"{'You may make' if may else 'Make'} a {kind} jump{reach} with {who}." if en
                else f"{'Ugorhatsz' if may else 'Ugorj'} {kind}ugrással{reach} {who}.")
    if st.do == "place":
        rank = (RANK_EN if en else RANK_HU)[st.rank or 1]
        n = _count(st, lang)
        return (f"{'You may place' if may else 'Place'} {n} {rank} piece"
                f"{'s' if st.count != 1 else ''} on an empty square {_where(st, lang)}." if en
                else f"Rakj le {n} {rank} jelzőt üres mezőre {_where(st, lang)}"
                f"{' (választható)' if may else ''}.")
    if st.do == "gain_action":
        n = max(1, st.count)
        return (f"You gain {'an action' if n == 1 else f'{n} actions'}." if en
                else f"Kapsz {'egy akciót' if n == 1 else f'{n} akciót'}.")
    if st.do == "draw_extra":
        kinds = ({"creature": "creature card", "legend": "legend card", "flare": "flare card"}
                 if en else {"creature": "teremtménylapot", "legend": "legendalapot",
                             "flare": "Felvillanás-lapot"})
        return (f"At the end of your turn draw an extra {kinds[st.card]}." if en else
                f"A köröd végén húzz egy extra {kinds[st.card]}.")
    return st.do


def pattern_rows(d: CardDef) -> list[str]:
    """The pattern drawn as rows (``1``/``2``/``3`` your piece of that rank, ``O`` the outlined
    square, ``a``/``b``/``c`` the outlined square on your piece, ``m`` marked, ``.`` any)."""
    pts = [(c.dr, c.dc) for c in d.cells] + list(d.marked) + [(0, 0)]
    r0, r1 = min(p[0] for p in pts), max(p[0] for p in pts)
    c0, c1 = min(p[1] for p in pts), max(p[1] for p in pts)
    grid = [["." for _ in range(c1 - c0 + 1)] for _ in range(r1 - r0 + 1)]
    for r, c in d.marked:
        grid[r - r0][c - c0] = "m"
    grid[-r0][-c0] = "O"
    for cell in d.cells:
        if (cell.dr, cell.dc) == (0, 0):
            grid[-r0][-c0] = "abc"[cell.rank - 1]
        else:
            grid[cell.dr - r0][cell.dc - c0] = str(cell.rank)
    return ["".join(row) for row in grid]


def card_text(d: CardDef, lang: str = "en") -> str:
    """The whole text of a card in ``lang`` (en/hu)."""
    en = lang == "en"
    if d.kind in ("creature", "legend"):
        rank = (RANK_EN if en else RANK_HU)[d.new_rank]
        head = f"New piece: {rank}." if en else f"Új jelző: {rank}."
        body = " ".join(step_text(st, lang) for st in d.effect)
        return f"{head} {body}".strip()
    if d.kind == "flare":
        up = " ".join(step_text(st, lang) for st in d.upper)
        low = " ".join(step_text(st, lang) for st in d.lower)
        if en:
            return (f"Upper — the opponent has {d.upper_n}+ more upgraded pieces: {up} "
                    f"Lower — the opponent has {d.lower_n}+ more pieces: {low}")
        return (f"Felső — az ellenfélnek legalább {d.upper_n}-vel több felfejlesztett jelzője "
                f"van: {up} Alsó — az ellenfélnek legalább {d.lower_n}-vel több jelzője van: "
                f"{low}")
    en_t, hu_t = CONDITION_TEXT[d.condition]
    cond = (en_t if en else hu_t).format(n=d.amount)
    pts = f"{d.points} point{'s' if d.points != 1 else ''}" if en else f"{d.points} pont"
    adv = (" (advanced)" if en else " (haladó)") if d.advanced else ""
    return f"{cond} — {pts}{adv}"


__all__ = ["card_text", "pattern_rows", "step_text", "RANK_NAMES"]
