"""Every page of the site checked by axe-core (npm ``axe-core``, pinned in package.json), the accessibility
engine of the browsers' developer tools: the home page, each game's page, a refused form, the bots and fair
deals pages, the tutorial (as it starts and as it ends), the replay viewer (a table's replay, the record file
page empty and with a file), a waiting table (its host, and a visitor asked to sit), tables of each game in
play and the summary of a round, in the light and dark colour schemes, on a desktop and a phone: no
violation at all (axe's WCAG 2.x A and AA rules and its best practices)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, Route, ViewportSize, expect

from ..server.harness import Client, Server, create_table, http, move_message, sit
from .conftest import CHROMIUM, PHONE
from .moves import MY_TURN

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
"""axe-core as npm installs it (make's node_modules stamp runs ``npm ci`` from package-lock.json)."""
AXE_PATH = "/__axe__.js"
"""Where the pages fetch axe from: the tests answer it themselves (``page.route``), so the script comes from the
site's own origin and the site's CSP (``script-src 'self'``) holds, as it does for every visitor."""
SIZES: dict[str, ViewportSize] = {"desktop": {"width": 1280, "height": 800}, "phone": PHONE}
Scheme = Literal["light", "dark"]
Size = Literal["desktop", "phone"]

RUN_AXE = """async () => {
  const result = await axe.run(document, { resultTypes: ["violations"] });
  return result.violations.map((rule) => ({ rule: rule.id, help: rule.help,
    where: rule.nodes.map((node) => node.target.join(" ")).slice(0, 5) }));
}"""
"""axe's violations on the whole page, each rule with (up to five of) the elements at fault."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots move at once and whose finished round waits ten minutes for Continue: a round's
    summary stays up for every check."""
    running = Server(tmp_path_factory.mktemp("axe") / "db.sqlite", options=["--between-rounds", "600"]).start()
    yield running
    running.stop()


def in_thread(work: Any) -> Any:
    """Run the coroutine ``work`` to its end in a thread of its own (Playwright's loop runs in this one)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(asyncio.run, work).result()


async def play_until_round_ends(client: Client, seat: int) -> dict[str, Any]:
    """Make ``seat``'s first legal move at each of its turns until the round ends: its last view."""
    while True:
        view = client.last_view()
        if view and view["end"] is not None:
            return view
        if view and view["turn"] == seat and view["legal_moves"]:
            answer = await client.command(move_message(view["legal_moves"][0]))
            assert answer["t"] == "ack", answer
            await client.until(lambda f, seq=answer["seq"]: f["t"] != "ack" and f.get("seq", 0) >= seq)
        else:
            await client.receive()


def started(server: Server, game: str, settings: dict[str, Any], bots: int, finish: bool = False) -> tuple[str, str]:
    """A table of ``game`` hosted by Ann against ``bots`` medium bots, started (and its first round played to
    its end by Ann's first legal moves when ``finish``): its id and Ann's cookie."""
    table_id, cookie = create_table(server, [None, *["medium"] * bots], settings, game)

    async def start() -> None:
        ann = await Client.open(server, table_id, cookie)
        assert (await ann.command({"t": "start"}))["t"] == "ack"
        if finish:
            await play_until_round_ends(ann, 0)
        await ann.close()

    in_thread(start())
    return table_id, cookie


@pytest.fixture(scope="module")
def tables(server: Server) -> dict[str, Any]:
    """The tables the checks open: one waiting (Bea seated and saying hello, a seat still free), one of each
    game in play (eight at the Chicken Foot table), a Chicken Foot round just ended (its summary up, the next
    deal waiting for Continue), and a standard hand played to the end of its match (whose record the replay
    viewer shows)."""
    waiting, ann = create_table(server, [None, None, None, "medium"], {"players": 4})
    bea = sit(server, waiting, 1, "Bea")

    async def hello() -> None:
        client = await Client.open(server, waiting, bea)
        assert (await client.command({"t": "chat", "text": "Hello!"}))["t"] == "ack"
        await client.close()

    in_thread(hello())
    found: dict[str, Any] = {"waiting": (waiting, ann)}
    found["chicken foot"] = started(server, "chickenfoot", {"players": 8}, 7)  # on a phone its seats scroll
    found["mexican train"] = started(server, "mexicantrain", {"players": 4}, 3)
    found["standard"] = started(server, "standard", {"players": 3, "mode": "allfives"}, 2)
    found["round over"] = started(server, "chickenfoot", {"players": 2, "length": "half", "hand": 5}, 1, True)
    over, cookie = started(server, "standard", {"players": 2, "mode": "draw", "target": None}, 1, True)
    found["match over"] = (over, cookie)
    status, record, _ = http("GET", f"{server.url}/api/tables/{over}/record?match=1")
    assert status == 200, record
    found["record"] = record
    return found


def axe_page(browser: Browser, server: Server, size: Size) -> Page:
    """A fresh English page at the ``size`` of screen, which can fetch axe from the site's origin."""
    assert AXE.exists(), "axe-core is missing: make test installs it (npm ci, from package-lock.json)"
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    script = AXE.read_text(encoding="utf-8")

    def serve(route: Route) -> None:
        route.fulfill(body=script, content_type="text/javascript")

    context.route(server.url + AXE_PATH, serve)
    page = context.new_page()
    page.set_default_timeout(15_000)
    return page


def violations(page: Page, server: Server) -> list[dict[str, Any]]:
    """axe's violations on the page as it is now (axe added to it first, from the site's origin), once what a
    change of size or scheme redraws has been drawn."""
    if not page.evaluate("() => typeof axe === 'object'"):
        page.add_script_tag(url=server.url + AXE_PATH)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    found: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return found


class Checks:
    """What axe found on each page, in each scheme and size: every page loaded once (at the context's own
    size, in the light scheme) and checked in all four ways, the device's scheme and the window's size changed
    in place (the pages follow both: CSS, and the board's redraw on a resize)."""

    def __init__(self, page: Page, server: Server, size: Size) -> None:
        self.page, self.server = page, server
        schemes: tuple[Scheme, ...] = ("light", "dark")
        self.ways = [(scheme, each) for each in (size, *(set(SIZES) - {size})) for scheme in schemes]
        self.found: dict[str, list[dict[str, Any]]] = {}

    def check(self, where: str) -> None:
        """Run axe on the page as it is, in each scheme and size; back to the first way afterwards."""
        for scheme, size in self.ways:
            self.page.set_viewport_size(SIZES[size])
            self.page.emulate_media(color_scheme=scheme)
            self.found[f"{where} ({scheme}, {size})"] = violations(self.page, self.server)
        self.page.set_viewport_size(SIZES[self.ways[0][1]])
        self.page.emulate_media(color_scheme="light")

    def done(self) -> None:
        """Close the page's context; fail naming every violation found, by page, scheme and size."""
        self.page.context.close()
        said = [f"{where}: {rule['rule']} ({rule['help']}) at {', '.join(rule['where'])}"
                for where, rules in self.found.items() for rule in rules]  # fmt: skip
        assert not said, "axe found:\n" + "\n".join(said)


def as_seat(page: Page, server: Server, cookie: str) -> None:
    """The page holds a seat's cookie from now on."""
    name, value = cookie.split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": server.url}])


def refused_form(page: Page, server: Server) -> None:
    """The Chicken Foot form sent with a hand too big for eight players (the choice greyed out and chosen
    anyway): the form comes back with the reason by the field and at the top."""
    page.goto(f"{server.url}/en/chicken-foot")
    page.evaluate("""() => {
      const form = document.querySelector("form.game-form");
      for (const [name, value] of [["players", "8"], ["set", "9"], ["hand", "12"]]) form.elements[name].value = value;
      form.submit();
    }""")
    expect(page.get_by_role("alert")).to_be_visible()


def tutorial_to_its_end(page: Page, server: Server) -> None:
    """The tutorial walked to its end by pressing what each step lights."""
    page.goto(f"{server.url}/en/chicken-foot/tutorial")
    finish = page.locator("#finish")
    action = page.locator("#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden]), #next:not([hidden])")
    while not finish.is_visible():
        action.click()


def test_the_sites_pages_have_no_axe_violation(server: Server, browser: Browser) -> None:
    """The home page (with a refusal's alert too), the lobby, each game's page and a refused form, the bots and
    fair deals pages, the record file page, the page not found, the player's own page (and forgetting it), a
    player's profile, the leaderboard and the offline page."""
    page = axe_page(browser, server, "desktop")
    checks = Checks(page, server, "desktop")
    for path in ("/en/", "/en/?refused=no-table&name=", "/en/lobby", "/en/chicken-foot", "/en/mexican-train",
                 "/en/standard", "/en/bots", "/fairness", "/en/replay", "/en/no-such-page"):  # fmt: skip
        page.goto(server.url + path)
        checks.check(path)
    refused_form(page, server)
    checks.check("a refused form")
    for path in ("/en/me", "/en/me/forget", "/en/leaderboard", "/en/offline"):
        page.goto(server.url + path)
        checks.check(path)
    player = page.request.get(f"{server.url}/api/me").json()["id"]  # the browser's player, made by /en/me
    page.goto(f"{server.url}/en/p/{player}")
    checks.check("a player's profile")
    checks.done()


def test_the_tutorial_and_the_replay_viewer_have_no_axe_violation(
    server: Server, browser: Browser, tables: dict[str, Any], tmp_path: Path
) -> None:
    """The tutorial as it starts and at its end; a table's replay, and a record file opened in the viewer."""
    page = axe_page(browser, server, "desktop")
    checks = Checks(page, server, "desktop")
    page.goto(f"{server.url}/en/chicken-foot/tutorial")
    expect(page.locator(".lit-action, .next-step").first).to_be_visible()
    checks.check("the tutorial")
    tutorial_to_its_end(page, server)
    checks.check("the tutorial's end")
    page.goto(f"{server.url}/r/{tables['match over'][0]}/1#r1m6")
    page.wait_for_selector("#board svg", state="attached")
    checks.check("a table's replay")
    record = tmp_path / "record.json"
    record.write_text(json.dumps(tables["record"]), encoding="utf-8")
    page.goto(f"{server.url}/en/replay")
    page.set_input_files("input[type=file]", str(record))
    page.wait_for_selector("#board svg", state="attached")
    checks.check("a record file replayed")
    checks.done()


def test_tables_have_no_axe_violation(server: Server, browser: Browser, tables: dict[str, Any]) -> None:
    """A waiting table (a visitor asked to sit; its host, with a guest's chat line and the settings), a table of
    each game in play (Mexican Train's also with its panels open and the tiles as large numbers), and the summary
    of a round and of a match; loaded on a phone first."""
    page = axe_page(browser, server, "phone")
    checks = Checks(page, server, "phone")
    waiting = tables["waiting"][0]
    page.goto(f"{server.url}/t/{waiting}")
    expect(page.get_by_role("button", name="Take this seat").first).to_be_attached()
    checks.check("a visitor asked to sit")
    as_seat(page, server, tables["waiting"][1])
    page.goto(f"{server.url}/t/{waiting}")
    expect(page.locator("#chat-log li")).to_have_count(1)
    expect(page.locator("#settings")).to_be_attached()
    checks.check("a waiting table, its host")
    for game in ("chicken foot", "mexican train", "standard"):
        table_id, cookie = tables[game]
        as_seat(page, server, cookie)
        page.goto(f"{server.url}/t/{table_id}")
        page.wait_for_selector(MY_TURN)
        checks.check(f"{game} in play")
        if game == "mexican train":  # its panels open, and tiles drawn as large numbers (kept for the pages after)
            page.locator("#hand-prefs > summary").click()
            page.get_by_label("Large numbers").check()
            if page.get_by_role("tab", name="Chat").is_visible():  # a phone: the chat is a tab beside the board
                page.get_by_role("tab", name="Chat").click()
            page.get_by_role("button", name="Quick phrases").click()
            expect(page.get_by_role("group", name="Quick phrases")).to_be_visible()
            checks.check("mexican train, large numbers, quick phrases")
    for state in ("round over", "match over"):
        table_id, cookie = tables[state]
        as_seat(page, server, cookie)
        page.goto(f"{server.url}/t/{table_id}")
        expect(page.locator("#summary")).to_be_visible()
        checks.check(f"a {state.replace(' over', '')}'s summary")
    checks.done()
