"""The site's colours in both schemes: every text a page shows stands out from what is behind it (WCAG's
contrast ratios), in the light colours and in a device's dark mode (``prefers-color-scheme: dark``)."""

from __future__ import annotations

import math
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, expect

from ..server.harness import Server
from .conftest import CHROMIUM, DESKTOP, PHONE, shot
from .moves import MY_TURN

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

Scheme = Literal["light", "dark"]

LOW_CONTRAST = """() => {
  // every element with text of its own, shown, not disabled or faded, in HTML (the board's SVG is apart):
  // its text colour against the colours behind it, blended up the tree to the page's own background
  const parse = (text) => {
    const m = text.match(/rgba?\\(([^)]*)\\)/);
    if (!m) return null;
    const p = m[1].split(/[\\s,\\/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const blend = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const luminance = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const behind = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      if (style.backgroundImage !== "none") return null;
      const colour = parse(style.backgroundColor);
      if (colour && colour[3] > 0) { layers.push(colour); if (colour[3] >= 1) break; }
    }
    return layers.reverse().reduce((under, layer) => blend(layer, under), [255, 255, 255, 1]);
  };
  const faded = (element) => {
    for (let e = element; e; e = e.parentElement) if (Number(getComputedStyle(e).opacity) < 1) return true;
    return false;
  };
  const found = [];
  for (const element of document.body.querySelectorAll("*")) {
    const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || element.closest("svg, [hidden], :disabled, [aria-disabled=true], option")) continue;
    const box = element.getBoundingClientRect();
    const shown = box.width > 1 && box.height > 1 && element.checkVisibility({ visibilityProperty: true });
    if (!shown || faded(element)) continue;
    const style = getComputedStyle(element);
    const under = behind(element);
    const colour = parse(style.color);
    if (!under || !colour) continue;
    const text = blend(colour, under);
    const [a, b] = [luminance(text), luminance(under)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize), bold = Number(style.fontWeight) >= 700;
    const needed = size >= 24 || (bold && size >= 18.66) ? 3 : 4.5;
    if (ratio < needed) {
      found.push({ text: element.textContent.trim().slice(0, 40), tag: element.tagName.toLowerCase(),
        cls: String(element.className), ratio: Math.round(ratio * 100) / 100, colour: style.color,
        behind: `rgb(${under.slice(0, 3).map(Math.round).join(", ")})` });
    }
  }
  return found;
}"""
"""Every text on the page whose contrast with what is behind it is below WCAG's AA: 4.5 to 1, or 3 to 1 for
large text (24 px, or 18.66 px bold)."""


def low_contrast(page: Page) -> list[dict[str, Any]]:
    """The texts of ``page`` below WCAG's AA contrast (``LOW_CONTRAST``)."""
    found: list[dict[str, Any]] = page.evaluate(LOW_CONTRAST)
    return found


def scheme_page(browser: Browser, scheme: Scheme, phone: bool = False) -> Page:
    """A fresh English page whose device prefers the ``scheme`` colours."""
    context = browser.new_context(viewport=PHONE if phone else DESKTOP, locale="en-GB", color_scheme=scheme)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


PLAYERS_PAGES = ("/en/me", "/en/me/forget", "/en/leaderboard")
"""The players' pages as a new visitor sees them (tests/web/test_players.py measures them with matches shown)."""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_reads_clearly_in_both_colour_schemes(server: Server, browser: Browser, scheme: Scheme) -> None:
    """The home page, the game pages, the bots, fair deals, replay and tutorial pages, and a table waiting
    for a friend and then in play: no text below AA contrast, in either scheme."""
    page = scheme_page(browser, scheme)
    background = "rgb(246, 243, 236)" if scheme == "light" else "rgb(19, 23, 21)"
    problems: dict[str, list[dict[str, Any]]] = {}
    for path in ("/en/", "/en/chicken-foot", "/en/standard", "/en/bots", "/fairness", "/en/replay", *PLAYERS_PAGES):
        page.goto(server.url + path)
        expect(page.locator("html")).to_have_css("background-color", background)
        problems[path] = low_contrast(page)
    page.goto(server.url + "/en/chicken-foot/tutorial")
    expect(page.locator(".lit-action, .next-step").first).to_be_visible()
    problems["tutorial"] = low_contrast(page)
    page.goto(server.url + "/en/chicken-foot")
    page.select_option("select[name=seat1]", "person")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator(".share-row input")).to_be_visible()
    problems["a table waiting"] = low_contrast(page)
    free = page.locator("#seats li").nth(1)
    free.get_by_label("Bot level for seat 2").select_option("medium")
    free.get_by_role("button", name="Seat a bot").click()
    page.get_by_role("button", name="Start the match").click()
    page.wait_for_selector(MY_TURN, timeout=20_000)
    problems["a table in play"] = low_contrast(page)
    page.locator("#hand-prefs summary").click()  # the hand's sort and the tiles' style
    expect(page.get_by_label("Coloured pips")).to_be_visible()
    problems["hand and tiles"] = low_contrast(page)
    if scheme == "dark":
        shot(page, "table-dark", full_page=False)
    page.context.close()
    assert not {where: found for where, found in problems.items() if found}, problems


SERIES_COLOURS = """async (count) => {
  const { scoreChart } = await import("/static/chart.js");
  const box = document.createElement("div");
  box.className = "scores";
  document.querySelector("main").appendChild(box);
  const names = Array.from({ length: count }, (_, i) => `Seat ${i + 1}`);
  const rows = [names.map((_, i) => 10 * i), names.map((_, i) => 20 * i + 5)];
  const svg = box.appendChild(scoreChart(names, rows, 2));
  const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const series = [...svg.querySelectorAll(".series")].map((line) => rgb(getComputedStyle(line).stroke));
  const card = rgb(getComputedStyle(svg).backgroundColor);
  box.remove();
  return { series, card };
}"""
"""The colour each of ``count`` lines of a score chart is drawn in, as the page shows it, and the chart's own
background."""


def luminance(rgb: list[float]) -> float:
    """WCAG's relative luminance of an sRGB colour."""
    lin = [v / 255 / 12.92 if v / 255 <= 0.03928 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def lab(rgb: list[float]) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    lin = [v / 255 / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_score_chart_of_twelve_seats_draws_twelve_distinct_lines_that_stand_out(
    server: Server, browser: Browser, scheme: Scheme
) -> None:
    """A 12-seat Chicken Foot table's chart: each line in a colour of its own, 3:1 against the chart's card
    (WCAG's contrast for graphics), and no two colours closer than 20 in CIE L*a*b* (the eight colours of an
    eight-seat table came round again from the ninth seat on)."""
    page = scheme_page(browser, scheme)
    page.goto(server.url + "/en/replay")  # a page with the words chart.js reads
    got = page.evaluate(SERIES_COLOURS, 12)
    series, card = got["series"], got["card"]
    assert len(series) == 12
    ratios = []
    for colour in series:
        bright, dark = sorted([luminance(colour), luminance(card)], reverse=True)
        ratios.append(round((bright + 0.05) / (dark + 0.05), 2))
    assert min(ratios) >= 3, f"a line stands out less than 3:1 from the chart ({scheme}): {ratios}"
    closest = min(
        (math.dist(lab(a), lab(b)), i, j) for i, a in enumerate(series) for j, b in enumerate(series) if i < j
    )
    assert closest[0] >= 20, f"seats {closest[1] + 1} and {closest[2] + 1} are drawn in colours too alike: {series}"
    page.context.close()


PIP_COLOURS = """async () => {
  const board = await import("/static/board.js");
  board.look.style = "colour";
  const box = document.querySelector("main").appendChild(document.createElement("div"));
  const rgb = (text) => text.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map(Number);
  const found = [];
  for (let n = 1; n <= 15; n++) {
    const svg = box.appendChild(board.handTile(`${n}-${n}`));
    const fills = [...svg.querySelectorAll(".pip")].map((pip) => JSON.stringify(rgb(getComputedStyle(pip).fill)));
    const face = rgb(getComputedStyle(svg.querySelector(".body")).fill);
    found.push({ fills: [...new Set(fills)].map((fill) => JSON.parse(fill)), face });
  }
  box.remove();
  return found;
}"""
"""The colours of the numbers 1 to 15 in coloured pips (each drawn on a double), and the face of each tile."""

COLOUR_BLINDNESS = {  # Machado, Oliveira and Fernandes (2009), full severity, on linear RGB
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602), (0.004733, 0.691367, 0.303900)),
}


def seen_by(rgb: list[float], kind: str) -> list[float]:
    """``rgb`` as a person with the colour blindness ``kind`` sees it (simulated)."""
    lin = [v / 255 / 12.92 if v / 255 <= 0.04045 else ((v / 255 + 0.055) / 1.055) ** 2.4 for v in rgb]
    mixed = [min(1.0, max(0.0, sum(m * v for m, v in zip(row, lin, strict=True)))) for row in COLOUR_BLINDNESS[kind]]
    return [255 * (12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055) for v in mixed]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_coloured_pips_give_each_number_its_own_colour_told_apart_with_colour_blindness(
    server: Server, browser: Browser, scheme: Scheme
) -> None:
    """Coloured pips (the tile style): each number from 1 to 15 drawn in one colour of its own, at least 3:1
    against the ivory face (WCAG's contrast for graphics), no two closer than 20 in CIE L*a*b*, and, as people
    with protanopia, deuteranopia or tritanopia see them (simulated), no two closer than 10."""
    page = scheme_page(browser, scheme)
    page.goto(server.url + "/en/replay")  # a page that draws tiles
    found = page.evaluate(PIP_COLOURS)
    assert all(len(number["fills"]) == 1 for number in found), found
    colours = [number["fills"][0] for number in found]
    ratios = []
    for colour, number in zip(colours, found, strict=True):
        bright, dark = sorted([luminance(colour), luminance(number["face"])], reverse=True)
        ratios.append(round((bright + 0.05) / (dark + 0.05), 2))
    assert min(ratios) >= 3, f"a number's pips stand out less than 3:1 from the tile: {ratios}"
    pairs = [(i, j) for i in range(len(colours)) for j in range(i + 1, len(colours))]
    closest = min((math.dist(lab(colours[i]), lab(colours[j])), i + 1, j + 1) for i, j in pairs)
    assert closest[0] >= 20, f"the numbers {closest[1]} and {closest[2]} are drawn in colours too alike"
    for kind in COLOUR_BLINDNESS:
        seen = [lab(seen_by(colour, kind)) for colour in colours]
        closest = min((math.dist(seen[i], seen[j]), i + 1, j + 1) for i, j in pairs)
        assert closest[0] >= 10, f"with {kind}, the numbers {closest[1]} and {closest[2]} look alike ({closest[0]:.1f})"
    page.context.close()
