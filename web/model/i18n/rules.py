"""The rules page, in each language: its text (``rules_en/el/bg.py``: ``TITLE`` and ``TEXT``) read
into a :class:`RulesPage`, and :func:`rules_html`. Pure Python, no browser imports.

``TEXT`` is plain text: a line ``## title`` opens a section; in it each paragraph starts at the
line's beginning, its further lines indented (they join it with a space); a paragraph starting
with ``- `` is a list item. The three pages have the same sections and paragraphs, in order
(tests/test_i18n.py checks the shape).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from importlib import import_module

from . import DEFAULT, LANGUAGES, catalogue

Section = tuple[str, tuple[str, ...]]  # (title, paragraphs)


@dataclass(frozen=True)
class RulesPage:
    """One language's rules page: its title and its sections."""

    title: str
    sections: tuple[Section, ...]


def parse(title: str, text: str) -> RulesPage:
    """The page of ``text`` (the format in this module's docstring) titled ``title``."""
    sections: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        if line.startswith("## "):
            sections.append((line[3:].strip(), []))
        elif line.startswith(" "):
            paragraphs = sections[-1][1]
            paragraphs[-1] += " " + line.strip()
        else:
            sections[-1][1].append(line.strip())
    return RulesPage(title, tuple((name, tuple(paras)) for name, paras in sections))


def page(code: str) -> RulesPage:
    """The rules page of ``code`` (English for an unknown code)."""
    module = import_module(f"{__package__}.rules_{code if code in LANGUAGES else DEFAULT}")
    return parse(module.TITLE, module.TEXT)


def section_ids(code: str) -> list[str]:
    """An id per section of the rules page: ``rules-portes`` for the first (the rules of Portes
    begin the page), ``rules-plakoto``/``rules-fevga`` for the sections titled as those games are
    named in ``code``, ``rules-<n>`` for the others."""
    names = {catalogue(code).get(f"game_{g}"): g for g in ("plakoto", "fevga")}
    return ["rules-portes" if i == 0 else f"rules-{names.get(title, i)}"
            for i, (title, _) in enumerate(page(code).sections)]


def rules_html(code: str, game: str | None = None) -> str:
    """The rules page as HTML: an ``<h2>``, a table of contents (links to the sections), then per
    section an ``<h3>``, paragraphs and lists. The section of ``game`` (Plakoto, Fevga) carries
    ``data-current``: the page opens there; Portes's rules begin the page, which opens at the top."""
    rules = page(code)
    ids = section_ids(code)
    out = [f'<article class="rules" lang="{code if code in LANGUAGES else DEFAULT}">',
           f"<h2>{html.escape(rules.title)}</h2>",
           f'<nav class="rules-toc" aria-label="{html.escape(catalogue(code)["rules_contents"])}"><ol>']
    out += [f'<li><a href="#{sid}">{html.escape(title)}</a></li>' for sid, (title, _) in zip(ids, rules.sections)]
    out.append("</ol></nav>")
    for sid, (title, paragraphs) in zip(ids, rules.sections):
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
