"""Browser tests (Playwright driving Debian chromium); fixtures in conftest.py, helpers in helpers.py."""
