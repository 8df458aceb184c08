"""The cube in Portes: what the doubler's three equities are and what to do, before the roll
(double or not) and when doubled (take or pass): :func:`cube_equities_steps`, :func:`cube_hint_steps`.

The doubler's chances before his roll are taken at 1-ply (the mean, over his 21 rolls, of the
probabilities after his best 0-ply play: :meth:`tavli.coach.judge.RollTable.mean_probs`, the table
that also measures his luck), then turned into cubeful equities by :mod:`tavli.ai.cube`: money
play by Janowski's formula (the Jacoby rule with a centred cube where the rules have it), match
play by the match equity table (:func:`tavli.ai.cube.match_decision`), no double in the Crawford
game. The three equities -- no double, double/take, double/pass -- are from the doubler's side in
normalised money equity (money: per unit of the cube before the double; match: the match-winning
chances mapped by :func:`tavli.coach.judge.mwc_to_emg` at that cube), as the checker play's.

Right action (gnubg's words): double when ``min(DT, DP) > ND`` ("double, take" or "double,
pass"), "too good" when the opponent should pass but playing on is worth more than the cash,
else "no double"; take when ``DT <= DP``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Any

from ..ai import cube
from ..ai.context import MatchContext
from ..steps import Steps
from .judge import Judge, Scale, mwc_to_emg


class CubeKind(enum.Enum):
    """The decision a cube hint is about."""

    DOUBLE = "double"  # the player on roll may double
    TAKE = "take"  # the player has been doubled


class CubeAction(enum.Enum):
    """The right cube action."""

    NO_DOUBLE = "no-double"
    DOUBLE_TAKE = "double-take"
    DOUBLE_PASS = "double-pass"
    TOO_GOOD = "too-good"
    TAKE = "take"
    PASS = "pass"


_WORDS = {
    CubeAction.NO_DOUBLE: "No double", CubeAction.DOUBLE_TAKE: "Double, take",
    CubeAction.DOUBLE_PASS: "Double, pass", CubeAction.TOO_GOOD: "Too good to double, pass",
    CubeAction.TAKE: "Take", CubeAction.PASS: "Pass",
}


def right_action(equities: cube.CubeDecision, kind: CubeKind) -> CubeAction:
    """The right action of ``kind`` by the doubler's ``equities`` (module docstring)."""
    if kind is CubeKind.TAKE:
        return CubeAction.TAKE if equities.take else CubeAction.PASS
    if equities.double:
        return CubeAction.DOUBLE_TAKE if equities.take else CubeAction.DOUBLE_PASS
    return CubeAction.TOO_GOOD if equities.too_good else CubeAction.NO_DOUBLE


@dataclass(frozen=True)
class CubeHint:
    """The cube advice for one player: ``kind`` (may double / doubled), the right ``action`` and
    the doubler's three equities."""

    kind: CubeKind
    action: CubeAction
    equities: cube.CubeDecision

    @property
    def text(self) -> str:
        e = self.equities
        summary = (f"no double {e.no_double:+.3f}, double/take {e.double_take:+.3f}, "
                   f"double/pass {e.double_pass:+.3f}")
        if self.kind is CubeKind.TAKE:
            return f"{_WORDS[self.action]} (taking {-e.double_take:+.3f}, passing {-e.double_pass:+.3f})"
        return f"{_WORDS[self.action]} ({summary})"

    def to_dict(self) -> dict[str, Any]:
        e = self.equities
        return {"kind": self.kind.value, "action": self.action.value, "no_double": round(e.no_double, 4),
                "double_take": round(e.double_take, 4), "double_pass": round(e.double_pass, 4), "text": self.text}


def _owner(context: MatchContext) -> int:
    return cube.CENTERED if context.owner is None else (cube.ME if context.owner == "me" else cube.OPPONENT)


def doubler_context(taker: MatchContext) -> MatchContext:
    """The doubler's context, from the context of the player he doubles."""
    owner = None if taker.owner is None else ("opponent" if taker.owner == "me" else "me")
    return replace(taker, score=(taker.score[1], taker.score[0]), owner=owner)


def may_double(context: MatchContext) -> bool:
    """Whether the player of ``context`` (on roll, before rolling) may double: the cube in play for
    him, not owned by the opponent, below 64, and in match play able to gain."""
    if not context.cube_available or context.owner == "opponent" or context.cube >= 64 or context.variant != "portes":
        return False
    away, _ = context.needs()
    return away is None or away > context.cube


def cube_equities_steps(judge: Judge, position: Any, context: MatchContext) -> Steps[cube.CubeDecision]:
    """The doubler's equities: ``position`` from his side, he on roll before rolling; ``context``
    his (see the module docstring)."""
    table = yield from judge.table_steps(position, Scale.of(context))
    p = table.mean_probs()
    if not context.rules.backgammons:
        p = (p[0], p[1], 0.0, p[3], 0.0)
    v = context.cube
    owner = _owner(context)
    if context.length is None:
        jacoby = bool(context.rules.jacoby and owner == cube.CENTERED)
        d = cube.money_decision(p, v, owner, jacoby=jacoby)
        return cube.CubeDecision(d.no_double / v, d.double_take / v, d.double_pass / v, d.can_double and may_double(context))
    d = cube.match_decision(p, v, owner, context.length, context.score, context.crawford)
    return cube.CubeDecision(mwc_to_emg(d.no_double, context), mwc_to_emg(d.double_take, context),
                             mwc_to_emg(d.double_pass, context), d.can_double and may_double(context))


def cube_hint_steps(judge: Judge, position: Any, context: MatchContext, kind: CubeKind) -> Steps[CubeHint | None]:
    """The cube advice for the player of ``context`` and ``position`` (his side): ``DOUBLE``: he is
    on roll before rolling (None when he may not double); ``TAKE``: he has been doubled (the
    doubler on roll)."""
    if kind is CubeKind.DOUBLE:
        if not may_double(context):
            return None
        equities = yield from cube_equities_steps(judge, position, context)
    else:
        equities = yield from cube_equities_steps(judge, position.swap(), doubler_context(context))
    return CubeHint(kind, right_action(equities, kind), equities)
