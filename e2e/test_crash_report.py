"""The crash report's own check: a renderer crashed on purpose is described by Chromium and by its
minidump."""

from __future__ import annotations

import contextlib
import time

from playwright.sync_api import Error as PlaywrightError

from e2e.crashes import crash_report, uptime, wait_for_dumps


def test_a_crashed_renderer_is_described_by_chromium_and_by_its_minidump(browser, renderer_deaths):
    started, started_uptime, deaths_before = time.time(), uptime(), len(renderer_deaths.seen)
    context = browser.new_context()
    page = context.new_page()
    with contextlib.suppress(PlaywrightError):  # the navigation dies with its renderer
        page.goto("chrome://crash")  # Chromium's own null-pointer dereference
    dumps = wait_for_dumps(started, 60)
    try:
        report = crash_report(started, started_uptime)
        assert dumps, "crashpad wrote no minidump for chrome://crash"
        assert "SIGSEGV" in report, report
        assert "crashed (exit code 11)" in renderer_deaths.since(deaths_before)  # 11: SIGSEGV
    finally:
        context.close()
        for dump in dumps:  # the dump and crashpad's notes on it (.meta)
            for written in dump.parent.glob(f"{dump.stem}.*"):
                written.unlink(missing_ok=True)
