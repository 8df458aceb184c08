"""The HTML of online play (issue 18): the lobby dialog (``data-dialog="online"``: the host's
invitation with its link, Share, Copy and QR code, waiting for the friend; the guest's view of
the host's name and terms, Join / Decline), the panel's online line (the friend connected, away,
the match to claim) and the leaving confirmation. Pure Python, no browser imports.

Buttons (``data-action``): ``online-share``, ``online-copy``, ``online-cancel`` (host),
``online-join``, ``online-decline`` (guest), ``online-claim`` (the panel's controls), ``online-leave``.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import Any

from web.model.i18n import t

from .dialogs import Dialog


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _button(action: str, label: str, primary: bool = False, enabled: bool = True, title: str = "") -> str:
    cls = ' class="primary"' if primary else ""
    off = " disabled" if not enabled else ""
    tip = f' title="{_e(title)}"' if title else ""
    return f'<button type="button"{cls} data-action="{action}"{tip}{off}>{_e(label)}</button>'


def _frame(title: str, body: str, buttons: str, role: str) -> str:
    return (f'<div class="dlg dlg-online" data-dialog="online" data-role="{role}">'
            f'<h2 id="dialog-title">{_e(title)}</h2><div class="dlg-body">{body}</div>'
            f'<div class="dlg-buttons">{buttons}</div></div>')


def terms_lines(terms: Mapping[str, Any]) -> list[str]:
    """The match an invitation offers, in words: the game (with its rule options), the length,
    the scoring rules (Portes), the clock. ``terms``: :meth:`tavli.online.terms.Terms.to_dict`."""
    variant = str(terms.get("variant", ""))
    length = terms.get("length")
    options = terms.get("options") or {}
    game = t(f"game_{variant}")
    extra = []
    if "mother_points" in options:
        extra.append(t(f"nm_mother_{options['mother_points']}"))
    if "first_checker" in options:
        extra.append(t(f"nm_first_{options['first_checker']}"))
    if "prime" in options:
        extra.append(t(f"nm_prime_{options['prime']}"))
    lines = [game + (f" ({', '.join(extra)})" if extra else "")]
    lines.append(t("nm_money") if length is None else t("match_to", n=int(length)))
    if variant == "portes":
        lines.append(t(f"rules_{terms.get('rules', '')}"))
    lines.append(t("online_terms_clock", clock=t(f"clock_{terms.get('clock', 'off')}")))
    return lines


def host_lobby(url: str, qr_svg: str, friend: str | None, can_share: bool) -> Dialog:
    """The host's lobby: the invitation (the link to send, Share where the device can, Copy, its
    QR code) and what is awaited: the friend to open it (``friend`` None), then to join."""
    waiting = t("online_friend_here", name=friend) if friend is not None else t("online_waiting_friend")
    state = "here" if friend is not None else "waiting"
    body = (f'<p>{_e(t("online_invite_text"))}</p>'
            f'<label class="field invite-link"><span>{_e(t("online_link_label"))}</span>'
            f'<input type="text" readonly data-invite value="{_e(url)}"></label>'
            f'<div class="invite-tools">'
            + (_button("online-share", t("online_share"), primary=True) if can_share else "")
            + _button("online-copy", t("online_copy"), primary=not can_share)
            + "</div>"
            + (f'<div class="invite-qr" role="img" aria-label="{_e(t("online_qr_label"))}">{qr_svg}</div>'
               if qr_svg else "")
            + f'<p class="lobby-state" data-lobby="{state}" role="status" aria-live="polite">{_e(waiting)}</p>')
    return Dialog("online", _frame(t("online_title"), body, _button("online-cancel", t("cancel")), "host"), False)


def guest_lobby(host: str | None, terms: Mapping[str, Any] | None) -> Dialog:
    """The guest's lobby: connecting; then the host's name and terms, Join (usable once the
    terms came) and Decline."""
    if terms is None or host is None:
        body = f'<p class="lobby-state" data-lobby="connecting" role="status" aria-live="polite">{_e(t("online_connecting"))}</p>'
    else:
        items = "".join(f"<li>{_e(line)}</li>" for line in terms_lines(terms))
        body = (f'<p class="lobby-state" data-lobby="invited" role="status">{_e(t("online_invited", name=host))}</p>'
                f'<ul class="terms">{items}</ul>')
    ready = terms is not None and host is not None
    buttons = _button("online-decline", t("online_decline")) + _button(
        "online-join", t("online_join"), primary=True, enabled=ready, title="" if ready else t("online_why_no_join"))
    return Dialog("online", _frame(t("online_title"), body, buttons, "guest"), False)


def leave_online(friend: str) -> Dialog:
    """Starting a new match while playing online: a confirmation (it resigns the match)."""
    body = f'<p>{_e(t("online_leave_text", name=friend))}</p>'
    buttons = _button("cancel", t("cancel"), True) + _button("online-leave", t("online_leave"))
    return Dialog("resign-match", (f'<div class="dlg dlg-resign-match" data-dialog="resign-match">'
                                   f'<h2 id="dialog-title">{_e(t("online_title"))}</h2><div class="dlg-body">{body}</div>'
                                   f'<div class="dlg-buttons">{buttons}</div></div>'))


def online_line(state: str, text: str, can_claim: bool) -> str:
    """The panel's online line (``data-online`` the state; ``data-claim`` "1" once the friend has
    stayed away past the grace period: the Claim button is then among the controls)."""
    claim = ' data-claim="1"' if can_claim else ""
    return (f'<div class="online-line" data-online="{_e(state)}"{claim} role="status" aria-live="polite">'
            f'<span class="online-dot" aria-hidden="true"></span><span class="online-text">{_e(text)}</span></div>')
