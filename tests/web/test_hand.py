"""Your hand your way, in a real browser against a real server: a tile dragged along the hand or moved with
Shift and an arrow key takes its new place, the hand sorts by number, by pips or as dealt, and the order
stays through a reload and the round's plays and draws."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, expect

from ..server.harness import Server
from .conftest import CHROMIUM, DESKTOP, new_page
from .moves import MY_TURN, make_move

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def at_my_turn(page: Page, server: Server) -> None:
    """A Chicken Foot table of Ann and three medium bots, its match started, at Ann's turn (the hand holds
    still until she moves)."""
    page.goto(f"{server.url}/en/chicken-foot")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#phase")).to_have_text("The match is on")
    page.wait_for_selector(MY_TURN, timeout=20_000)


def hand(page: Page) -> list[str]:
    """The tiles of the hand as the page shows them, left to right."""
    tiles: list[str] = page.evaluate("() => [...document.querySelectorAll('#hand .tile')].map((t) => t.dataset.tile)")
    return tiles


def centre(page: Page, selector: str) -> tuple[float, float]:
    """The middle of the element ``selector`` on the screen."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def sent(page: Page) -> list[str]:
    """The kinds of the commands the page sends on its WebSocket from now on."""
    kinds: list[str] = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda payload: kinds.append(json.loads(payload)["t"])))
    return kinds


def test_a_tile_dragged_along_the_hand_takes_its_new_place_and_keeps_it_after_a_reload(
    server: Server, browser: Browser
) -> None:
    """The first tile dragged past the last one goes last (lit or not, it is not laid), the page says its new
    place; after a reload the hand is in that order."""
    page = new_page(browser, DESKTOP)
    commands = sent(page)
    at_my_turn(page, server)
    before = hand(page)
    assert len(before) >= 4
    first, last = f'#hand .tile[data-tile="{before[0]}"]', f'#hand .tile[data-tile="{before[-1]}"]'
    page.mouse.move(*centre(page, first))
    page.mouse.down()
    x, y = centre(page, last)
    page.mouse.move(x + 12, y, steps=20)
    expect(page.locator(".drag-ghost")).to_have_count(1)
    page.mouse.up()
    after = [*before[1:], before[0]]
    assert hand(page) == after
    expect(page.locator("#announce")).to_have_text(f"{before[0]}: place {len(before)} of {len(before)} in your hand")
    assert "play" not in commands, "a tile dragged along the hand is not laid"
    expect(page.locator("#board .target")).to_have_count(0)
    page.reload()
    page.wait_for_selector(MY_TURN, timeout=20_000)
    assert hand(page) == after
    page.context.close()


def test_shift_and_the_arrow_keys_move_the_focused_tile_and_say_where(server: Server, browser: Browser) -> None:
    """Shift+Right twice takes the first tile to the third place, Shift+Left back to the second, the focus
    staying on it and the page saying its place each time; the arrow keys alone only move the focus; the
    order is kept after a reload."""
    page = new_page(browser, DESKTOP)
    at_my_turn(page, server)
    before = hand(page)
    tile, count = before[0], len(before)
    page.locator(f'#hand .tile[data-tile="{tile}"]').focus()
    page.keyboard.press("Shift+ArrowRight")
    page.keyboard.press("Shift+ArrowRight")
    assert hand(page) == [before[1], before[2], tile, *before[3:]]
    expect(page.locator("#announce")).to_have_text(f"{tile}: place 3 of {count} in your hand")
    expect(page.locator(f'#hand .tile[data-tile="{tile}"]')).to_be_focused()
    page.keyboard.press("Shift+ArrowLeft")
    after = [before[1], tile, before[2], *before[3:]]
    assert hand(page) == after
    expect(page.locator("#announce")).to_have_text(f"{tile}: place 2 of {count} in your hand")
    expect(page.locator(f'#hand .tile[data-tile="{tile}"]')).to_be_focused()
    page.keyboard.press("ArrowRight")
    expect(page.locator(f'#hand .tile[data-tile="{before[2]}"]')).to_be_focused()
    assert hand(page) == after
    page.reload()
    page.wait_for_selector(MY_TURN, timeout=20_000)
    assert hand(page) == after
    page.context.close()


def ends(tile: str) -> tuple[int, int]:
    """A tile's two numbers, larger first, as the page writes it ("9-3")."""
    high, low = map(int, tile.split("-"))
    return high, low


def test_the_hand_sorts_by_pips_by_number_and_as_dealt_and_keeps_the_sort_after_a_reload(
    server: Server, browser: Browser
) -> None:
    """The "Hand and tiles" control sorts the hand by pips (heaviest first), by number (each number's tiles
    together, highest first) and as dealt (as the server first listed it), saying the new order; a reload
    keeps the last one."""
    page = new_page(browser, DESKTOP)
    at_my_turn(page, server)
    dealt = hand(page)
    by_pips = sorted(dealt, key=lambda tile: (sum(ends(tile)), ends(tile)[0]), reverse=True)
    by_number = sorted(dealt, key=ends, reverse=True)
    assert dealt not in (by_pips, by_number)
    page.get_by_text("Hand and tiles").click()
    for name, order in (("by pips", by_pips), ("by number", by_number), ("as dealt", dealt), ("by pips", by_pips)):
        page.get_by_role("button", name=name, exact=True).click()
        expect(page.locator("#hand .tile").first).to_have_attribute("data-tile", order[0])
        assert hand(page) == order, name
        expect(page.locator("#announce")).to_have_text(f"{name}: {', '.join(order)}")
    page.reload()
    page.wait_for_selector(MY_TURN, timeout=20_000)
    assert hand(page) == by_pips
    page.context.close()


def test_plays_and_draws_keep_the_order_drawn_tiles_going_last(server: Server, browser: Browser) -> None:
    """Sorted by number, then played on through the round: a tile played leaves the others in their order, and
    each tile drawn joins the end of the hand."""
    page = new_page(browser, DESKTOP)
    at_my_turn(page, server)
    page.get_by_text("Hand and tiles").click()
    page.get_by_role("button", name="by number", exact=True).click()
    page.get_by_text("Hand and tiles").click()
    known = hand(page)
    drew = played = 0
    for _ in range(40):
        size = len(known)
        kind = make_move(page)
        if kind is None or page.locator("#summary:not([hidden])").count():
            break
        if kind == "pass":
            continue
        page.wait_for_function(f"() => document.querySelectorAll('#hand .tile').length !== {size}", timeout=20_000)
        shown = hand(page)
        kept, new = [tile for tile in known if tile in shown], [tile for tile in shown if tile not in known]
        assert shown == kept + new, f"after a {kind}: {known} became {shown}"
        assert len(new) == (kind == "draw")
        drew, played = drew + (kind == "draw"), played + (kind == "play")
        known = shown
        if drew >= 2 and played >= 2:
            break
    assert drew and played, f"the round gave {drew} draws and {played} plays"
    page.context.close()
