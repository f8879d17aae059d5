"""The table page's layout in a real browser against a real server, on a desktop (1280x800) and a phone
(390x844), in two languages each: the status bar's round, the action feed showing a bot's move, the pending
double marked on the board, why a dimmed tile is dimmed, focus back on the hand after a move, the two-tap play
on a touch screen, no scrolling on the phone during play; and the scores that fit (the chart's labels apart,
the side scoreboard inside its panel)."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from ..server.harness import Server, create_table
from .conftest import CHROMIUM, PHONE

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

LAPTOP: ViewportSize = {"width": 1280, "height": 800}
MY_TURN = "#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden])"
ROUND = {"en-GB": "Round 1 of 10", "pl-PL": "Runda 1 z 10", "ru-RU": "Раунд 1 из 10"}
PLAY_HERE = {"en-GB": "play here", "pl-PL": "tutaj", "ru-RU": "ходить сюда"}
CHOICE = """() => document.querySelector("#hand .tile.lit") ? "play"
    : document.querySelector("#draw:not([hidden]), #pass:not([hidden])")?.id ?? null"""
CASES = [(LAPTOP, "en-GB"), (LAPTOP, "pl-PL"), (PHONE, "en-GB"), (PHONE, "ru-RU")]


@pytest.fixture(scope="module")
def paced(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots take 0.25 s a move, so the page sees the round's first moves one by one."""
    options = ["--bot-delay", "0.25", "--between-rounds", "60"]
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


def inside_viewport(page: Page, selector: str) -> dict[str, Any]:
    """The element's box against the viewport, with the page scrolled to the top."""
    return dict(
        page.evaluate(
            """(selector) => { scrollTo(0, 0); const r = document.querySelector(selector).getBoundingClientRect();
            const inside = r.top >= 0 && r.bottom <= innerHeight;
            return {top: r.top, bottom: r.bottom, height: innerHeight, inside}; }""",
            selector,
        )
    )


def move_once(page: Page, touch: bool) -> None:
    """Your move: a lit tile at its first place (on a touch screen by two taps), else a draw or a pass."""
    lit = page.locator("#hand .tile.lit")
    if page.wait_for_function(CHOICE).json_value() != "play":
        with contextlib.suppress(PlaywrightTimeout):  # a drawn tile that fits nowhere passes by itself
            page.locator("#draw:not([hidden]), #pass:not([hidden])").first.click(timeout=3_000)
        return
    if not touch:
        lit.first.click()
        if page.locator("#targets:not([hidden]) button[data-index]").count():
            page.locator("#targets button[data-index]").first.click()
        return
    held, laid = page.locator("#hand .tile").count(), int(page.locator("#board").get_attribute("data-tiles") or 0)
    lit.first.tap()
    expect(page.locator("#board .target").first).to_be_visible()  # the first tap only shows the places
    assert page.locator("#hand .tile").count() == held
    assert int(page.locator("#board").get_attribute("data-tiles") or 0) == laid
    page.locator("#targets button[data-index]").first.tap()  # the second lays it
    expect(page.locator("#hand .tile")).not_to_have_count(held)


@pytest.mark.parametrize(("viewport", "language"), CASES, ids=["laptop-en", "laptop-pl", "phone-en", "phone-ru"])
def test_the_table_tells_the_story_of_the_round(
    paced: Server, browser: Browser, viewport: ViewportSize, language: str
) -> None:
    page = seated(browser, paced, viewport, language)
    phone = viewport["width"] < 600
    expect(page.locator("#round-line")).to_have_text(ROUND[language])
    expect(page.locator("#turn-boneyard")).to_contain_text(re.compile(r"\d"))
    expect(page.locator("#my-total")).to_contain_text("0")
    expect(page.locator("#ring li")).to_have_count(3)  # the three others around the board
    pending_seen, why_seen, bot_seen = False, False, False
    for moves in range(200):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if page.locator("#summary:not([hidden])").count():
            break
        if page.locator("#board[data-pending]:not([data-pending=''])").count() and not pending_seen:
            mark = page.locator("#board .pending-mark")
            expect(mark).to_have_count(1)
            expect(mark.locator("text")).to_have_text(PLAY_HERE[language])
            pending_seen = True
        dimmed = page.locator("#hand .tile[aria-disabled=true]")
        if dimmed.count() and not why_seen:
            tile = dimmed.first
            (tile.tap if phone else tile.hover)(force=True)  # aria-disabled: Playwright would wait for "enabled"
            reason = tile.get_attribute("data-why") or ""
            assert reason and tile.get_attribute("title") == reason
            expect(page.locator("#why")).to_have_text(reason)
            expect(page.locator("#why")).to_be_visible()
            why_seen = True
        bots = page.locator("#log li[data-seat='1'], #log li[data-seat='2'], #log li[data-seat='3']")
        if bots.count() and not bot_seen:
            seat = bots.last.get_attribute("data-seat")
            expect(page.locator(f"#ring li[data-seat='{seat}'] .said")).not_to_be_empty()
            bot_seen = True
        if phone:
            assert page.locator("#hand-hint").is_hidden(), "no keyboard hint on a touch screen"
            for part in ("#status", "#board", "#hand"):
                box = inside_viewport(page, part)
                assert box["inside"], f"{part} is not inside the phone's screen during play: {box}"
        move_once(page, touch=phone)
        if not phone:  # the focus is back on the hand (or its Draw/Pass) after the move
            page.wait_for_function("() => document.activeElement?.closest('#hand, .actions') !== null")
        if pending_seen and why_seen and bot_seen and moves >= 2:
            break
    assert pending_seen, "the centre double waiting for its toes was never marked on the board"
    assert why_seen, "no dimmed tile was ever explained"
    assert bot_seen, "no bot's move in the action feed"
    page.context.close()


CHART_NAMES = [
    "Ann & Clara (medium bot)",
    "Bartholomew (hard bot) & Zofia",
    "Eva",
    "Felix (easy bot)",
    "Gustav (medium bot)",
    "Hana",
    "Ivo (hard bot)",
    "Jana (easy bot)",
]


def boxes(page: Page, selector: str) -> list[dict[str, float]]:
    """The bounding boxes of every element matching ``selector``."""
    return list(
        page.evaluate(
            """(s) => [...document.querySelectorAll(s)].map((e) => {
            const r = e.getBoundingClientRect(); return {x: r.left, y: r.top, r: r.right, b: r.bottom}; })""",
            selector,
        )
    )


def test_chart_labels_never_overlap_and_the_side_scoreboard_fits_at_1280(paced: Server, browser: Browser) -> None:
    page = seated(browser, paced, {"width": 1280, "height": 800}, "en-GB")
    page.evaluate(
        """async (names) => {
        const { scoreboard, Scores } = await import("/static/summary.js");
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
    }""",
        CHART_NAMES,
    )
    for chart in ("#side-scores svg.chart", "#wide-chart svg.chart"):
        labels = boxes(page, f"{chart} text.label")
        assert len(labels) in (8, 2)
        for i, a in enumerate(labels):
            for b in labels[i + 1 :]:
                apart = a["b"] <= b["y"] + 0.5 or b["b"] <= a["y"] + 0.5 or a["r"] <= b["x"] or b["r"] <= a["x"]
                assert apart, f"chart labels overlap in {chart}: {a} {b}"
        svg = boxes(page, chart)[0]
        for label in labels:
            assert label["r"] <= svg["r"] + 0.5 and label["x"] >= svg["x"] - 0.5, f"a label leaves the chart: {label}"
    shown = page.evaluate(
        """() => [...document.querySelectorAll("#wide-chart svg.chart text.label")]
        .map((label) => [...label.querySelectorAll("tspan")].map((line) => line.textContent).join(" "))"""
    )
    assert any(text.startswith(CHART_NAMES[1]) for text in shown), f"a team's name is cut: {shown}"
    panel = page.evaluate(
        """() => { const p = document.getElementById("side-scores"); const r = p.getBoundingClientRect();
        return {scroll: p.scrollWidth, client: p.clientWidth, right: r.right, width: innerWidth}; }"""
    )
    assert panel["scroll"] <= panel["client"] + 1, f"the side scoreboard overflows its panel: {panel}"
    assert panel["right"] <= panel["width"], f"the scores panel leaves the window: {panel}"
    page.context.close()


def test_the_page_stays_light() -> None:
    """The table page's own files stay within the budget of bench/first_paint.py (150 KB with the HTML)."""
    static = Path(__file__).parents[2] / "src" / "dominohall" / "web" / "static"
    weight = sum(path.stat().st_size for path in static.iterdir() if path.suffix in (".js", ".css"))
    assert weight < 130_000, f"the table page's scripts and stylesheet weigh {weight} bytes"
