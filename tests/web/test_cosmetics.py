"""The table page's small faults a player notices (issue 32, point 11), each measured in a real browser against a
real server: the board's buttons over tiles, the rules line cut on a phone, the Records and Leave buttons
wrapping, a seat's card cut off a narrow phone, a watcher's board outlined all over, "Wait for your turn."
lingering, and the deal commitment's hash in the status bar's most visible place; and in the replay viewer the
"waits for toes" caption over tiles."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, ViewportSize, expect

from ..server.harness import Server
from .boards import dense_boards
from .conftest import CHROMIUM, PHONE
from .moves import MY_TURN, make_move, told_views
from .test_layout import CLIPPED_IN_CARDS, LAPTOP, seated

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

NARROW_DESKTOP: ViewportSize = {"width": 1024, "height": 768}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 740}
TINY_PHONE: ViewportSize = {"width": 320, "height": 640}

FIT_UNDER_TOOLS = """async ({ view, follow }) => {
    const board = await import("/static/board.js");
    await import("/static/feet.js");
    const { Camera } = await import("/static/camera.js");
    const real = document.getElementById("board"), r = real.getBoundingClientRect();
    const box = document.createElement("div"); // in the board's place, beside the page's own tools
    box.className = "board";
    box.style.cssText = `width: ${r.width}px; height: ${r.height}px`;
    real.style.display = "none";
    real.before(box);
    document.getElementById("follow").hidden = !follow; // as the page shows them at Fit on a dense board
    document.getElementById("fit").hidden = follow;
    const portrait = r.height > 1.15 * r.width;
    const drawn = board.drawBoard(box, view, "feet", { portrait, recent: new Set() });
    const camera = new Camera(box);
    camera.attach(drawn.svg, drawn.bounds, []);
    camera.fit();
    const buttons = [...document.querySelectorAll(".board-tools button:not([hidden])")]
        .map((b) => b.getBoundingClientRect());
    const under = [...box.querySelectorAll("g.tile")].filter((tile) => {
        const t = tile.getBoundingClientRect();
        return buttons.some((b) => t.left < b.right - 1 && t.right > b.left + 1
            && t.top < b.bottom - 1 && t.bottom > b.top + 1);
    }).map((tile) => tile.dataset.tile);
    const rows = new Set(buttons.map((b) => Math.round(b.top))).size;
    box.remove();
    real.style.display = "";
    return { under, rows, tiles: view.placed.length };
}"""
"""A whole round's board drawn in the table's board and fitted ("Fit to screen"), with the board's real tools
(and "Follow the play" shown, as at Fit on a dense board): the tiles any of the tools' buttons covers."""


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(SMALL_PHONE, "ru-RU"), (NARROW_DESKTOP, "ru-RU"), (NARROW_DESKTOP, "cs-CZ")],
    ids=["360-ru", "1024-ru", "1024-cs"],
)
def test_the_boards_buttons_cover_no_tile_of_a_fitted_board(
    server: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    """The zoom, fit, follow and sound buttons lie over the board's top edge; a fitted board starts below them
    however many rows they take (it kept 48 px for one row: with "Follow the play" on a phone, or on a narrow
    desktop board in Russian or Czech, they take two or three rows, and covered tiles)."""
    page = seated(browser, server, viewport, language)
    covered, rows = [], set()
    for view in dense_boards(4)[:6]:
        for follow in (False, True):
            got = page.evaluate(FIT_UNDER_TOOLS, {"view": view, "follow": follow})
            rows.add(got["rows"])
            covered += got["under"]
    assert max(rows) >= 2, "the tools should wrap here"
    assert covered == [], f"tiles under the board's buttons at Fit: {covered}"
    page.context.close()


def last_round_of_plays(history: list[dict[str, Any]]) -> list[str]:
    """The tiles played in the last round of moves of ``history``: since the last mover's move before its last."""
    mover = history[-1]["seat"]
    since = max((i + 1 for i, entry in enumerate(history[:-1]) if entry["seat"] == mover), default=0)
    return [entry["tile"] for entry in history[since:] if entry["kind"] == "play"]


def test_a_watcher_sees_only_the_last_round_of_moves_outlined(server: Server, browser: Browser) -> None:
    """A watcher has no turn of their own: the board outlines the last round of moves (at most one tile a seat),
    as its legend says, not every tile of the round (it outlined all of them)."""
    ann = seated(browser, server, LAPTOP, "en-GB")
    for _ in range(5):
        make_move(ann)
    watcher = browser.new_page(viewport=LAPTOP)
    views = told_views(watcher)
    watcher.goto(f"{server.url}{ann.url.split(server.url)[1].split('?')[0]}")
    expect(watcher.locator("#phase")).to_have_text("You are watching this table")
    expect(watcher.locator("#board g.tile").nth(5)).to_be_attached()  # 5 plays at least: all outlined before
    outlined = watcher.locator("#board g.tile.recent").evaluate_all("(tiles) => tiles.map((t) => t.dataset.tile)")
    last_round = last_round_of_plays(views[-1]["history"])
    assert sorted(outlined) == sorted(last_round), f"{len(outlined)} of {watcher.locator('#board g.tile').count()}"
    assert len(outlined) <= 4  # at most one a seat (a round of moves where all drew or passed outlines none)
    expect(watcher.locator("#recent-legend")).to_have_text("laid in the last round of moves")
    expect(ann.locator("#recent-legend")).to_have_text("laid since your last turn")
    for page in (ann, watcher):
        page.context.close()


WATCH_WHY = """() => { window.whySeen = [];
    const why = document.getElementById("why");
    new MutationObserver(() => { if (!why.hidden && why.textContent) window.whySeen.push(why.textContent); })
        .observe(why, { attributes: true, childList: true, characterData: true, subtree: true }); }"""
"""Note every reason the notes row shows from now on."""


def test_wait_for_your_turn_does_not_linger_after_each_move(server: Server, browser: Browser) -> None:
    """A move played with the mouse, the pointer left over the hand: while the others play, the notes row does not
    say "Wait for your turn." of the tile drawn afresh under the pointer, nor of the tile the focus went back to
    (it showed after every move until the person's next turn)."""
    page = seated(browser, server, LAPTOP, "en-GB")
    page.evaluate(WATCH_WHY)
    for _ in range(3):
        make_move(page)
        page.locator(MY_TURN).first.wait_for()
    assert "Wait for your turn." not in page.evaluate("window.whySeen")
    page.context.close()


ACTIONS = """() => { document.getElementById("records").hidden = false; // as it shows once a round has ended
    const link = document.querySelector(".rules-link").getBoundingClientRect();
    return [...document.querySelectorAll(".rules-link, .records summary, #leave")].map((node) => {
        const r = node.getBoundingClientRect();
        return { text: node.textContent.trim(), height: r.height, left: r.left, right: r.right,
            line: link.height }; }); }"""


@pytest.mark.parametrize("language", ["ru-RU", "cs-CZ", "pl-PL"])
@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE, TINY_PHONE], ids=["390", "360", "320"])
def test_the_records_and_leave_buttons_keep_their_words_on_one_line_on_a_phone(
    server: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    """How to play, Records and Leave the table each on one line, inside the screen (in Russian and Czech the
    buttons' words wrapped to two or three lines on a phone)."""
    page = seated(browser, server, viewport, language)
    for control in page.evaluate(ACTIONS):
        assert control["height"] < 1.6 * control["line"] + 8, f"{control['text']!r} wraps: {control}"
        assert control["left"] >= 0 and control["right"] <= viewport["width"], control
    page.context.close()


@pytest.mark.parametrize("viewport", [TINY_PHONE, SMALL_PHONE], ids=["320", "360"])
def test_the_three_other_seats_of_four_fit_across_a_narrow_phone(
    server: Server, browser: Browser, viewport: ViewportSize
) -> None:
    """With four players the three other seats' cards stand side by side in the strip over the board, every one
    whole in sight, nothing in them cut (at 320 px the third card ran off the screen: the strip scrolled)."""
    page = seated(browser, server, viewport, "cs-CZ")
    strip = page.evaluate("""() => { const ring = document.getElementById("ring");
        return { scroll: ring.scrollWidth, width: ring.clientWidth,
            cards: [...ring.querySelectorAll("li")].map((li) => { const r = li.getBoundingClientRect();
                return [r.left, r.right]; }) }; }""")
    assert len(strip["cards"]) == 3
    assert strip["scroll"] <= strip["width"], f"the strip scrolls: {strip}"
    assert all(left >= 0 and right <= viewport["width"] for left, right in strip["cards"]), strip
    assert page.evaluate(CLIPPED_IN_CARDS) == []
    page.context.close()


def test_the_deal_commitment_is_a_quiet_part_of_the_status_bar(server: Server, browser: Browser) -> None:
    """The deal's commitment is there for whoever checks it, small, muted, at the bar's far end; it was a bold
    link in the link colour right after the player's own total."""
    page = seated(browser, server, LAPTOP, "en-GB")
    expect(page.locator("#fair a")).to_be_visible()
    seen = page.evaluate("""() => { const style = (node) => getComputedStyle(node);
        const link = document.querySelector("#fair a"), turn = document.getElementById("turn-text");
        const bar = document.getElementById("status").getBoundingClientRect();
        const muted = getComputedStyle(document.documentElement).getPropertyValue("--muted").trim();
        const probe = document.createElement("span"); probe.style.color = muted; document.body.append(probe);
        const grey = style(probe).color; probe.remove();
        return { weight: Number(style(link).fontWeight), size: parseFloat(style(link).fontSize),
            turn: parseFloat(style(turn).fontSize), colour: style(link).color, grey,
            underline: style(link).textDecorationLine, end: bar.right - link.getBoundingClientRect().right }; }""")
    assert seen["weight"] <= 400, seen
    assert seen["size"] < 0.9 * seen["turn"], seen
    assert seen["colour"] == seen["grey"] and seen["underline"] == "none", seen
    assert seen["end"] < 20, f"not at the bar's far end: {seen}"
    page.context.close()
