"""The record of finished matches (:mod:`web.model.records`) as a dialog: wins and losses per
opponent (the computer's level, two players) and game, the recent matches (newest first), and
Clear (asked again before). Pure Python, no browser imports.

Hooks: ``.tally li[data-opponent]`` with ``[data-game][data-wins][data-losses]``; ``.recent
li[data-key]``; buttons ``records-clear`` (disabled with a title when there is nothing to clear),
``records-clear-confirm``, ``close``, ``cancel``; ``.rec-problem``: a record that cannot be read.
"""

from __future__ import annotations

from tavli.options import VARIANTS
from web.model.i18n import points_text, t
from web.model.records import Entry, Loaded, opponents_in_order, tallies

from .dialogs import Dialog, _button, _e, _frame

ACTIONS = ("records-clear", "records-clear-confirm")
SHOWN = 50  # recent matches listed


def opponent_text(opponent: str) -> str:
    if opponent in ("pvp", "online"):
        return t(f"rec_{opponent}")
    return t("rec_vs_level", level=t(f"level_{opponent.split(':', 1)[1]}"))


def game_text(variant: str) -> str:
    return t("game_tavli_short") if variant == "tavli" else t(f"game_{variant}")


def _rate(value: float) -> str:
    return f"{value:.1f}"


def entry_html(e: Entry) -> str:
    opponent = opponent_text(e.opponent)
    length = t("money") if e.length is None else points_text(e.length)
    winner = "" if e.winner is None else t("rec_winner", name=e.names[e.winner])
    rates = (t("rec_rates", name0=e.names[0], a=_rate(e.rates[0]), name1=e.names[1], b=_rate(e.rates[1]))
             if e.rates is not None
             else t("rec_no_rates"))
    when = e.date.replace("T", " ").replace("Z", " UTC")
    won = "" if e.winner is None else (' data-won="1"' if e.winner == e.seat else ' data-won="0"')
    return (f'<li data-key="{_e(e.key)}"{won}><span class="rec-when">{_e(when)}</span> '
            f'<strong>{_e(game_text(e.variant))}</strong> · {_e(opponent)} · {_e(length)}<br>'
            f'<span class="rec-names">{_e(e.names[0])} {e.scores[0]}–{e.scores[1]} {_e(e.names[1])}</span>'
            f'{" · " + _e(winner) if winner else ""}<br><small>{_e(rates)}</small></li>')


def records(loaded: Loaded) -> Dialog:
    """The record's dialog."""
    parts = []
    if loaded.problem is not None:
        parts.append(f'<p class="rec-problem" role="alert">{_e(t("rec_unreadable", problem=loaded.problem))}</p>')
    entries = loaded.entries
    if not entries and loaded.problem is None:
        parts.append(f'<p class="rec-empty">{_e(t("rec_empty"))}</p>')
    if entries:
        table = tallies(entries)
        rows = []
        for opponent in opponents_in_order(table):
            row = table[opponent]
            cells = "".join(
                f'<span class="rec-tally" data-game="{game}" data-wins="{row[game].wins}" '
                f'data-losses="{row[game].losses}">{_e(t("rec_all") if game == "all" else game_text(game))} '
                f"<b>{row[game].wins}–{row[game].losses}</b></span>"
                for game in (*VARIANTS, "all") if game in row)
            rows.append(f'<li data-opponent="{_e(opponent)}"><strong>{_e(opponent_text(opponent))}</strong>'
                        f"<span class=\"rec-cells\">{cells}</span></li>")
        parts.append(f'<h3>{_e(t("rec_summary"))}</h3><p class="note">{_e(t("rec_summary_note"))}</p>'
                     f'<ul class="tally">{"".join(rows)}</ul>')
        recent = "".join(entry_html(e) for e in reversed(entries[-SHOWN:]))
        parts.append(f'<h3>{_e(t("rec_recent"))}</h3><ol class="recent">{recent}</ol>')
    can_clear = bool(entries) or loaded.problem is not None
    clear = _button("records-clear", t("rec_clear"),
                    extra=f' title="{_e(t("rec_clear_tip"))}"' if can_clear else f' disabled title="{_e(t("rec_why_no_clear"))}"')
    return Dialog("records", _frame("records", t("rec_title"), "".join(parts), clear + _button("close", t("close"), True)))


def clear_question(count: int) -> Dialog:
    """Clearing the record: asked first (Cancel has the focus)."""
    body = f'<p>{_e(t("rec_clear_text", n=count))}</p>'
    buttons = _button("cancel", t("cancel"), True) + _button("records-clear-confirm", t("rec_clear"))
    return Dialog("records-clear", _frame("records-clear", t("rec_clear_title"), body, buttons))
