"""The dialogs' HTML: the new-match screen, the options, the rules, and the match's questions (a
double offered, resigning a game or the match, a resignation offered). Pure Python, no browser
imports: :mod:`web.browser.dialog_host` puts the HTML into one ``<dialog>`` and shows it with ``showModal()``.

Every button carries a ``data-action`` (the test hooks): ``start``, ``cancel``, ``close``,
``take``, ``drop``, ``resign-single``, ``resign-gammon``, ``resign-backgammon``, ``confirm``,
``accept``, ``refuse``, ``resign-match``; ``download-save``, ``discard-save``, ``continue-saved``,
``start-url`` (web.browser.keeping_answers). Inputs carry ``name`` (new match) or ``data-opt``
(options). :class:`Dialog` says whether Escape may close it (``cancellable``).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from tavli import options as choices
from tavli.games.base import Outcome
from web.model import prefs as P
from web.model.i18n import LANGUAGES, NAMES, kind_text, points_text, t
from web.model.i18n.rules import rules_html
from web.model.prefs import Prefs
from web.model.setup import ONLINE, MatchSetup

from .view import CubeQuestion, ResignAnswer, ResignChoice

LEVEL_ACTIONS = {Outcome.SINGLE: "resign-single", Outcome.GAMMON: "resign-gammon",
                 Outcome.BACKGAMMON: "resign-backgammon"}
ANIM_KEYS = {0.0: "opt_anim_off", 0.5: "opt_anim_slow", 1.0: "opt_anim_normal", 2.0: "opt_anim_fast"}


@dataclass(frozen=True)
class Dialog:
    """A dialog to show over the board: its kind (``data-dialog``), its HTML, and whether Escape
    or a click outside closes it."""

    kind: str  # new-match, options, rules, cube, answer, resign, resign-match, notice
    html: str
    cancellable: bool = True


def _e(text: str) -> str:
    return html.escape(text, quote=True)


def _button(action: str, label: str, primary: bool = False, extra: str = "") -> str:
    cls = ' class="primary"' if primary else ""
    return f'<button type="button"{cls} data-action="{action}"{extra}>{_e(label)}</button>'


def _capital(text: str) -> str:
    """``text`` with its first letter capitalised (a button's label built from a lower-case word)."""
    return text[:1].upper() + text[1:]


def _frame(kind: str, title: str, body: str, buttons: str) -> str:
    return (f'<div class="dlg dlg-{kind}" data-dialog="{kind}">'
            f'<h2 id="dialog-title">{_e(title)}</h2><div class="dlg-body">{body}</div>'
            f'<div class="dlg-buttons">{buttons}</div></div>')


def _radio(name: str, value: str, label: str, checked: bool, note: str = "") -> str:
    small = f"<small>{_e(note)}</small>" if note else ""
    on = " checked" if checked else ""
    return (f'<label class="choice"><input type="radio" name="{name}" value="{_e(value)}"{on}>'
            f"<span>{_e(label)}{small}</span></label>")


def _select(name: str, options: list[tuple[str, str]], chosen: str, attr: str = "name") -> str:
    opts = "".join(f'<option value="{_e(v)}"{" selected" if v == chosen else ""}>{_e(label)}</option>'
                   for v, label in options)
    return f'<select {attr}="{name}">{opts}</select>'


# --- new match ----------------------------------------------------------------------------------


def length_value(length: int | None) -> str:
    return "money" if length is None else str(length)


def _select_some(name: str, options: list[tuple[str, str]], chosen: str, allowed: set[str]) -> str:
    """A ``<select>`` whose options outside ``allowed`` are shown disabled."""
    opts = "".join(f'<option value="{_e(v)}"{" selected" if v == chosen else ""}{"" if v in allowed else " disabled"}>'
                   f"{_e(label)}</option>" for v, label in options)
    return f'<select name="{name}">{opts}</select>'


def _variant_options(nm: MatchSetup) -> str:
    """The rule options of the game chosen: Plakoto's mother, Fevga's first checker and prime
    (a Tavli match: all of them); hidden when the game has none."""
    plakoto = nm.variant in ("plakoto", "tavli")
    fevga = nm.variant in ("fevga", "tavli")
    mothers = [(str(n), t(f"nm_mother_{n}")) for n in choices.MOTHER_POINTS]
    return (
        f'<fieldset class="row variant-options plakoto-options"{"" if plakoto else " hidden"}>'
        f'<legend>{_e(t("nm_plakoto_rules"))}</legend>'
        f'<label class="field"><span>{_e(t("nm_mother"))}</span>'
        + _select("mother_points", mothers, str(nm.mother_points)) + "</label></fieldset>"
        + f'<fieldset class="row variant-options fevga-options"{"" if fevga else " hidden"}>'
        f'<legend>{_e(t("nm_fevga_rules"))}</legend>'
        + "".join(_radio("first_checker", v, t(f"nm_first_{v}"), nm.first_checker == v) for v in choices.FIRST_CHECKER)
        + "".join(_radio("prime", v, t(f"nm_prime_{v}"), nm.prime == v) for v in choices.PRIME)
        + "</fieldset>"
    )


def new_match(nm: MatchSetup, can_cancel: bool) -> Dialog:
    """The new-match screen, filled with the last choices (``nm``, made consistent first). Only
    what applies to the game chosen can be picked: Plakoto, Fevga and the Tavli match (no cube,
    Greek scoring) have no money play and no choice of rules (disabled, a note says why), a Tavli
    match is played to 3, 5 or 7 points; their rule options show for them only. The page draws
    the screen again when the game changes (:func:`read_new_match` then this)."""
    nm = nm.fitted()
    portes = nm.variant == "portes"
    lengths = [(str(n), points_text(n)) for n in choices.LENGTHS] + [("money", t("nm_money"))]
    allowed = {v for v, _ in lengths}
    why_length = ""
    if nm.variant == "tavli":
        allowed = {str(n) for n in choices.TAVLI_LENGTHS}
        why_length = t("nm_length_tavli")
    elif not portes:
        allowed.discard("money")
        why_length = t("nm_length_variant")
    levels = [(lv, t(f"level_{lv}")) for lv in choices.LEVELS]
    games = [(g, t(f"game_{g}")) for g in choices.VARIANTS]
    pvp = nm.mode == "pvp"
    online = nm.mode == ONLINE  # issue 18: a friend online (Invite instead of Start)
    rules_note = "" if portes else f'<small class="why" data-why="rules">{_e(t("nm_rules_variant"))}</small>'
    length_note = f'<small class="why" data-why="length">{_e(why_length)}</small>' if why_length else ""
    body = (
        f'<form class="nm" data-game="{_e(nm.variant)}" onsubmit="return false">'
        f'<fieldset class="row"><legend>{_e(t("nm_opponent"))}</legend>'
        + _radio("mode", "cpu", t("nm_cpu"), not pvp and not online) + _radio("mode", "pvp", t("nm_pvp"), pvp)
        + _radio("mode", ONLINE, t("nm_online"), online, t("nm_online_note"))
        + f'<label class="field level"{"" if nm.mode == "cpu" else " hidden"}><span>{_e(t("nm_level"))}</span>'
        + _select("level", levels, nm.level) + "</label></fieldset>"
        + f'<div class="row2"><label class="field"><span>{_e(t("nm_game"))}</span>{_select("game", games, nm.variant)}</label>'
        + f'<label class="field"><span>{_e(t("nm_length"))}</span>'
        + _select_some("length", lengths, length_value(nm.length), allowed) + f"{length_note}</label></div>"
        + _variant_options(nm)
        + f'<fieldset class="row rules"{"" if portes else " disabled"}><legend>{_e(t("nm_rules"))}</legend>'
        + "".join(_radio("rules", r, t(f"rules_{r}"), nm.rules == r, t(f"rules_{r}_note")) for r in choices.RULE_PRESETS)
        + rules_note + "</fieldset>"
        + f'<fieldset class="row"><legend>{_e(t("nm_clock"))}</legend>'
        + "".join(_radio("clock", c, t(f"clock_{c}"), nm.clock == c, t(f"clock_{c}_note") if c != "off" else "")
                  for c in choices.CLOCK_MODES)
        + "</fieldset>"
        + f'<fieldset class="row names"><legend>{_e(t("nm_names"))}</legend>'
        + f'<input name="name0" maxlength="{P.MAX_NAME}" value="{_e(nm.names[0])}" '
          f'placeholder="{_e(t("player_n", n=1) if pvp else t("you"))}" aria-label="{_e(t("nm_name_n", n=1))}">'
        + f'<input name="name1" maxlength="{P.MAX_NAME}" value="{_e(nm.names[1])}" '
          f'placeholder="{_e(t("player_n", n=2) if pvp else t("computer"))}" aria-label="{_e(t("nm_name_n", n=2))}"'
          f'{"" if pvp else " hidden"}>'
        + "</fieldset></form>"
    )
    start = _button("invite", t("nm_invite"), True) if online else _button("start", t("nm_start"), True)
    buttons = (_button("cancel", t("cancel")) if can_cancel else "") + start
    return Dialog("new-match", _frame("new-match", t("nm_title"), body, buttons), can_cancel)


def read_new_match(values: dict[str, str], base: MatchSetup) -> MatchSetup:
    """The new-match screen's choices from its form ``values`` (name -> value); anything odd keeps
    ``base``'s choice. The result is made consistent (:meth:`~web.model.setup.MatchSetup.fitted`)."""
    data = P.setup_to_dict(base)
    for key in ("mode", "level", "game", "rules", "clock", "first_checker", "prime"):
        if key in values:
            data[key] = values[key]
    if values.get("mother_points", "").isdigit():
        data["mother_points"] = int(values["mother_points"])
    if "length" in values:
        text = values["length"]
        data["length"] = None if text == "money" else (int(text) if text.isdigit() else base.length)
    data["names"] = [values.get("name0", base.names[0]), values.get("name1", base.names[1])]
    return P.setup_from_dict(data)


# --- options ------------------------------------------------------------------------------------


def _check(opt: str, label: str, on: bool, note: str = "") -> str:
    small = f"<small>{_e(note)}</small>" if note else ""
    return (f'<label class="choice"><input type="checkbox" data-opt="{opt}"{" checked" if on else ""}>'
            f"<span>{_e(label)}{small}</span></label>")


def options(prefs: Prefs) -> Dialog:
    """The options menu: every change applies at once (and is kept)."""
    v = prefs.view
    speed = min(ANIM_KEYS, key=lambda s: abs(s - v.anim_speed))
    langs = [("auto", t("opt_language_auto"))] + [(code, NAMES[code]) for code in LANGUAGES]
    body = (
        '<form class="opts" onsubmit="return false">'
        + _check("auto_roll", t("opt_auto_roll"), v.auto_roll, t("opt_auto_roll_note"))
        + _check("auto_bearoff", t("opt_auto_bearoff"), v.auto_bearoff, t("opt_auto_bearoff_note"))
        + _check("click_to_finish", t("opt_click_dice"), v.click_to_finish, t("opt_click_dice_note"))
        + _check("basic", t("opt_basic"), v.basic, t("opt_basic_note"))
        + _check("turn_board", t("opt_turn_board"), v.turn_board, t("opt_turn_board_note"))
        + _check("sound", t("opt_sound"), prefs.sound)
        + _check("hints", t("opt_hints"), v.hints, t("opt_hints_note"))
        + _check("screenreader", t("opt_screenreader"), v.screen_reader, t("opt_screenreader_note"))  # issue 15
        + f'<div class="row2"><label class="field"><span>{_e(t("opt_home"))}</span>'
        + _select("home", [("right", t("opt_home_right")), ("left", t("opt_home_left"))],
                  "left" if v.home_left else "right", "data-opt")
        + f'</label><label class="field"><span>{_e(t("opt_anim"))}</span>'
        + _select("anim", [(str(s), t(k)) for s, k in ANIM_KEYS.items()], str(speed), "data-opt")
        + f'</label></div><label class="field"><span>{_e(t("opt_language"))}</span>'
        + _select("language", langs, prefs.language or "auto", "data-opt")
        + "</label>" + _relays_field(prefs)  # issue 18: online play's relays
        + f'<p class="note">{_e(t("opt_kept"))}</p></form>'
    )
    files = _button("files", t("io_menu"), extra=f' title="{_e(t("io_tip"))}"')  # issue 14 (io): web.view.exchange
    return Dialog("options", _frame("options", t("opt_title"), body, files + _button("close", t("close"), True)))


def _relays_field(prefs: Prefs) -> str:
    """The relays for online play: a text box, one address a line (empty: the defaults); what is
    wrong with it shown under it (``[data-relays-error]``, filled by the page)."""
    from web.model.relays import DEFAULT_RELAYS, relays_text

    return (f'<label class="field relays"><span>{_e(t("opt_relays"))}</span>'
            f'<textarea data-opt="relays" rows="2" spellcheck="false" autocapitalize="off" autocomplete="off" '
            f'placeholder="{_e(DEFAULT_RELAYS[0])}">{_e(relays_text(prefs.relays))}</textarea>'
            f'<small>{_e(t("opt_relays_note"))}</small></label>'
            '<p class="relays-error" role="alert" data-relays-error hidden></p>')


def relays_problem(text: Any) -> str:
    """What is wrong with the relays typed in the options, in words ("" when nothing is)."""
    from web.model.relays import MAX_RELAYS, RelayError, parse_relays

    try:
        parse_relays(text if isinstance(text, str) else "")
    except RelayError as error:
        return t(f"relays_{error.problem}", url=error.url, n=MAX_RELAYS)
    return ""


def read_options(values: dict[str, Any], prefs: Prefs) -> Prefs:
    """:class:`Prefs` from the options form (``data-opt`` -> checked or value)."""
    from dataclasses import replace

    v = prefs.view
    view: dict[str, Any] = {}
    for name in ("auto_roll", "auto_bearoff", "click_to_finish", "basic", "turn_board", "hints"):
        if isinstance(values.get(name), bool):
            view[name] = values[name]
    if isinstance(values.get("screenreader"), bool):  # issue 15 (voice)
        view["screen_reader"] = values["screenreader"]
    if values.get("home") in ("left", "right"):
        view["home_left"] = values["home"] == "left"
    try:
        speed = float(values.get("anim", v.anim_speed))
        if speed in ANIM_KEYS:
            view["anim_speed"] = speed
    except (TypeError, ValueError):
        pass
    lang = values.get("language")
    language = prefs.language
    if lang == "auto":
        language = None
    elif lang in LANGUAGES:
        language = lang
    sound = values["sound"] if isinstance(values.get("sound"), bool) else prefs.sound
    relays = prefs.relays
    if isinstance(values.get("relays"), str) and not relays_problem(values["relays"]):
        from web.model.relays import parse_relays

        relays = parse_relays(values["relays"])  # (unusable: the relays kept, the problem shown)
    return replace(prefs, view=replace(v, **view), sound=sound, language=language, relays=relays)


# --- the rules, notices ---------------------------------------------------------------------------


def rules(lang: str, game: str | None = None) -> Dialog:
    """The rules page, with the section of ``game`` (the game in play) marked: the page opens there."""
    return Dialog("rules", f'<div class="dlg dlg-rules" data-dialog="rules">{rules_html(lang, game)}'
                           f'<div class="dlg-buttons">{_button("close", t("close"), True)}</div></div>')


def notice(text: str) -> Dialog:
    return Dialog("notice", _frame("notice", t("title"), f"<p>{_e(text)}</p>", _button("close", t("ok"), True)))


def unreadable_notice(held: bool) -> Dialog:
    """A save that could not be used (web.model.keeping): set aside (OK), or ``held`` where it was, no
    room to copy it (Not now, Discard it and start fresh). Both offer to download it."""
    download = _button("download-save", t("save_download"), held)
    if held:
        text, buttons = t("save_unreadable_held"), _button("close", t("save_not_now")) + _button(
            "discard-save", t("save_discard")) + download
    else:
        text, buttons = t("save_unreadable"), download + _button("close", t("ok"), True)
    return Dialog("notice", _frame("notice", t("title"), f"<p>{_e(text)}</p>", buttons))


def resume_or_new() -> Dialog:
    """The URL names a match and another one is in progress: which one to play (must answer)."""
    # Continue first: it has the focus, so that Enter never replaces the match in progress.
    buttons = _button("continue-saved", t("resume_continue"), True) + _button("start-url", t("resume_start_new"))
    return Dialog("resume", _frame("resume", t("title"), f'<p>{_e(t("resume_or_new"))}</p>', buttons), False)


# --- the match's questions ------------------------------------------------------------------------


def cube(q: CubeQuestion, advice: str = "", hint: bool = False) -> Dialog:
    """A double offered to the person who must answer: Take / Drop, with the stakes; with ``hint``
    a Hint button, and the coach's ``advice`` (HTML: web.view.coach_view) once given."""
    value = q.cube * 2
    body = (f'<p>{_e(t("dlg_cube_text", other=q.other, value=value))}</p>'
            f'<ul class="stakes"><li>{_e(t("dlg_cube_take", value=value))}</li>'
            f'<li>{_e(t("dlg_cube_drop", points=points_text(q.cube)))}</li></ul>{advice}')
    buttons = (_button("hint", t("hint"), extra=f' title="{_e(t("tip_hint"))}"') if hint and not advice else "") + \
        _button("drop", t("drop")) + _button("take", t("take"), True)
    return Dialog("cube", _frame("cube", f'{q.actor}: {t("dlg_cube_title")}', body, buttons), False)


def answer(q: ResignAnswer) -> Dialog:
    """A resignation offered to the person who must answer: Accept / Refuse."""
    pts = points_text(int(q.level) * q.cube)
    body = (f'<p>{_e(t("dlg_answer_text", other=q.other, kind=kind_text(q.level), points=pts))}</p>'
            f'<p class="note">{_e(t("dlg_answer_hint"))}</p>')
    buttons = _button("refuse", t("refuse")) + _button("accept", t("accept"), True)
    return Dialog("answer", _frame("answer", f'{q.actor}: {t("dlg_answer_title")}', body, buttons), False)


def resign(q: ResignChoice) -> Dialog:
    """Resigning the game: the levels that may be offered now (Greek rules: one confirmation)."""
    if not q.offers:
        body = f'<p>{_e(t("dlg_resign_greek", other=q.other, points=points_text(q.cost)))}</p>'
        buttons = _button("cancel", t("cancel")) + _button("confirm", t("confirm_resign"), True)
    else:
        body = f'<p>{_e(t("dlg_resign_text", other=q.other))}</p>'
        buttons = _button("cancel", t("cancel")) + "".join(
            _button(LEVEL_ACTIONS[lv], _capital(t("resign_level", kind=kind_text(lv),
                                                  points=points_text(int(lv) * q.cube))))
            for lv in q.levels)
    return Dialog("resign", _frame("resign", t("dlg_resign_title"), body, buttons))


def resign_match(other: str) -> Dialog:
    """Resigning the whole match to ``other``: a confirmation."""
    body = f'<p>{_e(t("dlg_resign_match_text", other=other))}</p>'
    buttons = _button("cancel", t("cancel"), True) + _button("resign-match", t("confirm_resign"))
    return Dialog("resign-match", _frame("resign-match", t("dlg_resign_match_title"), body, buttons))
