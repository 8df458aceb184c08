"""The computer's data archive in the page (web/browser/aidata.py): when a load fails it is tried again
after a back-off, at once when the computer starts waiting or the browser is back online; the
player is told while the computer waits, and when the data is in; leaving the page aborts the
fetch quietly. The browser's fetch is replaced by scripted ones here (e2e/test_aidata.py: the
page)."""

from __future__ import annotations

import asyncio
import io
import zipfile

import pytest

from web.browser import aidata
from web.browser.aidata import Loader, Notice, Retry, State


def test_back_off_doubles_up_to_its_limit():
    retry = Retry()
    delays = [retry.failed()[0] for _ in range(8)]
    assert delays == [1, 2, 4, 8, 16, 30, 30, 30]
    assert aidata.RETRY_FIRST_S == 1 and aidata.RETRY_LIMIT_S == 30
    for _ in range(2000):  # no overflow however long the outage
        delay, _ = retry.failed()
    assert delay == 30


def test_back_off_rejects_a_nonsense_schedule():
    for first, limit in ((0, 30), (-1, 30), (5, 1)):
        with pytest.raises(ValueError):
            Retry(first, limit)


def test_failures_are_told_only_while_the_computer_waits():
    retry = Retry()
    assert retry.failed() == (1, False)  # the idle warm-up failed: nobody waits yet
    assert retry.failed() == (2, False)
    assert retry.need() is True  # the computer waits now: try again at once...
    assert retry.failed() == (1, True)  # ...from the start of the schedule, and say so
    assert retry.failed() == (2, True)
    assert retry.need() is False  # still waiting: nothing new
    assert retry.succeeded() is True  # told of the failure: told of the success
    assert (retry.failures, retry.needed, retry.told) == (0, False, False)


def test_a_success_nobody_was_told_about_is_not_announced():
    retry = Retry()
    retry.failed()
    assert retry.succeeded() is False
    assert retry.need() is False  # nothing failed: no extra try
    assert retry.succeeded() is False


def _zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in files.items():
            archive.writestr(name, data)
    return out.getvalue()


GOOD = _zip({"tavli/ai/_probe_data.py": b"VALUE = 42\n"})


class ScriptedFetch:
    """A :class:`aidata.Fetcher` that answers from a script: bytes, an exception to raise, or
    ``"hang"`` (until aborted). ``calls`` counts the fetches."""

    def __init__(self, *answers) -> None:
        self.answers = list(answers)
        self.calls = 0
        self.hanging: asyncio.Future | None = None

    async def __call__(self) -> bytes:
        self.calls += 1
        answer = self.answers.pop(0)
        if answer == "hang":
            self.hanging = asyncio.get_event_loop().create_future()
            await self.hanging
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def abort(self) -> None:
        if self.hanging is not None and not self.hanging.done():
            self.hanging.set_exception(OSError("AbortError: the user aborted a request"))


class Page:
    """What a :class:`Loader` shows and tells, and what it unpacked (into ``tmp``)."""

    def __init__(self, tmp, fetch: ScriptedFetch, retry: Retry | None = None) -> None:
        self.states: list[State] = []
        self.told: list[Notice] = []
        self.warned: list[str] = []
        self.written: list[str] = []

        async def unpack(data: bytes) -> None:
            from tavli.steps import finish

            self.written += finish(aidata.unpack_steps(data, tmp))

        self.loader = Loader(fetch, unpack, show=self.states.append, tell=self.told.append,
                             warn=self.warned.append, retry=retry or Retry(first=0.001, limit=0.004))


async def _until(condition, what: str) -> None:
    """Let the loop run until ``condition()`` (a state, not a time: a few thousand turns at most)."""
    for _ in range(20000):
        if condition():
            return
        await asyncio.sleep(0)
    raise AssertionError(f"never: {what}")


def test_a_load_that_works_at_once(tmp_path):
    fetch = ScriptedFetch(GOOD)
    page = Page(tmp_path, fetch)

    async def main():
        await page.loader.load()
        await page.loader.load()  # done once: the same load

    asyncio.run(main())
    assert page.states == [State.LOADING, State.READY]
    assert page.written == ["tavli/ai/_probe_data.py"] and fetch.calls == 1
    assert page.told == [] and page.warned == []


@pytest.mark.parametrize("failure", [
    OSError("build/ai.zip: HTTP 404"),
    OSError("TypeError: Failed to fetch"),  # reset, offline
    "truncated",
    "garbage",
])
def test_failures_are_tried_again_until_the_data_is_in(tmp_path, failure):
    bad = {"truncated": GOOD[: len(GOOD) // 2], "garbage": b"<html>not here</html>"}.get(failure, failure)
    fetch = ScriptedFetch(bad, bad, bad, GOOD)
    page = Page(tmp_path, fetch)

    async def main():
        await page.loader.load()

    asyncio.run(main())
    assert fetch.calls == 4
    assert page.states == [State.LOADING, State.RETRY] * 3 + [State.LOADING, State.READY]
    assert len(page.warned) == 3 and all("build/ai.zip could not be loaded" in w for w in page.warned)
    assert page.told == []  # the computer never waited
    assert (tmp_path / "tavli/ai/_probe_data.py").read_bytes() == b"VALUE = 42\n"


def test_the_player_is_told_while_the_computer_waits(tmp_path):
    # The warm-up fails and waits out a long back-off; the computer then needs the data: a try at
    # once (not after the back-off), told while it fails, and the success told.
    fetch = ScriptedFetch(OSError("HTTP 404"), OSError("HTTP 404"), GOOD)
    page = Page(tmp_path, fetch, Retry(first=3600, limit=3600))

    async def main():
        task = page.loader.load()
        await _until(lambda: page.loader.state is State.RETRY, "the first failure")
        assert page.told == []
        page.loader.need()  # the computer waits: at once
        await _until(lambda: page.told == [Notice.RETRYING], "the player told")
        page.loader.wake()  # the browser says it is online again
        await task

    asyncio.run(main())
    assert fetch.calls == 3
    assert page.told == [Notice.RETRYING, Notice.LOADED]
    assert page.states[-1] is State.READY


def test_leaving_the_page_aborts_quietly_and_coming_back_goes_on(tmp_path):
    fetch = ScriptedFetch("hang", GOOD)
    page = Page(tmp_path, fetch, Retry(first=3600, limit=3600))

    async def main():
        task = page.loader.load()
        page.loader.need()
        await _until(lambda: fetch.hanging is not None, "the fetch under way")
        page.loader.leave()  # pagehide
        await _until(lambda: page.loader.state is State.PAUSED, "paused")
        assert fetch.calls == 1 and not task.done()
        page.loader.back()  # pageshow (the back-forward cache)
        await task

    asyncio.run(main())
    assert page.states == [State.LOADING, State.PAUSED, State.LOADING, State.READY]
    assert page.told == [] and page.warned == []  # an abort on purpose is no failure


def test_notices_are_in_every_language():
    from web.model import i18n

    for code in i18n.LANGUAGES:
        catalogue = i18n.catalogue(code)
        for notice in Notice:
            assert catalogue.get(notice.value, "").strip(), f"{code}: {notice.value}"
