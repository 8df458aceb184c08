"""The crash report's own check: a renderer crashed on purpose is reported by Chromium as crashed."""

from __future__ import annotations

import contextlib
import time

from playwright.sync_api import Error as PlaywrightError


def test_a_crashed_renderer_is_reported_by_chromium_with_its_signal(browser, renderer_deaths):
    deaths_before = len(renderer_deaths.seen)
    context = browser.new_context()
    page = context.new_page()
    try:
        with contextlib.suppress(PlaywrightError):  # the navigation dies with its renderer
            page.goto("chrome://crash")  # Chromium's own null-pointer dereference
        deadline = time.monotonic() + 30
        while not (said := renderer_deaths.since(deaths_before)) and time.monotonic() < deadline:
            time.sleep(0.1)  # the browser reports the death when it notices: poll for it
        assert "crashed (exit code 11)" in said  # 11: SIGSEGV
    finally:
        context.close()
