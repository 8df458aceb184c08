"""The dialogs of what goes in and out (:mod:`web.model.exchange`): "Files" — this match's
``.mat`` download and its IDs to copy, a ``.mat`` file to open for review, an ID to paste and
play from — and the question before a pasted position replaces the match in progress. Pure
Python, no browser imports (:mod:`web.browser.exchange` answers them).

Hooks: buttons ``data-action`` :data:`ACTIONS`; ``[data-id]`` (``position-id``,
``match-id``: inputs, ``xgid``: a text area; read-only, the text to copy, selected when the browser refuses the
clipboard); ``input[data-io=mat-file]`` (the file chooser behind "Open"); ``textarea[data-io=ids]``;
``.io-message[data-kind]`` (``error``, ``done``, ``fallback``: what happened, ``role="alert"``).
A control that does not apply is disabled with a ``title`` saying why.
"""

from __future__ import annotations

from web.model.exchange import MAT_ACCEPT, MAX_ID_CHARS, Exports
from web.model.i18n import t

from .dialogs import Dialog, _button, _e, _frame

ACTIONS = ("files", "export-mat", "copy-position-id", "copy-match-id", "copy-xgid", "open-mat", "import-id",
           "import-replace", "records")
ID_FIELDS = (("position-id", "io_position_id"), ("match-id", "io_match_id"), ("xgid", "io_xgid"))


def _why(key: str) -> str:
    return f' disabled title="{_e(t(key))}"' if key else ""


def _id_row(name: str, label_key: str, value: str | None, why: str) -> str:
    # (the XGID is longer than a phone is wide: a text area that wraps it, all in sight)
    field = (f'<textarea data-id="{name}" readonly rows="1" spellcheck="false"{_why(why)}>{_e(value or "")}</textarea>'
             if name == "xgid" else
             f'<input data-id="{name}" readonly value="{_e(value or "")}" spellcheck="false"{_why(why)}>')
    return (f'<div class="io-id"><label class="field"><span>{_e(t(label_key))}</span>{field}</label>'
            + _button(f"copy-{name}", t("io_copy"), extra=_why(why) or f' title="{_e(t("io_copy_tip"))}"')
            + "</div>")


def files(ex: Exports, pasted: str = "") -> Dialog:
    """The "Files" dialog for the match in play (``ex``: :func:`web.model.exchange.exports`)."""
    ids = {"position-id": ex.position_id, "match-id": ex.match_id, "xgid": ex.xgid}
    mat_why = ex.mat_why
    body = (
        f'<fieldset class="row io-export"><legend>{_e(t("io_export"))}</legend>'
        '<div class="io-mat">'
        + _button("export-mat", t("io_download_mat"), extra=_why(mat_why) or f' title="{_e(t("io_mat_note"))}"')
        + f'<small>{_e(t(mat_why) if mat_why else t("io_mat_note"))}</small></div>'
        + "".join(_id_row(name, key, ids[name], ex.ids_why) for name, key in ID_FIELDS)
        + (f'<small class="why" data-why="ids">{_e(t(ex.ids_why))}</small>' if ex.ids_why else "")
        + "</fieldset>"
        f'<fieldset class="row io-import"><legend>{_e(t("io_import"))}</legend>'
        '<div class="io-mat">'
        + _button("open-mat", t("io_open_mat"), extra=f' title="{_e(t("io_open_mat_note"))}"')
        + f'<input type="file" data-io="mat-file" accept="{MAT_ACCEPT}" hidden>'
        f'<small>{_e(t("io_open_mat_note"))}</small></div>'
        f'<label class="field"><span>{_e(t("io_paste_label"))}</span>'
        f'<textarea data-io="ids" rows="2" maxlength="{MAX_ID_CHARS}" spellcheck="false" autocomplete="off" '
        f'placeholder="XGID=… / 4HPwATDgc/ABMA:cAkAAAAAAAAA">{_e(pasted)}</textarea></label>'
        '<div class="io-mat">'
        + _button("import-id", t("io_play_position"), extra=f' title="{_e(t("io_play_note"))}"')
        + f'<small>{_e(t("io_play_note"))}</small></div>'
        "</fieldset>"
        '<p class="io-message" data-kind="" role="alert" aria-live="assertive"></p>'
    )
    buttons = _button("records", t("rec_title")) + _button("close", t("close"), True)
    return Dialog("files", _frame("files", t("io_title"), body, buttons))


def replace_question() -> Dialog:
    """Before a pasted position replaces the match in progress: Cancel (first, the focus) or
    Replace."""
    body = f'<p>{_e(t("io_replace_text"))}</p>'
    buttons = _button("cancel", t("cancel"), True) + _button("import-replace", t("io_replace"))
    return Dialog("io-replace", _frame("io-replace", t("io_replace_title"), body, buttons))
