"""What goes in and out of the page (issue 14, io): the ``.mat`` download of a played Portes match
(read back by tavli and written again byte for byte), the IDs copied (clipboard, or the text left
selected when the browser refuses), a ``.mat`` opened for review (the file chooser, and the
installed app's launchQueue), a pasted XGID / Position ID played from (after the player agreed
to replace the match in progress), bad files and IDs refused with a message and nothing changed,
the record of finished matches (noted once, across a reload; the stats; cleared when confirmed),
and the dialogs at phone sizes in Greek (nothing clipped)."""

from __future__ import annotations

import json
from pathlib import Path

from e2e.board_hooks import counts, mirror, phase, play_any, play_turn, wait_turn
from e2e.helpers import boot, settle
from tavli.formats import matchio
from tests.test_exchange import played as played_match

QUERY = "seed=11&anim=0&mode=pvp&length=5"
XGID = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:7:10"  # the opening position, X to play 52


def dialog(page) -> str:
    return page.evaluate("document.body.dataset.dialog || ''")


def open_files(page) -> None:
    page.click("#panel button[data-action=options]")
    page.click("dialog button[data-action=files]")
    assert dialog(page) == "files"


def message(page) -> dict:
    return page.evaluate("""() => { const m = document.querySelector('dialog .io-message');
        return {kind: m.dataset.kind, text: m.innerText}; }""")


def played(page, turns: int = 4):
    """A seeded two-player Portes match played ``turns`` turns on the page and on its mirror."""
    boot(page, QUERY)
    ctl = mirror(QUERY)
    for _ in range(turns):
        play_turn(page, ctl)
    return ctl


def keep_state(page) -> dict:
    """What must not change: the save, the board, the phase, the log's length."""
    return {"save": page.evaluate("localStorage.getItem('tavli.match')"), "counts": counts(page),
            "phase": phase(page), "variant": page.evaluate("document.body.dataset.variant")}


# --- out -----------------------------------------------------------------------------------------


def test_the_mat_download_is_gnubgs_transcript_and_reads_back_byte_for_byte(page, tmp_path: Path):
    ctl = played(page)
    open_files(page)
    with page.expect_download() as info:
        page.click("dialog button[data-action=export-mat]")
    download = info.value
    assert download.suggested_filename.startswith("tavli-") and download.suggested_filename.endswith(".mat")
    path = tmp_path / download.suggested_filename
    download.save_as(path)
    text = path.read_bytes().decode("utf-8")
    assert text == matchio.to_mat(ctl.match, ctl.names)  # what tavli writes for the match played
    again = matchio.from_mat(text)
    assert matchio.to_mat(again, ctl.names).encode() == path.read_bytes()  # byte-stable
    assert [e.to_dict() for e in again.log if e.type == "play"] == [
        e.to_dict() for e in ctl.match.log if e.type == "play"]
    assert message(page)["kind"] == "done"


def test_the_ids_shown_are_tavlis_and_copy_to_the_clipboard_or_stay_selected(page, context):
    ctl = played(page, 3)
    open_files(page)
    want = {"position-id": matchio.position_id(ctl.match), "match-id": matchio.match_id(ctl.match),
            "xgid": matchio.xgid(ctl.match)}
    for name, value in want.items():
        assert page.input_value(f"dialog [data-id={name}]") == value
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    for name, value in want.items():
        page.click(f"dialog button[data-action=copy-{name}]")
        page.wait_for_function("document.querySelector('dialog .io-message').dataset.kind === 'done'")
        assert page.evaluate("navigator.clipboard.readText()") == value
        page.evaluate("document.querySelector('dialog .io-message').dataset.kind = ''")
    # A browser that refuses: the ID is left selected in its field, and the player is told.
    page.evaluate("() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); }")
    page.click("dialog button[data-action=copy-xgid]")
    page.wait_for_function("document.querySelector('dialog .io-message').dataset.kind === 'fallback'")
    selected = page.evaluate("""() => { const f = document.activeElement;
        return f.dataset.id + '|' + f.value.slice(f.selectionStart, f.selectionEnd); }""")
    assert selected == f"xgid|{want['xgid']}"
    assert "XGID" in message(page)["text"]


def test_for_plakoto_the_portes_formats_are_disabled_with_the_reason(page):
    boot(page, "seed=2&anim=0&mode=pvp&variant=plakoto&length=3")
    open_files(page)
    for action in ("export-mat", "copy-position-id", "copy-match-id", "copy-xgid"):
        button = page.locator(f"dialog button[data-action={action}]")
        assert button.is_disabled()
        assert "Plakoto" in (button.get_attribute("title") or "")
    assert page.locator("dialog button[data-action=open-mat]").is_enabled()  # import still works


# --- in ------------------------------------------------------------------------------------------


def test_a_pasted_xgid_replaces_the_match_in_progress_only_once_agreed(page):
    played(page, 2)
    before = keep_state(page)
    open_files(page)
    page.fill("dialog textarea[data-io=ids]", XGID)
    page.click("dialog button[data-action=import-id]")
    assert dialog(page) == "io-replace"
    page.click("dialog button[data-action=cancel]")  # no: nothing changed
    assert dialog(page) == "" and keep_state(page) == before
    open_files(page)
    page.fill("dialog textarea[data-io=ids]", XGID)
    page.click("dialog button[data-action=import-id]")
    page.click("dialog button[data-action=import-replace]")
    assert dialog(page) == ""
    assert wait_turn(page) == "move"
    expected = matchio.from_xgid(XGID)
    from web.control.controller import Controller
    from web.model.setup import MatchSetup

    shown = Controller(MatchSetup(mode="pvp", length=7), match=expected)
    from e2e.board_hooks import expected as expected_counts

    assert counts(page) == expected_counts(shown)
    assert page.evaluate("[...document.querySelectorAll('#board-svg [data-die]')].map(d => +d.dataset.die).sort()") == [2, 5]
    saved = json.loads(page.evaluate("localStorage.getItem('tavli.match')"))
    assert saved["log"][0]["type"] == "setup" and saved["length"] == 7
    settle(page)
    page.reload(wait_until="domcontentloaded")
    page.wait_for_function("document.body.dataset.phase && document.body.dataset.phase !== 'loading'")
    assert phase(page) == "move" and counts(page) == expected_counts(shown)
    open_files(page)  # the IDs of the position played are the ones pasted
    assert page.input_value("dialog [data-id=xgid]") == XGID
    assert page.locator("dialog button[data-action=export-mat]").is_disabled()  # no transcript from the start


def test_a_gnubg_id_pair_is_played_at_once_when_no_match_is_under_way(page):
    boot(page, "seed=3&anim=0&mode=pvp&length=3")  # before the opening roll: nothing to lose
    open_files(page)
    page.fill("dialog textarea[data-io=ids]", "Position ID: 4HPwATDgc/ABMA\nMatch ID   : cAkAAAAAAAAA")
    page.click("dialog button[data-action=import-id]")
    assert dialog(page) == ""
    assert wait_turn(page) == "roll"
    assert page.evaluate("document.querySelector('.match-info').textContent")  # money play now
    saved = json.loads(page.evaluate("localStorage.getItem('tavli.match')"))
    assert saved["log"][0]["type"] == "setup" and saved["length"] is None


def board_of(replay) -> dict[tuple[int, int], int]:
    """{(owner, point): checkers} of a CPython replay's board (as e2e.board_hooks.counts reads)."""
    view = replay.board_view()
    return {(side, point): n for side in (0, 1) for point in range(26) if (n := view.count_at(side, point))}


def test_a_downloaded_mat_opened_again_shows_its_first_game_for_review(page, tmp_path: Path):
    from web.control.replay import Replay

    ctl = played(page, 5)
    before = keep_state(page)
    path = tmp_path / "match.mat"
    path.write_text(matchio.to_mat(ctl.match, ("Anna", "Vasilis")), encoding="utf-8")
    open_files(page)
    page.set_input_files("dialog [data-io=mat-file]", str(path))
    page.wait_for_function("document.body.dataset.replay === '1' && !document.body.dataset.dialog")
    imported = matchio.from_mat(path.read_text())
    assert counts(page) == board_of(Replay(imported, 1, 0))  # game 1, before its first move
    names = page.evaluate("[...document.querySelectorAll('#panel .card .name')].map(e => e.textContent).sort()")
    assert names == ["Anna", "Vasilis"]
    page.click("#panel button[data-action=replay-forward]")
    assert counts(page) == board_of(Replay(imported, 1, 1))
    page.click("#panel button[data-action=replay-leave]")
    page.wait_for_function("!document.body.dataset.replay")
    assert keep_state(page) == before  # the live match, unchanged under the review


LAUNCH_QUEUE = """window.__launch = null;
Object.defineProperty(window, 'launchQueue', {configurable: true, value: {setConsumer(f) { window.__launch = f; }}});"""


def test_the_installed_app_opens_a_mat_it_is_launched_with(page):
    """The manifest's file_handlers send the file to the page's launchQueue consumer (stubbed here:
    headless Chromium does not install apps); a bad one is said in the Files dialog."""
    page.add_init_script(LAUNCH_QUEUE)
    boot(page, "open=file&anim=0")
    page.wait_for_function("typeof window.__launch === 'function'")
    text = matchio.to_mat(played_match(seed=8, turns=4, length=3), ("Eleni", "Nikos"))
    launch = """(text) => window.__launch({files: [{getFile: async () => new File([text], 'game.mat', {type: 'text/plain'})}]})"""
    page.evaluate(launch, text)
    page.wait_for_function("document.body.dataset.replay === '1'")
    assert "Eleni" in page.inner_text("#panel")
    page.click("#panel button[data-action=replay-leave]")
    assert dialog(page) == "new-match"  # a first visit: the new-match screen the file came before
    page.click("dialog button[data-action=start]")
    page.evaluate(launch, "not a match at all")
    page.wait_for_function("document.querySelector('dialog .io-message')?.dataset.kind === 'error'")
    assert dialog(page) == "files" and page.evaluate("document.body.dataset.replay || ''") == ""


BAD_FILES = {
    "binary": bytes(range(256)) * 4,
    "not-a-mat": b"hello, this is a letter\nnot a match\n",
    "illegal-move": b" 3 point match\n\n Game 1\n A : 0                          B : 0\n  1) 52: 13/3\n",
    "wrong-checkers": b" 3 point match\n\n Game 1\n A : 0                          B : 0\n  1) 52: 24/22 1/0\n",
    "huge": b" 3 point match\n" + b" " * 600_000,
    "no-games": b" 3 point match\n\n",
}
BAD_IDS = ["hello", "XGID=PPPPPPPPPPPPPPPPPPPPPPPPPP:0:0:1:52:0:0:0:7:10", "AAAAAAAAAAAAAA:cAkAAAAAAAAA",
           "4HPwATDgc/ABMA:cAkAAAAAAAA", "x" * 5000]


def test_bad_files_and_ids_are_refused_with_a_message_and_change_nothing(page, tmp_path: Path):
    played(page, 2)
    before = keep_state(page)
    open_files(page)
    for name, data in BAD_FILES.items():
        path = tmp_path / f"{name}.mat"
        path.write_bytes(data)
        page.evaluate("document.querySelector('dialog .io-message').dataset.kind = ''")
        page.set_input_files("dialog input[data-io=mat-file]", str(path))
        page.wait_for_function("document.querySelector('dialog .io-message').dataset.kind === 'error'")
        assert "Nothing was changed" in message(page)["text"], name
        assert dialog(page) == "files" and page.evaluate("document.body.dataset.replay || ''") == ""
    for text in BAD_IDS:
        page.fill("dialog textarea[data-io=ids]", text)
        page.evaluate("document.querySelector('dialog .io-message').dataset.kind = ''")
        page.click("dialog button[data-action=import-id]")
        assert message(page)["kind"] == "error", text
        assert dialog(page) == "files"
    page.click("dialog button[data-action=close]")
    assert keep_state(page) == before


def test_the_message_is_in_the_players_language(page, tmp_path: Path):
    page.add_init_script("localStorage.setItem('tavli.prefs', JSON.stringify({language: 'el'}))")
    boot(page, "seed=3&anim=0&mode=pvp&length=3")
    open_files(page)
    path = tmp_path / "x.mat"
    path.write_bytes(b"not a match")
    page.set_input_files("dialog input[data-io=mat-file]", str(path))
    page.wait_for_function("document.querySelector('dialog .io-message').dataset.kind === 'error'")
    assert "Τίποτα δεν άλλαξε" in message(page)["text"]


# --- the record of finished matches -------------------------------------------------------------


def records(page) -> list[dict]:
    return json.loads(page.evaluate("localStorage.getItem('tavli.records')") or '{"matches": []}')["matches"]


def resign_the_match(page) -> None:
    page.click("#panel button[data-action=resign-match]")
    page.click("dialog button[data-action=resign-match]")
    assert wait_turn(page) == "match-over"


def test_a_finished_match_is_noted_once_kept_across_reloads_shown_and_cleared(page):
    boot(page, "seed=4&anim=0&mode=cpu&level=intermediate&length=1")
    for _ in range(2):  # the person's side played through the board's hooks
        play_any(page)
    resign_the_match(page)
    noted = records(page)
    assert len(noted) == 1
    entry = noted[0]
    assert (entry["variant"], entry["mode"], entry["level"], entry["length"], entry["winner"]) == (
        "portes", "cpu", "intermediate", 1, 1)
    assert entry["scores"] == [0, 1] and entry["rates"] is None
    settle(page)
    page.reload(wait_until="domcontentloaded")  # the match-over screen again: not noted twice
    page.wait_for_function("document.body.dataset.phase && document.body.dataset.phase !== 'loading'")
    assert dialog(page) == "new-match"  # what a finished match opens with
    assert records(page) == noted
    page.click("dialog button[data-action=start]")
    assert records(page) == noted
    open_files(page)
    page.click("dialog button[data-action=records]")
    assert dialog(page) == "records"
    cell = page.locator("dialog .tally li[data-opponent='cpu:intermediate'] [data-game=portes]")
    assert (cell.get_attribute("data-wins"), cell.get_attribute("data-losses")) == ("0", "1")
    assert page.locator("dialog .recent li").count() == 1
    page.click("dialog button[data-action=records-clear]")
    assert dialog(page) == "records-clear"
    page.click("dialog button[data-action=cancel]")
    assert records(page) == noted
    open_files(page)
    page.click("dialog button[data-action=records]")
    page.click("dialog button[data-action=records-clear]")
    page.click("dialog button[data-action=records-clear-confirm]")
    assert dialog(page) == "records"
    assert records(page) == []
    assert page.locator("dialog .recent li").count() == 0
    assert page.locator("dialog button[data-action=records-clear]").is_disabled()


def test_an_unreadable_record_is_never_written_over(page):
    page.add_init_script("if (!sessionStorage.getItem('w')) { sessionStorage.setItem('w', '1');"
                         " localStorage.setItem('tavli.records', '{\"format\": \"tavli-records\", broken'); }")
    boot(page, "seed=4&anim=0&mode=pvp&length=1")
    act_once = wait_turn(page)
    assert act_once == "opening"
    resign_the_match(page)
    page.wait_for_function("document.querySelector('#toast').textContent.includes('not noted')")
    assert page.evaluate("localStorage.getItem('tavli.records')") == '{"format": "tavli-records", broken'
    page.keyboard.press("Escape")
    open_files(page)
    page.click("dialog button[data-action=records]")
    assert page.locator("dialog .rec-problem").is_visible()
    page.click("dialog button[data-action=records-clear]")
    page.click("dialog button[data-action=records-clear-confirm]")  # the player's word: now it goes
    assert page.evaluate("localStorage.getItem('tavli.records')") is None
