"""The menu of a decision, built from the ruleset's action hints (one per legal action).

Hints of the same group make one menu line (the same card played at different targets); a line
with one action submits it, a larger one opens a second list of its options (targets, amounts).
The labels come from the ruleset's UI table; nothing here knows an action's class or decides
legality — the groups are built only from ``game.legal_actions`` and ``ruleset.hints``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.protocol import ActionHint, Ref


@dataclass
class Group:
    label: str
    subject: Ref | None = None          # what acts (a card, a piece), if anything
    kind: str = ""                      # "pass", "done", "concede", or the hint's label's name
    actions: list[Any] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    hints: list[ActionHint] = field(default_factory=list)

    @property
    def single(self) -> bool:
        return len(self.actions) == 1

    @property
    def dests(self) -> list[Ref]:
        return [h.dest for h in self.hints if h.dest is not None]

    def landing_on(self, ref: Ref, aiming: bool = False) -> Group | None:
        """This group narrowed to the actions that land on ``ref`` (their destination) or, with
        ``aiming``, aim at it (a target); None if none does (a square chosen on a grid)."""
        keep = [i for i, h in enumerate(self.hints)
                if h.dest == ref or (aiming and ref in h.targets)]
        if not keep:
            return None
        return Group(self.label, self.subject, self.kind, [self.actions[i] for i in keep],
                     [self.labels[i] for i in keep], [self.hints[i] for i in keep])


def kind_of(hint: ActionHint) -> str:
    """``pass``/``done``/``concede`` by role; an acting hint by its label key's last part
    (``act.play`` -> ``play``)."""
    if hint.role != "act":
        return hint.role
    return hint.label.rsplit(".", 1)[-1]


def build_groups(legal: list[Any], hints: list[ActionHint], table: Any,
                 view: Any) -> list[Group]:
    groups: dict[str, Group] = {}
    for action, hint in zip(legal, hints):
        key = table.group_key(hint)
        group = groups.get(key)
        if group is None:
            group = groups[key] = Group(table.label(hint, view), hint.subject, kind_of(hint))
        group.actions.append(action)
        group.hints.append(hint)
        group.labels.append(table.option_label(hint, view))
    out = list(groups.values())
    for g in out:                       # a line with one option says it: no second list shows it
        if g.single:
            g.label = table.single_label(g.label, g.labels[0], g.hints[0])
    _distinct([g.label for g in out], lambda i: table.distinct_label(out[i].hints[0], view),
              lambda i, text: setattr(out[i], "label", text))
    for g in out:
        _distinct(g.labels, lambda i, g=g: g.labels[i], g.labels.__setitem__)
    return table.order_groups(out, view)


def _distinct(labels: list[str], fuller: Any, put: Any) -> None:
    """Make every label of one menu unique: the lines that share a label get the ruleset's
    fuller one (a card with its owner, zone and place); any still alike are numbered."""
    for rename in (fuller, None):
        seen: dict[str, list[int]] = {}
        for i, text in enumerate(labels):
            seen.setdefault(text, []).append(i)
        twins = [ids for ids in seen.values() if len(ids) > 1]
        if not twins:
            return
        for ids in twins:
            for n, i in enumerate(ids, 1):
                text = rename(i) if rename is not None else f"{labels[i]} ({n})"
                labels[i] = text
                put(i, text)
