"""The coach on the page, as HTML: the hint sheet (the best plays for the dice, the cube's advice)
and the analysis dialog (its progress, then each player's totals and the mistakes, worst first).
Pure Python, no browser imports; it reads the coach's answers (tavli.coach.jobs: "hint" and
"analyse" results) and web.browser.coach_ui puts the HTML on the page.

Test hooks: the sheet ``#coach-sheet[data-coach=hint]`` with ``.hint-play[data-index]`` rows
(``data-moves``: its hops as JSON; ``aria-pressed="true"``: the one drawn on the board) and ``[data-action]`` ``hint-play``,
``hint-close``; ``.cube-advice[data-cube-action]``. The dialog ``analysis``:
``progress[data-progress]``, ``[data-action]`` ``analysis-cancel``, ``close``, ``.coach-player``
(``[data-player]``, ``[data-error-rate]``, ``[data-rating]``), ``.mistake[data-index]``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from web.model.i18n import t

if TYPE_CHECKING:  # (the dialogs' module is imported on first use: it costs boot time)
    from .dialogs import Dialog

MAX_MISTAKES = 40  # the mistakes listed (worst first)

# The performance rating's names, eXtreme Gammon's scale: a PR below each bound earns its name.
RATING_SCALE = ((2.5, "rating_world_class"), (5.0, "rating_expert"), (7.5, "rating_advanced"),
                (12.5, "rating_intermediate"), (17.5, "rating_casual"))
RATING_LAST = "rating_beginner"

CUBE_ACTIONS = ("no-double", "double-take", "double-pass", "too-good", "take", "pass")
# A cube decision's choices as the analysis words them (tavli.coach.analysis), in the page's language.
CUBE_WORDS = {"No double": "cube_eq_no_double", "Double, take": "cube_eq_double_take",
              "Double, pass": "cube_eq_double_pass", "Take": "choice_take", "Drop": "choice_drop"}


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def equity_text(value: float) -> str:
    """An equity as shown: signed, three decimals ("+0.123", "-0.456")."""
    return f"{value:+.3f}"


def loss_text(loss: float) -> str:
    """What a choice loses against the best: "-0.045", or a dash for the best itself."""
    return "—" if loss < 0.0005 else f"-{loss:.3f}"


def rating_name(rating: float) -> str:
    """The name of a performance rating on :data:`RATING_SCALE`."""
    for bound, key in RATING_SCALE:
        if rating < bound:
            return t(key)
    return t(RATING_LAST)


def choice_text(text: str) -> str:
    """A choice of a decision as shown: a play's notation as it is, a cube action in words."""
    return t(CUBE_WORDS[text]) if text in CUBE_WORDS else text


def dice_text(dice: Sequence[int] | None) -> str:
    return "" if not dice else f"{dice[0]}-{dice[1]}"


# --- the hint -------------------------------------------------------------------------------------


def cube_advice_html(cube: dict[str, Any]) -> str:
    """The cube's advice: the action (no double, double/take, ...; take or pass when doubled) and
    the equities it rests on."""
    action = cube.get("action", "")
    label = t(f"cube_{action.replace('-', '_')}") if action in CUBE_ACTIONS else str(cube.get("text", ""))
    rows = [("cube_eq_no_double", cube.get("no_double")), ("cube_eq_double_take", cube.get("double_take")),
            ("cube_eq_double_pass", cube.get("double_pass"))]
    cells = "".join(f"<dt>{_e(t(key))}</dt><dd>{_e(equity_text(float(value)))}</dd>"
                    for key, value in rows if isinstance(value, (int, float)))
    return (f'<div class="cube-advice" data-cube-action="{_e(action)}"><p><strong>{_e(label)}</strong></p>'
            f'<dl class="cube-equities">{cells}</dl></div>')


def hint_html(hint: dict[str, Any], selected: int | None, can_play: bool) -> str:
    """The hint sheet for the coach's ``hint`` answer: up to five plays (notation, equity, what each
    loses against the best), ``selected`` marked (it is drawn on the board); the cube's advice where
    there is one. ``can_play``: the selected play may be made from here (the person is to move)."""
    plays = hint.get("plays") or []
    rows = []
    for i, play in enumerate(plays):
        on = i == selected
        rows.append(
            f'<li><button type="button" class="hint-play{" selected" if on else ""}" data-action="hint-select" '
            f'data-index="{i}" data-moves="{_e(json.dumps(play.get("moves", [])))}" aria-pressed="{"true" if on else "false"}">'
            f'<span class="rank">{i + 1}</span><span class="text">{_e(play.get("text", ""))}</span>'
            f'<span class="eq">{_e(equity_text(float(play.get("equity", 0.0))))}</span>'
            f'<span class="loss">{_e(loss_text(float(play.get("loss", 0.0))))}</span></button></li>')
    body = ""
    if rows:
        body += (f'<div class="hint-head" aria-hidden="true"><span></span><span>{_e(t("hint_play"))}</span>'
                 f'<span>{_e(t("hint_equity"))}</span><span>{_e(t("hint_loss"))}</span></div>'
                 f'<ol class="hint-plays">{"".join(rows)}</ol>')
    elif hint.get("dice"):
        body += f'<p class="note">{_e(t("hint_forced"))}</p>'
    if hint.get("cube"):
        body += cube_advice_html(hint["cube"])
    if not body:
        body = f'<p class="note">{_e(t("hint_nothing"))}</p>'
    dice = dice_text(hint.get("dice"))
    title = t("hint_title_dice", dice=dice) if dice else t("hint_title")
    play = ""
    if rows:
        play = ('<button type="button" class="primary" data-action="hint-play"'
                + ("" if can_play and selected is not None else f' disabled title="{_e(t("hint_why_no_play"))}"')
                + f">{_e(t('hint_play_it'))}</button>")
    return (f'<section id="coach-sheet" class="coach-sheet" data-coach="hint" aria-labelledby="coach-title">'
            f'<h2 id="coach-title">{_e(title)}</h2>{body}'
            f'<div class="coach-buttons"><button type="button" data-action="hint-close">{_e(t("close"))}</button>'
            f"{play}</div></section>")


def waiting_html() -> str:
    """The hint sheet while the coach thinks."""
    return (f'<section id="coach-sheet" class="coach-sheet" data-coach="waiting" aria-busy="true">'
            f'<h2 id="coach-title">{_e(t("hint_title"))}</h2><p class="note">{_e(t("hint_thinking"))}</p>'
            f'<div class="coach-buttons"><button type="button" data-action="hint-close">{_e(t("close"))}</button>'
            f"</div></section>")


# --- the analysis ---------------------------------------------------------------------------------


def analysis_running(fraction: float) -> Dialog:
    """The analysis under way: a progress bar and Cancel."""
    from .dialogs import Dialog

    pct = round(100 * max(0.0, min(1.0, fraction)))
    body = (f'<p>{_e(t("analysis_running"))}</p>'
            f'<progress max="100" value="{pct}" data-progress="{pct}" aria-label="{_e(t("analysis_title"))}"></progress>'
            f'<p class="note">{_e(t("analysis_goes_on"))}</p>')
    buttons = f'<button type="button" data-action="analysis-cancel">{_e(t("cancel"))}</button>'
    return Dialog("analysis", _frame(t("analysis_title"), body, buttons))


def analysis_failed(why: str) -> Dialog:
    from .dialogs import Dialog

    body = f'<p>{_e(t("analysis_failed"))}</p><p class="note">{_e(why)}</p>'
    return Dialog("analysis", _frame(t("analysis_title"), body, _close()))


def _frame(title: str, body: str, buttons: str) -> str:
    return (f'<div class="dlg dlg-analysis" data-dialog="analysis"><h2 id="dialog-title">{_e(title)}</h2>'
            f'<div class="dlg-body">{body}</div><div class="dlg-buttons">{buttons}</div></div>')


def _close() -> str:
    return f'<button type="button" class="primary" data-action="close">{_e(t("close"))}</button>'


def _player_html(stats: dict[str, Any], name: str, player: int) -> str:
    rate = float(stats.get("error_rate", 0.0))
    rating = float(stats.get("rating", 0.0))
    decisions = int(stats.get("decisions", 0))
    rows = [
        (t("analysis_error_rate"), f"{rate:.1f}" if decisions else "—"),
        (t("analysis_rating"), f"{rating:.1f} · {rating_name(rating)}" if decisions else "—"),
        (t("analysis_decisions"), str(decisions)),
        (t("analysis_marks"), f'{stats.get("doubtful", 0)} / {stats.get("errors", 0)} / {stats.get("blunders", 0)}'),
        (t("analysis_luck"), equity_text(float(stats.get("luck", 0.0)))),
    ]
    cells = "".join(f"<dt>{_e(label)}</dt><dd>{_e(value)}</dd>" for label, value in rows)
    return (f'<section class="coach-player player-{player}" data-player="{player}" data-error-rate="{rate:.1f}" '
            f'data-rating="{rating:.1f}"><h3><span class="swatch" aria-hidden="true"></span>{_e(name)}</h3>'
            f"<dl>{cells}</dl></section>")


def worst_first(decisions: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The decisions with a mark (doubtful, error, blunder), the costliest first."""
    marked = [d for d in decisions if d.get("mark")]
    return sorted(marked, key=lambda d: -float(d.get("loss", 0.0)))


def mistakes(result: dict[str, Any]) -> list[dict[str, Any]]:
    """Every game's marked decisions, the costliest first (at most :data:`MAX_MISTAKES`)."""
    return worst_first([d for game in result.get("games", []) for d in game.get("decisions", [])])[:MAX_MISTAKES]


def _mistake_html(i: int, d: dict[str, Any], names: tuple[str, str], several: bool) -> str:
    made = d.get("made") or {}
    best = d.get("best") or {}
    where = t("analysis_in_game", n=d.get("game")) + " · " if several else ""
    dice = dice_text(d.get("dice"))
    mark = str(d.get("mark", ""))
    return (f'<li><button type="button" class="mistake mark-{_e(mark)}" data-action="analysis-show" data-index="{i}">'
            f'<span class="who">{_e(where + names[int(d.get("player", 0)) % 2])}{" · " + _e(dice) if dice else ""}</span>'
            f'<span class="made">{_e(choice_text(made.get("text", "")))}</span>'
            f'<span class="best">{_e(t("analysis_best", text=choice_text(best.get("text", ""))))}</span>'
            f'<span class="cost">{_e(loss_text(float(d.get("loss", 0.0))))} · {_e(t(f"mark_{mark}") if mark else "")}</span>'
            "</button></li>")


def analysis_done(result: dict[str, Any], names: tuple[str, str]) -> Dialog:
    """The analysis: each player's totals (error rate, rating and its name, decisions, doubtful /
    errors / blunders, luck), the thresholds, and the mistakes worst first (each opens its position)."""
    from .dialogs import Dialog

    players = result.get("players") or [{}, {}]
    thresholds = result.get("thresholds") or {}
    totals = "".join(_player_html(players[p], names[p], p) for p in (0, 1))
    limits = t("analysis_thresholds", doubtful=f'{float(thresholds.get("doubtful", 0)):.3f}',
               error=f'{float(thresholds.get("error", 0)):.3f}', blunder=f'{float(thresholds.get("blunder", 0)):.3f}')
    found = mistakes(result)
    several = len(result.get("games", [])) > 1
    if found:
        listed = "".join(_mistake_html(i, d, names, several) for i, d in enumerate(found))
        listing = f'<h3>{_e(t("analysis_mistakes"))}</h3><ol class="mistakes">{listed}</ol>'
    else:
        listing = f'<p class="note">{_e(t("analysis_no_mistakes"))}</p>'
    body = (f'<div class="coach-totals">{totals}</div><p class="note thresholds">{_e(limits)}</p>'
            f'<p class="note">{_e(t("analysis_scale"))}</p>{listing}')
    return Dialog("analysis", _frame(t("analysis_title"), body, _close()))
