"""The HTML around the board: the panel (player cards, status line, controls) and the result
shown in place of the status line at the end of a game. Pure Python, no browser imports."""

from __future__ import annotations

import html
import math
from dataclasses import dataclass

from web.model.i18n import t

from .view import PanelView, PlayerCard


def announce_html(view: PanelView) -> str:
    """The result shown at the end of a game or match ("" when none), in the panel in place of the
    status line (it says the same, larger): beside the board, never over its checkers. A click on
    it after a game starts the next one (``data-overlay="next-game"``), after a match opens the
    new-match screen."""
    if not view.announce:
        return ""
    action = "next-game" if view.phase == "game-over" else "new-match"
    hint = f"<small>{html.escape(view.announce_hint)}</small>" if view.announce_hint else ""
    return (f'<div id="status" class="status announce" role="alert" data-overlay="{action}">'
            f"<strong>{html.escape(view.announce)}</strong>{hint}</div>")


def _card_html(card: PlayerCard, where: str, pips: str) -> str:
    turn = " on-turn" if card.on_turn else ""
    return (f'<div class="card {where} player-{card.player}{turn}" data-side="{where}">'
            f'<span class="swatch" aria-hidden="true"></span>'
            f'<span class="name">{html.escape(card.name)}</span>'
            f'<span class="pips" data-pips="{card.pips}">{html.escape(pips)}</span>'
            f'<span class="score" data-score="{card.score}">{card.score}</span>'
            "</div>")


def _buttons(controls) -> str:
    buttons = []
    for c in controls:
        cls = "primary" if c.primary else ""
        disabled = "" if c.enabled else " disabled"
        buttons.append(f'<button type="button" class="{cls}" data-action="{c.action}" '
                       f'title="{html.escape(c.title)}"{disabled}>{html.escape(c.label)}</button>')
    return "".join(buttons)


@dataclass(frozen=True)
class ClockBar:
    """One player's clock bar: the move timer (green) and the bank (orange), as fractions of
    their full widths, and the seconds left (test hooks ``data-move``/``data-bank``)."""

    player: int
    move: float  # 0..1 of the move timer
    bank: float  # 0..1 of the bank's ceiling
    move_left: float
    bank_left: float
    running: bool
    warning: bool
    flagged: bool


def clock_bars(state) -> tuple[ClockBar, ClockBar] | None:
    """The two bars of a :class:`tavli.clock.ClockState` (None without a clock)."""
    if state is None or state.mode == "off":
        return None
    bars = []
    for p, pt in enumerate(state.players):
        move = pt.move_left / state.move_time if state.move_time else 0.0
        bank = pt.bank_left / state.bank_cap if state.bank_cap else 0.0
        bars.append(ClockBar(p, min(1.0, max(0.0, move)), min(1.0, max(0.0, bank)), pt.move_left, pt.bank_left,
                             pt.running, pt.warning, pt.flagged))
    return bars[0], bars[1]


MOVE_SHARE = 40  # percent of the bar's width for a full move timer; the bank's ceiling gets the rest


def bar_style(bar: ClockBar) -> tuple[str, str]:
    """CSS widths of the green and orange parts."""
    return f"{bar.move * MOVE_SHARE:.2f}%", f"{bar.bank * (100 - MOVE_SHARE):.2f}%"


def bar_classes(bar: ClockBar) -> str:
    return "clock" + (" running" if bar.running else "") + (" warning" if bar.warning else "") + (
        " flagged" if bar.flagged else "")


def clock_text(seconds: float) -> str:
    """Seconds left as the clock's digits, ``m:ss``, counted down in whole seconds (0.2 s left
    shows 0:01; 0:00 only once the time is gone)."""
    whole = max(0, math.ceil(round(seconds, 6)))
    return f"{whole // 60}:{whole % 60:02d}"


def time_up_html(view: PanelView) -> str:
    """The note on the board that a player's time is up ("" when no one's is)."""
    if not view.time_up:
        return ""
    player = "" if view.time_up_player is None else f' data-player="{view.time_up_player}"'
    return f'<div class="time-up" role="alert"{player}>{html.escape(view.time_up)}</div>'


def clock_html(bars, names: tuple[str, str], order: tuple[int, int]) -> str:
    """The clock bars (top-right), one per player in ``order`` (top player first)."""
    if bars is None:
        return ""
    rows = []
    for p in order:
        bar = bars[p]
        green, orange = bar_style(bar)
        label = html.escape(t("clock_of", name=names[p]))
        rows.append(
            f'<div class="{bar_classes(bar)} player-{p}" data-player="{p}" data-move="{bar.move_left:.1f}" '
            f'data-bank="{bar.bank_left:.1f}" role="timer" aria-label="{label}" title="{label}">'
            f'<span class="swatch" aria-hidden="true"></span><span class="track">'
            f'<span class="move" style="width:{green}" title="{html.escape(t("clock_move"))}"></span>'
            f'<span class="bank" style="width:{orange}" title="{html.escape(t("clock_bank"))}"></span>'
            "</span>"
            f'<span class="digits"><span class="t-move" title="{html.escape(t("clock_move"))}">{clock_text(bar.move_left)}</span>/'
            f'<span class="t-bank" title="{html.escape(t("clock_bank"))}">{clock_text(bar.bank_left)}</span></span>'
            "</div>")
    return f'<div class="clocks" id="clocks">{"".join(rows)}</div>'


def panel_html(view: PanelView, clocks: str = "", online: str = "", voice: str = "") -> str:
    """The panel beside (landscape) or below (portrait) the board; ``online``: the online line
    (issue 18, ``web.view.online``) under the status line; ``voice``: the typed moves and the
    read-out (issue 15, ``web.view.voice``) under the controls."""
    return (
        clocks
        + _card_html(view.top, "top", t("pips", n=view.top.pips))
        + f'<div class="match-info">{html.escape(view.match_text)}</div>'
        + (announce_html(view) or
           f'<div id="status" class="status" role="status" aria-live="polite">{html.escape(view.status)}</div>')
        + online
        + f'<div class="controls">{_buttons(view.controls)}</div>'
        + voice
        + _card_html(view.bottom, "bottom", t("pips", n=view.bottom.pips))
        + f'<div class="menu">{_buttons(view.menu)}</div>'
    )
