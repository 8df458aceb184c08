"""The HTML around the board: the panel (player cards, status line, controls) and the result
announced over the board. Pure Python, no browser imports."""

from __future__ import annotations

import html

from .strings import t
from .view import PanelView, PlayerCard


def announce_html(view: PanelView) -> str:
    """The result shown over the board at the end of a game or match ("" when none). A click on
    it after a game starts the next one (``data-overlay="next-game"``)."""
    if not view.announce:
        return ""
    action = "next-game" if view.phase == "game-over" else "new-match"
    hint = f"<small>{html.escape(view.announce_hint)}</small>" if view.announce_hint else ""
    return (f'<div class="announce" role="alert" data-overlay="{action}">'
            f"<strong>{html.escape(view.announce)}</strong>{hint}</div>")


def _card_html(card: PlayerCard, where: str, pips: str) -> str:
    turn = " on-turn" if card.on_turn else ""
    return (f'<div class="card {where} player-{card.player}{turn}" data-side="{where}">'
            f'<span class="swatch" aria-hidden="true"></span>'
            f'<span class="name">{html.escape(card.name)}</span>'
            f'<span class="pips" data-pips="{card.pips}">{html.escape(pips)}</span>'
            f'<span class="score" data-score="{card.score}">{card.score}</span>'
            "</div>")


def panel_html(view: PanelView) -> str:
    """The panel beside (landscape) or below (portrait) the board."""
    buttons = []
    for c in view.controls:
        cls = "primary" if c.primary else ""
        disabled = "" if c.enabled else " disabled"
        buttons.append(f'<button type="button" class="{cls}" data-action="{c.action}" '
                       f'title="{html.escape(c.title)}"{disabled}>{html.escape(c.label)}</button>')
    return (
        _card_html(view.top, "top", t("pips", n=view.top.pips))
        + f'<div class="match-info">{html.escape(view.match_text)}</div>'
        + f'<div id="status" class="status" role="status" aria-live="polite">{html.escape(view.status)}</div>'
        + f'<div class="controls">{"".join(buttons)}</div>'
        + _card_html(view.bottom, "bottom", t("pips", n=view.bottom.pips))
    )
