"""Your hand your way, in a real browser against a real server: a tile dragged along the hand or moved with
Shift and an arrow key takes its new place, the hand sorts by number, by pips or as dealt, and the order
stays through a reload and the round's plays and draws."""

from __future__ import annotations

import json
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ..server.harness import Server
from .conftest import CHROMIUM, DESKTOP, PHONE, new_page
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
    page.locator("#hand-prefs summary").click()
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
    page.locator("#hand-prefs summary").click()
    page.get_by_role("button", name="by number", exact=True).click()
    page.locator("#hand-prefs summary").click()
    known = hand(page)
    drew = played = 0
    for _ in range(40):
        size = len(known)
        kind = make_move(page)
        if kind is None or page.locator("#summary:not([hidden])").count():
            break
        if kind == "pass":
            continue
        try:  # a move the page did not make (a tile of several places whose choice came late) is made again
            page.wait_for_function(f"() => document.querySelectorAll('#hand .tile').length !== {size}", timeout=5_000)
        except PlaywrightTimeout:
            continue
        shown = hand(page)
        kept, new = [tile for tile in known if tile in shown], [tile for tile in shown if tile not in known]
        if len(kept) < len(known) - 1 or len(new) > 1:  # the move ended the round and the next was dealt: a new
            break  # hand (which may hold a tile or two of the old one by chance)
        assert shown == kept + new, f"after a {kind}: {known} became {shown}"
        assert len(new) == (kind == "draw")
        drew, played = drew + (kind == "draw"), played + (kind == "play")
        known = shown
        if drew >= 2 and played >= 2:
            break
    assert drew and played, f"the round gave {drew} draws and {played} plays"
    page.context.close()


FACES = """() => [...document.querySelectorAll('#hand .tile, #board g.tile')].map((tile) => ({
    tile: tile.dataset.tile,
    texts: [...tile.querySelectorAll('text.pip')].map((text) => text.textContent),
    pips: [...tile.querySelectorAll('.face > circle.pip, .face > text.pip')].map((pip) => getComputedStyle(pip).fill),
    halves: [-1, 1].map((side) => [...tile.querySelectorAll('.face > .pip')]
        .filter((pip) => Math.sign(Number(pip.getAttribute('cy') ?? pip.getAttribute('y'))) === side)
        .map((pip) => [pip.tagName, getComputedStyle(pip).fill])),
}))"""
"""Each tile of the hand and the board: its name, the numerals it shows as text, the fill of every pip, and the
pips (their kind and fill) of each half."""

INK = "rgb(29, 35, 33)"


def faces(page: Page) -> list[dict[str, Any]]:
    """The tiles of the hand and the board as drawn (``FACES``)."""
    found: list[dict[str, Any]] = page.evaluate(FACES)
    assert found
    return found


def choose_style(page: Page, name: str) -> None:
    """Pick the tile style ``name`` in the "Hand and tiles" panel (opened, then closed)."""
    page.locator("#hand-prefs summary").click()
    page.get_by_label(name).check()
    expect(page.get_by_label(name)).to_be_checked()
    page.locator("#hand-prefs summary").click()


def test_each_tile_style_is_drawn_in_the_hand_and_on_the_board_and_kept_after_a_reload(
    server: Server, browser: Browser
) -> None:
    """Large numbers show each half's number as a numeral (the blank stays blank), no pips; coloured pips
    draw each number's pips in a colour of its own, the same on every tile; classic pips are all in ink. The
    style chosen is the one after a reload, and the panel shows it chosen."""
    page = new_page(browser, DESKTOP)
    at_my_turn(page, server)
    choose_style(page, "Large numbers")
    for reloaded in (False, True):
        for face in faces(page):
            shown = [str(n) for n in ends(face["tile"]) if n]
            assert sorted(face["texts"]) == sorted(shown), face
            assert len(face["pips"]) == len(shown), f"{face['tile']}: numerals only"
        if not reloaded:
            page.reload()
            page.wait_for_selector(MY_TURN, timeout=20_000)
    page.locator("#hand-prefs summary").click()
    expect(page.get_by_label("Large numbers")).to_be_checked()
    page.locator("#hand-prefs summary").click()
    choose_style(page, "Coloured pips")
    for reloaded in (False, True):
        colours: dict[int, set[str]] = {}
        for face in faces(page):
            assert sorted(len(half) for half in face["halves"]) == sorted(ends(face["tile"])), face  # pips count
            for half in face["halves"]:
                assert all(tag == "circle" for tag, _ in half), face
                colours.setdefault(len(half), set()).update(fill for _, fill in half)
        numbers = {n: fills for n, fills in colours.items() if n}
        assert all(len(fills) == 1 for fills in numbers.values()), f"one colour a number: {numbers}"
        assert len({fill for fills in numbers.values() for fill in fills}) == len(numbers) >= 5, numbers
        if not reloaded:
            page.reload()
            page.wait_for_selector(MY_TURN, timeout=20_000)
    choose_style(page, "Classic pips")
    for face in faces(page):
        assert set(face["pips"]) <= {INK} and not face["texts"], face
    page.context.close()


PANEL_FITS = """() => {
    const body = document.querySelector("#hand-prefs .prefs-body"), box = body.getBoundingClientRect();
    const cut = [...body.querySelectorAll("p, fieldset, button, label")].filter((part) => {
        const r = part.getBoundingClientRect();
        return part.scrollWidth > part.clientWidth + 1 || r.right > box.right + 1 || r.left < box.left - 1;
    }).map((part) => part.textContent.trim().slice(0, 40));
    return { cut, inside: box.left >= 0 && box.right <= document.documentElement.clientWidth };
}"""
"""The "Hand and tiles" panel as it shows: the parts of it whose words run past its edge, and whether it is
inside the window."""


@pytest.mark.parametrize(
    ("viewport", "language"), [(DESKTOP, "en-GB"), (DESKTOP, "ru-RU"), (PHONE, "cs-CZ"), (PHONE, "pl-PL")]
)
def test_the_hand_and_tiles_panel_wraps_its_words_inside_its_box(
    server: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    """Open, the panel keeps its sentences inside its box (its words ran out of the box and off the window's
    edge: the list of records' rule that keeps each record on one line also held the panel's lines)."""
    page = new_page(browser, viewport, language)
    page.goto(f"{server.url}/{language[:2]}/chicken-foot")
    page.locator(".game-form button.play").click()
    page.wait_for_selector(MY_TURN, timeout=20_000)
    page.locator("#hand-prefs summary").click()
    expect(page.locator("#hand-prefs .prefs-body")).to_be_visible()
    seen = page.evaluate(PANEL_FITS)
    assert seen == {"cut": [], "inside": True}, seen
    page.context.close()
