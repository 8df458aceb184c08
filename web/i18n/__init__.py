"""The interface in Greek, English and Bulgarian. Pure Python, no browser imports.

* Catalogues: ``web/strings.py`` holds the English strings (``EN``) and ``t(key, **kw)``;
  ``web/i18n/en.py`` the English of the keys strings.py does not have yet (options menu,
  new-match screen, saving, updates, rules); ``el.py`` and ``bg.py`` every key in Greek and
  Bulgarian. tests/test_i18n.py checks they have the same keys and the same ``{placeholders}``.
* :func:`install` registers them with web.strings and picks the language, so that ``t()`` answers
  in it (a key missing from a catalogue falls back to English there).
* :func:`choose_language`: the option if set, else the first of the browser's languages
  (``navigator.languages``) that we have, else English.
* The rules page: ``rules_en/el/bg.py`` (``TITLE``, ``SECTIONS``); :func:`rules_html` renders one.

    from web import i18n
    lang = i18n.choose_language(prefs.language, list(navigator.languages))
    i18n.install(lang)                       # then web.strings.t(...) speaks it
    document.documentElement.lang = lang
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from importlib import import_module

LANGUAGES = ("el", "en", "bg")
DEFAULT = "en"
# Each language's name in itself, for the language menu.
NAMES = {"el": "Ελληνικά", "en": "English", "bg": "Български"}


def choose_language(preference: str | None = None, browser: Iterable[str] | str | None = ()) -> str:
    """The language to show: ``preference`` (the option) when it is one of ours, else the first
    of the browser's language tags (``"el-GR"``, ``"bg"``, ``"en-US"`` ...) that we have, else
    English."""
    if isinstance(preference, str) and preference.lower() in LANGUAGES:
        return preference.lower()
    if isinstance(browser, str):
        browser = [browser]
    for tag in browser or ():
        base = str(tag).strip().lower().replace("_", "-").split("-")[0]
        if base in LANGUAGES:
            return base
    return DEFAULT


def english() -> dict[str, str]:
    """Every English string: web/strings.py's ``EN`` and the additions of web/i18n/en.py."""
    from web import strings
    from web.i18n import en

    return {**en.STRINGS, **strings.EN}


def catalogue(code: str) -> dict[str, str]:
    """The whole catalogue of ``code`` (English for an unknown code)."""
    if code == "el":
        from web.i18n import el

        return dict(el.STRINGS)
    if code == "bg":
        from web.i18n import bg

        return dict(bg.STRINGS)
    return english()


def install(code: str | None = None) -> str:
    """Register the catalogues with web.strings, add the English additions to its ``EN`` (so its
    English fallback knows every key), switch to ``code`` (English when unknown) and return the
    language now in use."""
    from web import strings
    from web.i18n import en

    for key, text in en.STRINGS.items():
        strings.EN.setdefault(key, text)
    for lang in LANGUAGES:
        if lang != "en":
            strings.add_language(lang, catalogue(lang))
    chosen = code if code in LANGUAGES else DEFAULT
    strings.set_language(chosen)
    return chosen


def rules(code: str):
    """The rules page module of ``code`` (``TITLE``, ``SECTIONS``)."""
    return import_module(f"web.i18n.rules_{code if code in LANGUAGES else DEFAULT}")


def section_ids(code: str) -> list[str]:
    """An id per section of the rules page: ``rules-portes`` for the first (the rules of Portes
    begin the page), ``rules-plakoto``/``rules-fevga`` for the sections titled as those games are
    named in ``code``, ``rules-<n>`` for the others."""
    names = {catalogue(code).get(f"game_{g}"): g for g in ("plakoto", "fevga")}
    return ["rules-portes" if i == 0 else f"rules-{names.get(title, i)}"
            for i, (title, _) in enumerate(rules(code).SECTIONS)]


def rules_html(code: str, game: str | None = None) -> str:
    """The rules page as HTML: an ``<h2>``, a table of contents (links to the sections), then per
    section an ``<h3>``, paragraphs and lists. The section of ``game`` (Plakoto, Fevga) carries
    ``data-current``: the page opens there; Portes's rules begin the page, which opens at the top."""
    page = rules(code)
    ids = section_ids(code)
    out = [f'<article class="rules" lang="{code if code in LANGUAGES else DEFAULT}">',
           f"<h2>{html.escape(page.TITLE)}</h2>",
           f'<nav class="rules-toc" aria-label="{html.escape(catalogue(code)["rules_contents"])}"><ol>']
    out += [f'<li><a href="#{sid}">{html.escape(title)}</a></li>' for sid, (title, _) in zip(ids, page.SECTIONS)]
    out.append("</ol></nav>")
    for sid, (title, paragraphs) in zip(ids, page.SECTIONS):
        current = " data-current" if game in ("plakoto", "fevga") and sid == f"rules-{game}" else ""
        out.append(f'<section id="{sid}"{current}><h3>{html.escape(title)}</h3>')
        in_list = False
        for para in paragraphs:
            item = para.startswith("- ")
            if item and not in_list:
                out.append("<ul>")
            elif not item and in_list:
                out.append("</ul>")
            in_list = item
            text = html.escape(para[2:] if item else para)
            out.append(f"<li>{text}</li>" if item else f"<p>{text}</p>")
        if in_list:
            out.append("</ul>")
        out.append("</section>")
    out.append("</article>")
    return "\n".join(out)
