"""The "How strong are the bots?" page and the expert level on the site: the measured ladder in every
language over a real server, the page still whole without figures, and the expert picked in the table form
and thinking in the server's process pool."""

from __future__ import annotations

import asyncio
import html as html_text
import re
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest

from dominohall.web import LANGUAGES, render, translations
from dominohall.web.pages import LADDER_FILE, ladder_tables, read_ladder
from dominohall.web.words import bot_names

from ..server.harness import Client, Server, move_message, my_turn
from .test_pages import fetch

LADDERS = ("chickenfoot", "block")


def test_the_committed_ladder_has_both_ladders_with_every_bot() -> None:
    """``make ladder`` wrote the figures the page shows: both ladders, a rating and an interval for each bot."""
    figures = read_ladder(LADDER_FILE)
    assert figures, f"{LADDER_FILE} is missing: make ladder writes it"
    assert isinstance(figures["deals"], int) and figures["deals"] > 0 and figures["clock"] == "cpu"
    wanted = {"chickenfoot": {"easy", "medium", "hard", "expert"}, "block": {"easy", "medium", "hard", "expert"}}
    wanted["block"] |= {"ismcts", "ismcts5x"}
    for ladder, bots in wanted.items():
        ratings, intervals = figures[ladder]["ratings"], figures[ladder]["intervals"]
        assert set(ratings) == set(intervals) == bots
        assert ratings["easy"] == 1000
        for bot in bots:
            low, high = intervals[bot]
            assert low <= round(ratings[bot]) <= high, (ladder, bot)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bots_page_shows_the_measured_ratings_in_every_language(server: Server, language: str) -> None:
    figures = read_ladder(LADDER_FILE)
    deals = figures["deals"]
    _, home = fetch(f"{server.url}/{language}/")
    assert f'<a href="/{language}/bots">' in home, "the footer links the page"
    url, page = fetch(f"{server.url}/{language}/bots")
    assert url.endswith(f"/{language}/bots") and f'<html lang="{language}">' in page
    text = html_text.unescape(page)
    forms = translations(language)
    assert forms.gettext("How strong are the bots?") in text
    assert (
        forms.ngettext("Each pair of bots met on %(num)d deal.", "Each pair of bots met on %(num)d deals.", deals)
        % {"num": deals}
        in text
    )
    names = bot_names(language)
    for ladder in LADDERS:
        ratings, intervals = figures[ladder]["ratings"], figures[ladder]["intervals"]
        ordered = sorted(ratings, key=lambda bot: -ratings[bot])
        rows = re.findall('<tr><th scope="row">([^<]+)</th><td>(-?\\d+)</td><td>([^<]+)</td></tr>', text)
        for bot in ordered:
            low, high = intervals[bot]
            name = names.get(bot) or forms.gettext(
                "OpenSpiel ISMCTS, 0.2 s a move" if bot == "ismcts" else "OpenSpiel ISMCTS, 1 s a move"
            )
            span = forms.gettext("the fixed point") if round(low) == round(high) else f"{round(low)}\u2013{round(high)}"
            assert (name, str(round(ratings[bot])), span) in rows, (ladder, bot)
    chicken_foot = re.search(r"<caption>([^<]+)</caption>(.*?)</table>", text, re.S)
    assert chicken_foot and chicken_foot.group(1) == forms.gettext("Chicken Foot, four players")
    first = re.findall(r'<th scope="row">([^<]+)</th>', chicken_foot.group(2))
    ratings = figures["chickenfoot"]["ratings"]
    assert first == [names[bot] for bot in sorted(ratings, key=lambda bot: -ratings[bot])], "best bot first"


def test_the_page_stays_whole_without_figures(tmp_path: Path) -> None:
    """No ladder file, a file that is not JSON, or a ladder naming a bot the page does not know: the page
    renders and says what it has, never an error."""
    assert read_ladder(tmp_path / "missing.json") == {}
    broken = tmp_path / "broken.json"
    broken.write_text("{not json", encoding="utf-8")
    assert read_ladder(broken) == {}
    listed = tmp_path / "list.json"
    listed.write_text("[1, 2]", encoding="utf-8")
    assert read_ladder(listed) == {}
    strange = {
        "chickenfoot": {"ratings": {"easy": 1000, "wizard": 2000}, "intervals": {"easy": [990, 1010]}},
        "block": {
            "ratings": {"easy": 1000.0, "hard": 1300.4},
            "intervals": {"easy": [980, 1020], "hard": [1250, 1350]},
        },
    }
    tables = ladder_tables(strange, "pl")
    assert [table["title"] for table in tables] == [translations("pl").gettext("Block dominoes, two players")]
    assert [row["rating"] for row in tables[0]["rows"]] == [1300, 1000]
    for language in LANGUAGES:
        empty = render(language, "bots.html", switch={}, ladders=[], deals=None)
        assert translations(language).gettext("The ladder has not been measured yet.") in html_text.unescape(empty)
        assert "<table" not in empty


def test_an_expert_picked_in_the_table_form_thinks_in_the_servers_process_pool(server: Server) -> None:
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    _, form = fetch(f"{server.url}/cs/standard")
    assert '<option value="expert">' in form and translations("cs").gettext("Expert bot") in form
    body = b"mode=block&players=2&seat1=expert&name=Ann"
    with opener.open(urllib.request.Request(f"{server.url}/en/standard/play", data=body), timeout=10) as response:
        url, table = str(response.url), response.read().decode()
    assert "/t/" in url
    assert re.search(r"<li>[^<]+ \(expert bot\)</li>", table), "the seat is named with its level"
    table_id = url.split("/t/")[1].split("?", maxsplit=1)[0]
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    workers_before = pool_workers(server)
    moved = asyncio.run(play_a_hand(server, table_id, cookie))
    assert moved, "the expert made moves"
    workers = pool_workers(server) - workers_before
    assert workers, "the expert's search ran in a worker process of the server, not on its event loop"


async def play_a_hand(server: Server, table_id: str, cookie: str) -> int:
    """Ann (seat 0) starts the match and plays her first legal move each turn until the hand is over: how
    many moves the expert in seat 1 made."""
    client = await Client.open(server, table_id, cookie)
    try:
        assert (await client.command({"t": "start"}))["t"] == "ack"
        while True:
            view = await my_turn_or_hand_over(client)
            if view is None:
                break
            answer = await client.command(move_message(view["legal_moves"][0]))
            assert answer["t"] == "ack", answer
            await client.catch_up(answer["seq"])
        return sum(1 for frame in client.frames if frame["t"] == "move" and frame.get("seat") == 1)
    finally:
        await client.close()


async def my_turn_or_hand_over(client: Client) -> dict[str, Any] | None:
    """Seat 0's view at its turn, or ``None`` once the first hand has ended."""
    while True:
        view = client.last_view()
        if view and view["end"] is not None:
            return None
        if client.is_over():
            return None
        if view and view["turn"] == 0 and view["legal_moves"]:
            return await my_turn(client, 0)
        await client.receive(timeout=30)


def pool_workers(server: Server) -> set[int]:
    """The server's child processes started by ``multiprocessing``'s spawn method (its process pool)."""
    assert server.process is not None
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            command = (stat.parent / "cmdline").read_bytes()
        except OSError:
            continue
        if int(fields[1]) == server.process.pid and b"spawn_main" in command:
            found.add(int(stat.parent.name))
    return found
