"""A Mexican Train table in a real browser against a real server: the trains drawn as rows from the engine,
named by their owners, yours marked as yours, a marked train after a pass, the double waiting for its cover,
a tile that fits several trains laid on the train chosen on the board; and the layout on a desktop and a
phone (nothing overlapping, nothing off the screen)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from dominohall.games.records import verify

from ..server.harness import Server, create_table, http
from .conftest import CHROMIUM, PHONE, shot
from .moves import CHOICE, CHOICE_OR_END, make_move

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")

LAPTOP: ViewportSize = {"width": 1280, "height": 800}

SEEN = """() => {
  const board = document.getElementById("board"), b = board.getBoundingClientRect();
  const pending = document.getElementById("pending");
  const rows = [...board.querySelectorAll(".layer > g.train")];
  const tabs = [...board.querySelectorAll(".train-names > g")].map((tab) => tab.getBoundingClientRect());
  return {
    trains: rows.map((row) => row.dataset.train),
    mine: rows.filter((row) => row.matches(".mine")).map((row) => row.dataset.train),
    marked: rows.filter((row) => row.matches(".marked")).map((row) => row.dataset.train),
    markers: board.querySelectorAll(".train-names .marker title").length,
    names: [...board.querySelectorAll(".train-name")].map((name) => name.textContent),
    label: board.querySelector("svg").getAttribute("aria-label"), pending: board.dataset.pending,
    caption: board.querySelector(".pending-mark text")?.textContent ?? null,
    status: pending.hidden ? "" : pending.textContent,
    notes: [...document.querySelectorAll(".pending:not([hidden]), .why:not([hidden])")].map((note) => note.textContent),
    tabsInside: tabs.filter((r) => r.bottom > b.top && r.top < b.bottom) // the rows in view: their names whole in it
      .every((r) => r.left >= b.left - 1 && r.right <= b.right + 1 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1),
    tabs: tabs.map((r) => [r.left, r.top, r.right, r.bottom].map(Math.round)),
    box: [b.left, b.top, b.right, b.bottom].map(Math.round),
    camera: board.dataset.camera,
    tabsApart: tabs.every((r, i) => tabs.slice(i + 1).every((o) => r.bottom <= o.top + 0.5 || o.bottom <= r.top + 0.5)),
    // against the screen's width: a phone's innerWidth (its layout viewport) grows with a page too wide
    sideways: document.scrollingElement.scrollWidth - document.documentElement.clientWidth,
  };
}"""


def seated(browser: Browser, server: Server, viewport: ViewportSize, players: int) -> Page:
    """Ann's page at a Mexican Train table of ``players`` seats with easy bots, the match started."""
    table_id, cookie = create_table(
        server, [None] + ["easy"] * (players - 1), {"players": players, "length": "one"}, "mexicantrain"
    )
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, locale="en-GB", is_mobile=phone, has_touch=phone)
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{table_id}?start=1")
    expect(page.locator("#hand .tile").first).to_be_visible()
    return page


def play_on_a_train(page: Page, seen: dict[str, Any], played: dict[str, bool]) -> bool:
    """Your move, preferring a double whenever one may be laid (it must then be covered: ``played["double"]``
    notes one was laid), then a tile that fits several trains, laid on the last of its places by a click on
    the board; True when a tile was laid on a train chosen so."""
    offered = page.wait_for_function(CHOICE_OR_END).json_value()
    if offered == "end":  # the move before ended the round: no turn comes (the loop sees the summary)
        return False
    if offered != "play":
        make_move(page)
        return False
    lit = page.locator("#hand .tile.lit")
    tiles = lit.evaluate_all("(tiles) => tiles.map((t) => [t.dataset.tile, Number(t.dataset.targets)])")
    doubles = [tile for tile, _ in tiles if tile.split("-")[0] == tile.split("-")[1]]
    several = [tile for tile, count in tiles if count > 1]
    held = page.locator("#hand .tile").count()
    tile = (doubles or several or [tiles[0][0]])[0]
    played["double"] |= tile in doubles and held > 1  # not the last tile: the double then waits for its cover
    page.locator(f'#hand .tile[data-tile="{tile}"]').click()
    if dict(tiles)[tile] <= 1:
        expect(page.locator("#hand .tile")).not_to_have_count(held)
        return False
    buttons = page.locator("#targets button[data-index]")
    expect(buttons.first).to_be_visible()
    wanted = buttons.last.get_attribute("data-train")  # the place buttons name their trains
    assert all(text.split(" · ")[1].split(",")[0] in seen["names"] for text in buttons.all_inner_texts())
    page.locator("#board .target").last.click()  # chosen on the board
    expect(page.locator("#hand .tile")).not_to_have_count(held)
    expect(page.locator(f'#board g.tile[data-tile="{tile}"]')).to_have_attribute("data-train", wanted or "")
    return True


@pytest.mark.parametrize(("viewport", "players"), [(LAPTOP, 4), (PHONE, 8)], ids=["1280x800-4", "390x844-8"])
def test_a_mexican_train_table_is_played_on_its_trains(
    server: Server, browser: Browser, viewport: ViewportSize, players: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    page = seated(browser, server, viewport, players)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    names = page.evaluate(
        "() => [...document.querySelectorAll('#ring li .name, #seats .name')].map((n) => n.textContent)"
    )
    assert names
    found = {"chosen": False, "marked": False, "uncovered": False}
    played = {"double": False}
    shots = tmp_path_factory.mktemp("mexican-train")
    log: list[str] = []  # what each turn saw and did, for a failure to tell
    for _turn in range(80):
        if not page.locator("#summary").is_hidden():
            break
        seen = page.evaluate(SEEN)
        assert seen["trains"] == [*map(str, range(players)), "mexican"]
        assert seen["names"][0] == "Ann (you)" and seen["names"][-1] == "Mexican train"
        assert seen["mine"] == ["0"], "your own train stands out"
        assert seen["tabsInside"] and seen["tabsApart"] and seen["sideways"] <= 0, {
            k: seen[k] for k in ("tabs", "box", "camera", "sideways")
        }
        if seen["marked"]:
            assert seen["markers"] == len(seen["marked"])
            assert "Marked trains: " in seen["label"]
            if not found["marked"]:
                page.screenshot(path=str(shots / "marked.png"))
            found["marked"] = True
        if seen["pending"]:
            assert seen["caption"] in ("must be covered first", "play here")
            assert seen["status"] == f"{seen['pending']} must be covered first"
            assert f"{seen['pending']} must be covered first." in seen["label"]
            dimmed = page.locator("#hand .tile[aria-disabled=true]")
            if dimmed.count():  # why a tile is dim, when that is the double waiting: said once, not twice
                dimmed.first.focus()
                expect(page.locator("#why")).to_have_text(seen["status"])
                notes = page.evaluate(SEEN)["notes"]
                assert notes.count(seen["status"]) == 1, notes
            if not found["uncovered"]:
                page.screenshot(path=str(shots / "uncovered.png"))
            found["uncovered"] = True
        if all(found.values()):
            shot(page, "table-mexican-train" + ("-phone" if viewport["width"] < 600 else ""), full_page=False)
            break
        moves = page.locator("#log li").count()
        found["chosen"] |= play_on_a_train(page, seen, played)
        page.wait_for_timeout(300)
        log.append(f"{page.evaluate(CHOICE)} {moves}->{page.locator('#log li').count()} marked={seen['marked']}")
    page.screenshot(path=str(shots / "last.png"))
    print(f"screenshots in {shots}")
    assert errors == []
    assert found["marked"], (found, log)
    # the double waiting for its cover shows whenever one does at your turn: surely after you laid one
    assert found["uncovered"] or not played["double"], found
    page.context.close()


ON_THE_SCREEN = """() => {
  scrollTo(0, 0);
  const hand = document.querySelector(".hand-row").getBoundingClientRect();
  return { layout: [innerWidth, innerHeight], screen: [visualViewport.width, visualViewport.height],
    page: document.scrollingElement.scrollWidth, hand: [hand.top, hand.bottom].map(Math.round) };
}"""
"""The phone's layout viewport, its screen, the page's width and where the hand's row (with Draw and Pass) is."""


def test_eight_seats_on_a_phone_keep_the_page_and_its_draw_button_on_the_screen(
    server: Server, browser: Browser
) -> None:
    """The seats' cards scroll sideways in their own strip: nothing in a card (not even the words only read
    out) makes the page wider than the phone. A page wider than the screen makes the phone's layout viewport
    wider and taller than the screen (683 x 1479 px on a 390 x 844 phone at eight seats), the board then keeps
    its height, and the hand's row with Draw ends under the screen's bottom edge (870 px), where a press now
    and then missed it: the turn "stalled on Draw"."""
    page = seated(browser, server, PHONE, 8)
    for _turn in range(3):
        seen = page.evaluate(ON_THE_SCREEN)
        assert seen["layout"] == seen["screen"] == [PHONE["width"], PHONE["height"]], seen
        assert seen["page"] <= PHONE["width"], f"the page is {seen['page']} px wide on a {PHONE['width']} px phone"
        assert seen["hand"][1] <= PHONE["height"], f"the hand's row ends off the screen: {seen}"
        if make_move(page) is None:
            break
    page.context.close()


HELD_STILL = """async ([x, y]) => {
  const row = () => Math.round(document.querySelector(".hand-row").getBoundingClientRect().top);
  const seen = [];
  for (let frame = 0; frame < 12; frame++) {
    await new Promise((done) => requestAnimationFrame(done));
    const under = document.elementFromPoint(x, y)?.closest("#hand .tile")?.dataset.tile ?? null;
    seen.push([row(), !document.getElementById("why").hidden, under]);
  }
  return seen;
}"""
"""For twelve frames: where the hand's row is, whether a dimmed tile's reason shows, the tile under the point."""
LINES = """(selector) => { const range = document.createRange();
  range.selectNodeContents(document.querySelector(selector));
  return new Set([...range.getClientRects()].map((line) => Math.round(line.top))).size; }"""
"""How many lines an element's text takes."""


def test_a_dimmed_tiles_reason_leaves_the_hand_where_it_is(server: Server, browser: Browser) -> None:
    """On a narrow phone a dimmed tile's reason takes two lines. Shown by the pointer resting on the tile's
    upper edge, it lies over the notes row and does not push the hand down: a hand pushed down moved the tile
    from under the pointer, the reason went, the hand came back, and so on every frame, and a press on the
    Draw button beside it never landed (the turn "stalled on Draw")."""
    page = seated(browser, server, {"width": 320, "height": 700}, 4)
    for _turn in range(20):
        dimmed = page.locator("#hand .tile[aria-disabled=true]")
        if page.evaluate(CHOICE) is not None and dimmed.count():
            break
        make_move(page)
    tile = dimmed.first
    for _try in range(50):  # the hand may be drawn again (a bot's move) just as the tile is measured
        box = tile.bounding_box()
        if box is not None:
            break
        page.wait_for_timeout(100)
    assert box is not None
    before = page.evaluate("() => document.querySelector('.hand-row').getBoundingClientRect().top")
    x, y = box["x"] + box["width"] / 2, box["y"] + 2
    page.mouse.move(x, y)
    expect(page.locator("#why")).to_be_visible()
    seen = page.evaluate(HELD_STILL, [x, y])
    name = tile.get_attribute("data-tile")
    assert seen == [[round(before), True, name]] * len(seen), seen
    lines = page.evaluate(LINES, "#why")
    assert lines >= 2, f"the reason takes {lines} line: the case is not shown"
    page.context.close()


def marked_and_covered(record: dict[str, Any]) -> tuple[int, int]:
    """How many plays of the record's rounds were laid on another seat's marked train, and how many doubles
    were covered."""
    on_marked = covered = 0
    for rnd in record["rounds"]:
        marked: set[int] = set()
        waiting = False
        for move in rnd["moves"]:
            if move.get("pass"):
                marked.add(move["seat"])
            if "play" not in move:
                continue
            train, seat = move["train"], move["seat"]
            on_marked += train not in ("mexican", seat) and train in marked
            if train == seat:
                marked.discard(seat)
            covered += waiting
            high, low = move["play"].split("-")
            waiting = high == low and not waiting
    return on_marked, covered


@pytest.mark.parametrize(
    ("viewport", "players", "locale"), [(LAPTOP, 4, "en-GB"), (PHONE, 6, "cs-CZ")], ids=["1280x800-en", "390x844-cs"]
)
def test_a_mexican_train_round_is_played_to_its_end_by_a_person_against_bots(
    server: Server, browser: Browser, viewport: ViewportSize, players: int, locale: str
) -> None:
    table_id, cookie = create_table(
        server, [None] + ["easy"] * (players - 1), {"players": players, "length": "one"}, "mexicantrain"
    )
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, locale=locale, is_mobile=phone, has_touch=phone)
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/t/{table_id}?start=1")
    expect(page.locator("#hand .tile").first).to_be_visible()
    assert page.evaluate("document.documentElement.lang") == locale.split("-", maxsplit=1)[0]
    for _turn in range(200):
        if page.locator("#summary").is_visible():
            break
        make_move(page, wait_ms=10_000)
    expect(page.locator("#summary")).to_be_visible()
    status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
    assert status == 200 and record["game"] == "mexicantrain" and "winners" in record
    assert verify(record) == []
    on_marked, covered = marked_and_covered(record)
    assert on_marked and covered, "a marked train was played on by another seat, and a double was covered"
    assert errors == []
    context.close()


TOLD = r"(on their own train|on your train|on the Mexican train|on .+'s train)"
"""How the log ends a Mexican Train play: on whose train it went."""

SEATS_SEEN = """() => {
  const board = document.getElementById("board");
  const marked = [...board.querySelectorAll(".layer > g.train.marked")].map((row) => row.dataset.train);
  const cards = Object.fromEntries([...document.querySelectorAll("#ring li")].map((card) => [card.dataset.seat, {
    text: card.textContent, marker: card.querySelectorAll(".train-note .marked svg.train-marker").length,
    whole: [...card.querySelectorAll(".train-note > span")].every((note) => note.scrollWidth <= note.clientWidth),
  }]));
  const seats = Object.fromEntries([...document.querySelectorAll("#seats li")].map((item) => [item.dataset.seat, {
    text: item.textContent, marker: item.querySelectorAll("svg.train-marker").length,
  }]));
  const log = [...document.querySelectorAll("#log li[data-kind=play]")].map((line) => line.textContent);
  return { marked, cards, seats, log };
}"""


NARROW: ViewportSize = {"width": 360, "height": 780}


@pytest.mark.parametrize("viewport", [LAPTOP, NARROW], ids=["1280x800", "360x780"])
def test_the_log_names_the_trains_and_a_marked_seat_shows_it(
    server: Server, browser: Browser, tmp_path_factory: pytest.TempPathFactory, viewport: ViewportSize
) -> None:
    """A marked train's seat says so on its card, in the seats list and in the card's title; on a phone's
    narrow card in short ("open to all" beside the marker), its words whole, not cut with "…"."""
    page = seated(browser, server, viewport, 4)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    checked = {"log": False, "marked": False}
    for _turn in range(60):
        if not page.locator("#summary").is_hidden():
            break
        seen = page.evaluate(SEATS_SEEN)
        for line in seen["log"]:
            assert re.search(r"^(You|.+) played \d+-\d+ on \d+-\d+, " + TOLD + "$", line), line
        checked["log"] |= bool(seen["log"])
        for seat, card in seen["cards"].items():  # the other seats, round the board
            open_to_all = seat in seen["marked"]
            assert ("train open to all" in card["text"]) == open_to_all, (seat, card, seen["marked"])
            assert card["marker"] == open_to_all and card["whole"], (seat, card)
        for seat, item in seen["seats"].items():  # every seat, yours too, in the seats list
            assert ("train open to all" in item["text"]) == (seat in seen["marked"]), (seat, item)
            assert item["marker"] == (seat in seen["marked"])
        if any(seat != "0" for seat in seen["marked"]):
            seat = next(seat for seat in seen["marked"] if seat != "0")
            card = page.locator(f'#ring li[data-seat="{seat}"]')
            expect(card.locator(".train-note")).to_have_attribute("title", re.compile("train open to all"))
            checked["marked"] = True
        if all(checked.values()):
            shots = tmp_path_factory.mktemp("mexican-train-seats")
            page.screenshot(path=str(shots / "marked-seat.png"))
            print(f"screenshot in {shots}")
            break
        make_move(page)
        page.wait_for_timeout(200)
    assert all(checked.values()), checked
    assert errors == []
    page.context.close()
