"""The replay viewer in a real browser against a real server: a finished match's record replayed on the page
to the same boards and hands as the engine (``dominohall.games.records.replay``), stepping with the keys, a
link to a position, the page that opens a record file, the table's Records menu linking to its replay, and
the page in two languages."""

from __future__ import annotations

import asyncio
import copy
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from dominohall.engine.moves import SHARED_TRAIN
from dominohall.engine.tiles import tile_name, tiles_of
from dominohall.games.mexicantrain.rules.view import mexican_train_view
from dominohall.games.records import replay
from dominohall.web import LANGUAGES, translations

from ..server.harness import Client, Server, create_table, http, record_when_over
from .conftest import CHROMIUM, DESKTOP, PHONE, new_page, shot
from .test_colours import Scheme, low_contrast, scheme_page
from .test_pages import english_patterns, fetch, visible_text

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


@pytest.fixture(scope="module")
def quick(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots move at once and deal the next round at once: a bots' match is over in seconds."""
    running = Server(tmp_path_factory.mktemp("replay") / "db.sqlite").start()
    yield running
    running.stop()


def finished_match(server: Server, game: str, settings: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A table whose host starts a match against bots and leaves at once, so the bots play it to its end: the
    table's id and the match's record."""
    players = int(settings["players"])
    table_id, cookie = create_table(server, [None, *["medium"] * (players - 1)], settings, game)

    async def start_and_leave() -> None:
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        assert (await host.command({"t": "stand"}))["t"] == "ack"  # a bot plays the host's seat on
        await host.close()

    with ThreadPoolExecutor(1) as thread:  # Playwright's own loop runs in this thread
        thread.submit(asyncio.run, start_and_leave()).result()
    record = record_when_over(server, table_id)
    assert record["winners"], record
    return table_id, record


@pytest.fixture(scope="module")
def chicken_foot(quick: Server) -> tuple[str, dict[str, Any]]:
    """A finished half match of four-player Chicken Foot (five rounds)."""
    return finished_match(quick, "chickenfoot", {"players": 4, "length": "half"})


@pytest.fixture(scope="module")
def standard(quick: Server) -> tuple[str, dict[str, Any]]:
    """A finished hand of the standard draw game, four players in two teams of partners."""
    return finished_match(quick, "standard", {"players": 4, "mode": "draw", "partners": True, "target": None})


def engine_round(record: dict[str, Any], index: int, moves: int | None = None) -> Any:
    """The engine's round ``index`` (0-based) of ``record`` after its first ``moves`` moves (all: None), by
    replaying the record cut there through ``dominohall.games.records.replay``."""
    cut = copy.deepcopy(record)
    cut["rounds"] = cut["rounds"][: index + 1]
    if moves is not None:
        last = cut["rounds"][index]
        last["moves"] = last["moves"][:moves]
        for key in ("end", "penalties", "scores"):
            last.pop(key, None)
    if moves is not None or index < len(record["rounds"]) - 1:
        cut.pop("totals", None)
        cut.pop("winners", None)
    match, _ = replay(cut)
    return match.rounds[index]


def shown(page: Page) -> dict[str, Any]:
    """What the viewer shows now: the board's tiles in the order laid, each seat's hand, the boneyard."""
    found: dict[str, Any] = page.evaluate(
        """() => ({
        board: [...document.querySelectorAll("#board svg g.tile")].map((tile) => tile.dataset.tile),
        hands: [...document.querySelectorAll("#hands li.seat-hand")].map((seat) =>
            [...seat.querySelectorAll("[data-tile]")].map((tile) => tile.dataset.tile)),
        boneyard: Number(document.getElementById("where-boneyard").textContent.replace(/\\D+/g, "")),
    })"""
    )
    return found


def engine_shows(record: dict[str, Any], index: int, rnd: Any) -> dict[str, Any]:
    """The same from the engine's round ``index``: the centre double (Chicken Foot) and every tile placed in
    order, and each hand (sorted)."""
    placed = [tile_name(tile) for tile, _on in rnd.placed]
    board = [record["rounds"][index]["double"], *placed] if record["game"] == "chickenfoot" else placed
    return {"board": board, "hands": [sorted(tile_name(t) for t in tiles_of(hand)) for hand in rnd.hands]}


def same_as_engine(page: Page, record: dict[str, Any], index: int, moves: int | None = None) -> None:
    """The page shows round ``index`` after ``moves`` moves (all: None) exactly as the engine has it."""
    rnd = engine_round(record, index, moves)
    page_shows, wanted = shown(page), engine_shows(record, index, rnd)
    assert page_shows["board"] == wanted["board"], f"round {index + 1}: the board differs from the engine's"
    assert [sorted(hand) for hand in page_shows["hands"]] == wanted["hands"], f"round {index + 1}: the hands differ"
    assert page_shows["boneyard"] == rnd.boneyard_size()


def open_replay(page: Page, server: Server, table_id: str, position: str = "", query: str = "") -> None:
    """Open the replay of the table's first match (at ``position``, e.g. "#r2m5") and wait for its board."""
    page.goto(f"{server.url}/r/{table_id}/1{query}{position}")
    expect(page.locator("#viewer-body")).to_be_visible()
    page.wait_for_selector("#board svg", state="attached")


def test_every_round_replays_to_the_engines_final_board_hands_and_results(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]], standard: tuple[str, dict[str, Any]]
) -> None:
    page = new_page(browser, DESKTOP)
    for table_id, record in (chicken_foot, standard):
        rounds = record["rounds"]
        open_replay(page, quick, table_id)
        for index, data in enumerate(rounds):
            page.keyboard.press("End")
            expect(page).to_have_url(re.compile(rf"#r{index + 1}m{len(data['moves'])}$"))
            same_as_engine(page, record, index)
            results = data.get("penalties", data.get("scores"))
            points = page.locator("#result-table tbody td.points").all_inner_texts()
            assert [int(value) for value in points] == results == engine_round(record, index).scores()
            if index < len(rounds) - 1:
                page.keyboard.press("ArrowDown")
        totals = page.locator("#result-table tbody td.total").all_inner_texts()
        assert [int(value) for value in totals] == record["totals"]
        expect(page.locator("#result-winners")).to_be_visible()
    page.context.close()


def test_positions_in_the_middle_of_a_round_are_the_engines_too(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]]
) -> None:
    table_id, record = chicken_foot
    page = new_page(browser, DESKTOP)
    for index in range(len(record["rounds"])):
        moves = len(record["rounds"][index]["moves"])
        for made in sorted({0, 1, moves // 3, moves // 2, moves - 1}):
            page.goto(f"{quick.url}/r/{table_id}/1#r{index + 1}m{made}")
            expect(page.locator("#slider")).to_have_value(str(made))
            same_as_engine(page, record, index, made)
    page.context.close()


def test_keys_buttons_and_the_slider_step_through_the_match_and_the_address_follows(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]]
) -> None:
    table_id, record = chicken_foot
    first = len(record["rounds"][0]["moves"])
    page = new_page(browser, DESKTOP)
    open_replay(page, quick, table_id)
    expect(page.locator("#where-move")).to_have_text("As dealt")
    expect(page.locator("#where-round")).to_have_text("Round 1 of 5")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"#r1m3$"))
    expect(page.locator("#where-move")).to_have_text(f"Move 3 of {first}")
    expect(page.locator("#move-list li.current button")).to_have_attribute("data-move", "3")
    third = page.locator("#move-list li.current button").inner_text()  # "Bea played 9-4 on 9-9"
    expect(page.locator("#where-said")).to_have_text(f"{third}. ")  # a screen reader hears the move stepped to
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"#r1m2$"))
    page.keyboard.press("ArrowDown")
    expect(page).to_have_url(re.compile(r"#r2m0$"))
    expect(page.locator("#where-round")).to_have_text("Round 2 of 5")
    page.keyboard.press("ArrowLeft")  # back over the round's start: the end of the round before
    expect(page).to_have_url(re.compile(rf"#r1m{first}$"))
    expect(page.locator("#result")).to_be_visible()
    page.keyboard.press("Home")
    expect(page).to_have_url(re.compile(r"#r1m0$"))
    expect(page.locator("#result")).to_be_hidden()
    page.keyboard.press("ArrowUp")  # already the first round: nothing moves
    expect(page).to_have_url(re.compile(r"#r1m0$"))
    page.get_by_role("button", name="Next move").click()
    expect(page).to_have_url(re.compile(r"#r1m1$"))
    page.get_by_role("button", name="End of the round").click()
    expect(page).to_have_url(re.compile(rf"#r1m{first}$"))
    page.get_by_role("button", name="Next round").click()
    expect(page).to_have_url(re.compile(r"#r2m0$"))
    page.locator("#slider").focus()
    page.keyboard.press("ArrowRight")  # the slider steps like the page
    expect(page).to_have_url(re.compile(r"#r2m1$"))
    page.locator("#slider").fill("7")
    expect(page).to_have_url(re.compile(r"#r2m7$"))
    page.locator("#move-list button[data-move='4']").click()
    expect(page).to_have_url(re.compile(r"#r2m4$"))
    expect(page.locator("#position-link")).to_have_value(re.compile(r"/r/[\w-]+/1#r2m4$"))
    expect(page.locator(".languages a[hreflang=ru]")).to_have_attribute("href", re.compile(r"lang=ru#r2m4$"))
    page.context.close()


def test_a_link_to_a_position_opens_there_in_russian_and_bad_positions_are_kept_in_range(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]]
) -> None:
    table_id, record = chicken_foot
    third = record["rounds"][2]["moves"]
    page = new_page(browser, DESKTOP, "ru-RU")
    open_replay(page, quick, table_id, "#r3m14", "?lang=ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#where-round")).to_have_text("Раунд 3 из 5")
    expect(page.locator("#where-move")).to_have_text(f"Ход 14 из {len(third)}")
    plays = sum(1 for move in third[:14] if "play" in move)
    expect(page.locator("#board svg g.tile")).to_have_count(plays + 1)
    seat = third[14]["seat"]
    expect(page.locator(f"#hands li[data-seat='{seat}']")).to_have_class(re.compile("turn-now"))
    page.keyboard.press("ArrowRight")
    expect(page).to_have_url(re.compile(r"#r3m15$"))
    page.goto(f"{quick.url}/r/{table_id}/1?lang=ru#r9m999")  # past the last round and move: its end
    expect(page).to_have_url(re.compile(rf"#r5m{len(record['rounds'][4]['moves'])}$"))
    expect(page.locator("#result-winners")).to_contain_text(re.compile("Победитель|Победу делят"))
    page.context.close()


def test_the_record_file_page_opens_a_file_in_the_browser_and_refuses_bad_ones(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]], tmp_path: Path
) -> None:
    _, record = chicken_foot
    good = tmp_path / "match.json"
    good.write_text(json.dumps(record))
    page = new_page(browser, DESKTOP, "pl-PL")
    uploads: list[str] = []
    page.on("request", lambda request: uploads.append(request.url) if request.method != "GET" else None)
    page.goto(f"{quick.url}/replay")  # the visitor's language: Polish
    expect(page).to_have_url(f"{quick.url}/pl/replay")
    expect(page.locator("#viewer-body")).to_be_hidden()
    page.locator("#file").set_input_files(str(good))
    expect(page.locator("#analysis")).to_be_hidden()  # a file has no table to ask
    expect(page.locator("#share")).to_be_hidden()  # nor a link that would lead anyone else to it
    expect(page.locator("#viewer-body")).to_be_visible()
    expect(page.locator("#viewer-note")).to_have_text("Otwarto plik match.json")
    expect(page.locator("#where-round")).to_have_text("Runda 1 z 5")
    page.keyboard.press("End")
    same_as_engine(page, record, 0)
    before = page.url
    broken = copy.deepcopy(record)
    centre = broken["rounds"][1]["double"]  # never in anybody's hand
    seat = broken["rounds"][1]["moves"][3]["seat"]
    broken["rounds"][1]["moves"][3] = {"seat": seat, "play": centre, "on": centre}
    cases = {
        "not-json.json": ("{ this is not json", "Ten plik nie jest w formacie JSON"),
        "other.json": (json.dumps({"format": "something/else"}), "To nie jest zapis partii"),
        "broken.json": (
            json.dumps(broken),
            f"Ten zapis jest niespójny: runda 2, ruch 4: kamienia {centre} nie ma w ręce miejsca {seat + 1}",
        ),
        "empty.json": (json.dumps({**record, "rounds": []}), "W tym zapisie nie ma żadnej zakończonej rundy."),
    }
    for name, (text, said) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        page.locator("#file").set_input_files(str(path))
        expect(page.locator("#viewer-problem")).to_contain_text(said)
        assert page.url == before, "a refused file leaves the record shown as it was"
        same_as_engine(page, record, 0)
    running = {key: value for key, value in record.items() if key != "winners"} | {"rounds": record["rounds"][:2]}
    path = tmp_path / "running.json"
    path.write_text(json.dumps(running))  # a match downloaded between rounds: shown, and said to be unfinished
    page.locator("#file").set_input_files(str(path))
    expect(page.locator("#viewer-note")).to_have_text("Otwarto plik running.json Ten zapis powstał przed końcem meczu.")
    expect(page.locator("#viewer-problem")).to_be_hidden()
    expect(page.locator("#where-round")).to_have_text("Runda 1 z 2")
    assert uploads == [], "the file is read in the browser, never sent"
    page.context.close()


@pytest.mark.parametrize("language", ["ru", "cs"])
def test_a_file_that_is_no_record_is_told_what_is_wrong_in_the_pages_language(
    quick: Server, browser: Browser, tmp_path: Path, language: str
) -> None:
    words = translations(language)
    page = new_page(browser, DESKTOP)
    page.goto(f"{quick.url}/{language}/replay")
    record = {"format": "dominohall/record@1", "options": {"players": 2}, "seats": [{"name": "A"}, {"name": "B"}]}
    cases = {
        "not-json.json": ("{ this is not json", words.gettext("This file is not JSON, so it is not a game record.")),
        "other.json": (
            json.dumps({"format": "dominohall/record@2", "game": "chickenfoot"}),
            words.gettext("This file is not a Domino Hall record (dominohall/record@1)."),
        ),
        "no-game.json": (json.dumps(record), words.gettext("This record does not say which game it is of.")),
        "mahjong.json": (
            json.dumps(record | {"game": "mahjong"}),
            words.gettext('This record is of a game this viewer does not know: "%(game)s".') % {"game": "mahjong"},
        ),
    }
    for name, (text, said) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        page.locator("#file").set_input_files(str(path))
        expect(page.locator("#viewer-problem")).to_have_text(said)
        assert "undefined" not in (page.locator("#viewer-problem").text_content() or "")
    page.context.close()


def test_the_viewer_checks_each_deal_against_its_proof_and_names_a_bad_or_withheld_one(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]], tmp_path: Path
) -> None:
    _, record = chicken_foot
    page = new_page(browser, DESKTOP)
    page.goto(f"{quick.url}/en/replay")
    line = page.locator("#fair-line")
    tampered = copy.deepcopy(record)
    secret = tampered["rounds"][2]["fair"]["secret"]
    tampered["rounds"][2]["fair"]["secret"] = ("0" if secret[0] != "0" else "1") + secret[1:]
    withheld = copy.deepcopy(record)
    del withheld["rounds"][3]["fair"]
    bare = {**record, "rounds": [{k: v for k, v in r.items() if k != "fair"} for r in record["rounds"]]}
    cases = {
        "match.json": (record, "fair", "Fair deals: 5 of 5 rounds match their proofs."),
        "tampered.json": (tampered, "not fair", "Round 3: the deal does not match its proof."),
        "withheld.json": (withheld, "not fair", "Round 4 has no proof, though an earlier round has one"),
        "bare.json": (bare, "no proof", "This record carries no proofs of its deals."),
    }
    for name, (content, verdict, said) in cases.items():
        path = tmp_path / name
        path.write_text(json.dumps(content))
        page.locator("#file").set_input_files(str(path))
        expect(line).to_have_attribute("data-verdict", verdict)
        expect(line).to_contain_text(said)
    page.locator("#file").set_input_files(str(tmp_path / "match.json"))
    expect(line).to_have_attribute("data-verdict", "fair")
    commitment = record["rounds"][0]["fair"]["commitment"]
    expect(page.locator("#fair-round")).to_have_text(f"This round's deal commitment: {commitment[:16]}")
    page.keyboard.press("ArrowDown")  # the next round names its own
    second = record["rounds"][1]["fair"]["commitment"]
    expect(page.locator("#fair-round")).to_have_text(f"This round's deal commitment: {second[:16]}")
    assert line.get_by_role("link", name="How fair deals work").get_attribute("href") == "/fairness"
    tile = page.locator("#hands .face-tile svg").first.bounding_box()  # on a desktop, pips that read at a glance
    assert tile is not None and tile["height"] >= 55, tile
    page.context.close()


def test_the_tables_records_menu_links_to_the_replay_and_the_replay_back_to_the_table(
    quick: Server, browser: Browser, standard: tuple[str, dict[str, Any]]
) -> None:
    table_id, record = standard
    page = new_page(browser, DESKTOP)
    page.goto(f"{quick.url}/t/{table_id}")
    page.locator("#records summary").click()
    page.locator("#record-links a.replay-link").click()
    expect(page).to_have_url(re.compile(rf"/r/{table_id}/1#r1m0$"))
    expect(page.locator("#viewer-title")).to_have_text("Replay: standard dominoes")
    names = [seat["name"] for seat in record["seats"]]
    expect(page.locator("#result-table")).to_be_hidden()
    page.keyboard.press("End")
    teams = [f"{names[0]} & {names[2]}", f"{names[1]} & {names[3]}"]
    expect(page.locator("#result-table tbody th")).to_have_text(teams)
    page.get_by_role("link", name="Back to the table").click()
    expect(page).to_have_url(re.compile(rf"/t/{table_id}$"))
    page.context.close()


def test_a_match_the_table_never_played_and_a_table_that_does_not_exist_are_said_so(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]]
) -> None:
    table_id, _ = chicken_foot
    page = new_page(browser, DESKTOP)
    page.goto(f"{quick.url}/r/{table_id}/2")
    expect(page.locator("#viewer-problem")).to_have_text("This table has not played that match.")
    expect(page.locator("#viewer-body")).to_be_hidden()
    answer = page.goto(f"{quick.url}/r/NoSuchTable1/1")
    assert answer is not None and answer.status == 404
    page.context.close()


def test_all_fives_points_show_as_they_are_scored(quick: Server, browser: Browser) -> None:
    """In All Fives each scoring play is marked with its points in the move list, and each seat shows its side's
    points scored in play so far: the engine's, at every position checked."""
    table_id, record = finished_match(quick, "standard", {"players": 2, "mode": "allfives", "target": 50})
    page = new_page(browser, DESKTOP)
    open_replay(page, quick, table_id)
    expect(page.locator("#keys")).to_contain_text("↑ ↓ a hand")  # the standard game's deals are hands
    expect(page.locator("#to-start")).to_have_attribute("aria-label", "Start of the hand")
    expect(page.locator("#round-next")).to_have_text("Next hand")
    marked = 0
    for index, data in enumerate(record["rounds"]):
        moves = len(data["moves"])
        for made in sorted({1, moves // 3, moves // 2, moves}):
            page.goto(f"{quick.url}/r/{table_id}/1#r{index + 1}m{made}")
            expect(page.locator("#slider")).to_have_value(str(made))
            scored = [int(text.split()[0]) for text in page.locator("#hands li.seat-hand .scored").all_inner_texts()]
            rnd = engine_round(record, index, made if made < moves else None)
            assert scored == rnd.points, f"hand {index + 1} after {made} moves"
            if index == 0 and made == moves // 2:
                shot(page, "replay-allfives")
        lines = page.locator("#move-list li button").all_inner_texts()
        plus = [int(found.group(1)) for line in lines if (found := re.search(r" \+(\d+)$", line))]
        assert sum(plus) == sum(engine_round(record, index).points)
        marked += len(plus)
    assert marked > 0, "no hand of the match scored in play"
    page.context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_replay_of_a_match_reads_clearly_in_both_colour_schemes(
    quick: Server, browser: Browser, standard: tuple[str, dict[str, Any]], scheme: Scheme
) -> None:
    """A record replayed in the middle of a hand: the move list with its current move marked, the hands, the
    buttons; no text below WCAG's AA contrast, in the light colours and in a device's dark mode."""
    table_id, _ = standard
    page = scheme_page(browser, scheme)
    open_replay(page, quick, table_id, "#r1m6")
    expect(page.locator("#move-list li.current")).to_have_count(1)
    assert low_contrast(page) == []
    page.context.close()


def test_the_viewer_fits_a_phone_and_speaks_every_language(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]]
) -> None:
    table_id, _ = chicken_foot
    page = new_page(browser, PHONE)
    open_replay(page, quick, table_id, "#r2m12")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the replay scrolls sideways on a phone ({width} px)"
    heights = page.locator("#move-list button").evaluate_all("(all) => all.map((b) => b.offsetHeight)")
    assert heights and min(heights) >= 32, f"a move of the list is hard to pick with a finger: {min(heights)} px"
    page.context.close()
    page = new_page(browser, PHONE)  # the longest words of the steps ("Предыдущий раунд") inside their buttons
    open_replay(page, quick, table_id, "#r2m12", "?lang=ru")
    spilled = page.locator(".stepper button").evaluate_all(
        "(all) => all.filter((b) => b.scrollHeight > b.clientHeight + 1).map((b) => b.textContent)"
    )
    assert not spilled, f"words spill out of the replay's buttons on a phone: {spilled}"
    page.context.close()
    for language in LANGUAGES[1:]:
        # "Home" and "End" in the keys' hint are the names on the keys, the same on every keyboard
        patterns = [(english, pattern) for english, pattern in english_patterns(language) if english != "Home"]
        for path in (f"/r/{table_id}/1?lang={language}", f"/{language}/replay"):
            _, html = fetch(quick.url + path)
            assert f'<html lang="{language}">' in html
            leaks = [english for english, pattern in patterns if pattern.search(visible_text(html))]
            assert not leaks, f"{path}: English in the {language} page: {leaks}"


def test_the_analysis_of_each_seat_marks_the_moves_as_the_server_rates_them(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]]
) -> None:
    table_id, record = chicken_foot
    names = [seat["name"] for seat in record["seats"]]
    page = new_page(browser, DESKTOP)
    rated: dict[int, dict[str, Any]] = {}
    for index in range(len(record["rounds"])):  # the first round with a verdict in it (a round seldom has none)
        open_replay(page, quick, table_id, f"#r{index + 1}m0")
        analyses = []
        for seat, name in enumerate(names):
            button = page.get_by_role("button", name=f"Analyse {name}")
            button.focus()
            page.keyboard.press("Enter")
            expect(button).to_have_attribute("aria-pressed", "true", timeout=60_000)
            expect(button).to_be_focused()  # the focus stayed where it was while the coach worked
            status, body, _ = http(
                "GET", f"{quick.url}/api/tables/{table_id}/analysis?match=1&round={index + 1}&seat={seat}"
            )
            assert status == 200 and body["seat"] == seat  # kept by the server: the page's answer, at once
            analyses.append(body)
        rated = {d["move"]: d for body in analyses for d in body["decisions"] if d["verdict"]}
        marked = page.evaluate(
            """() => [...document.querySelectorAll("#move-list li")].map((item, index) => [index, item.dataset.verdict,
                item.querySelector(".mark [aria-hidden]")?.textContent, item.querySelector(".mark").textContent])
                .filter(([, verdict]) => verdict)"""
        )
        symbols = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}
        wanted = [
            [move, d["verdict"], symbols[d["verdict"]], f"{symbols[d['verdict']]} {d['verdict'].capitalize()}"]
            for move, d in sorted(rated.items())
        ]
        assert marked == wanted  # the symbol shown, the word said
        expect(page.locator("#slider-marks .mark")).to_have_count(len(rated))
        if rated:
            break
    assert rated, "not one verdict in five rounds of medium bots"
    move, decision = next(iter(sorted(rated.items())))
    page.locator(f"#move-list button[data-move='{move + 1}']").click()
    best = decision["best"]
    expect(page.locator("#better")).to_contain_text(f"Better: {best['play']} on {best['on']}")  # a choice of plays
    page.keyboard.press("Home")  # as dealt: no move made, nothing better to say
    expect(page.locator("#better")).to_be_hidden()
    page.locator("#slider-marks .mark").first.click()  # a mark under the slider leads to its move
    expect(page.locator("#slider")).to_have_value(str(move + 1))
    page.keyboard.press("Home")
    said = page.locator("#analysis-status").inner_text()
    assert said.startswith(f"{names[-1]}: "), said
    other = "ArrowUp" if page.locator("#round-next").is_disabled() else "ArrowDown"
    page.keyboard.press(other)  # another round: none of its seats analysed yet, so nothing said of it
    expect(page.locator("#analysis-status")).to_have_text("")
    page.keyboard.press("ArrowDown" if other == "ArrowUp" else "ArrowUp")
    expect(page.locator("#analysis-status")).to_have_text(said)
    page.locator("a[hreflang='ru']").click()  # another language: the same position, the analysis still there
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.locator("#slider-marks .mark")).to_have_count(len(rated))
    page.context.close()


BELOW_THE_PAGE = """() => { const list = document.getElementById("move-list");
    const bottom = document.querySelector("footer").getBoundingClientRect().bottom + scrollY;
    const past = [...list.querySelectorAll("li[data-verdict]:not([data-verdict=''])")] // were the list not cut
        .filter((item) => item.getBoundingClientRect().bottom + list.scrollTop + scrollY > bottom);
    return { below: document.scrollingElement.scrollHeight - bottom, marksPastTheFooter: past.length }; }"""
"""How far the page scrolls on past its footer, and how many marked moves of the list would reach past the
footer were the list not cut to its window."""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_analysis_marks_add_no_empty_page_below_the_footer(
    quick: Server, browser: Browser, chicken_foot: tuple[str, dict[str, Any]], viewport: Any
) -> None:
    """The words a screen reader says of a marked move ("Mistake") are out of sight, and stay inside the move
    list's window however far down the list the move is: they were placed against the page rather than the list,
    so a marked move far down a long round stretched the page, and a phone scrolled past the footer into 800 px
    of empty page after an analysis."""
    table_id, record = chicken_foot
    page = new_page(browser, viewport)
    for index in range(len(record["rounds"])):  # a round with a marked move that far down
        open_replay(page, quick, table_id, f"#r{index + 1}m0")
        for seat in record["seats"]:
            button = page.get_by_role("button", name=f"Analyse {seat['name']}")
            button.click()
            expect(button).to_have_attribute("aria-pressed", "true", timeout=60_000)
        seen = page.evaluate(BELOW_THE_PAGE)
        if seen["marksPastTheFooter"]:
            break
    assert seen["marksPastTheFooter"], f"no marked move that far down in {len(record['rounds'])} rounds"
    assert seen["below"] <= 1, f"the page goes on past its footer: {seen}"
    page.context.close()


NUMERALS_INSIDE = """() => [...document.querySelectorAll("#board svg g.tile, #hands svg")].flatMap((tile) => {
    const body = tile.querySelector("rect.body").getBoundingClientRect();
    return [...tile.querySelectorAll("text.pip")].filter((text) => {
        const r = text.getBoundingClientRect();
        return r.left < body.left - 0.5 || r.right > body.right + 0.5 || r.top < body.top - 0.5
            || r.bottom > body.bottom + 0.5;
    }).map((text) => text.textContent);
})"""
"""The numerals (10 to 15) drawn past the edge of their tile, on the board and in the hands."""


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_twelve_seat_double_fifteen_record_from_simulate_opens_in_the_viewer(
    quick: Server, browser: Browser, tmp_path: Path, viewport: Any
) -> None:
    """A half match of twelve bots on double-fifteen, written by ``dominohall simulate --records``, opens in
    the record file page (the reader refused more than eight seats): twelve hands, the first and the last
    round as the engine plays them, twelve rows of results, the tiles' numerals up to 15 on their tiles, and
    no sideways scrolling on a phone."""
    bots = ",".join(["medium"] * 12)
    command = [sys.executable, "-m", "dominohall", "simulate", "--players", "12", "--length", "half"]
    command += ["--bots", bots, "--matches", "1", "--seed", "7", "--records", str(tmp_path)]
    subprocess.run(command, check=True, capture_output=True, timeout=120)
    path = next(tmp_path.glob("*.json"))
    record = json.loads(path.read_text())
    assert record["options"]["players"] == 12 and record["options"]["set"] == 15
    page = new_page(browser, viewport)
    page.goto(f"{quick.url}/en/replay")
    page.locator("#file").set_input_files(str(path))
    expect(page.locator("#viewer-body")).to_be_visible()
    expect(page.locator("#viewer-problem")).to_be_hidden()
    rounds = len(record["rounds"])
    expect(page.locator("#where-round")).to_have_text(f"Round 1 of {rounds}")
    expect(page.locator("#hands li.seat-hand")).to_have_count(12)
    page.keyboard.press("End")
    same_as_engine(page, record, 0)
    expect(page.locator("#result-table tbody tr")).to_have_count(12)
    assert page.evaluate(NUMERALS_INSIDE) == [], "a numeral spills off its tile"
    for _ in range(rounds - 1):
        page.keyboard.press("ArrowDown")
    expect(page.locator("#where-round")).to_have_text(f"Round {rounds} of {rounds}")
    page.keyboard.press("End")
    same_as_engine(page, record, rounds - 1)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport["width"], f"the replay of twelve seats scrolls sideways ({width} px)"
    page.context.close()


@pytest.fixture(scope="module")
def mexican_train(quick: Server) -> tuple[str, dict[str, Any]]:
    """A finished match of four-player Mexican Train on double-nine, half length (five rounds)."""
    return finished_match(quick, "mexicantrain", {"players": 4, "set": 9, "length": "half"})


TRAINS_SHOWN = """() => {
  const rows = [...document.querySelectorAll("#board .layer > g.train")];
  return { rows: rows.map((row) => ({ train: row.dataset.train, marked: row.classList.contains("marked") })),
    names: [...document.querySelectorAll("#board .train-names .train-name")].map((name) => name.textContent),
    tiles: [...document.querySelectorAll("#board g.tile[data-train]")]
      .map((tile) => [tile.dataset.train, tile.dataset.tile]),
    engine: document.querySelector("#board g.tile:not([data-train])")?.dataset.tile,
    pending: document.getElementById("board").dataset.pending,
    title: document.getElementById("viewer-title").textContent };
}"""


def test_a_mexican_train_record_replays_to_the_engines_trains_marks_and_uncovered_double(
    quick: Server, browser: Browser, mexican_train: tuple[str, dict[str, Any]]
) -> None:
    """The viewer reads a Mexican Train record (it refused the game by name) and draws every position it is
    asked for with the table's trains: a row per train named by its owner (or the Mexican train), each train's
    tiles in the order laid, the marked trains and the double waiting for its cover, all as the engine has
    them; each round's penalties and the totals add up as the record says."""
    table_id, record = mexican_train
    names = [seat["name"] for seat in record["seats"]]
    page = new_page(browser, DESKTOP)
    for index, data in enumerate(record["rounds"]):
        moves = len(data["moves"])
        for made in sorted({0, moves // 3, moves // 2, moves - 1, moves}):
            page.goto(f"{quick.url}/r/{table_id}/1#r{index + 1}m{made}")
            expect(page.locator("#slider")).to_have_value(str(made))
            seen = page.evaluate(TRAINS_SHOWN)
            view = mexican_train_view(engine_round(record, index, made if made < moves else None), None)
            wire = ["mexican" if line.train == SHARED_TRAIN else str(line.train) for line in view.trains]
            assert seen["title"] == "Replay: Mexican Train"
            assert seen["engine"] == data["double"]
            assert [row["train"] for row in seen["rows"]] == wire
            assert seen["names"] == [*names, "Mexican train"]
            laid = [[key, tile_name(tile)] for key, line in zip(wire, view.trains, strict=True) for tile in line.tiles]
            assert seen["tiles"] == laid, f"round {index + 1} after {made} moves"
            assert [row["marked"] for row in seen["rows"]] == [line.marked for line in view.trains]
            waiting = tile_name(view.uncovered) if view.uncovered >= 0 and made < moves else ""
            assert seen["pending"] == waiting
        page.keyboard.press("End")
        points = page.locator("#result-table tbody td.points").all_inner_texts()
        assert [int(value) for value in points] == data["penalties"]
    totals = page.locator("#result-table tbody td.total").all_inner_texts()
    assert [int(value) for value in totals] == record["totals"]
    page.context.close()
