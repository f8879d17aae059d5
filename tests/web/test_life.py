"""A table's whole life on the page, in a real browser against a real server: the rules line for everyone, the
waiting room, the turn timer and its timeouts, Leave and coming back, the pause between rounds with Continue,
the end of a match seen live by a spectator, and the records' download links."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute, expect

from dominohall.web import translations

from ..server.harness import Server, create_table, sit
from .conftest import CHROMIUM, DESKTOP, PHONE, new_page
from .moves import MY_TURN, make_move

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


@pytest.fixture(scope="module")
def slow(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose bots take 0.3 s a move: once a bot plays a person's seat, the match still lasts minutes
    (with bots moving at once it would be over within a second); a finished round waits two minutes for
    Continue, so a test looking at the summary on a busy machine is never overtaken by the next deal."""
    options = ["--bot-delay", "0.3", "--between-rounds", "120"]
    running = Server(tmp_path_factory.mktemp("slow") / "db.sqlite", options=options).start()
    yield running
    running.stop()


def hosted(
    browser: Browser, server: Server, settings: dict[str, Any], bots: list[str | None], game: str = "chickenfoot"
) -> tuple[str, Page]:
    """A table made over HTTP and hosted by Ann, and a browser page holding Ann's seat cookie (not yet opened)."""
    table_id, cookie = create_table(server, bots, settings, game)
    page = new_page(browser, DESKTOP)
    name, value = cookie.split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": server.url}])
    return table_id, page


def watcher(browser: Browser, server: Server, table_id: str, language: str = "en-GB") -> Page:
    """A visitor without a seat looking at the table."""
    page = new_page(browser, DESKTOP, language)
    page.goto(f"{server.url}/t/{table_id}")
    return page


def play_until(pages: list[Page], done: Any, moves: int = 400, seconds: float = 150) -> None:
    """Whichever page has its turn makes a move, until ``done()``: at most ``moves`` moves made by the pages
    and ``seconds`` in all (a drawn tile that fits nowhere passes by itself after a moment, not by a click)."""
    made, deadline = 0, time.monotonic() + seconds
    while not done():
        assert made < moves and time.monotonic() < deadline, f"the table never got there ({made} moves)"
        for page in pages:
            if page.locator(MY_TURN).count() and not page.locator("#summary:not([hidden])").count():
                made += make_move(page, wait_ms=1_000) is not None
        pages[0].wait_for_timeout(60)


def seconds(text: str) -> int:
    """The seconds of a clock's "m:ss"."""
    minutes, secs = text.split(":")
    return int(minutes) * 60 + int(secs)


def test_the_rules_line_shows_every_setting_that_is_not_the_default_to_everyone(
    server: Server, browser: Browser
) -> None:
    settings = {"players": 3, "start_toes": 4, "blank_double": 25, "limit": 200, "turn_seconds": 30, "public": True}
    table_id, host = hosted(browser, server, settings, [None, "easy", "hard"])
    host.goto(f"{server.url}/t/{table_id}")
    expected = (
        "3 players · Double-nine · 14 tiles per hand · Score limit: 200 points · 4 start toes · 0-0 counts 25 points"
        " · 30 seconds a turn · Listed in the lobby"
    )
    expect(host.locator("#rules .line")).to_have_text(expected)
    guest = watcher(browser, server, table_id, "ru-RU")
    expect(guest.locator("#rules .line")).to_contain_text("3 игрока · Дубль-девять · 14 костей в руке")
    expect(guest.locator("#rules .line")).to_contain_text("30 секунд на ход")
    how = guest.get_by_role("link", name="Как играть")  # the rules a step away, in a tab of their own
    expect(how).to_have_attribute("href", "/ru/chicken-foot#how")
    expect(how).to_have_attribute("target", "_blank")
    host.get_by_role("button", name="Start the match").click()
    expect(host.locator("#hand .tile").first).to_be_visible()
    expect(host.locator("#rules .line")).to_have_text(expected)  # during play as well
    expect(guest.locator("#rules .line")).to_contain_text("200")
    standard, page = hosted(
        browser, server, {"players": 4, "mode": "allfives", "partners": True}, [None] + ["easy"] * 3, "standard"
    )
    page.goto(f"{server.url}/t/{standard}")
    expect(page.locator("#rules .line")).to_have_text(
        "4 players · All Fives · Double-six · 5 tiles per hand · Partners · To 150 points"
    )
    for each in (host, guest, page):
        each.context.close()


def test_the_waiting_room_says_what_happens_next_and_leave_frees_the_seat_before_the_start(
    server: Server, browser: Browser
) -> None:
    table_id, host = hosted(browser, server, {"players": 3}, [None, None, "easy"])
    hide_stood = {"on": False}

    def route(socket: WebSocketRoute) -> None:  # the host presses Start just as the guest leaves
        upstream = socket.connect_to_server()
        upstream.on_message(
            lambda text: None if hide_stood["on"] and '"t":"stood"' in str(text).replace(" ", "") else socket.send(text)
        )

    host.route_web_socket(re.compile(r".*/ws$"), route)
    host.goto(f"{server.url}/t/{table_id}")
    expect(host.locator("#next")).to_contain_text(
        "1 seat is free. Invite friends with the link, or let bots take the free seats."
    )
    expect(host.get_by_role("button", name="Fill the free seats with bots and start")).to_be_visible()
    expect(host.get_by_role("button", name="Start the match")).to_be_hidden()
    seats = host.locator("#seats li")
    expect(seats.nth(2)).to_contain_text(re.compile(r"^\S+ \(easy bot\)"))  # a bot's own name and its level
    guest = watcher(browser, server, table_id)
    expect(guest.locator("#next")).to_contain_text("1 seat is free. Type your name and take a seat to play.")
    guest.fill("#name", "Bea")
    guest.locator("#seats li").nth(1).get_by_role("button", name="Take this seat").click()
    expect(host.locator("#next")).to_have_text(
        re.compile(r"^\s*Every seat is taken: start the match when you are ready\.\s*Start the match")
    )
    expect(guest.locator("#next")).to_contain_text("Every seat is taken. Waiting for the host to start the match.")
    for page in (host, guest):  # no longer "Waiting for players"
        expect(page.locator("#phase")).to_have_text("Ready to start")
    hide_stood["on"] = True
    guest.get_by_role("button", name="Leave the table").click()  # before the start: no question asked
    expect(guest.locator("#phase")).to_have_text("You are watching this table")
    expect(guest.locator("#watching")).to_be_visible()
    expect(guest.locator("#leave")).to_be_hidden()
    expect(guest.locator("#seats li").nth(1)).to_contain_text("Free seat")
    host.get_by_role("button", name="Start the match").click()  # the server refuses: a seat is free again
    expect(host.locator("#problem")).to_have_text("Every seat needs a player or a bot first.")
    expect(host.locator("#problem")).to_be_visible()
    hide_stood["on"] = False
    host.reload()
    expect(seats.nth(1)).to_contain_text("Free seat")
    host.get_by_role("button", name="Fill the free seats with bots and start").click()
    expect(host.locator("#phase")).to_have_text("The match is on")
    expect(seats.nth(1)).to_contain_text(re.compile(r"^\S+ \(medium bot\)"))
    expect(host.locator("#next")).to_be_hidden()
    host.context.close()
    guest.context.close()


def test_the_turn_timer_counts_down_a_timeout_is_told_and_two_in_a_row_let_a_bot_play(
    slow: Server, browser: Browser
) -> None:
    table_id, page = hosted(browser, slow, {"players": 2, "turn_seconds": 12}, [None, "medium"])
    page.goto(f"{slow.url}/t/{table_id}")
    spectator = watcher(browser, slow, table_id)
    page.get_by_role("button", name="Start the match").click()  # a gesture: the browser lets the page's audio start
    expect(page.locator("#phase")).to_have_text("The match is on")
    expect(page.locator("#turn-text")).to_have_text("Your turn")
    clock = page.locator("#turn-clock")
    expect(clock).to_be_visible()
    expect(page.locator("#seats li").first.locator(".clock")).to_have_text(re.compile(r"^0:(1[0-2]|0\d)$"))
    first = seconds(clock.inner_text())
    page.wait_for_timeout(2200)
    later = seconds(clock.inner_text())
    assert later < first, f"the clock does not count down ({first} then {later})"
    expect(spectator.locator("#turn-clock")).to_be_visible()  # everyone sees the time of the seat to move
    expect(page.locator("#sound")).to_have_attribute("data-warned", "1", timeout=12_000)  # 10 s left: a sound once
    expect(clock).to_have_class(re.compile(r"\blow\b"))
    expect(page.locator("#notice")).to_have_text("Your time ran out: a bot made that move for you.", timeout=15_000)
    expect(spectator.locator("#notice")).to_have_text("Ann ran out of time: a bot made that move.")
    expect(page.locator("#away")).to_contain_text("A bot is playing for you.", timeout=25_000)  # twice in a row
    expect(page.locator("#seats li").first).to_contain_text("away")
    expect(page.locator("#hand .tile.lit")).to_have_count(0)
    page.get_by_role("button", name="I'm back").click()
    expect(page.locator("#away")).to_be_hidden()
    expect(page.locator("#seats li").first).not_to_contain_text("away")
    page.context.close()
    spectator.context.close()


def test_a_muted_page_plays_no_warning(server: Server, browser: Browser) -> None:
    table_id, page = hosted(browser, server, {"players": 2, "turn_seconds": 12}, [None, "easy"])
    page.add_init_script("localStorage.setItem('dh_sound', 'off')")  # muted on an earlier visit
    page.goto(f"{server.url}/t/{table_id}")
    page.get_by_role("button", name="Start the match").click()  # a gesture: the audio could play
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#turn-text")).to_have_text("Your turn")
    expect(page.locator("#sound")).to_have_attribute("data-warnings", "1", timeout=12_000)  # its moment came
    assert page.locator("#sound").get_attribute("data-warned") is None
    page.context.close()


def test_a_screen_reader_hears_its_turn_and_its_last_seconds_and_the_keyboard_lands_on_the_hand(
    server: Server, browser: Browser
) -> None:
    """Without sight or sound: "Your turn" and the time to play are said when the turn comes, the warning at 10 s
    is said too (not only a beep), and the focus, lost when the Start button went away, is put on the hand."""
    table_id, page = hosted(browser, server, {"players": 2, "turn_seconds": 12}, [None, "easy"])
    page.add_init_script("localStorage.setItem('dh_sound', 'off')")
    page.goto(f"{server.url}/t/{table_id}")
    page.get_by_role("button", name="Start the match").press("Enter")
    said = page.locator("#announce")
    expect(said).to_contain_text(re.compile(r"Your turn\. (1[0-2]|[89]) seconds left to play\.$"))
    expect(page).to_have_title(re.compile(r"^● Your turn · "))  # seen from another tab too
    assert page.evaluate("() => document.activeElement.matches('#hand .tile.lit, #draw')"), (
        "the focus is not on the hand"
    )
    expect(said).to_have_text(re.compile(r"^(10|9) seconds left to play\.$"), timeout=12_000)
    page.context.close()


def test_a_chat_line_while_a_phone_shows_another_tab_is_counted_on_its_tab_and_said(
    server: Server, browser: Browser
) -> None:
    table_id, cookie = create_table(server, [None, None], {"players": 2})
    bo_cookie = sit(server, table_id, 1, "Bo")
    phone = browser.new_context(viewport=PHONE, locale="en-GB", is_mobile=True, has_touch=True)
    ann = phone.new_page()
    name, value = cookie.split("=", 1)
    phone.add_cookies([{"name": name, "value": value, "url": server.url}])
    ann.goto(f"{server.url}/t/{table_id}")
    bo = new_page(browser, DESKTOP)
    name, value = bo_cookie.split("=", 1)
    bo.context.add_cookies([{"name": name, "value": value, "url": server.url}])
    bo.goto(f"{server.url}/t/{table_id}")
    ann.get_by_role("button", name="Start the match").tap()
    chat_tab = ann.locator(".side-tabs [data-tab=chat]")
    expect(chat_tab).to_be_visible()
    bo.fill("#chat-text", "good luck, Ann")
    bo.get_by_role("button", name="Send").click()
    expect(chat_tab).to_have_attribute("data-unread", "1")  # the Moves tab shows: the chat is out of sight
    expect(ann.locator("#announce")).to_have_text("Bo: good luck, Ann")
    chat_tab.tap()
    expect(ann.locator("#chat-log li").last).to_contain_text("good luck, Ann")
    expect(chat_tab).not_to_have_attribute("data-unread", "1")
    chat_tab.focus()  # the tabs are one stop in the tab order, and the arrow keys go between them
    ann.keyboard.press("ArrowRight")
    invite = ann.locator(".side-tabs [data-tab=share]")
    expect(invite).to_be_focused()
    expect(invite).to_have_attribute("aria-selected", "true")
    stops = ann.locator(".side-tabs [data-tab]").evaluate_all("(tabs) => tabs.map((tab) => tab.tabIndex)")
    assert sorted(stops) == [-1, -1, -1, -1, 0], stops
    assert invite.get_attribute("aria-controls") == "panel-share"
    expect(ann.locator("#panel-share")).to_be_visible()
    expect(ann.get_by_role("tabpanel", name="Invite")).to_be_visible()  # the panel is named by its tab
    expect(bo.locator("#panel-share")).not_to_have_attribute("role", "tabpanel")  # a desktop shows no tabs
    expect(bo.get_by_role("region", name="Invite friends")).to_be_visible()
    phone.close()
    bo.context.close()


def test_leave_during_the_match_asks_first_a_bot_plays_and_the_link_gives_the_seat_back(
    slow: Server, browser: Browser
) -> None:
    table_id, page = hosted(browser, slow, {"players": 2}, [None, "medium"])
    page.goto(f"{slow.url}/t/{table_id}?start=1")
    expect(page.locator("#phase")).to_have_text("The match is on")
    page.get_by_role("button", name="Leave the table").click()
    dialog = page.locator("#leave-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Stay").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#away")).to_be_hidden()
    page.get_by_role("button", name="Leave the table").click()
    dialog.get_by_role("button", name="Leave").click()
    expect(page.locator("#phase")).to_have_text("You are watching this table")
    expect(page.locator("#away")).to_contain_text("You left the match: a bot plays your seat until you come back.")
    expect(page.locator("#leave")).to_be_hidden()
    expect(page.locator("#hand .tile.lit")).to_have_count(0)
    page.reload()  # the seat's link (its cookie) gives the seat back
    expect(page.locator("#phase")).to_have_text("The match is on")
    expect(page.locator("#away")).to_be_hidden()
    expect(page.locator("#leave")).to_be_visible()
    page.get_by_role("button", name="Leave the table").click()
    dialog.get_by_role("button", name="Leave").click()
    expect(page.locator("#away")).to_be_visible()
    page.get_by_role("button", name="I'm back").click()  # or without a reload
    expect(page.locator("#away")).to_be_hidden()
    expect(page.locator("#phase")).to_have_text("The match is on")
    page.context.close()


def test_between_rounds_continue_shows_who_is_ready_the_countdown_and_a_record_so_far(
    slow: Server, browser: Browser
) -> None:
    """Two people at the standard game's block game (a hand of at most 14 plays and some passes: a Chicken
    Foot round of two, drawing until its doubles come, takes about 100 moves and a minute here), to 100."""
    settings = {"players": 2, "mode": "block", "target": 100}
    table_id, host = hosted(browser, slow, settings, [None, None], "standard")
    host.goto(f"{slow.url}/t/{table_id}")
    guest = watcher(browser, slow, table_id)
    guest.fill("#name", "Bea")
    guest.locator("#seats li").nth(1).get_by_role("button", name="Take this seat").click()
    host.get_by_role("button", name="Start the match").click()
    expect(host.locator("#rules .line")).to_contain_text("60 seconds a turn")  # two people: the timer is on by itself
    summaries = [page.locator("#summary") for page in (host, guest)]
    play_until([host, guest], lambda: all(summary.is_visible() for summary in summaries))
    for summary in summaries:
        expect(summary.locator(".ended")).to_have_text(
            re.compile(r"^((Ann|Bea) went out|The hand is blocked: nobody can play)\. (The winner|.+ wins|The fewest)")
        )
    countdown = host.locator("#summary .next-deal")
    expect(countdown).to_have_text(re.compile(r"^Next hand in \d+ s$"))
    before = int(re.findall(r"\d+", countdown.inner_text())[0])
    host.wait_for_timeout(1200)
    assert int(re.findall(r"\d+", countdown.inner_text())[0]) < before, "the countdown to the next deal stands still"
    laid = host.locator("#board g.tile").count()
    assert laid > 1
    host.get_by_role("button", name="Show the board").click()  # the finished board, the summary folded away
    expect(host.locator("#summary-body")).to_be_hidden()
    expect(host.locator("#board g.tile")).to_have_count(laid)
    expect(host.locator("#board")).to_be_in_viewport()
    host.get_by_role("button", name="Show the summary").click()
    expect(host.locator("#summary-body")).to_be_visible()
    with host.expect_download() as caught:
        host.get_by_role("link", name="Download the record so far (JSON)").click()
    download = caught.value
    assert download.suggested_filename == f"dominohall-{table_id}-match-1-round-1.json"
    record = json.loads(Path(download.path()).read_text())
    assert len(record["rounds"]) == 1 and "winners" not in record
    host.locator("#records summary").click()
    expect(host.locator("#record-links a[download]")).to_have_text(["Match 1 so far (record, JSON)"])
    host.get_by_role("button", name="Continue").click()
    expect(host.locator("#continue")).to_have_text("Waiting for the others…")
    expect(host.locator("#continue")).to_be_disabled()
    for page in (host, guest):
        expect(page.locator("#summary .ready")).to_have_text("Ready: Ann")
    guest.get_by_role("button", name="Continue").click()
    for page, summary in zip((host, guest), summaries, strict=True):  # the next round's deal closes the summary
        expect(summary).to_be_hidden()
        expect(page.locator("#hand .tile")).to_have_count(7)
    host.context.close()
    guest.context.close()


def test_a_connected_spectator_sees_the_end_of_the_match_live_and_both_get_its_record(
    server: Server, browser: Browser
) -> None:
    table_id, host = hosted(browser, server, {"players": 2, "target": None}, [None, None], "standard")
    host.goto(f"{server.url}/t/{table_id}")
    guest = watcher(browser, server, table_id)
    guest.fill("#name", "Bea")
    guest.locator("#seats li").nth(1).get_by_role("button", name="Take this seat").click()
    host.get_by_role("button", name="Start the match").click()
    expect(guest.locator("#hand .tile")).to_have_count(7)
    guest.get_by_role("button", name="Leave the table").click()
    guest.locator("#leave-dialog").get_by_role("button", name="Leave").click()
    bea = host.locator("#seats li").nth(1)
    expect(bea).to_contain_text("away")
    expect(bea.get_by_role("button", name="Let a bot play")).to_be_visible()  # the host's control in the match
    spectator = watcher(browser, server, table_id)
    asked: list[str] = []
    spectator.on("request", lambda request: asked.append(request.url))
    expect(spectator.locator("#phase")).to_have_text("You are watching this table")
    play_until([host], lambda: host.locator("#summary:not([hidden])").count() > 0)
    for page in (host, spectator, guest):
        expect(page.locator("#phase")).to_have_text("The match is over")
        expect(page.locator("#summary .winners")).to_have_text(
            re.compile(r"^(Winner: .+|A draw: nobody wins this match alone)$")
        )
    expect(bea.get_by_role("button", name="Let a bot play")).to_have_count(0)  # no in-match control after it
    expect(host.get_by_role("button", name="Play again")).to_be_visible()
    expect(spectator.get_by_role("button", name="Play again")).to_have_count(0)
    spectator.wait_for_function("() => document.querySelector('#records:not([hidden])') !== null")
    assert any(url.endswith(f"/api/tables/{table_id}/record?match=1") for url in asked), "the record was not fetched"
    with spectator.expect_download() as caught:
        spectator.get_by_role("link", name="Download the record (JSON)").click()
    download = caught.value
    assert download.suggested_filename == f"dominohall-{table_id}-match-1.json"
    record = json.loads(Path(download.path()).read_text())
    assert record["winners"] and len(record["rounds"]) == 1
    spectator.locator("#records summary").click()
    expect(spectator.locator("#record-links a[download]")).to_have_text(["Match 1 (record, JSON)"])
    for page in (host, guest, spectator):
        page.context.close()


def test_a_drawn_tile_that_fits_nowhere_passes_once_and_says_nothing_wrong(server: Server, browser: Browser) -> None:
    """Two people: when a drawn tile fits nowhere the page passes by itself, and while the other person then
    takes their time the page sends nothing more (no second pass, refused as out of turn)."""
    table_id, host = hosted(browser, server, {"players": 2, "length": "one", "turn_seconds": 0}, [None, None])
    host.goto(f"{server.url}/t/{table_id}")
    guest = watcher(browser, server, table_id)
    guest.fill("#name", "Bea")
    guest.locator("#seats li").nth(1).get_by_role("button", name="Take this seat").click()
    host.get_by_role("button", name="Start the match").click()
    sent: dict[int, list[str]] = {0: [], 1: []}

    def watch(index: int) -> Callable[[WebSocket], None]:
        return lambda socket: socket.on("framesent", lambda frame: sent[index].append(str(frame)))

    for index, page in enumerate((host, guest)):
        page.on("websocket", watch(index))
        page.reload()  # the socket opened again, now watched
    checked = 0
    for _ in range(400):
        if host.locator("#summary:not([hidden])").count() or checked >= 2:
            break
        for index, page in enumerate((host, guest)):
            if page.locator("#drawn-note").is_visible():  # this page passes by itself; the other waits
                before = sum('"pass"' in frame for frame in sent[index])
                expect(page.locator("#drawn-note")).to_be_hidden(timeout=5_000)
                page.wait_for_timeout(2_500)
                assert page.locator("#problem").is_hidden(), page.locator("#problem").inner_text()
                assert sum('"pass"' in frame for frame in sent[index]) == before + 1, sent[index][-4:]
                checked += 1
            elif page.locator(MY_TURN).count():
                make_move(page, wait_ms=1_000)
        host.wait_for_timeout(60)
    assert checked, "no drawn tile fit nowhere in the round"
    host.context.close()
    guest.context.close()


def test_points_scored_in_play_are_said_in_each_languages_plural(server: Server, browser: Browser) -> None:
    table_id, page = hosted(browser, server, {"players": 2, "mode": "allfives"}, [None, "easy"], "standard")
    said = {}
    for language in ("en", "cs", "ru"):
        page.goto(f"{server.url}/t/{table_id}?lang={language}")
        said[language] = page.evaluate(
            """async () => { const { plural } = await import("/static/i18n.js");
            return [1, 2, 5, 10].map((num) => plural("scored", num, { name: "Ivo" })); }"""
        )
    assert said["en"] == ["Ivo scored 1 point", "Ivo scored 2 points", "Ivo scored 5 points", "Ivo scored 10 points"]
    assert said["cs"] == ["Ivo získává 1 bod", "Ivo získává 2 body", "Ivo získává 5 bodů", "Ivo získává 10 bodů"]
    assert said["ru"][2] == "Ivo получает 5 очков"
    page.context.close()


SPANS = """(selectors) => {
    const boxes = selectors.map((selector) => document.querySelector(selector)?.getBoundingClientRect());
    return boxes.every((box) => box && box.height) ? boxes.map((box) => [box.top, box.bottom]) : null;
}"""
"""The top and bottom of the first elements ``selectors`` find, read in one step (the seats' list is drawn
again with each frame: two separate reads may meet a button gone between them), once all are drawn."""


def test_a_phone_host_waiting_for_friends_finds_the_link_to_share_on_the_first_screen(
    server: Server, browser: Browser
) -> None:
    table_id, cookie = create_table(server, [None, None, "easy"], {"players": 3})
    phone = browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True, has_touch=True)
    name, value = cookie.split("=", 1)
    phone.add_cookies([{"name": name, "value": value, "url": server.url}])
    page = phone.new_page()
    page.goto(f"{server.url}/t/{table_id}")
    expect(page.locator("#settings")).to_be_visible()  # the host's settings: a long form
    assert page.locator("#skip-hand").get_attribute("hidden") is not None, "a skip link to a hand not dealt yet"
    link = page.locator("#share-link").bounding_box()
    settings = page.locator("#settings").bounding_box()
    assert link and settings and link["y"] < settings["y"], "the link comes after the settings form"
    assert link["y"] + link["height"] <= PHONE["height"], f"the link to share is below the first screen: {link}"
    expect(page.locator("#share-native")).to_be_hidden()  # this browser has no share sheet
    page.add_init_script("navigator.share = async (data) => { window.shared = data; };")  # a phone's share sheet
    page.reload()
    page.get_by_role("button", name="Поделиться…").tap()
    shared = page.evaluate("window.shared")
    assert shared["url"] == page.locator("#share-link").input_value() and f"/t/{table_id}" in shared["url"]
    friend = browser.new_context(viewport=PHONE, locale="ru-RU", is_mobile=True, has_touch=True).new_page()
    friend.goto(f"{server.url}/t/{table_id}")  # the friend who followed it: a name and a free seat come first
    expect(friend.locator("#name")).to_be_visible()  # shown once the table's first frame is drawn
    expect(friend.locator("#seats button").first).to_be_visible()
    name_box, sit, share = friend.wait_for_function(SPANS, arg=["#name", "#seats button", "#share-link"]).json_value()
    assert name_box[0] < sit[0] < share[0], (name_box, sit, share)  # the name, a seat's button, the link
    assert sit[1] <= PHONE["height"], f"a friend's seat is below the first screen: {sit}"
    friend.context.close()
    phone.close()


@pytest.mark.parametrize("language", ["en", "pl"])
def test_a_friend_opening_the_share_link_is_invited_to_sit_not_told_they_watch(
    server: Server, browser: Browser, language: str
) -> None:
    words = translations(language)
    table_id, host = hosted(browser, server, {"players": 3}, [None, None, "easy"])
    host.goto(f"{server.url}/t/{table_id}?lang={language}")
    link = host.locator("#share-link").input_value()
    friend = new_page(browser, DESKTOP, language)
    friend.goto(link)
    invited = words.gettext("A seat is waiting for you")
    expect(friend.locator("#phase")).to_have_text(invited)
    free = words.ngettext("%(num)d seat is free.", "%(num)d seats are free.", 1) % {"num": 1}
    expect(friend.locator("#next-text")).to_have_text(
        f"{free} {words.gettext('Type your name and take a seat to play.')}"
    )
    expect(friend.locator("#sit-name")).to_be_visible()
    expect(friend.locator("#seats .sit")).to_have_count(1)
    friend.get_by_role("button", name=words.gettext("Just watch")).click()  # watching is still a choice
    expect(friend.locator("#phase")).to_have_text(words.gettext("You are watching this table"))
    expect(friend.locator("#next-text")).to_have_text(
        f"{free} {words.gettext('Waiting for the host to start the match.')}"
    )
    friend.get_by_role("button", name=words.gettext("Take a seat")).click()
    expect(friend.locator("#phase")).to_have_text(invited)
    friend.fill("#name", "Bea")
    friend.get_by_role("button", name=words.gettext("Take this seat")).click()
    expect(friend.locator("#leave")).to_be_visible()
    expect(friend.locator("#phase")).to_have_text(words.gettext("Ready to start"))
    late = new_page(browser, DESKTOP, language)  # every seat taken: a latecomer can only watch
    late.goto(link)
    expect(late.locator("#phase")).to_have_text(words.gettext("You are watching this table"))
    for page in (host, friend, late):
        page.context.close()


def test_a_host_back_after_two_timeouts_hosts_again_on_every_page(server: Server, browser: Browser) -> None:
    """Ann hosts and lets her turns run out twice: the host's role goes to Bo while a bot plays her seat, and
    comes back with the seat when she presses "I'm back", on her page and on Bo's."""
    table_id, host = hosted(browser, server, {"players": 2, "turn_seconds": 10}, [None, None])
    bo_cookie = sit(server, table_id, 1, "Bo")
    guest = new_page(browser, DESKTOP)
    name, value = bo_cookie.split("=", 1)
    guest.context.add_cookies([{"name": name, "value": value, "url": server.url}])
    host.goto(f"{server.url}/t/{table_id}")
    guest.goto(f"{server.url}/t/{table_id}")
    host.get_by_role("button", name="Start the match").click()
    expect(guest.locator("#phase")).to_have_text("The match is on")
    expect(guest.locator("#seats li").nth(0)).to_contain_text("host")
    deadline = time.monotonic() + 60
    while host.locator("#away").is_hidden():  # Bo plays his turns, Ann lets hers run out
        assert time.monotonic() < deadline, "Ann's seat was never handed to a bot"
        if guest.locator(MY_TURN).count():
            make_move(guest, wait_ms=1_000)
        guest.wait_for_timeout(200)
    expect(guest.locator("#seats li").nth(1)).to_contain_text(re.compile(r"\(you, host\b"))
    expect(guest.locator("#seats li").nth(0)).not_to_contain_text("host")
    host.get_by_role("button", name="I'm back").click()
    expect(host.locator("#away")).to_be_hidden()
    for page in (host, guest):
        expect(page.locator("#seats li").nth(0)).to_contain_text(re.compile(r"\((you, )?host\b"))
        expect(page.locator("#seats li").nth(1)).not_to_contain_text("host")
    expect(host.locator("#seats li").nth(0)).to_contain_text("(you, host")
    for page in (host, guest):
        page.context.close()
