"""The interface in Greek, English and Bulgarian (web.model.i18n): complete catalogues,
the same placeholders, the language chosen from the option or the browser, the rules page."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from web.model import i18n
from web.model.i18n import bg, el, en, rules

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = {"en": i18n.catalogue("en"), "el": dict(el.STRINGS), "bg": dict(bg.STRINGS)}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


@pytest.mark.parametrize("code", ["el", "bg"])
def test_same_keys_as_english(code):
    english, other = set(CATALOGUES["en"]), set(CATALOGUES[code])
    assert sorted(english - other) == [], f"missing in {code}"
    assert sorted(other - english) == [], f"only in {code}"


@pytest.mark.parametrize("code", ["en", "el", "bg"])
def test_no_empty_strings_and_well_formed(code):
    for key, text in CATALOGUES[code].items():
        assert isinstance(text, str) and text.strip(), f"{code}:{key} is empty"
        assert text == text.strip(), f"{code}:{key} has stray spaces"
        fields(text)  # raises on a malformed {field}


@pytest.mark.parametrize("code", ["el", "bg"])
def test_same_placeholders_per_key(code):
    for key, text in CATALOGUES["en"].items():
        assert fields(CATALOGUES[code][key]) == fields(text), f"{code}:{key}"


def test_english_is_one_catalogue():
    # t()'s English fallback is en.py's catalogue itself.
    assert i18n.EN is en.STRINGS and CATALOGUES["en"] == en.STRINGS


@pytest.mark.parametrize("code", ["el", "bg"])
def test_translations_are_in_their_script(code):
    script = re.compile("[\u0370-\u03ff]" if code == "el" else "[\u0400-\u04ff]")
    untranslated = [k for k, v in CATALOGUES[code].items()
                    if not script.search(v) and not k.startswith("lang_") and re.search("[A-Za-z]{3}", v)
                    and v not in ("Python", "Crawford")]
    assert untranslated == []


def test_every_string_formats_with_its_fields():
    for cat in CATALOGUES.values():
        for text in cat.values():
            text.format(**{f: "x" for f in fields(text)})


@pytest.mark.parametrize(("preference", "browser", "expected"), [
    (None, ["el-GR", "en"], "el"),
    (None, ["bg-BG"], "bg"),
    (None, ["en-US", "el"], "en"),
    (None, ["de-DE", "fr"], "en"),
    (None, ["de-DE", "bg"], "bg"),
    (None, [], "en"),
    (None, None, "en"),
    (None, "el", "el"),
    ("bg", ["el-GR"], "bg"),
    ("en", ["el"], "en"),
    ("xx", ["el"], "el"),
    ("EL", [], "el"),
])
def test_choose_language(preference, browser, expected):
    assert i18n.choose_language(preference, browser) == expected


def test_install_switches_t():
    saved_en, saved_catalogues = dict(i18n.EN), dict(i18n._CATALOGUES)
    try:
        assert i18n.install("el") == "el"
        assert i18n.t("roll") == el.STRINGS["roll"]
        assert i18n.t("opt_sound") == el.STRINGS["opt_sound"]
        assert i18n.t("points_n", n=3) == "3 πόντοι"
        i18n.install("bg")
        assert i18n.t("match_to", n=5) == "Мач до 5"
        assert i18n.install("xx") == "en"
        assert i18n.t("opt_sound") == "Sound"
    finally:
        i18n.EN.clear()
        i18n.EN.update(saved_en)
        i18n._CATALOGUES.clear()
        i18n._CATALOGUES.update(saved_catalogues)
        i18n.set_language("en")


def test_update_notice_words_match_the_page_script():
    """web/sw_register.js shows the update notice before Python is up: same words as here."""
    js = (ROOT / "web" / "sw_register.js").read_text()
    for code in i18n.LANGUAGES:
        block = re.search(code + r": \{ ready: \"([^\"]+)\", reload: \"([^\"]+)\", dismiss: \"([^\"]+)\" \}", js)
        assert block, f"no {code} words in sw_register.js"
        cat = CATALOGUES[code]
        assert block.groups() == (cat["update_ready"], cat["update_reload"], cat["update_dismiss"])
    # It follows the language option where web.model.prefs stores it.
    from web.model.prefs import STORAGE_KEY, Prefs, to_dict

    assert f'localStorage.getItem("{STORAGE_KEY}")' in js and "prefs.language" in js
    assert "language" in to_dict(Prefs())


def test_boot_error_words_match_the_page_script():
    """web/pyodide_early.mjs says why the game could not start before Python is up: same words."""
    js = (ROOT / "web" / "pyodide_early.mjs").read_text()
    for code in i18n.LANGUAGES:
        block = re.search(code + r": \{ network: \"([^\"]+)\", damaged: \"([^\"]+)\" \}", js)
        assert block, f"no {code} words in pyodide_early.mjs"
        cat = CATALOGUES[code]
        assert block.groups() == (cat["boot_network"], cat["boot_damaged"])
    assert 'localStorage.getItem("tavli.prefs")' in js and "prefs.language" in js


def test_rules_pages_have_the_same_shape():
    pages = {code: rules.page(code) for code in i18n.LANGUAGES}
    shape = [[p.startswith("- ") for p in paras] for _, paras in pages["en"].sections]
    for code, page in pages.items():
        assert page.title.strip()
        assert [[p.startswith("- ") for p in paras] for _, paras in page.sections] == shape, code
        for title, paras in page.sections:
            assert title.strip() and all(p.strip("- ").strip() for p in paras)


def test_rules_html():
    page = rules.rules_html("el")
    assert page.startswith('<article class="rules" lang="el">') and page.endswith("</article>")
    assert page.count("<section id=") == len(rules.page("el").sections)
    assert "πόρτα" in page and "<ul>" in page and page.count("<ul>") == page.count("</ul>")
    assert "Правила" in rules.rules_html("bg")
    assert rules.rules_html("xx") == rules.rules_html("en")


def test_english_verbs_agree_with_you():
    """"You win a single", not "You wins"; another name keeps the third person; the "you" forms
    have the same fields as the strings they replace."""
    import re


    i18n.set_language("en")
    try:
        assert i18n.t("game_won", name=i18n.t("you"), kind="single", points="1 point") == "You win a single: 1 point"
        assert i18n.t("game_won", name="Computer", kind="single", points="1 point") == "Computer wins a single: 1 point"
        assert i18n.t("passes", name=i18n.t("you")) == "You cannot move and pass"
        for key, text in i18n._YOU_FORMS["en"].items():
            fields = set(re.findall(r"{(\w+)}", i18n.EN[key])) - {"name"}
            assert set(re.findall(r"{(\w+)}", text)) == fields, key
    finally:
        i18n.set_language("en")
