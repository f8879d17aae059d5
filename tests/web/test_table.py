"""The table page in a real browser: whole rounds to the scoreboard and its chart, the board's zoom, dragging
and keyboard play, the host's controls, the chat, the sound cue and the QR code."""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path
from typing import Any, Literal

import pytest
from playwright.sync_api import Browser, Page, expect

from dominohall.bots import RandomBot
from dominohall.bots.arena import play_match
from dominohall.games import round_view
from dominohall.games.records import side_list
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.tables.frames import view_to_wire

from ..server.harness import Server, create_table
from .boards import dense_boards, later_feet, long_standard_boards
from .conftest import CHROMIUM, DESKTOP, PHONE, new_page, shot
from .moves import MY_TURN, make_move, told_views

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def open_table(page: Page, server: Server, game: str = "chicken-foot", **choices: str) -> None:
    """Set a table on the game's page (``choices``: select name -> value) and press Play."""
    page.goto(f"{server.url}/en/{game}")
    for name, value in choices.items():
        page.select_option(f"select[name={name}]", value)
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#phase")).to_have_text("The match is on")


def sent_plays(page: Page) -> list[dict[str, Any]]:
    """Record every ``play`` command the page sends on its WebSocket (from now on)."""
    plays: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        def sent(payload: str | bytes) -> None:
            message = json.loads(payload)
            if message.get("t") == "play":
                plays.append(message)

        socket.on("framesent", sent)

    page.on("websocket", watch)
    return plays


def test_from_the_home_page_a_whole_round_against_three_bots_ends_in_the_summary_and_chart(
    server: Server, browser: Browser
) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    page.get_by_role("heading", name="Chicken Foot").get_by_role("link").click()
    expect(page).to_have_url(f"{server.url}/en/chicken-foot")
    open_table(page, server, length="half", seat1="easy", seat2="medium", seat3="hard")
    summary, board, note = page.locator("#summary"), page.locator("#board"), page.locator("#drawn-note")
    pictured, auto_passed = False, False
    for _ in range(400):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if summary.is_visible():
            if pictured:
                break
            page.get_by_role("button", name="Continue").click()  # no later chicken foot yet: the next round
            continue
        grown = int(board.get_attribute("data-feet") or 0) and int(board.get_attribute("data-tiles") or 0) >= 16
        if not pictured and grown and page.locator("#hand .tile.lit").count():
            shot(page, "table", full_page=False)  # mid-round, with a later chicken foot on the board
            page.set_viewport_size(PHONE)
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"], f"the table page scrolls sideways on a phone ({width} px)"
            shot(page, "table-phone")
            page.set_viewport_size(DESKTOP)
            pictured = True
        if make_move(page) == "draw" and note.is_visible():
            expect(note).to_contain_text(re.compile(r"You drew \d+-\d+\. It fits nowhere"))
            assert not page.locator("#pass").is_visible(), "no Pass button while the page passes by itself"
            expect(note).to_be_hidden(timeout=5_000)  # shown for a moment, then the turn passed by itself
            auto_passed = True
        page.wait_for_timeout(40)
    assert pictured, "no later chicken foot in two rounds"
    expect(summary).to_contain_text(re.compile(r"Round \d is over"))
    expect(page.locator("#continue")).to_be_focused()  # from the hand, the keyboard's next step is Continue
    expect(summary.locator("table.hands tbody tr")).to_have_count(4)
    rounds = summary.locator("table.rounds tbody tr")
    assert rounds.count() >= 1
    chart = summary.locator("svg.chart")
    expect(chart.locator("polyline.series")).to_have_count(4)  # one line per seat
    expect(chart.locator("text.label")).to_have_count(4)
    expect(summary.locator(".chart-note")).to_have_text("The lowest total wins.")  # the top line is not the leader
    totals = [int(t) for t in summary.locator("table.rounds tfoot td").all_inner_texts()]
    labels = chart.locator("text.label").all_text_contents()
    assert [int(label.rsplit(" ", 1)[1]) for label in labels] == totals, "each line is labelled with its total"
    expect(page.locator("#board")).not_to_have_attribute("data-camera", "part")  # the final board, all of it
    coach = summary.locator("a.coach-link")
    expect(coach).to_have_text("Replay this round, and let the hard bot rate your moves")
    expect(coach).to_have_attribute("href", re.compile(r"^/r/[\w-]+/1#r[12]m0$"))
    shot(page, "round-summary")
    left = page.locator("#hand .tile")
    if left.count():  # another seat went out: the tiles still held say why they are dimmed
        expect(left.first).to_have_attribute("data-why", "This round is over.")
    page.get_by_role("button", name="Continue").click()
    expect(summary).to_be_hidden()
    expect(page.locator("#scores svg.chart polyline.series")).to_have_count(4)  # the scoreboard stays beside
    page.evaluate("document.querySelector('#scoreboard .scoreboard').dataset.kept = 'yes'")
    played = page.locator("#board").get_attribute("data-tiles")  # the next frames redraw the board, not the scores
    for _ in range(200):
        if page.locator(MY_TURN).count():
            make_move(page)
        if page.locator("#board").get_attribute("data-tiles") != played:
            break
        page.wait_for_timeout(100)
    assert page.locator("#board").get_attribute("data-tiles") != played, "no tile laid in 20 s of the next round"
    expect(page.locator("#scoreboard .scoreboard")).to_have_attribute("data-kept", "yes")
    print(f"a drawn tile that fit nowhere passed by itself: {auto_passed}")
    page.context.close()


LEADS = """() => {
  const tiles = document.querySelector("#board")?.dataset.tiles;
  const lit = document.querySelector("#hand .tile.lit");
  return tiles === undefined || (!lit && tiles === "0") ? null : lit && tiles === "0" ? "mine" : "theirs";
}"""
"""Who laid the hand's first tile, once the page shows it: "mine" (your lead: lit tiles, an empty board)."""


def test_on_your_lead_the_empty_board_shows_where_the_first_tile_goes_until_it_is_laid(
    server: Server, browser: Browser
) -> None:
    for _ in range(12):  # who leads is dealt: tables until one is yours to lead
        page = new_page(browser, DESKTOP)
        open_table(page, server, game="standard", seat1="easy", mode="draw", target="none")
        if page.wait_for_function(LEADS, timeout=20_000).json_value() == "mine":
            break
        expect(page.locator("#board .lead-mark")).to_have_count(0)  # the other seat led: nothing to say
        page.context.close()
    else:
        pytest.fail("the other seat led twelve tables in a row")
    mark = page.locator("#board .lead-mark")
    expect(mark.locator("text")).to_have_text("your first tile goes here")
    board, caption = page.locator("#board").bounding_box(), mark.locator("text").bounding_box()
    assert board and caption, "the board or its caption is not drawn"
    inside = board["x"] <= caption["x"] and caption["x"] + caption["width"] <= board["x"] + board["width"]
    assert inside and board["y"] <= caption["y"] <= board["y"] + board["height"], (board, caption)
    make_move(page)
    expect(page.locator("#board")).not_to_have_attribute("data-tiles", "0")
    expect(mark).to_have_count(0)
    page.context.close()


@pytest.mark.parametrize(("mode", "shown"), [("block", False), ("draw", True)])
def test_the_boneyard_count_shows_as_the_view_tells_whether_anybody_draws(
    server: Server, browser: Browser, mode: str, shown: bool
) -> None:
    page = new_page(browser, DESKTOP)
    open_table(page, server, game="standard", seat1="easy", mode=mode, target="none")
    expect(page.locator("#turn-boneyard")).to_have_text(re.compile(r"\d"))  # drawn once the hand is dealt
    assert page.evaluate("() => document.getElementById('turn-boneyard').hidden") is not shown
    page.context.close()


@pytest.mark.parametrize("mode", ["draw", "allfives"])
def test_a_single_hand_to_the_end_of_the_match_names_the_winner_and_offers_a_rematch(
    server: Server, browser: Browser, mode: str
) -> None:
    page = new_page(browser, DESKTOP)
    open_table(page, server, game="standard", seat1="easy", mode=mode, target="none")
    summary = page.locator("#summary")
    for _ in range(200):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if summary.is_visible():
            break
        make_move(page)
        page.wait_for_timeout(40)
    expect(summary).to_contain_text("The match is over")
    expect(page.locator("#turn-text")).to_have_text("The match is over")  # not "the round is over"
    expect(summary.locator("table.rounds caption")).to_have_text("Points hand by hand")  # a hand, not a round
    expect(summary.locator(".winners")).to_have_text(re.compile(r"^(Winner: .+|A draw: nobody wins this match alone)$"))
    expect(summary.locator("svg.chart polyline.series")).to_have_count(2)
    expect(summary.locator(".chart-note")).to_have_text("The highest total wins.")
    decides = summary.get_by_text("One hand decides the match: the hand's winner wins it, whatever the points")
    expect(decides).to_have_count(1 if mode == "allfives" else 0)  # points on the board, yet not what won it
    expect(page.locator("#scoreboard table")).to_have_count(0)  # the summary holds the scores meanwhile
    page.get_by_role("button", name="Play again").click()
    expect(summary).to_be_hidden()
    expect(page.locator("#hand .tile")).to_have_count(7)
    expect(page.locator("#phase")).to_have_text("The match is on")
    expect(page.locator("#scores")).to_be_hidden()  # a new match: no hand of it has ended, nothing to show yet
    expect(page.locator(".side-tabs [data-tab=scores]")).to_be_hidden()
    page.context.close()


def test_the_board_zooms_pans_and_fits(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    open_table(page, server)
    board = page.locator("#board")
    page.wait_for_selector(MY_TURN)  # the bots have moved: the board stays as it is while you think

    def viewbox() -> list[float]:
        return [float(v) for v in (board.locator("svg").get_attribute("viewBox") or "").split()]

    fitted, zoom = viewbox(), float(board.get_attribute("data-zoom") or 0)
    page.get_by_role("button", name="Zoom in").click()
    assert float(board.get_attribute("data-zoom") or 0) > zoom * 1.2
    box = board.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.wheel(0, -400)
    assert float(board.get_attribute("data-zoom") or 0) > zoom * 1.5
    before = viewbox()
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2 + 120, box["y"] + box["height"] / 2 + 40, steps=5)
    page.mouse.up()
    after = viewbox()
    assert after[0] < before[0] and after[1] < before[1], "dragging right and down shows what is left and above"
    expect(board).to_have_class(re.compile(r"\bmoved\b"))
    page.get_by_role("button", name="Fit to screen").click()
    assert viewbox() == pytest.approx(fitted, abs=1)
    expect(board).not_to_have_class(re.compile(r"\bmoved\b"))
    page.context.close()


def test_dense_boards_have_no_overlapping_tiles(server: Server, browser: Browser) -> None:
    boards = dense_boards(8)
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/en/")
    for drawing, views in (("feet", boards), ("line", long_standard_boards(4))):  # Chicken Foot's, the standard game's
        counts = page.evaluate(
            "async ([views, drawing]) => { const t = await import('/static/tree.js');"
            " await import('/static/feet.js'); await import('/static/line.js');"
            " return views.map((view) => t.overlapCount(view, drawing)); }",
            [views, drawing],
        )
        assert counts == [0] * len(views), f"{drawing}: tiles overlap on {sum(1 for c in counts if c)} boards"
    densest = boards[0]
    assert later_feet(densest) >= 5
    page.evaluate(
        "async (view) => { const m = await import('/static/board.js'); await import('/static/feet.js');"
        " const c = await import('/static/camera.js');"
        " const board = document.createElement('div'); board.className = 'board'; board.id = 'board';"
        " board.style.height = '880px'; document.body.replaceChildren(board);"
        " const {svg, bounds} = m.drawBoard(board, view, 'feet'); new c.Camera(board).attach(svg, bounds); }",
        densest,
    )
    shot(page, "board-dense", full_page=False)
    page.context.close()


def test_a_lit_tile_dragged_onto_its_lit_place_is_laid(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    open_table(page, server)
    for _ in range(40):
        page.wait_for_selector(MY_TURN)
        if page.locator("#hand .tile.lit").count():
            break
        make_move(page)
        page.wait_for_timeout(60)
    tile = page.locator("#hand .tile.lit").first
    name = tile.get_attribute("data-tile")
    before = page.locator("#hand .tile").count()
    box = tile.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] - 40, steps=4)
    target = page.locator("#board .target").first
    expect(target).to_be_visible()  # the places the tile fits light up while it is dragged
    expect(page.locator(".drag-ghost")).to_have_count(1)
    spot = target.bounding_box()
    assert spot is not None
    page.mouse.move(spot["x"] + spot["width"] / 2, spot["y"] + spot["height"] / 2, steps=8)
    expect(page.locator("#board .target.current")).to_have_count(1)
    page.mouse.up()
    expect(page.locator("#hand .tile")).to_have_count(before - 1)
    expect(page.locator(f'#board g.tile[data-tile="{name}"]')).to_have_count(1)
    expect(page.locator(".drag-ghost")).to_have_count(0)
    page.context.close()


def test_arrow_keys_choose_among_the_places_a_tile_fits(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    plays = sent_plays(page)
    open_table(page, server)
    several = page.locator('#hand .tile.lit:not([data-targets="1"])')
    for _ in range(120):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if several.count():
            break
        if page.locator("#summary:not([hidden])").count():
            page.get_by_role("button", name="Continue").click()
            continue
        make_move(page)
        page.wait_for_timeout(40)
    assert several.count(), "never held a tile that fits in two places"
    tile = several.first
    name = tile.get_attribute("data-tile")
    tile.focus()
    page.keyboard.press("Enter")  # the places light up; the first is chosen
    targets = page.locator("#targets button[data-index]")
    assert targets.count() >= 2
    expect(targets.first).to_be_focused()
    expect(page.locator('#board .target.current[data-index="0"]')).to_have_count(1)
    page.keyboard.press("ArrowRight")
    expect(targets.nth(1)).to_be_focused()
    expect(page.locator('#board .target.current[data-index="1"]')).to_have_count(1)
    wanted = page.locator('#board .target[data-index="1"]').get_attribute("data-on")
    page.keyboard.press("Enter")
    expect(page.locator(f'#hand .tile[data-tile="{name}"]')).to_have_count(0)
    assert plays[-1]["tile"] == name and plays[-1]["on"] == wanted
    mine = page.locator("#log li[data-seat='0']")  # your moves, told as yours ("Player played" read badly)
    expect(mine.filter(has_text=f"You played {name} on {wanted}")).to_have_count(1)
    expect(mine.filter(has_text=re.compile(r"^Player "))).to_have_count(0)
    page.context.close()


def test_the_host_seats_bots_asks_a_guest_to_leave_changes_settings_and_both_chat(
    server: Server, browser: Browser
) -> None:
    host = new_page(browser, DESKTOP)
    host.goto(server.url + "/en/chicken-foot")
    host.select_option("select[name=players]", "3")
    host.select_option("select[name=seat1]", "person")
    host.select_option("select[name=seat2]", "person")
    host.fill("input[name=name]", "Ann")
    host.get_by_role("button", name="Play", exact=True).click()
    expect(host.locator("#phase")).to_have_text("Waiting for players")
    link = host.locator("#share-link").input_value()
    guest = new_page(browser, DESKTOP)
    guest.goto(link)
    guest.get_by_role("button", name="Just watch").click()  # watching is a choice of its own
    expect(guest.locator("#seats .sit")).to_have_count(0)
    expect(guest.locator("#watching")).to_be_visible()
    guest.get_by_role("button", name="Take a seat").click()
    guest.fill("#name", "Bea")
    guest.locator("#seats li").nth(1).get_by_role("button", name="Take this seat").click()
    seats = host.locator("#seats li")
    expect(seats.nth(1)).to_contain_text("Bea")
    guest.fill("#chat-text", "<b>hello</b> & bye")
    guest.get_by_role("button", name="Send").click()
    for page in (host, guest):  # the words arrive as they were typed, never as markup
        expect(page.locator("#chat-log li").last).to_contain_text("<b>hello</b> & bye")
        said = page.locator("#chat-log li").last.locator(":scope > span:not(.chat-tools)").all_text_contents()
        assert "".join(said) == "Bea: <b>hello</b> & bye"  # ": " said, not shown
        expect(page.locator("#chat-log b")).to_have_count(0)
    seats.nth(1).get_by_role("button", name="Ask to leave").click()
    expect(seats.nth(1)).to_contain_text("Free seat")
    expect(guest.locator("#phase")).to_have_text("You are watching this table")
    expect(guest.locator("#notice")).to_have_text("The host asked you to leave your seat: you are watching now.")
    levels = seats.nth(2).get_by_label("Bot level for seat 3").locator("option")
    assert levels.evaluate_all("(options) => options.map((o) => o.value)") == ["easy", "medium", "hard", "expert"]
    seats.nth(2).get_by_label("Bot level for seat 3").select_option("hard")
    seats.nth(2).get_by_role("button", name="Seat a bot").click()
    expect(seats.nth(2)).to_contain_text(re.compile(r"^\S+ \(hard bot\)"))  # a bot's own name and its level
    expect(seats.nth(2).get_by_role("button", name="Seat a bot")).to_have_count(0)  # the seat has one
    host.reload()  # a fresh page: each picker shows the level of the bot its seat has
    expect(seats.nth(2).get_by_label("Bot level for seat 3")).to_have_value("hard")
    seats.nth(2).get_by_label("Bot level for seat 3").select_option("easy")
    seats.nth(2).get_by_role("button", name="Change the bot").click()
    expect(seats.nth(2)).to_contain_text(re.compile(r"^\S+ \(easy bot\)"))
    seats.nth(2).get_by_role("button", name="Free this seat").click()  # room for one more friend after all
    expect(seats.nth(2)).to_contain_text("Free seat")
    seats.nth(2).get_by_role("button", name="Seat a bot").click()
    expect(seats.nth(2)).to_contain_text(re.compile(r"^\S+ \(easy bot\)"))
    host.locator("#settings select[name=players]").select_option("4")
    host.get_by_role("button", name="Save settings").click()
    expect(seats).to_have_count(4)
    expect(guest.locator("#seats li")).to_have_count(4)
    guest.locator("#seats li").nth(3).get_by_role("button", name="Take this seat").click()
    expect(seats.nth(3)).to_contain_text("Bea")
    seats.nth(1).get_by_role("button", name="Seat a bot").click()
    host.get_by_role("button", name="Start the match").click()
    expect(guest.locator("#hand .tile")).to_have_count(11)
    seats.nth(3).get_by_role("button", name="Let a bot play").click()  # during the match: a bot stands in
    expect(seats.nth(3)).to_contain_text("Bea")
    expect(seats.nth(3)).to_contain_text("away")
    expect(guest.locator("#away-text")).to_have_text("The host let a bot play your seat until you come back.")
    guest.get_by_role("button", name="I'm back").click()  # the seat is still hers
    expect(guest.locator("#away")).to_be_hidden()
    expect(seats.nth(3)).not_to_contain_text("away")
    host.context.close()
    guest.context.close()


def test_the_turn_cue_sounds_and_stays_muted_once_muted(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    open_table(page, server, players="2", length="one")
    sound = page.locator("#sound")
    expect(sound).to_have_attribute("aria-pressed", "true")
    for _ in range(20):  # a move (a gesture wakes the audio), then the bot's, then your turn again
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if int(sound.get_attribute("data-beeps") or 0) >= 1 or page.locator("#summary:not([hidden])").count():
            break
        make_move(page)
        page.wait_for_timeout(100)
    assert int(sound.get_attribute("data-beeps") or 0) >= 1, "no cue when the turn came back"
    sound.click()
    expect(sound).to_have_attribute("aria-pressed", "false")
    expect(sound).to_have_text("Sound: off")
    page.reload()
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")  # remembered
    page.context.close()


@pytest.mark.parametrize(("motion", "animation"), [("no-preference", "lay"), ("reduce", "none")])
def test_a_laid_tile_eases_into_place_unless_motion_is_reduced(
    server: Server, browser: Browser, motion: Literal["no-preference", "reduce"], animation: str
) -> None:
    context = browser.new_context(reduced_motion=motion)
    page = context.new_page()
    page.goto(server.url + "/en/")
    found = page.evaluate(
        "async () => { const m = await import('/static/board.js'); await import('/static/feet.js');"
        " const board = document.createElement('div'); board.className = 'board'; document.body.append(board);"
        " m.drawBoard(board, {centre: '9-9', placed: [['9-4', '9-9']], history: []}, 'feet', {fresh: '9-4'});"
        " return getComputedStyle(board.querySelector('g.tile.new > .face')).animationName; }"
    )
    assert found == animation
    context.close()


def test_an_eight_seat_table_places_the_seven_others_around_the_board(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    open_table(page, server, players="8", length="one")
    seats = page.locator("#ring li[data-seat]")
    expect(seats).to_have_count(7)  # every other seat around the board, yours being the hand below
    for _ in range(4):  # a few turns in, so the board has grown past the first foot
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if page.locator("#summary").is_visible():
            break
        make_move(page)
    # read in one step: the seats are drawn again with every frame
    boxes, board = page.evaluate("""() => {
        const rect = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
        const seats = [...document.querySelectorAll("#ring li[data-seat]")];
        return [seats.map(rect), rect(document.getElementById("board"))];
    }""")
    assert len(boxes) == 7 and all(right > left and bottom > top for left, top, right, bottom in boxes)
    covering = [
        box for box in boxes if box[0] < board[2] and board[0] < box[2] and box[1] < board[3] and board[1] < box[3]
    ]
    assert covering == [], "a seat's box covers the board"
    shot(page, "table-8", full_page=False)


def test_after_a_kill_9_and_a_restart_the_page_comes_back_by_itself_with_the_same_hand(
    browser: Browser, tmp_path: Path
) -> None:
    """The server dies mid-round (kill -9) with a move of the page sent but never read, and starts again on the
    same file and port: the page says the connection is lost, reconnects by itself (no reload), shows the same
    hand and board, and the lost move can be made again."""
    first = Server(tmp_path / "db.sqlite").start()
    try:
        page = new_page(browser, DESKTOP)
        open_table(page, first)
        page.wait_for_selector(MY_TURN, timeout=20_000)
        hand = page.locator("#hand .tile").evaluate_all("tiles => tiles.map(t => t.dataset.tile)")
        placed = page.locator("#board").get_attribute("data-tiles")
        first.freeze()  # the move below reaches the server's socket, and nothing reads it
        make_move(page)
        first.kill()
        expect(page.locator("#phase")).to_have_text("Connection lost: reconnecting…")
    finally:
        first.stop()
    again = Server(first.db, port=first.port).start()
    try:
        expect(page.locator("#phase")).to_have_text("The match is on", timeout=20_000)
        expect(page.locator("#board")).to_have_attribute("data-tiles", placed or "")
        assert page.locator("#hand .tile").evaluate_all("tiles => tiles.map(t => t.dataset.tile)") == hand
        kind = make_move(page)  # the lost move again, taken by the restarted server: the hand changes
        assert kind in ("play", "draw"), "the first move of a round is a play or a draw"
        expect(page.locator("#hand .tile")).to_have_count(len(hand) - 1 if kind == "play" else len(hand) + 1)
        page.context.close()
    finally:
        again.stop()


def test_a_lost_connection_shows_at_once_takes_no_move_and_comes_back_within_2_s(
    browser: Browser, tmp_path: Path
) -> None:
    """The server dies at your turn: within 1 s a visible alert says the connection is lost, nothing in the hand
    is playable (a click on a tile says it waits for the connection, and nothing is sent to be lost); some
    seconds later the server starts again on the same file and port, and within about 2 s of it answering the
    page is live again by itself: the alert gone, the same hand lit, and the move made. Words said in the chat
    meanwhile stay in its box (they were cleared and lost) and go once the page is back."""
    first = Server(tmp_path / "db.sqlite").start()
    try:
        page = new_page(browser, DESKTOP)
        open_table(page, first)
        page.wait_for_selector(MY_TURN, timeout=20_000)
        hand = page.locator("#hand .tile").evaluate_all("tiles => tiles.map(t => t.dataset.tile)")
        placed = page.locator("#board").get_attribute("data-tiles")
        plays = sent_plays(page)
        first.kill()
        lost = page.get_by_role("alert").filter(has_text="The connection to the server is lost")
        expect(lost).to_be_visible(timeout=1_000)
        expect(page.locator(MY_TURN)).to_have_count(0)  # no lit tile, no Draw nor Pass
        page.locator("#hand .tile").first.click(force=True)  # dimmed (aria-disabled): pressed all the same
        expect(page.locator("#why")).to_have_text("Waiting for the connection: your move can be made once it is back.")
        expect(page.locator("#targets button[data-index]")).to_have_count(0)
        page.locator("#chat-text").fill("anyone there?")
        page.locator("#chat-text").press("Enter")
        expect(page.locator("#chat-text")).to_have_value("anyone there?")  # not sent: the words wait in the box
        page.wait_for_timeout(4_000)  # long enough for waits that double to have grown past 2 s
        assert plays == [], "a move was sent on a socket that was down"
        expect(lost).to_be_visible()
    finally:
        first.stop()
    again = Server(first.db, port=first.port).start()
    try:
        back = time.monotonic()
        expect(lost).to_be_hidden(timeout=2_500)
        page.wait_for_selector(MY_TURN, timeout=2_500)
        took = time.monotonic() - back
        assert took < 2.5, f"the page came back {took:.1f} s after the server"
        expect(page.locator("#phase")).to_have_text("The match is on")
        expect(page.locator("#board")).to_have_attribute("data-tiles", placed or "")
        assert page.locator("#hand .tile").evaluate_all("tiles => tiles.map(t => t.dataset.tile)") == hand
        kind = make_move(page)
        assert kind in ("play", "draw"), "the first move of a round is a play or a draw"
        expect(page.locator("#hand .tile")).to_have_count(len(hand) - 1 if kind == "play" else len(hand) + 1)
        page.locator("#chat-text").press("Enter")  # the words typed meanwhile go now
        expect(page.locator("#chat-log li", has_text="anyone there?")).to_have_count(1)
        expect(page.locator("#chat-text")).to_have_value("")
        page.context.close()
    finally:
        again.stop()


def ended_hands() -> list[tuple[dict[str, Any], dict[str, Any], str]]:
    """Standard hands played to their end by random bots in every mode, with and without partners: each one's
    table (its options and sides), the view the summary gets (its end, final hands, scores and history, each
    play's points, the winner and the pips per side told) and what the engine says it scored at its end
    (``level`` for a blocked hand nobody won)."""
    found = []
    setups = [
        StandardOptions.for_table(2, mode="allfives", target=None),
        StandardOptions.for_table(4, mode="block", partners=True, target=None),
        StandardOptions.for_table(3, mode="block", target=None),
        StandardOptions.for_table(4, mode="draw", partners=True, target=None),
        StandardOptions.for_table(3, mode="bergen", target=None),
        StandardOptions.for_table(4, mode="allfives", partners=True, target=None),
    ]
    rng = random.Random(12)
    for options in setups:
        for _ in range(12):
            match = play_match(options, [RandomBot()] * options.players, rng, rng)
            rnd = match.rounds[-1]
            side, _ = rnd.winner()
            award = "level" if side is None else str(rnd.scores()[side] - rnd.points[side])
            view = view_to_wire(round_view(rnd, None, len(match.rounds) - 1))  # the server's: scores, points
            sides, seats = side_list(options), ["Ann", "Bo", "Cy", "Di"]
            names = [" & ".join(seats[s] for s in options.seats_of(side)) for side in range(options.sides())]
            table = {"options": options.to_dict(), "sides": sides, "names": names}
            told = ("end", "final_hands", "scores", "history", "winner", "pips")
            found.append((table, {key: view[key] for key in told}, award))
    return found


def test_a_standard_hands_end_says_who_won_it_and_what_that_scored_as_the_engine_does(
    server: Server, browser: Browser
) -> None:
    table_id, _ = create_table(server, [None, "medium"], {"players": 2, "mode": "allfives"}, "standard")
    page = new_page(browser, DESKTOP)
    page.goto(f"{server.url}/t/{table_id}")
    cases = ended_hands()
    said = page.evaluate(
        """async (cases) => {
        const { awardLine } = await import("/static/summary.js");
        return cases.map(([table, view]) => awardLine(view, table, table.names)); }""",
        [[table, view] for table, view, _ in cases],
    )
    kinds = set()
    for (table, view, award), line in zip(cases, said, strict=True):
        options = table["options"]
        if award == "level":
            assert "nobody wins the hand" in line, line
        else:
            assert re.search(rf"The winner scores {award} points?\b", line), (options, view, award, line)
        if view["end"] == "blocked" and award != "level":
            assert "holds the fewest pips" in line, line
        kinds.add((options["mode"], view["end"], award == "level"))
    assert {("block", "blocked", False), ("allfives", "domino", False), ("bergen", "domino", False)} <= kinds, kinds
    page.context.close()


def test_all_fives_seats_and_your_total_count_the_points_scored_during_the_hand(
    server: Server, browser: Browser
) -> None:
    """Points scored in play show at once: the other seat's card and "Your total" say the match's total with the
    hand's points so far, as the server tells them (the hand's ``scores``), not only at the hand's end."""
    page = new_page(browser, DESKTOP)
    views = told_views(page)
    open_table(page, server, game="standard", seat1="easy", mode="allfives")
    checked = 0
    for _ in range(200):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        view = views[-1]
        if view["end"] is not None:  # a hand with no points at your turns: the next one
            page.get_by_role("button", name="Continue").click()
            expect(page.locator("#summary")).to_be_hidden()
            continue
        if any(view["scores"]):
            shown = [view["totals"][side] + view["scores"][side] for side in range(2)]
            expect(page.locator("#ring li[data-seat='1'] .total")).to_have_text(f"{shown[1]} points")  # the bot's
            expect(page.locator("#my-total")).to_have_text(f"Your total: {shown[0]}")
            checked += 1
            if checked >= 3:
                break
        make_move(page)
        page.wait_for_timeout(40)
    assert checked, "nobody scored during a hand"
    page.context.close()


def test_played_by_keyboard_alone_the_focus_is_on_something_playable_at_each_turn(
    server: Server, browser: Browser
) -> None:
    """Enter alone plays a hand: when your turn comes, and after each move, the keyboard's focus is on the
    first lit tile, or Draw or Pass when nothing fits, never left on a tile that cannot be laid."""
    page = new_page(browser, DESKTOP)
    mine: list[dict[str, Any]] = []  # the move frames of your own moves: one more once a move is made
    page.on(
        "websocket",
        lambda socket: socket.on(
            "framereceived",
            lambda payload: mine.extend(
                frame for frame in [json.loads(payload)] if frame.get("t") == "move" and frame.get("seat") == 0
            ),
        ),
    )
    open_table(page, server, game="standard", seat1="easy", mode="draw", target="none")
    useful = f"() => document.activeElement?.matches({json.dumps(MY_TURN)}) ?? false"
    turns = 0
    for _ in range(40):
        page.wait_for_selector(f"{MY_TURN}, #summary:not([hidden])", timeout=20_000)
        if page.locator("#summary:not([hidden])").count():
            break
        focused = page.evaluate("() => document.activeElement?.dataset.tile ?? document.activeElement?.id")
        assert page.evaluate(useful), f"turn {turns + 1}: the focus is on {focused!r}, which cannot be played"
        made = len(mine)
        page.keyboard.press("Enter")
        if page.locator("#targets button[data-index]:focus").count():  # a tile with several places: the first
            page.keyboard.press("Enter")
        for _ in range(250):  # until the move is told (a bot may answer at once: your turn again)
            if len(mine) > made:
                break
            page.wait_for_timeout(20)
        assert len(mine) > made, f"turn {turns + 1}: Enter on {focused!r} made no move"
        page.evaluate("() => new Promise((done) => setTimeout(done, 50))")  # the page has shown it
        turns += 1
    assert turns >= 4, f"only {turns} turns were played"
    page.context.close()
