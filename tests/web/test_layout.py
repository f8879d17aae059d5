"""The table page's layout in a real browser against a real server, on a desktop (1280x800) and a phone
(390x844), in two languages each: the status bar's round, the action feed showing a bot's move, the pending
double marked on the board, why a dimmed tile is dimmed, focus back on the hand after a move, the two-tap play
on a touch screen, no scrolling on the phone during play; and the scores that fit (the chart's labels apart,
the side scoreboard inside its panel)."""

from __future__ import annotations

import gzip
import math
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from dominohall.web.assets import minify
from dominohall.web.pages import DRAWING_MODULES, DRAWING_STYLES, DRAWINGS

from ..server.harness import Server, create_table
from .boards import dense_boards
from .conftest import CHROMIUM, PHONE, shot
from .moves import CHOICE_OR_END, MY_TURN, make_move, told_views

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

LAPTOP: ViewportSize = {"width": 1280, "height": 800}
ROUND = {"en-GB": "Round 1 of 10", "pl-PL": "Runda 1 z 10", "ru-RU": "Раунд 1 из 10"}
PLAY_HERE = {"en-GB": "play here", "pl-PL": "graj tutaj", "ru-RU": "ходить сюда"}
WAITS = {"en-GB": "waits for toes", "pl-PL": "czeka na palce", "ru-RU": "ждёт пальцев"}
SMALL_PHONE: ViewportSize = {"width": 360, "height": 740}
CASES = [(LAPTOP, "en-GB"), (LAPTOP, "pl-PL"), (PHONE, "en-GB"), (PHONE, "ru-RU"), (SMALL_PHONE, "pl-PL")]


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots take 0.25 s a move, so the page sees the round's first moves one by one; the
    module's tests make more tables within a minute than a visitor may (20)."""
    options = ["--bot-delay", "0.25", "--between-rounds", "60", "--tables-per-minute", "60"]
    running = Server(tmp_path_factory.mktemp("layout") / "db.sqlite", options=options).start()
    yield running
    running.stop()


def seated(browser: Browser, server: Server, viewport: ViewportSize, language: str) -> Page:
    """Ann's page at a four-seat Chicken Foot table with three medium bots, the match started; a phone is a
    touch screen."""
    table_id, cookie = create_table(server, [None, "medium", "medium", "medium"], {})
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, locale=language, is_mobile=phone, has_touch=phone)
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{table_id}?start=1")
    expect(page.locator("#hand .tile").first).to_be_visible()
    return page


SIDEWAYS = "() => document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
"""How far the page reaches past the screen's width: a phone's ``innerWidth`` would grow with the page."""


def inside_viewport(page: Page, selector: str) -> dict[str, Any]:
    """The element's box against the viewport, with the page scrolled to the top."""
    return dict(
        page.evaluate(
            """(selector) => { scrollTo(0, 0); const r = document.querySelector(selector).getBoundingClientRect();
            const inside = r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: innerHeight, inside}; }""",
            selector,
        )
    )


CLIPPED_IN_CARDS = """() => [...document.querySelectorAll("#ring li :is(.count, .total, .pile, .name, .level)")]
  .filter((node) => { const r = node.getBoundingClientRect(), card = node.closest("li").getBoundingClientRect();
    const count = node.closest("li").querySelector(".count").getBoundingClientRect();
    const close = node.matches(".total") && count.bottom > r.top + 1 && r.left - count.right < 4;
    return r.width < (node.matches(".pile") ? 4 : 1) || r.right > card.right - 1 || r.left < card.left
      || node.scrollWidth > node.clientWidth + 1 || close; })
  .map((node) => node.className + " " + node.textContent)"""
"""The tile counts, point totals, names and bots' levels of the seats' cards that do not fit in their card (or are
cut short: the names here are short), any pile of backs without a whole back to show, and any total on the line
of its count closer to it than 4 px ("4 18 points" read as 418)."""
WHOLE_IN_NOTES = """() => { const box = document.getElementById("why"), why = box.getBoundingClientRect();
  const notes = document.querySelector(".notes").getBoundingClientRect();
  const hand = document.querySelector(".hand-row").getBoundingClientRect();
  const over = getComputedStyle(box).position === "absolute"; // laid over the row: it may rise above it
  return (over ? why.top >= 0 : why.top >= notes.top - 0.5) && why.bottom <= Math.min(notes.bottom, hand.top) + 0.5
    && box.scrollHeight <= box.clientHeight + 1; }"""
"""True when the reason a tile is dimmed is drawn whole, its text uncut, in the notes row and over nothing of the
hand (on a phone it lies over the row, a long one over the board's lower edge too: the hand does not move)."""
NEWEST_IN_SIGHT = """() => { const log = document.getElementById("log"), last = log.lastElementChild;
  const r = last.getBoundingClientRect(), box = log.getBoundingClientRect();
  return !log.checkVisibility() || (r.top >= box.top - 1 && r.bottom <= box.bottom + 1); }"""
"""True when the move list's newest line is in view in its scrolling box (or the list is on a hidden tab)."""
ALL_TABS_FIT = """() => {
  const tabs = document.querySelector('.side-tabs'), scores = tabs.querySelector('[data-tab=scores]');
  const hidden = scores.hidden;
  scores.hidden = false;
  const fits = tabs.scrollWidth <= tabs.clientWidth;
  scores.hidden = hidden;
  return fits; }"""
UNCOVERED = """(b) => { const r = b.getBoundingClientRect();
  return b.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)); }"""
"""True when the element's middle is the element itself, not something drawn over it (or clipping it)."""


def tap_move(page: Page) -> None:
    """Your move on a touch screen: a lit tile laid by two taps (the first only shows its places), else a draw
    or a pass."""
    lit = page.locator("#hand .tile.lit")
    offered = page.wait_for_function(CHOICE_OR_END).json_value()
    if offered == "end":  # a pass made for you (the page's own), and the hand ended blocked
        return
    if offered != "play":
        make_move(page)
        return
    held, laid = page.locator("#hand .tile").count(), int(page.locator("#board").get_attribute("data-tiles") or 0)
    several = page.locator("#hand .tile.lit:not([data-targets='1'])")  # a tile with several places if any
    tapped = (several if several.count() else lit).first
    name = tapped.get_attribute("data-tile")
    tapped.tap()
    expect(page.locator("#board .target").first).to_be_visible()  # the first tap only shows the places
    expect(page.locator("#hand .tile.chosen")).to_have_attribute("data-tile", name or "")  # and marks the tile
    assert page.locator("#hand .tile").count() == held
    assert int(page.locator("#board").get_attribute("data-tiles") or 0) == laid
    board = page.locator("#board").bounding_box()
    assert board is not None
    for target in page.locator("#board .target").all():  # every place is in sight on the board, however far apart
        box = target.bounding_box()
        assert box is not None
        assert board["x"] - 1 <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"] + 1
        assert board["y"] - 1 <= box["y"] and box["y"] + box["height"] <= board["y"] + board["height"] + 1
    for button in page.locator("#targets button").all():  # and every place button can be tapped: nothing covers it
        button.scroll_into_view_if_needed()
        assert button.evaluate(UNCOVERED), f"{button.inner_text()!r} is covered"
    page.locator("#targets button[data-index]").first.tap()  # the second lays it
    expect(page.locator("#hand .tile")).not_to_have_count(held)


CASE_IDS = ["laptop-en", "laptop-pl", "phone-en", "phone-ru", "phone360-pl"]


def rules_fold_and_unfold(page: Page) -> None:
    """The table's rules line shows whole on a phone, on as many lines as it takes (it ended in "…" until a tap,
    issue 32 point 11), and stays whole after a tap."""
    rules, whole = page.locator("#rules"), "() => { const e = document.getElementById('rules'); return %s; }"
    assert page.evaluate(whole % "e.scrollWidth <= e.clientWidth && getComputedStyle(e).textOverflow !== 'ellipsis'")
    assert rules.get_attribute("title") == rules.locator(".line").text_content()  # the whole line, hovered
    rules.tap()
    page.wait_for_function(whole % "e.scrollWidth <= e.clientWidth")


@pytest.mark.parametrize(("viewport", "language"), CASES, ids=CASE_IDS)
def test_the_table_tells_the_story_of_the_round(
    paced: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    page = seated(browser, paced, viewport, language)
    phone = viewport["width"] < 600
    expect(page.locator("#round-line")).to_have_text(ROUND[language])
    expect(page.locator("#turn-boneyard")).to_contain_text(re.compile(r"\d"))
    expect(page.locator("#my-total")).to_contain_text("0")
    expect(page.locator("#ring li")).to_have_count(3)  # the three others around the board
    clipped = page.evaluate(CLIPPED_IN_CARDS)
    assert clipped == [], f"cut off in the seats' cards (11 tiles each): {clipped}"
    if phone:  # all five tabs beside the board in sight at once, in every language (Scores shows from round 2)
        assert page.evaluate(ALL_TABS_FIT)
        expect(page.locator(".legend")).to_be_hidden()  # the room goes to the hand
    else:  # what the board's outlines mean
        expect(page.locator(".legend")).to_be_visible()
        assert page.locator(".legend .swatch").count() == 2
    pending_seen, why_seen, bot_seen = False, False, False
    for moves in range(200):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if page.locator("#summary:not([hidden])").count():
            break
        if phone and not moves:  # on Ann's turn, when nothing moves on the page
            rules_fold_and_unfold(page)
        if page.locator("#board[data-pending]:not([data-pending=''])").count() and not pending_seen:
            mark = page.locator("#board .pending-mark")
            expect(mark).to_have_count(1)
            fits = page.locator("#hand .tile.lit").count() > 0  # "play here" only where one of your tiles goes
            expect(mark.locator("text")).to_have_text((PLAY_HERE if fits else WAITS)[language])
            pending_seen = True
        dimmed = page.locator("#hand .tile[aria-disabled=true]")
        if dimmed.count() and not why_seen:
            tile = dimmed.first
            (tile.tap if phone else tile.hover)(force=True)  # aria-disabled: Playwright would wait for "enabled"
            reason = tile.get_attribute("data-why") or ""
            assert reason and tile.get_attribute("title") == reason
            expect(page.locator("#why")).to_have_text(reason)
            expect(page.locator("#why")).to_be_visible()
            assert page.evaluate(WHOLE_IN_NOTES), "the reason is cut off in the notes row"
            why_seen = True
        bots = page.locator("#log li[data-seat='1'], #log li[data-seat='2'], #log li[data-seat='3']")
        if bots.count() and not bot_seen:
            seat = bots.last.get_attribute("data-seat")
            expect(page.locator(f"#ring li[data-seat='{seat}'] .said")).not_to_be_empty()
            bot_seen = True
        for part in ("#status", "#board", "#hand", "#hand .tile:first-child", "#hand .tile:last-child"):
            box = inside_viewport(page, part)
            assert box["inside"], f"{part} is not inside the window during play: {box}"
        if phone:
            assert page.locator("#hand-hint").is_hidden(), "no keyboard hint on a touch screen"
            sideways = page.evaluate(SIDEWAYS)
            assert sideways <= 0, f"the phone's page scrolls sideways by {sideways} px"
        tap_move(page) if phone else make_move(page)
        if not phone:  # the focus is back on the hand (or its Draw/Pass) after the move
            page.wait_for_function("() => document.activeElement?.closest('#hand, .actions') !== null")
        assert page.evaluate(NEWEST_IN_SIGHT), "the newest move is out of sight in the move list"
        if pending_seen and why_seen and bot_seen and moves >= 2:
            break
    assert pending_seen, "the centre double waiting for its toes was never marked on the board"
    assert why_seen, "no dimmed tile was ever explained"
    assert bot_seen, "no bot's move in the action feed"
    page.context.close()


SHOW_PENDING_AND_DRAWN = """() => {
  const { words, plurals } = JSON.parse(document.getElementById("strings").textContent);
  const pending = document.getElementById("pending"), drawn = document.getElementById("drawn-note");
  pending.textContent = "9-9: " + plurals.toes.other.replace("%(num)d", "2");
  drawn.textContent = words.drawn_no_fit.replace("%(tile)s", "9-8");
  pending.hidden = drawn.hidden = false;
  const note = drawn.getBoundingClientRect(), notes = document.querySelector(".notes").getBoundingClientRect();
  return { whole: note.height > 0 && note.top >= notes.top - 0.5 && note.bottom <= notes.bottom + 0.5,
           note: [note.top, note.bottom], notes: [notes.top, notes.bottom], text: drawn.textContent }; }"""
"""Show a double's toes wanted and a drawn tile that fits nowhere at once (as the page does for the moment before
it passes by itself), each in the page's language: is the drawn tile's note drawn whole in the notes row?"""


@pytest.mark.parametrize(
    ("viewport", "language"),
    [(LAPTOP, "ru-RU"), (LAPTOP, "cs-CZ"), (PHONE, "ru-RU"), (SMALL_PHONE, "pl-PL")],
    ids=["laptop-ru", "laptop-cs", "phone-ru", "phone360-pl"],
)
def test_a_drawn_tile_that_fits_nowhere_is_told_whole_beside_a_double_waiting(
    paced: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    page = seated(browser, paced, viewport, language)
    shown = page.evaluate(SHOW_PENDING_AND_DRAWN)
    assert shown["whole"], f"the note of the drawn tile is cut off in the notes row: {shown}"
    page.context.close()


@pytest.mark.parametrize(
    "viewport",
    [PHONE, {"width": 844, "height": 390}, {"width": 1366, "height": 768}],
    ids=["390x844", "844x390", "1366x768"],
)
def test_a_long_hand_and_its_buttons_stay_on_the_screen(
    paced: Server, browser: Browser, viewport: ViewportSize
) -> None:
    """Two players hold 20 tiles each: on a phone the hand takes two rows, with Draw or Pass (and Hint) after
    it; the board gives way so that all of them are on the screen without scrolling, whatever the turn (on a
    phone on its side too, where the seats go beside the board and the site's header goes)."""
    table_id, cookie = create_table(paced, [None, "medium"], {"players": 2})
    phone = min(viewport["width"], viewport["height"]) < 600  # a phone upright or on its side
    context = browser.new_context(viewport=viewport, locale="en-GB", is_mobile=phone, has_touch=phone)
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": paced.url}])
    page = context.new_page()
    page.goto(f"{paced.url}/t/{table_id}?start=1")
    expect(page.locator("#hand .tile").first).to_be_visible()
    buttons_seen = False
    for _ in range(5):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if page.locator("#summary:not([hidden])").count():
            break
        shown = ["#hand .tile:first-child", "#hand .tile:last-child"]
        shown += [f"#{b}" for b in ("draw", "pass", "ask-hint") if page.locator(f"#{b}").is_visible()]
        buttons_seen |= len(shown) > 2
        for part in shown:
            box = inside_viewport(page, part)
            assert box["inside"], f"{part} is off the screen with {page.locator('#hand .tile').count()} tiles: {box}"
        tap_move(page) if phone else make_move(page)
    assert buttons_seen, "never saw Draw, Pass or Hint"
    context.close()


CHART_NAMES = [
    "Ann & Clara (medium bot)",
    "Bartholomew (hard bot) & Zofia",
    "Eva",
    "Felix (easy bot)",
    "Gustav (medium bot)",
    "Hana",
    "Ivo (hard bot)",
    "Jana (easy bot)",
    "Karolína (medium bot)",
    "Ludmila",
    "Marek (hard bot)",
    "Nora (easy bot)",
]
"""Twelve seats' names, as a 12-seat Chicken Foot table has them."""


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The bounding boxes of every element matching ``selector``."""
    return list(
        page.evaluate(
            """(s) => [...document.querySelectorAll(s)].map((e) => {
            const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, r: r.right, b: r.bottom}; })""",
            selector,
        )
    )


LABEL_SIZE = """(chart) => [...document.querySelectorAll(`${chart} text.label`)].map((text) => {
    const svg = text.ownerSVGElement;
    return parseFloat(getComputedStyle(text).fontSize) * svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
})"""
"""The size each label of ``chart`` is shown at, in CSS pixels: its font size times the chart's scale."""


@pytest.mark.parametrize("width", [1280, 390])
def test_chart_labels_never_overlap_keep_their_size_and_the_side_scoreboard_fits(
    paced: Server, browser: Browser, width: int
) -> None:
    """Three charts (twelve long names in the side's panel, two lines in the play area, one seat far ahead of
    two long names) on a desktop and on a phone: no label on another or outside its chart, each shown at
    its own size (13 px, not a wide drawing shrunk to the phone's width), and the side's scoreboard inside
    its panel."""
    page = seated(browser, paced, {"width": width, "height": 800}, "en-GB")
    page.evaluate(
        """async (names) => {
        const { scoreboard } = await import("/static/summary.js");
        const { Scores } = await import("/static/scores.js");
        const scores = new Scores("layout-test");
        const rows = [];
        for (let round = 0; round < 13; round++) rows.push(names.map((_, i) => 40 * round + (i % 3)));
        scores.fromTotals(rows, 1);
        const panel = document.createElement("section"); // the side's scores panel, as the page fills it
        panel.className = "scores";
        panel.id = "side-scores";
        panel.appendChild(scoreboard(names, scores));
        document.querySelector(".side").prepend(panel);
        const two = new Scores("layout-test-2");
        two.fromTotals(rows.map((row) => row.slice(0, 2)), 1);
        const wide = document.createElement("div");
        wide.id = "wide-chart";
        wide.appendChild(scoreboard(names.slice(0, 2), two));
        document.querySelector(".play-area").appendChild(wide);
        const leading = new Scores("layout-test-3"); // one seat far ahead, two long names at 0 below it
        leading.fromTotals([[15, 0, 0]], 1);
        const top = document.createElement("div");
        top.id = "top-chart";
        top.appendChild(scoreboard(["Karel (těžký bot)", "Jitka (střední bot)", "Zdeněk (snadný bot)"], leading));
        document.querySelector(".play-area").appendChild(top);
    }""",
        CHART_NAMES,
    )
    charts = ("#side-scores svg.chart", "#wide-chart svg.chart", "#top-chart svg.chart")
    for chart in charts if width > 1000 else charts[1:]:  # a phone's side panel is behind a tab
        page.wait_for_function(  # each is drawn again at the width it is shown at
            "(c) => { const svg = document.querySelector(c);"
            " return svg && Math.round(svg.getBoundingClientRect().width) === Number(svg.dataset.width); }",
            arg=chart,
        )
        sizes = page.evaluate(LABEL_SIZE, chart)
        assert sizes and min(sizes) >= 12.5, f"the labels of {chart} are shown at {min(sizes):.1f} px"
        labels = boxes(page, f"{chart} text.label")
        assert len(labels) in (12, 2, 3)
        for i, a in enumerate(labels):
            for b in labels[i + 1 :]:
                apart = a["b"] <= b["y"] + 0.5 or b["b"] <= a["y"] + 0.5 or a["r"] <= b["x"] or b["r"] <= a["x"]
                assert apart, f"chart labels overlap in {chart}: {a} {b}"
        svg = boxes(page, chart)[0]
        for label in labels:
            assert label["r"] <= svg["r"] + 0.5 and label["x"] >= svg["x"] - 0.5, f"a label leaves the chart: {label}"
            assert label["y"] >= svg["y"] - 0.5 and label["b"] <= svg["b"] + 0.5, f"a label leaves the chart: {label}"
    shown = page.evaluate(
        """() => [...document.querySelectorAll("#wide-chart svg.chart text.label")]
        .map((label) => [...label.querySelectorAll("tspan")].map((line) => line.textContent).join(" "))"""
    )
    whole = [" ".join(text.split()) for text in shown]  # a wrapped line's tspan starts with a space of its own
    assert any(text.startswith(CHART_NAMES[1]) for text in whole), f"a team's name is cut: {shown}"
    panel = page.evaluate(
        """() => { const p = document.getElementById("side-scores"); const r = p.getBoundingClientRect();
        return {scroll: p.scrollWidth, client: p.clientWidth, right: r.right, width: innerWidth}; }"""
    )
    assert panel["scroll"] <= panel["client"] + 1, f"the side scoreboard overflows its panel: {panel}"
    assert panel["right"] <= panel["width"], f"the scores panel leaves the window: {panel}"
    page.context.close()


def imports(web: Path, *starts: str) -> set[str]:
    """The modules under ``static/`` that ``starts`` import, directly or not, ``starts`` among them."""
    found, todo = set(starts), list(starts)
    while todo:
        named = re.findall(r'from "\./(\w+\.js)"', (web / "static" / todo.pop()).read_text(encoding="utf-8"))
        todo += [name for name in named if name not in found]
        found |= set(named)
    return found


def later(web: Path, start: str) -> set[str]:
    """The modules ``start`` (and what it imports) loads later, by ``import("./x.js")``, and what they import."""
    found: set[str] = set()
    for name in imports(web, start):
        text = (web / "static" / name).read_text(encoding="utf-8")
        for loaded in re.findall(r'import\("\./(\w[\w-]*\.js)"\)', text):
            found |= imports(web, loaded)
    return found - imports(web, start)


def test_the_page_stays_light() -> None:
    """The scripts and the stylesheets of each game's table in play (table.js and the modules it imports, that
    game's drawing and the modules it imports, site.css and the drawing's own stylesheets, pages.py's
    ``DRAWING_STYLES``) stay within their budget as they travel, minified and gzipped as the server sends them
    (web/assets.py): 42 KB before the first move; and with every module the page may load later (a round's end,
    the chat's tools, checking a deal, the away notices, a tile's flight: none of them preloaded), 56 KB: the
    table's later features (issue 32's phrases, the hand's order, tile styles, the screen reader's keys) load
    when first used, each a module of its own, and this bounds them together.

    On 2026-12-06 a third game's drawing, the games' traits, the seats of twelve and the trains' words took the
    page from 39.1 to 42.8 KB (the budget went to 43 KB for a day); each table loading only its own game's
    drawing (pages.py's ``DRAWING_MODULES``) and slimmer drawings brought it to 42.3 KB, and the lost connection's
    notice, the console's chat tools, the phone's seats' grid and All Fives' running scores to 43.4 KB. A round's
    end, its scoreboard and chart (summary.js, chart.js: 4.4 KB) then left the first load, fetched when the page
    is idle or a round has ended: 39.0, 39.2 and 38.4 KB (Chicken Foot, the standard game, Mexican Train).
    (38.3 KB on 2026-12-02, when the server began to minify them; the same files gzipped as written weighed
    56.0 KB.) Every page's install.js (it registers the service worker) counts too. On 2026-12-06 away.js
    (your turn in a hidden tab), fly.js (a tile's flight), install.js and the click's sound took the page from
    39.5 to 40.1 KB and, with what loads later, from 48.1 to 49.9 KB (the standard game, the heaviest). By the
    end of that day the standard game's first load was 42.0 KB; the host's settings form (host-settings.js,
    form.js), drawn only while a table waits, then left it: 40.6 KB.
    Comments cost a phone nothing; code does."""
    web = Path(__file__).parents[2] / "src" / "dominohall" / "web"
    preloaded = set(re.findall(r'"([\w-]+\.js)"', (web / "templates" / "table.html").read_text(encoding="utf-8")))
    common = imports(web, "table.js")
    assert common <= preloaded | {"table.js"}, f"imported but not preloaded: {common - preloaded}"
    lazy = later(web, "table.js")
    assert {"summary.js", "chart.js", "chat-tools.js", "proof-check.js", "away.js", "fly.js"} <= lazy, lazy
    assert not lazy & preloaded, f"loaded later, but preloaded: {lazy & preloaded}"

    def weight(name: str) -> int:
        return len(gzip.compress(minify(name, (web / "static" / name).read_text(encoding="utf-8")).encode(), 6))

    first, whole = {}, {}
    for drawing, modules in DRAWING_MODULES.items():
        assert set(modules) == imports(web, modules[0]) - common, f"{drawing}: its modules are {modules}"
        assert not {f"{other}.js" for other in DRAWINGS - {drawing}} & (common | set(modules)), drawing
        styles = DRAWING_STYLES.get(drawing, ())
        first[drawing] = sum(weight(name) for name in {*common, *modules, "site.css", "install.js", *styles})
        whole[drawing] = first[drawing] + sum(weight(name) for name in lazy - common - set(modules))
    assert set(first) == DRAWINGS
    heavy = {drawing: grams for drawing, grams in first.items() if grams >= 42_000}
    assert not heavy, f"a table's scripts and stylesheet weigh (bytes, minified and gzipped, by drawing) {first}"
    heavy = {drawing: grams for drawing, grams in whole.items() if grams >= 56_000}
    assert not heavy, f"with what loads later they weigh {whole}"


DRAW_DENSE = """async ({ view, rect, double, tools }) => {
    const board = await import("/static/board.js");
    await Promise.all(["feet", "line", "trains"].map((drawing) => import(`/static/${drawing}.js`)));
    const { Camera } = await import("/static/camera.js");
    const box = document.createElement("div"); // the board's place and size on the page during play
    box.className = "board";
    box.style.cssText = `position: fixed; left: ${rect.x}px; top: ${rect.y}px; width: ${rect.w}px; height: ${rect.h}px`;
    document.body.appendChild(box);
    let shown = view;
    let pending = null;
    if (double) { // the board as it was just after its last later double was laid, the double still open
        const at = view.placed.findLastIndex(([tile, on]) => on && tile.split("-")[0] === tile.split("-")[1]);
        const plays = view.history.map((entry, i) => [entry, i]).filter(([entry]) => entry.kind === "play");
        const cut = plays[at - 1] ? plays[at - 1][1] + 1 : view.history.length; // the centre is no play
        shown = { ...view, placed: view.placed.slice(0, at + 1), history: view.history.slice(0, cut), end: null };
        pending = view.placed[at][0];
    }
    const portrait = rect.h > 1.15 * rect.w;
    const recent = new Set(); // a watcher's: every play of the round, the newest followed first
    shown.history.forEach((entry) => { if (entry.kind === "play") recent.add(entry.tile); });
    const drawn = board.drawBoard(box, shown, "feet", { pending, portrait, playHere: "play here", recent });
    const camera = new Camera(box);
    const focus = board.focusKeys(shown, { pending, recent });
    camera.attach(drawn.svg, drawn.bounds, focus.map(drawn.areaOf).filter(Boolean));
    const inside = (node) => { const r = node.getBoundingClientRect(), b = box.getBoundingClientRect();
        return r.left >= b.left - 0.5 && r.right <= b.right + 0.5
            && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5; };
    const under = () => [...box.querySelectorAll(".tile")].filter((tile) => { // drawn under the board's buttons
        const r = tile.getBoundingClientRect(), b = box.getBoundingClientRect();
        const left = b.left + tools.x, top = b.top + tools.y;
        return r.left < left + tools.w && r.right > left && r.top < top + tools.h && r.bottom > top; }).length;
    const measure = () => { // the width of the newest tile's face, and a pip across, in screen pixels
        const tile = box.querySelector(pending ? `.tile[data-tile="${pending}"]` : ".tile.last");
        const ctm = tile.querySelector("rect.body").getScreenCTM(); // however the tile is turned
        const pip = tile.querySelector("circle.pip")?.getBoundingClientRect();
        return { tile: 20 * Math.hypot(ctm.a, ctm.b), pip: pip ? Math.min(pip.width, pip.height) : null,
            inside: inside(tile), mark: pending ? inside(box.querySelector(".pending-mark rect")) : true,
            camera: box.dataset.camera, tiles: Number(box.dataset.tiles) };
    };
    const followed = measure();
    camera.fit();
    const fitted = { ...measure(), under: under() };
    camera.follow();
    const again = measure();
    box.remove();
    return { followed, fitted, again };
}"""
LEGIBLE_PIP_PX = 5.0
"""A pip narrower than this (about 1.3 mm on a phone) is hard to count; the camera's legible scale gives 5.3."""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_dense_boards_stay_legible_where_the_play_is(paced: Server, browser: Browser, viewport: ViewportSize) -> None:
    """On the dense boards of tests/web/boards.py (four players on double-nine, eight on double-twelve) drawn at
    the board's size during play, the camera shows the newest tile (or the open double, with its mark) with
    pips at least 5 px across, where "Fit" draws them smaller; "Fit" and "follow" switch between the two."""
    page = seated(browser, paced, viewport, "en-GB")
    rect = page.evaluate(
        """() => { const r = document.getElementById("board").getBoundingClientRect();
        return {x: r.left, y: r.top, w: r.width, h: r.height}; }"""
    )
    tools = page.evaluate(
        """() => { const r = document.querySelector(".board-tools").getBoundingClientRect();
        const b = document.getElementById("board").getBoundingClientRect();
        return {x: r.left - b.left, y: r.top - b.top, w: r.width, h: r.height}; }"""
    )
    dense_seen, lines = 0, []
    for view in dense_boards(8):
        for double in (False, True):
            got = page.evaluate(DRAW_DENSE, {"view": view, "rect": rect, "double": double, "tools": tools})
            followed, fitted = got["followed"], got["fitted"]
            assert fitted["under"] == 0, f"{fitted['under']} tiles under the board's buttons at Fit"
            lines.append(
                f"{followed['tiles']} tiles{' (open double)' if double else ''}: tile {fitted['tile']:.1f} px"
                f" at Fit, {followed['tile']:.1f} px followed ({followed['camera']})"
            )
            assert followed["inside"] and followed["mark"], f"the followed tile is off the board's view: {got}"
            assert followed["tile"] >= fitted["tile"] - 0.1
            assert got["again"] == followed, "follow after Fit frames the same part again"
            if fitted["tile"] * 3.8 / 20 < LEGIBLE_PIP_PX:  # a board too dense for the screen at Fit
                dense_seen += 1
                assert followed["camera"] == "part" and fitted["camera"] == "whole"
            pip = followed["tile"] * 3.8 / 20  # a pip is 3.8 units across on a tile 20 units wide
            assert pip >= LEGIBLE_PIP_PX, f"pips of {pip:.1f} px on a followed board: {got}"
            if followed["pip"] is not None:
                assert followed["pip"] >= LEGIBLE_PIP_PX - 0.2, f"a drawn pip measures {followed['pip']:.1f} px"
    print(f"\n{viewport['width']}x{viewport['height']}, board {rect['w']:.0f}x{rect['h']:.0f}:\n" + "\n".join(lines))
    assert dense_seen >= 4, "the dense boards should be too dense for the screen at Fit"
    page.context.close()


CAPTIONS = """async ({ view, portrait, label }) => {
    const board = await import("/static/board.js");
    await Promise.all(["feet", "line", "trains"].map((drawing) => import(`/static/${drawing}.js`)));
    const { Camera } = await import("/static/camera.js");
    const box = document.createElement("div");
    box.className = "board";
    const [width, height] = portrait ? [400, 800] : [900, 500];
    box.style.cssText = `position: fixed; left: 0; top: 0; width: ${width}px; height: ${height}px`;
    document.body.appendChild(box);
    const captions = [];
    for (let i = 1; i < view.placed.length; i++) {  // each double as it was laid, waiting for its toes
        const pending = view.placed[i][0];
        if (pending.split("-")[0] !== pending.split("-")[1]) continue;
        const sofar = { ...view, placed: view.placed.slice(0, i + 1) };
        const drawn = board.drawBoard(box, sofar, "feet", { pending, playHere: label, portrait });
        const followed = board.focusKeys(sofar, { pending }).map(drawn.areaOf).filter(Boolean);
        new Camera(box).attach(drawn.svg, drawn.bounds, followed);
        let text = box.querySelector(".pending-mark text").getBoundingClientRect();
        const b = box.getBoundingClientRect();
        const inside = text.left >= b.left - 0.5 && text.right <= b.right + 0.5 && text.top >= b.top - 0.5
            && text.bottom <= b.bottom + 0.5;  // as the board shows it (fitted, or following the play)
        const svg = box.querySelector("svg"), all = svg.getBBox();  // then all of it, to see what the caption covers
        svg.setAttribute("viewBox", `${all.x} ${all.y} ${all.width} ${all.height}`);
        svg.style.cssText = "width: 100%; height: 100%";
        text = box.querySelector(".pending-mark text").getBoundingClientRect();
        const under = [...box.querySelectorAll("g.tile")].filter((tile) => {
            const r = tile.getBoundingClientRect();
            const across = Math.min(r.right, text.right) - Math.max(r.left, text.left);
            return across > 1 && Math.min(r.bottom, text.bottom) - Math.max(r.top, text.top) > 1;
        });
        const double = `${pending} at ${i} (${box.dataset.camera})`;
        captions.push({ double, inside, under: under.map((tile) => tile.dataset.tile) });
    }
    box.remove();
    return captions;
}"""
"""Each double of a round as it was laid, waiting for its toes, with its caption in ``label``: whether the board's
view shows the whole caption, and the tiles the caption covers."""


def captions(page: Page, portrait: bool, label: str) -> list[dict[str, Any]]:
    """``CAPTIONS`` over the dense boards' rounds, each from its first double on (small boards, then dense ones)."""
    args = {"portrait": portrait, "label": label}
    return [caption for view in dense_boards(8) for caption in page.evaluate(CAPTIONS, args | {"view": view})]


CAPTION_WORDS = ["play here", "waits for toes", "ждёт пальцев", "czeka na palce", "čeká na prsty"]
"""The table's "play here" and the replay viewer's "waits for toes", the latter in the four languages."""


@pytest.mark.parametrize("portrait", [False, True], ids=["landscape", "portrait"])
def test_the_caption_of_a_double_waiting_for_toes_covers_no_tile(
    paced: Server, browser: Browser, portrait: bool
) -> None:
    """On the dense boards' rounds, each double just laid: its caption, the table's "play here" or the replay
    viewer's longer "waits for toes" in any language, goes where it covers no tile (it went above the double
    whatever lay there, and covered a tile in 40 of these 70 cases; then, chosen among the four sides of the
    double only, the viewer's words still covered tiles where every side was taken)."""
    page = browser.new_page()
    page.goto(f"{paced.url}/en/")
    for label in CAPTION_WORDS:
        shown = captions(page, portrait, label)
        assert len(shown) >= 50
        assert [caption for caption in shown if caption["under"]] == [], label
    page.close()


@pytest.mark.parametrize("portrait", [False, True], ids=["landscape", "portrait"])
def test_the_caption_of_a_double_waiting_for_toes_is_in_sight(paced: Server, browser: Browser, portrait: bool) -> None:
    """The same doubles in the widest of the languages' words: the board's view (fitted, or following the play
    on a dense board) shows the whole caption (it was cut at the board's edge when it lay beyond every tile: 7
    and 10 of these doubles)."""
    page = browser.new_page()
    page.goto(f"{paced.url}/en/")
    assert [caption["double"] for caption in captions(page, portrait, "ждёт пальцев") if not caption["inside"]] == []
    page.close()


DRAW_CHOICE = """async ({ view, rect }) => {
    const board = await import("/static/board.js");
    await Promise.all(["feet", "line", "trains"].map((drawing) => import(`/static/${drawing}.js`)));
    const { Camera } = await import("/static/camera.js");
    const box = document.createElement("div");
    box.className = "board";
    box.style.cssText = `position: fixed; left: ${rect.x}px; top: ${rect.y}px; width: ${rect.w}px; height: ${rect.h}px`;
    document.body.appendChild(box);
    const portrait = rect.h > 1.15 * rect.w;
    const ends = view.open_ends.map(([last]) => last);
    const choice = [ends[0], ends[ends.length - 1]].map((on) => ({ kind: "play", tile: "0-0", on }));
    const drawn = board.drawBoard(box, view, "feet", { choice, current: 0, portrait, recent: new Set() });
    const places = choice.map((_, index) => drawn.areaOf(index)).filter(Boolean);
    const camera = new Camera(box);
    const followed = board.focusKeys(view).map(drawn.areaOf).filter(Boolean);
    camera.attach(drawn.svg, drawn.bounds, [...places, ...followed], places.length);
    const b = box.getBoundingClientRect();
    const inside = [...box.querySelectorAll(".target rect")].map((node) => {
        const r = node.getBoundingClientRect();
        return r.left >= b.left - 0.5 && r.right <= b.right + 0.5 && r.top >= b.top - 0.5 && r.bottom <= b.bottom + 0.5;
    });
    const result = { inside, camera: box.dataset.camera, zoom: Number(box.dataset.zoom) };
    box.remove();
    return result;
}"""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_every_place_a_tile_may_go_is_in_sight_on_a_dense_board(
    paced: Server, browser: Browser, viewport: ViewportSize
) -> None:
    """A tile that fits at the two open ends farthest apart in the list, on the dense boards: the camera,
    which otherwise shows a legible part of such a board, zooms out until both places are in view."""
    page = seated(browser, paced, viewport, "en-GB")
    rect = page.evaluate(
        """() => { const r = document.getElementById("board").getBoundingClientRect();
        return {x: r.left, y: r.top, w: r.width, h: r.height}; }"""
    )
    parts = 0
    for view in dense_boards(8):
        got = page.evaluate(DRAW_CHOICE, {"view": view, "rect": rect})
        assert len(got["inside"]) == 2 and all(got["inside"]), f"a place is off the board's view: {got}"
        parts += got["camera"] == "part"
    print(f"\n{viewport['width']}x{viewport['height']}: {parts} boards shown in part with both places in view")
    page.context.close()


PLACES_IN_SIGHT = """(tiles) => { const board = document.getElementById("board").getBoundingClientRect();
  const tools = [...document.querySelectorAll(".board-tools button:not([hidden])")]
    .map((button) => button.getBoundingClientRect());
  return tiles.map((tile) => {
    const r = document.querySelector(`#board g.tile[data-tile="${tile}"]`).getBoundingClientRect();
    const inside = r.left >= board.left - 1 && r.right <= board.right + 1 && r.top >= board.top - 1
      && r.bottom <= board.bottom + 1;
    const under = tools.some((t) => Math.min(t.right, r.right) - Math.max(t.left, r.left) > 1
      && Math.min(t.bottom, r.bottom) - Math.max(t.top, r.top) > 1);
    return { tile, inside: inside && !under, across: Math.min(r.width, r.height) }; }); }"""
"""Each of the board's ``tiles``: whether it is drawn wholly inside the board's frame and clear of the board's
buttons over it, and how wide it is drawn."""


@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "360x740"])
def test_on_an_upright_phone_the_standard_line_keeps_every_place_you_can_play_in_sight(
    paced: Server, browser: Browser, viewport: ViewportSize
) -> None:
    """A hand of the standard draw game on a phone held upright: at each of your turns, before you touch a
    tile, every tile of the line that a tile of your hand may be laid on (the server's ``legal_moves``) is on
    the board's screen, clear of its buttons, drawn at least 18 px wide; the line bends to use the board's
    height rather than run off its sides."""
    table_id, cookie = create_table(paced, [None, "easy"], {"players": 2, "mode": "draw", "target": None}, "standard")
    context = browser.new_context(viewport=viewport, locale="en-GB", is_mobile=True, has_touch=True)
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": paced.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    views = told_views(page)
    page.goto(f"{paced.url}/t/{table_id}?start=1")
    seen: list[str] = []
    for _ in range(40):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if page.locator("#summary:not([hidden])").count():
            break
        ends = sorted({move["on"] for move in views[-1]["legal_moves"] if move["kind"] == "play" and move["on"]})
        placed = int(page.locator("#board").get_attribute("data-tiles") or 0)
        for place in page.evaluate(PLACES_IN_SIGHT, ends):
            seen.append(f"{placed} tiles: {place['tile']} {place['across']:.0f} px")
            where = f"with {placed} tiles down, {place['tile']}"
            assert place["inside"], f"{where} is off the board or under its buttons: {seen}"
            assert place["across"] >= 18, f"{place['tile']} is drawn {place['across']:.1f} px wide: {seen}"
        tap_move(page)
    print(f"\n{viewport['width']}x{viewport['height']}: " + ", ".join(seen))
    assert len(seen) >= 5, f"too few turns with a tile to lay: {seen}"
    page.context.close()


SCOREBOARD_FITS = """async (names) => {
    const { scoreboard } = await import("/static/summary.js");
    const box = document.createElement("div");
    box.className = "summary";
    document.querySelector("main").appendChild(box);
    box.appendChild(scoreboard(names, { rows: [[36, 0, 30, 13], [40, 12, 45, 13]] }));
    const scroll = box.querySelector(".scroll");
    const fits = scroll.scrollWidth <= scroll.clientWidth && box.getBoundingClientRect().right <= window.innerWidth;
    const heads = [...box.querySelectorAll("thead th")].map((th) => th.textContent);
    box.remove();
    return { fits, heads };
}"""


@pytest.mark.parametrize(("viewport", "language"), [(PHONE, "ru-RU"), (SMALL_PHONE, "pl-PL")], ids=["390-ru", "360-pl"])
def test_the_round_by_round_scores_of_four_seats_fit_across_a_phone(
    paced: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    """Four columns of bots' names ("Ирина (средний бот)") do not push the table past a phone's width: the
    bot's level is left to the chart and to screen readers there."""
    page = seated(browser, paced, viewport, language)
    names = ["Игрок", "Дарья (средний бот)", "Ирина (средний бот)", "Жанна (сложный бот)"]
    got = page.evaluate(SCOREBOARD_FITS, names)
    assert got["fits"], got
    assert got["heads"][1:] == names  # the names are still there in full, for screen readers
    page.context.close()


BIG_DESKTOP: ViewportSize = {"width": 1920, "height": 1080}
AROUND = """() => {
  scrollTo(0, 0);
  const rect = (e) => { const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, r: r.right, b: r.bottom}; };
  const strip = document.getElementById("ring");
  const cards = [...strip.querySelectorAll("li[data-seat]")].map((li) => ({
    seat: Number(li.dataset.seat), box: rect(li), turn: li.classList.contains("turn-now"),
    name: li.querySelector(".name")?.textContent ?? "", count: li.querySelector(".count")?.textContent ?? "",
    total: li.querySelector(".total")?.textContent ?? "",
  }));
  const board = document.getElementById("board");
  const tiles = [...board.querySelectorAll("g.tile")].map(rect);
  const page = document.scrollingElement;
  return { cards, board: rect(board), tiles, hand: rect(document.querySelector(".hand-row")),
    strip: { ...rect(strip), scroll: strip.scrollWidth, client: strip.clientWidth,
      overflow: getComputedStyle(strip).overflowX },
    width: innerWidth, height: innerHeight, page: { width: page.scrollWidth, height: page.scrollHeight },
    sideways: page.scrollWidth - document.documentElement.clientWidth };
}"""
"""The seats' cards around the board (each one's box, whose turn, what it shows), the board and its tiles, the
hand's row, the seats' box (its content's width and its own) and the page's scrolling size, read at one moment with
the page scrolled to the top."""


def apart(a: dict[str, float], b: dict[str, float]) -> bool:
    """True when two boxes do not overlap (touching edges apart)."""
    return a["r"] <= b["x"] + 0.5 or b["r"] <= a["x"] + 0.5 or a["b"] <= b["y"] + 0.5 or b["b"] <= a["y"] + 0.5


def many_seated(browser: Browser, server: Server, viewport: ViewportSize, players: int) -> Page:
    """Ann's page at a Chicken Foot table of ``players`` seats (Ann and medium bots), the match started."""
    table_id, cookie = create_table(server, [None] + ["medium"] * (players - 1), {"players": players})
    phone = viewport["width"] < 600
    context = browser.new_context(viewport=viewport, locale="en-GB", is_mobile=phone, has_touch=phone)
    name, value = cookie.split("=", 1)
    context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{server.url}/t/{table_id}?start=1")
    expect(page.locator("#hand .tile").first).to_be_visible()
    return page


def cards_are_whole_and_clear(seen: dict[str, Any], players: int) -> None:
    """Every other seat has its card, showing its name, tiles and points, on no other card, off the board and
    its tiles and off the hand's row."""
    cards = seen["cards"]
    assert len(cards) == players - 1, f"{len(cards)} cards for {players} seats"
    for card in cards:
        assert card["name"] and card["count"].isdigit() and "point" in card["total"], f"a card misses a part: {card}"
        assert apart(card["box"], seen["board"]), f"seat {card['seat']}'s card is on the board: {card['box']}"
        assert apart(card["box"], seen["hand"]), f"seat {card['seat']}'s card is on the hand: {card['box']}"
        on_tiles = [tile for tile in seen["tiles"] if not apart(card["box"], tile)]
        assert not on_tiles, f"seat {card['seat']}'s card covers tiles of the board"
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            assert apart(a["box"], b["box"]), f"the cards of seats {a['seat']} and {b['seat']} overlap"


@pytest.mark.parametrize("players", [9, 12])
@pytest.mark.parametrize("viewport", [LAPTOP, BIG_DESKTOP], ids=["1280x800", "1920x1080"])
def test_nine_to_twelve_seats_sit_round_the_board_in_turn_order_on_a_desktop(
    paced: Server, browser: Browser, viewport: ViewportSize, players: int
) -> None:
    """A table of 9 or 12 on a desktop: the other seats' compact cards are all on the screen, whole (name,
    tiles, points), none on another, on the board's tiles or on the hand; and they go round the board in
    turn order from Ann's seat below it: up the left side, across the top, down the right side (the left
    side ran downwards)."""
    page = many_seated(browser, paced, viewport, players)
    turns_seen: set[int] = set()
    for _ in range(40):
        seen = page.evaluate(AROUND)
        cards_are_whole_and_clear(seen, players)
        clipped = page.evaluate(CLIPPED_IN_CARDS)
        assert clipped == [], f"cut off in the seats' cards: {clipped}"
        for card in seen["cards"]:
            box = card["box"]
            inside = box["x"] >= 0 and box["y"] >= 0 and box["r"] <= seen["width"] and box["b"] <= seen["height"]
            assert inside, f"seat {card['seat']}'s card is off the screen: {box}"
        turns_seen |= {card["seat"] for card in seen["cards"] if card["turn"]}
        if len(turns_seen) >= 3:
            break
        if page.locator(MY_TURN).count():
            make_move(page)
        page.wait_for_timeout(250)
    assert turns_seen, "no other seat's turn was ever marked on its card"
    board = seen["board"]
    middle = ((board["x"] + board["r"]) / 2, (board["y"] + board["b"]) / 2)
    angles = []  # clockwise on the screen from straight below the board's middle, where Ann's hand is
    for card in sorted(seen["cards"], key=lambda card: card["seat"]):  # Ann is seat 0: the others in turn order
        x = (card["box"]["x"] + card["box"]["r"]) / 2 - middle[0]
        y = (card["box"]["y"] + card["box"]["b"]) / 2 - middle[1]
        angles.append(round(math.degrees(math.atan2(-x, y)) % 360))
    assert angles == sorted(angles), f"the seats do not go round the board in turn order: {angles}"
    if players == 12 and viewport == LAPTOP:
        shot(page, "table-12", full_page=False)
    page.context.close()


LEAST_BOARD_PX = 160
"""The board's least height on a phone (10rem in site.css): the cards may take the board's room down to this."""


@pytest.mark.parametrize("players", [9, 12])
@pytest.mark.parametrize("viewport", [PHONE, SMALL_PHONE], ids=["390x844", "360x740"])
def test_nine_to_twelve_seats_on_a_phone_are_all_in_sight_at_once(
    paced: Server, browser: Browser, viewport: ViewportSize, players: int
) -> None:
    """A table of 9 or 12 on a phone held upright: every other seat's compact card is whole on the screen at
    once (a grid over the board: nothing to scroll), none on another, on the board or on the hand, name, tiles
    and points shown; the page scrolls neither sideways nor down to the hand and its buttons, the board keeps
    its least height; and the seat to move is marked, one at a time. The page's size is measured against the
    phone's, not ``innerWidth``: on a mobile viewport the layout viewport grows to the content, so the strip
    these cards were before, whose hidden words overflowed it, made a page 1,028 px wide that measured as fitting."""
    page = many_seated(browser, paced, viewport, players)
    width, height = viewport["width"], viewport["height"]
    turns_seen: set[int] = set()
    for _ in range(80):
        seen = page.evaluate(AROUND)
        cards_are_whole_and_clear(seen, players)
        assert seen["page"]["width"] <= width, f"the page scrolls sideways: {seen['page']['width']} px wide"
        strip = seen["strip"]
        assert strip["scroll"] <= strip["client"], f"the seats' cards scroll: {strip}"
        for card in seen["cards"]:
            box = card["box"]
            inside = box["x"] >= 0 and box["y"] >= 0 and box["r"] <= width and box["b"] <= height
            assert inside, f"seat {card['seat']}'s card is not whole on the {width}x{height} screen: {box}"
        hand, board = seen["hand"], seen["board"]
        assert hand["b"] <= height + 1, f"the hand's row ends below the screen: {hand} (page {seen['page']})"
        assert board["b"] - board["y"] >= LEAST_BOARD_PX - 1, f"the board is squeezed: {board}"
        marked = [card["seat"] for card in seen["cards"] if card["turn"]]
        assert len(marked) <= 1, f"several seats marked to move: {marked}"
        turns_seen |= set(marked)
        if len(turns_seen) >= 3:
            break
        if page.locator(MY_TURN).count():
            tap_move(page)
        page.wait_for_timeout(200)
    assert len(turns_seen) >= 3, f"the other seats' turns were not marked on their cards: {turns_seen}"
    clipped = page.evaluate(CLIPPED_IN_CARDS)
    assert clipped == [], f"cut off in the seats' cards: {clipped}"
    if players == 12 and viewport == PHONE:
        shot(page, "table-12-phone", full_page=False)
    page.context.close()
