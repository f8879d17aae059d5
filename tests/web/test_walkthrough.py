"""What a new player tripped on, walking the site in a real browser against a real server (the three games
from the home page in the four languages, on a desktop and a phone, in light and dark): each fault measured
as the player met it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from ..server.harness import Server
from .conftest import CHROMIUM, PHONE
from .test_layout import LAPTOP, seated

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

HAND = "() => [...document.querySelectorAll('#hand .tile')].map((tile) => tile.dataset.tile)"
"""The tiles of the hand, in the order shown."""

PREFS_IN_VIEW = """() => { const W = document.documentElement.clientWidth;
    return [...document.querySelectorAll("#hand-prefs .prefs-body :is(p, button, label, legend)")].map((node) => {
        const r = node.getBoundingClientRect();
        return { text: node.textContent.trim().replace(/\\s+/g, " ").slice(0, 40), left: r.left, right: r.right,
            width: W, cut: node.scrollWidth > node.clientWidth + 1 }; })
        .filter((box) => box.left < 0 || box.right > box.width || box.cut); }"""
"""The lines and controls of the open "Hand and tiles" panel that reach past the screen's edges or are cut."""


@pytest.mark.parametrize("language", ["en-GB", "ru-RU", "pl-PL", "cs-CZ"])
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280", "390"])
def test_the_hand_and_tiles_panel_fits_the_screen_and_each_sort_can_be_pressed(
    server: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    """Opened, "Hand and tiles" keeps every word and button inside the screen: its lines wrap, and the last
    sort button, "as dealt", is pressed like the others and puts the hand back as dealt. Its lines never wrapped
    (a later rule of the stylesheet kept them on one line), so the hint ran off the panel in every language and
    "as dealt" off the screen in Russian, Polish and Czech, on a desktop too, out of reach of a mouse or a
    finger."""
    page = seated(browser, server, viewport, language)
    dealt = page.evaluate(HAND)
    page.locator("#hand-prefs > summary").click()
    expect(page.locator("#hand-prefs .prefs-body")).to_be_visible()
    assert page.evaluate(PREFS_IN_VIEW) == []
    buttons = page.locator("#hand-prefs button[data-sort]")
    expect(buttons).to_have_count(3)
    buttons.nth(1).click()  # by pips first, so that "as dealt" has something to undo
    by_pips = page.evaluate(HAND)
    assert sorted(by_pips) == sorted(dealt)
    buttons.nth(2).click(timeout=3_000)  # a press that reaches it: within the screen, not covered
    expect(page.locator("#hand .tile")).to_have_count(len(dealt))
    assert page.evaluate(HAND) == dealt
    page.context.close()
