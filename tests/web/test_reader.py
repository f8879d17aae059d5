"""A whole round played as a blind player would: with the keyboard alone, knowing the table only from what the
page says to a screen reader. The screen-reader keys (E, C, H, L: static/readout.js) are asked through the
live region, the focused control is read from the accessibility tree (Playwright's aria snapshot, whose
``[active]`` marks it), and nothing is read from pixels, styles or the tiles' looks. In English at Chicken
Foot and in Russian at Mexican Train."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from dominohall.web import translations

from ..server.harness import Client, Server, create_table
from .conftest import CHROMIUM, DESKTOP, new_page

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)

TILES = r"\d+-\d+(?:, \d+-\d+)*"
ACTIVE = re.compile(r'^\s*- (\w+) "([^"]*)".*\[active\]', re.MULTILINE)
"""The focused control in an aria snapshot (``mode="ai"``): its role and its accessible name."""


HEARD = """() => {
  const region = document.getElementById("announce");
  window.heard = [];
  new MutationObserver(() => window.heard.push(region.textContent.trim()))
    .observe(region, { childList: true, characterData: true, subtree: true });
}"""
"""From now on, every change of the live region (each is read out) is kept in ``window.heard``."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots move at once and whose finished round stays up (ten minutes) for its summary."""
    running = Server(tmp_path_factory.mktemp("reader") / "db.sqlite", options=["--between-rounds", "600"]).start()
    yield running
    running.stop()


@dataclass
class Reader:
    """A blind player at the table: hears the page's live region, knows which control has the focus, presses
    keys. ``words``: the page's language's messages."""

    page: Page
    words: Any

    def said(self) -> str:
        """What the live region says now, as it is (the same words said again end in a no-break space)."""
        return self.page.locator("#announce").text_content() or ""

    def ask(self, key: str, pattern: re.Pattern[str], until: Any = None) -> re.Match[str]:
        """Press ``key`` and hear its answer, which ``pattern`` matches whole (and ``until(match)`` accepts, if
        given); asked again if another event's words (a bot's move said meanwhile) took the live region first,
        or the answer was not yet the one awaited."""
        for _ in range(20):
            before = self.said()
            self.page.keyboard.press(key)
            for _ in range(20):
                now = self.said()
                found = pattern.fullmatch(now.strip())
                if now != before and found:
                    if until is None or until(found):
                        return found
                    break
                self.page.wait_for_timeout(50)
            self.page.wait_for_timeout(100)
        raise AssertionError(f"{key!r} was not answered as {pattern.pattern!r}: the page says {self.said()!r}")

    def focused(self) -> tuple[str, str]:
        """The role and accessible name of the control that has the focus, from the accessibility tree."""
        found = ACTIVE.search(self.page.locator("body").aria_snapshot(mode="ai"))
        return (found.group(1), found.group(2)) if found else ("", "")

    def text(self, message: str) -> str:
        """A message in the page's language."""
        return str(self.words.gettext(message))

    def sentence(self, message: str, **places: str) -> str:
        """A message of the page's language as a pattern, each ``%(name)s`` (or ``%(name)d``) place as the
        pattern ``places`` gives it."""
        text = re.escape(self.text(message))
        for name, part in places.items():
            text = text.replace(re.escape(f"%({name})s"), part).replace(re.escape(f"%({name})d"), part)
        return text

    def said_as(self, *messages: str) -> str:
        """A pattern matching any of ``messages`` as the page says them."""
        return "|".join(re.escape(self.text(message)) for message in messages)


def hand_pattern(reader: Reader) -> re.Pattern[str]:
    """H's answer: your hand ("Your hand, 7 tiles: ...") and what comes next for you (the tiles you can lay as
    ``lay``, else drawing, passing, another seat's turn, the round over), or that you hold no tiles."""
    forms = {
        reader.words.ngettext("Your hand, %(num)d tile: %(tiles)s.", "Your hand, %(num)d tiles: %(tiles)s.", n)
        for n in (1, 2, 5)
    }
    hand = "|".join(
        re.escape(form).replace(re.escape("%(num)d"), r"\d+").replace(re.escape("%(tiles)s"), TILES) for form in forms
    )
    nexts = "|".join(
        [
            reader.sentence("You can lay %(tiles)s.", tiles=f"(?P<lay>{TILES})"),
            reader.sentence("Turn: %(name)s", name=".+") + r"\.",
            reader.said_as("Nothing fits: draw a tile.", "Nothing fits: pass.", "This round is over."),
            reader.said_as("Wait for your turn."),
        ]
    )
    return re.compile(f"(?:{hand}) (?P<next>{nexts})|{reader.said_as('You hold no tiles.')}")


def play_a_round(reader: Reader) -> list[str]:
    """Play until the round is over: at each turn H says what you can lay (or that you draw or pass), the arrow
    keys go along the hand to such a tile (the focus read from the accessibility tree), Enter lays it (Enter
    again at the first of its places), and L then says you played it. The tiles laid, in order."""
    hear_hand = hand_pattern(reader)
    draw, passing = reader.text("Draw a tile"), reader.text("Pass")
    laid: list[str] = []
    for _ in range(200):
        heard = reader.ask("h", hear_hand)
        following = heard.group("next") or ""
        if not following or following == reader.text("This round is over."):
            return laid
        if heard.group("lay"):
            laid.append(lay(reader, heard.group("lay").split(", ")))
        elif following == reader.text("Nothing fits: draw a tile."):
            holding = held(heard)
            press(reader, "button", draw)
            # done once the tile drawn is in the hand (H may answer first from the turn before)
            reader.ask("h", hear_hand, until=lambda now, was=holding: held(now) == was + 1)
        elif following == reader.text("Nothing fits: pass."):
            if reader.page.get_by_role("button", name=passing, exact=True).count():  # else the page passes itself
                press(reader, "button", passing)  # (a drawn tile that fits nowhere)
            reader.page.wait_for_timeout(200)
        else:
            reader.page.wait_for_timeout(100)  # another seat's turn
    raise AssertionError(f"the round did not end; laid {laid}")


def held(heard: re.Match[str]) -> int:
    """How many tiles H says you hold (your hand changes only by your own moves: a draw, a tile laid)."""
    return len(re.findall(r"\d+-\d+", heard.group(0).split(". ")[0]))


def lay(reader: Reader, tiles: list[str]) -> str:
    """Lay one of ``tiles`` (those H says you can lay) from the hand by keyboard: the one the focus is on, else
    the next along the hand with the arrow keys; Enter, and Enter again at the first place if it fits in
    several. L must then tell it as your move. The tile laid."""
    for _ in range(40):
        role, name = reader.focused()
        tile = name.split(" ")[0]
        if role == "button" and tile in tiles:
            break
        reader.page.keyboard.press("ArrowRight" if re.fullmatch(r"\d+-\d+", tile) else "Tab")
    else:
        raise AssertionError(f"no tile of {tiles} took the focus; it is on {reader.focused()}")
    reader.page.keyboard.press("Enter")
    role, name = reader.focused()
    if name.startswith("1 · "):  # the first of the places the tile fits
        reader.page.keyboard.press("Enter")
    last = re.compile(reader.sentence("Last moves: %(moves)s.", moves="(?P<moves>.+)"))
    drew = reader.text("You drew %(tile)s") % {"tile": tile}  # a tile just drawn is named too: not its play

    def laid(told: re.Match[str]) -> bool:
        return any(tile in line and line != drew for line in told.group("moves").split("; "))

    reader.ask("l", last, until=laid)  # told once the server has it
    return tile


def tab_to(reader: Reader, role: str, name: str) -> None:
    """Tab to the control ``name`` (the focus read from the accessibility tree)."""
    seen = []
    for _ in range(60):
        now = reader.focused()
        seen.append(now)
        if now == (role, name):
            return
        reader.page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached the {role} {name!r}, only {seen}; the page says {reader.said()!r}")


def press(reader: Reader, role: str, name: str) -> None:
    """Tab to the control ``name`` and press Enter."""
    tab_to(reader, role, name)
    reader.page.keyboard.press("Enter")


def started_table(server: Server, browser: Browser, game: str, settings: dict[str, Any], language: str) -> Reader:
    """A table of ``game`` where the player sits against one medium bot, started; the player's page open on it."""
    table_id, cookie = create_table(server, [None, "medium"], settings, game)

    async def start() -> None:
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        await host.close()

    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this thread
        thread.submit(asyncio.run, start()).result()
    page = new_page(browser, DESKTOP, language)
    name, value = cookie.split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page.goto(f"{server.url}/t/{table_id}?lang={language[:2]}")
    return Reader(page, translations(language[:2]))


@pytest.mark.parametrize(
    ("language", "game", "settings"),
    [
        ("en-GB", "chickenfoot", {"players": 2, "hand": 7, "length": "one"}),
        ("ru-RU", "mexicantrain", {"players": 2, "set": 9, "hand": 7, "length": "one"}),
    ],
)
def test_a_whole_round_played_by_keyboard_and_the_screen_reader_keys_alone(
    server: Server, browser: Browser, language: str, game: str, settings: dict[str, Any]
) -> None:
    """The keys are said on the page; E names the open ends (or trains) and where your tiles fit, C the bot's
    tiles as its seat's card has them; a whole round is played from what H says; at its end E and H say it is
    over and L gives its last moves; in a text field the letters are typed, not read out."""
    reader = started_table(server, browser, game, settings, language)
    page = reader.page
    help_line = page.get_by_text(reader.text(
        "Keys to hear the table (anywhere but in a text field): E, the open ends and where your tiles fit; C, the tiles"
        " each seat holds; H, your hand; L, the last moves. In a screen reader's browse mode, pass the key through"
        " first (NVDA+F2, or focus mode)."
    ))  # fmt: skip
    assert help_line.count() == 1, "the keys are not said on the page"

    opening = reader.ask("h", hand_pattern(reader))  # the match has started: the first turn is someone's
    assert opening.group("next"), opening.group(0)
    on_board = "|".join(
        [
            reader.sentence("The open ends show %(ends)s.", ends=r"(?P<ends>\d+(?:, \d+)*)"),
            reader.sentence("Trains and their open numbers: %(trains)s.", trains="(?P<trains>.+?)"),
            reader.said_as("No tile is laid yet."),
        ]
    )
    yours = "|".join(
        [
            reader.sentence("Your tiles fit: %(moves)s.", moves="(?P<moves>.+)"),
            reader.sentence("Turn: %(name)s", name=".+") + r"\.",
            reader.said_as("Nothing fits: draw a tile.", "Nothing fits: pass."),
        ]
    )
    heard = reader.ask("e", re.compile(f"(?:(?:{on_board}) )?(?:.+? )?(?:{yours})"))
    if game == "mexicantrain":
        assert heard.group("trains") and reader.text("Mexican train") in heard.group("trains"), heard.group(0)
    else:  # the open ends, or at first the centre double and the toes it waits for
        assert heard.group("ends") or re.match(r"(\d+)-\1: ", heard.group(0)), heard.group(0)
    if heard.group("moves") and opening.group("lay"):  # at your turn: the tiles that fit are those you can lay
        placed = {move.split(" ")[0].rstrip(":") for move in heard.group("moves").split("; ")}
        assert placed == set(opening.group("lay").split(", ")), (heard.group(0), opening.group(0))

    seats = page.get_by_role("group", name=reader.text("Seats"))
    counted = reader.ask("c", re.compile(r"(?P<name>[^:;]+): (?P<held>[^;]+); (?P<boneyard>[^:]+): \d+\. .+"))
    assert counted.group("boneyard") == reader.text("Boneyard")
    card = seats.aria_snapshot()
    name = counted.group("name").split(" (")[0]  # the card has the bot's level apart
    assert f"{name} " in card and counted.group("held") in card, (counted.group(0), card)

    laid = play_a_round(reader)
    assert len(laid) >= 2, f"only {laid} were laid"
    over = re.escape(reader.text("This round is over."))
    reader.ask("e", re.compile(f".+ {over}"))
    told = reader.ask("l", re.compile(reader.sentence("Last moves: %(moves)s.", moves="(?P<moves>.+)")))
    assert len(told.group("moves").split("; ")) >= 2

    page.evaluate(HEARD)
    chat = page.get_by_role("textbox", name=reader.text("Message"))
    tab_to(reader, "textbox", reader.text("Message"))
    page.keyboard.type("hello")  # h, e and l among them: typed, not read out
    assert chat.input_value() == "hello"
    page.keyboard.press("Shift+Tab")
    counts = reader.ask("c", re.compile(r"[^:;]+: [^;]+; [^:]+: \d+\. .+"))  # out of the field, a key is read out
    assert page.evaluate("() => window.heard") == [counts.group(0)], "a key typed in the chat was read out"
    page.context.close()
