"""The table page as an app, in a real browser against a real server: your turn while the tab is hidden (its
title, its icon, a system notification), the web manifest and its icons, the service worker that serves the
page shell offline, and the feel of a move (the tile that flies to its place, the click)."""

from __future__ import annotations

import io
import json
import re
import tempfile
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from playwright.sync_api import Browser, BrowserContext, Page, expect

from dominohall.web.shell import worker_body

from ..server.harness import Server, create_table, sit
from .conftest import CHROMIUM, DESKTOP, new_page
from .draw_icons import SIZES, draw
from .moves import make_move

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

AWAY = """(() => {
    let hidden = false; // the page believes what the test says of its visibility
    Object.defineProperty(document, "hidden", { get: () => hidden, configurable: true });
    const state = () => (hidden ? "hidden" : "visible");
    Object.defineProperty(document, "visibilityState", { get: state, configurable: true });
    window.setHidden = (value) => { hidden = value; document.dispatchEvent(new Event("visibilitychange")); };
    const Real = window.Notification; // the browser's permission is real; what is shown is recorded
    window.notes = [];
    window.focused = 0;
    window.focus = () => { window.focused += 1; };
    window.Notification = class {
        static get permission() { return Real.permission; }
        static requestPermission() { return Real.requestPermission(); }
        constructor(title, options) { Object.assign(this, { title, options, closed: false }); window.notes.push(this); }
        close() { this.closed = true; }
    };
})()"""
"""An init script: ``setHidden(true)`` makes the page believe its tab is hidden (``document.hidden`` and a
``visibilitychange``); every notification made is kept in ``notes``; ``focus()`` is counted in ``focused``."""

ICON = "link[rel~=icon]"
LOADED = "() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/static/away.js'))"
"""The page has loaded away.js (once the page is idle)."""


def seated(context: BrowserContext, server: Server, table_id: str, cookie: str) -> Page:
    """A page of ``context`` holding the seat ``cookie``, at the table."""
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{server.url}/t/{table_id}")
    return page


def move_until_turn_leaves(page: Page) -> None:
    """Make moves on ``page`` until its turn has gone to the other seat (a drawn tile that fits is played on)."""
    for _ in range(30):
        if page.locator("#turn.mine").count() == 0:
            return
        make_move(page, wait_ms=5_000)
        page.wait_for_timeout(200)  # the answer to the move, before looking again
    raise AssertionError("the turn never left the page")


def test_your_turn_in_a_hidden_tab_marks_its_title_and_icon_and_notifies_when_allowed(
    server: Server, browser: Browser
) -> None:
    """Ann allows notifications with the bell, then looks away: when the turn comes to her the tab's icon gets
    its dot and the title says so, and one notification "Your turn at Chicken Foot" shows; pressing it brings the
    tab forward. Looking at the tab puts the icon back; when her move passes the turn, the icon and title go
    back and the notification closes; when it comes back, a new one shows."""
    table_id, ann_cookie = create_table(server, [None, None], {"players": 2})
    bo_cookie = sit(server, table_id, 1, "Bo")
    context = browser.new_context(viewport=DESKTOP, locale="en-GB", permissions=["notifications"])
    context.add_init_script(AWAY)
    ann = seated(context, server, table_id, ann_cookie)
    bo = seated(browser.new_context(viewport=DESKTOP, locale="en-GB"), server, table_id, bo_cookie)
    ann.get_by_role("button", name="Start the match").click()
    bell = ann.get_by_role("button", name="Notify me when it is my turn")  # by the board, once it is dealt
    expect(bell).to_have_attribute("aria-pressed", "false")
    bell.click()
    expect(bell).to_have_attribute("aria-pressed", "true")
    assert ann.evaluate("localStorage.getItem('dh_notify')") == "on"  # remembered
    plain = str(ann.locator(ICON).get_attribute("href"))
    assert plain.endswith("/static/favicon.svg"), plain
    expect(ann.locator("#turn-text")).not_to_be_empty()
    move_until_turn_leaves(ann)  # in sight: nothing to tell
    ann.evaluate("setHidden(true)")
    move_until_turn_leaves(bo)
    expect(ann).to_have_title(re.compile(r"^● Your turn · "))
    expect(ann.locator(ICON)).to_have_attribute("href", re.compile(r"/static/favicon-turn\.svg$"))
    ann.wait_for_function("window.notes.length === 1")
    note = ann.evaluate("({ title: notes[0].title, icon: notes[0].options.icon })")
    assert note == {"title": "Your turn at Chicken Foot", "icon": "/static/icon-192.png"}, note
    ann.evaluate("notes[0].onclick()")
    assert ann.evaluate("[focused, notes[0].closed]") == [1, True]
    ann.evaluate("setHidden(false)")  # seen: the icon as it was
    expect(ann.locator(ICON)).to_have_attribute("href", plain)
    ann.evaluate("setHidden(true)")  # away again while it is still her turn: the dot, and no second notification
    expect(ann.locator(ICON)).to_have_attribute("href", re.compile(r"favicon-turn\.svg$"))
    assert ann.evaluate("notes.length") == 1
    move_until_turn_leaves(ann)
    expect(ann.locator(ICON)).to_have_attribute("href", plain)  # the turn passed: all back
    expect(ann).not_to_have_title(re.compile("●"))
    move_until_turn_leaves(bo)
    ann.wait_for_function("window.notes.length === 2")  # it came back while she was away: told again
    expect(ann.locator(ICON)).to_have_attribute("href", re.compile(r"favicon-turn\.svg$"))
    move_until_turn_leaves(ann)
    ann.wait_for_function("window.notes[1].closed")  # the turn passed unseen: its notification goes
    ann.context.close()
    bo.context.close()


def test_the_bell_is_for_seated_players_and_off_until_pressed(server: Server, browser: Browser) -> None:
    """A watcher has no turn to be told of: no bell. A seated player who never pressed it gets no notification
    even with the browser's permission."""
    table_id, ann_cookie = create_table(server, [None, "easy"], {"players": 2})
    watcher = new_page(browser, DESKTOP)
    watcher.goto(f"{server.url}/t/{table_id}")
    context = browser.new_context(viewport=DESKTOP, locale="en-GB", permissions=["notifications"])
    context.add_init_script(AWAY)
    ann = seated(context, server, table_id, ann_cookie)
    ann.evaluate("setHidden(true)")
    ann.get_by_role("button", name="Start the match").click()
    expect(ann.locator("#notify")).to_be_visible()
    expect(ann.locator(ICON)).to_have_attribute("href", re.compile(r"favicon-turn\.svg$"))  # the bot moved at once
    assert ann.evaluate("notes.length") == 0
    watcher.wait_for_function(LOADED)  # and drawn since: the bell stays hidden
    expect(watcher.locator("#turn-text")).not_to_be_empty()
    expect(watcher.locator("#notify")).to_be_hidden()
    ann.context.close()
    watcher.context.close()


@pytest.mark.parametrize(("language", "name"), [("en", "Domino Hall"), ("ru", "Зал домино")])
def test_the_manifest_is_served_in_each_language_with_its_icons(
    server: Server, browser: Browser, language: str, name: str
) -> None:
    """Every page names its language's web manifest; it is JSON of the manifest's type, with a name, where the app
    starts, its colours, and icons that are there: the SVG and PNGs of the sizes it says, drawn from the SVG."""
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/{language}/")
    link = page.locator("link[rel=manifest]").get_attribute("href")
    assert link == f"/{language}/manifest.webmanifest"
    assert page.locator("meta[name=theme-color]").get_attribute("content") == "#1f5e46"
    answer = page.request.get(f"{server.url}{link}")
    assert answer.status == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest = json.loads(answer.body())
    assert (manifest["name"], manifest["short_name"], manifest["lang"]) == (name, name, language)
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == (f"/{language}/", "/", "standalone")
    assert manifest["theme_color"] == "#1f5e46"
    assert manifest["background_color"].startswith("#")
    sizes: dict[int, Image.Image] = {}
    for icon in manifest["icons"]:
        got = page.request.get(f"{server.url}{icon['src']}")
        assert got.status == 200, icon
        assert got.headers["content-type"].split(";")[0] == icon["type"], icon
        if icon["type"] == "image/png":
            png = Image.open(io.BytesIO(got.body()))
            assert f"{png.width}x{png.height}" == icon["sizes"], icon
            sizes[png.width] = png.convert("RGBA")
    assert set(sizes) == set(SIZES)
    for size, image in sizes.items():  # the committed PNGs are the SVG as it is now (make icons draws them)
        drawn = draw(browser, size)
        difference = ImageChops.difference(image, drawn).convert("L")
        mean = sum(difference.histogram()[level] * level for level in range(256)) / (size * size)
        assert mean < 2, f"icon-{size}.png differs from favicon.svg drawn now (mean {mean:.1f}): run make icons"
    page.context.close()


def test_a_new_shell_is_a_new_service_worker() -> None:
    """The service worker carries the version of what the shell is made of: change a file of it, and /sw.js
    changes (the browser then installs it, and its cache replaces the old one)."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "site.css"
        source.write_text("a { color: red }", encoding="utf-8")
        first = worker_body(((str(source), 1, 16),))
        source.write_text("a { color: blue }", encoding="utf-8")
        second = worker_body(((str(source), 2, 17),))
    version = re.compile(rb'"version": "(\w+)"')
    assert version.search(first) and version.search(second)
    assert version.search(first).group(1) != version.search(second).group(1)  # type: ignore[union-attr]
    assert b'"/static/site.css"' in first and b'"/en/offline"' in first


def test_the_service_worker_serves_the_shell_offline_and_keeps_no_table(server: Server, browser: Browser) -> None:
    """Once the service worker is installed (on any page), the connection lost: a static file comes from its
    cache, and a page that cannot be fetched (the home page, a table) is the offline page in the page's
    language, with its stylesheet; the connection back, that page loads again by itself (it asks every 3 s).
    Only the shell is kept: no table page, no API answer."""
    table_id, _cookie = create_table(server, [None, "easy"], {"players": 2})
    context = browser.new_context(viewport=DESKTOP, locale="pl-PL")
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{server.url}/pl/")
    scope = page.evaluate("navigator.serviceWorker.ready.then((registration) => registration.scope)")
    assert scope == f"{server.url}/"
    page.goto(f"{server.url}/t/{table_id}")  # controlled by the worker now
    expect(page.locator("#turn-text, #phase").first).not_to_be_empty()
    kept = page.evaluate(
        """async () => {
            const names = await caches.keys();
            const keys = (await Promise.all(names.map(async (name) => (await caches.open(name)).keys()))).flat();
            return { names, paths: keys.map((request) => new URL(request.url).pathname) };
        }"""
    )
    assert len(kept["names"]) == 1 and kept["names"][0].startswith("shell-"), kept["names"]
    assert "/static/table.js" in kept["paths"] and "/pl/offline" in kept["paths"]
    assert all(path.startswith("/static/") or path.endswith("/offline") for path in kept["paths"]), kept["paths"]
    context.set_offline(True)
    answer = page.goto(f"{server.url}/static/site.css")
    assert answer is not None and answer.ok and answer.from_service_worker
    assert ".board" in answer.text()
    page.goto(f"{server.url}/t/{table_id}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Brak połączenia")
    assert page.locator(".top").evaluate("(top) => getComputedStyle(top).backgroundColor") == "rgb(31, 94, 70)"
    page.goto(f"{server.url}/pl/")
    expect(page.get_by_role("heading", level=1)).to_have_text("Brak połączenia")
    context.set_offline(False)
    expect(page.get_by_role("heading", level=1)).not_to_have_text("Brak połączenia", timeout=10_000)  # by itself
    assert page.url == f"{server.url}/pl/"
    context.close()


FLIGHTS = """(() => {
    window.flights = []; // each tile that flew: the tile, and how far from its place it set off
    window.together = 0; // the most copies in flight at once
    new MutationObserver((changes) => {
        window.together = Math.max(window.together, document.querySelectorAll("svg.fly").length);
        for (const change of changes) for (const node of change.addedNodes) {
            if (!node.classList?.contains("fly")) continue;
            const moving = node.firstElementChild;
            window.flights.push({
                tile: moving.firstElementChild.dataset.tile,
                from: moving.style.getPropertyValue("--from"),
                animation: getComputedStyle(moving).animationName,
            });
        }
    }).observe(document, { childList: true, subtree: true });
})()"""
"""An init script keeping in ``flights`` every flying tile added to the page."""
FLY_LOADED = LOADED.replace("away.js", "fly.js")
FLY_TWICE = """async () => {
    const { fly } = await import("/static/fly.js");
    const tiles = [...document.querySelectorAll("#board g.tile")].map((tile) => tile.dataset.tile);
    const [first, second] = [tiles[0], tiles.at(-1)];
    fly(new DOMRect(0, 0, 40, 80), first);
    fly(new DOMRect(0, 0, 40, 80), second);
    const shown = getComputedStyle(document.querySelector(`#board g.tile[data-tile="${first}"]`)).visibility;
    return { flying: document.querySelectorAll("svg.fly").length, first: shown, same: first === second };
}"""
"""Two flights asked for at once: how many copies fly then, and whether the first one's tile shows again."""


def laid_tiles(page: Page) -> int:
    """How many tiles the board shows."""
    return int(page.locator("#board").get_attribute("data-tiles") or 0)


def test_a_tile_laid_flies_to_its_place_and_clicks(server: Server, browser: Browser) -> None:
    """Each tile laid flies to its place on the board, from the hand for your own move (below the board: it
    sets off downwards), and each makes a click, the sound on."""
    table_id, cookie = create_table(server, [None, "easy"], {"players": 2})
    context = browser.new_context(viewport=DESKTOP, locale="en-GB")
    context.add_init_script(FLIGHTS)
    page = seated(context, server, table_id, cookie)
    page.wait_for_function(FLY_LOADED)
    page.get_by_role("button", name="Start the match").click()  # a gesture: the audio may play
    hand: list[str] = []
    for _ in range(20):  # until a tile of the hand is laid
        expect(page.locator("#turn.mine")).to_have_count(1, timeout=10_000)
        hand = page.locator("#hand .tile").evaluate_all("(tiles) => tiles.map((tile) => tile.dataset.tile)")
        if make_move(page) == "play":
            break
    page.wait_for_function("(hand) => flights.some((flight) => hand.includes(flight.tile))", arg=hand)
    flights = page.evaluate("flights")
    assert all(flight["animation"] == "fly" for flight in flights), flights
    own = next(flight for flight in flights if flight["tile"] in hand)
    offset = re.fullmatch(r"translate\((-?[\d.]+)px, (-?[\d.]+)px\)", own["from"])
    assert offset and float(offset.group(2)) > 100, own  # from the hand, below the board
    clicks = int(page.locator("#sound").get_attribute("data-clicks") or 0)
    assert clicks >= len(flights), (clicks, flights)
    expect(page.locator("svg.fly")).to_have_count(0)  # landed: the copies are gone
    landed = page.locator(f'#board .tile[data-tile="{own["tile"]}"]')
    assert landed.evaluate("(tile) => getComputedStyle(tile).visibility") == "visible"
    shown = "(tiles) => tiles.every((tile) => getComputedStyle(tile).visibility === 'visible')"
    assert page.locator("#board .tile").evaluate_all(shown), "a tile stayed hidden after its flight"
    # a flight under way when the next one takes off lands at once (the board was drawn again for the next
    # move and may have moved: a copy flying on would land beside its tile): in play (when the bot's answer
    # was a tile) and asked for twice in a row here
    assert page.evaluate("together") == 1, f"{page.evaluate('together')} copies flew at once"
    twice = page.evaluate(FLY_TWICE)
    assert (twice["flying"], twice["first"]) == (1, "hidden" if twice["same"] else "visible"), twice
    context.close()


def test_no_tile_flies_with_reduced_motion_and_none_clicks_muted(server: Server, browser: Browser) -> None:
    """A player who asks the device for less motion sees tiles laid without a flight (fly.js never loads);
    with the sound off, no click."""
    table_id, cookie = create_table(server, [None, "easy"], {"players": 2})
    context = browser.new_context(viewport=DESKTOP, locale="en-GB", reduced_motion="reduce")
    context.add_init_script(FLIGHTS)
    context.add_init_script("localStorage.setItem('dh_sound', 'off')")
    page = seated(context, server, table_id, cookie)
    page.wait_for_function(LOADED)  # the page is idle: what it loads then, it has asked for
    page.get_by_role("button", name="Start the match").click()
    for _ in range(6):
        expect(page.locator("#turn.mine")).to_have_count(1, timeout=10_000)
        make_move(page)
    page.wait_for_function("document.querySelector('#board').dataset.tiles > 2")
    assert page.evaluate("flights") == []
    assert not page.evaluate(FLY_LOADED)
    assert page.locator("#sound").get_attribute("data-clicks") is None
    context.close()
