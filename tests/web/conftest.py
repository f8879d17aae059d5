"""A real ``dominohall serve`` for the site's tests, and Debian's Chromium driven by Playwright."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, sync_playwright

from ..server.harness import Server

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SCREENSHOTS = Path(__file__).parent / "screenshots"
SAVE_SHOTS = os.environ.get("DOMINOHALL_SCREENSHOTS") == "1"
"""Screenshots are saved only by ``make screenshots`` (which sets this), so a test run changes no tracked file."""
DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """``dominohall serve`` on loopback with a fresh SQLite file and bots that move at once; a finished round
    waits for Continue as on a real site (20 s), so the pages show the round's summary."""
    running = Server(tmp_path_factory.mktemp("web") / "db.sqlite", options=["--between-rounds", "20"]).start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Chromium from Debian: Playwright never downloads a browser here."""
    assert CHROMIUM.exists(), "Debian's chromium is missing: make test installs it (apt-get install chromium)"
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        yield launched
        launched.close()


def new_page(browser: Browser, viewport: ViewportSize, language: str = "en-GB") -> Page:
    """A fresh browser context (no cookies) at ``viewport`` wanting ``language``."""
    context = browser.new_context(viewport=viewport, locale=language)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def shot(page: Page, name: str, full_page: bool = True) -> None:
    """Save a screenshot under tests/web/screenshots/ when ``make screenshots`` asks for them; otherwise
    nothing is written (the page is still driven to the state the picture would show)."""
    if not SAVE_SHOTS:
        return
    SCREENSHOTS.mkdir(exist_ok=True)
    # a tile in flight (fly.js) is a copy over the page at the place its tile had when it took off: the
    # picture waits for it to land, as a player's eye would
    page.wait_for_function("() => !document.querySelector('svg.fly')", timeout=5_000)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=full_page, animations="disabled")
