"""The first-game tutorial: its prepared round replayed through the engine (every move legal, what each step
says true of the position), and walked in a real browser from the start to the end in two languages."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from dominohall.engine.moves import Move
from dominohall.engine.record_parts import read_move
from dominohall.engine.tiles import tile_name, tiles_of
from dominohall.games import game_named
from dominohall.games.chickenfoot.rules.round import ChickenFootRound
from dominohall.games.records import replay
from dominohall.tables.names import NAMES
from dominohall.web import LANGUAGES, translations
from dominohall.web.tutorial import script

from ..server.harness import Server
from .conftest import CHROMIUM, DESKTOP, PHONE, new_page
from .test_pages import english_patterns, fetch, visible_text

BROWSER = pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)")
YOU = 0


def steps_with_moves() -> list[tuple[dict[str, Any], list[dict[str, Any]]]]:
    """Each step of the lesson with the record's moves it covers."""
    lesson = script()
    moves = lesson["record"]["rounds"][0]["moves"]
    found, start = [], 0
    for step in lesson["steps"]:
        count = step.get("moves", 0)
        found.append((step, moves[start : start + count]))
        start += count
    assert start == len(moves), "the steps cover every move of the round, once"
    return found


def fresh_round() -> ChickenFootRound:
    """The tutorial's round as dealt (no move made), read from its record by the engine."""
    record = script()["record"]
    game = game_named(record["game"])
    options = game.options_from_dict(record["options"])
    rnd: ChickenFootRound = game.read_round(options, None, 0, record["rounds"][0])
    return rnd


def test_the_tutorials_round_is_a_legal_record_and_ends_as_the_lesson_says() -> None:
    lesson = script()
    record = lesson["record"]
    match, seats = replay(copy.deepcopy(record))  # every move checked by the engine, the end and penalties too
    assert len(match.rounds) == 1 and match.is_over()
    rnd = match.rounds[0]
    last = lesson["steps"][-1]
    assert rnd.end == last["end"] == "domino"
    assert rnd.penalties() == last["points"] == record["rounds"][0]["penalties"]
    assert rnd.hands[YOU] == 0 and record["rounds"][0]["moves"][-1]["seat"] == YOU, "the learner goes out"
    assert lesson["you"] == YOU and len(seats) == 3
    options = record["options"]
    assert [options[key] for key in ("start_toes", "double_toes", "blank_double", "hand")] == [6, 3, 50, 5]
    assert record["rounds"][0]["double"] == "9-9"  # as the introduction says


def test_each_step_is_true_of_its_position_and_only_the_learner_waits() -> None:
    rnd = fresh_round()
    top = rnd.options.top
    for step, moves in steps_with_moves():
        learner = bool(moves) and moves[0]["seat"] == YOU
        assert all(move["seat"] != YOU for move in moves[1:]), f"{step['say']}: the learner moves first or not at all"
        if learner:
            mine = sorted({tile_name(m.tile) for m in rnd.legal_moves() if m.is_play()})
            assert step["fits"] == mine, f"{step['say']}: the learner's tiles that fit are {mine}"
        check_what_it_says(step["say"], rnd)
        for index, data in enumerate(moves):
            seat, move = read_move(data, top, 1, index)
            legal = rnd.legal_moves()
            bare = Move(move.kind) if move.kind == "draw" else move  # a legal draw names no tile yet
            assert rnd.turn == seat and bare in legal, f"{step['say']}: {data} is not legal ({list(map(str, legal))})"
            rnd.apply(move, seat)
    assert rnd.end == "domino"


def check_what_it_says(say: str, rnd: ChickenFootRound) -> None:
    """The facts a step's words state about its position, checked on the engine's round."""
    hands = [[tile_name(t) for t in tiles_of(hand)] for hand in rnd.hands]
    ends = {number for _last, number in rnd.open_ends()}
    if say == "intro":
        assert [len(hand) for hand in hands] == [5, 5, 5] and tile_name(rnd.centre) == "9-9"
    elif say == "first_toe":
        assert rnd.pending == rnd.centre and rnd.pending_needs == 6
    elif say == "foot_done":
        assert rnd.pending == -1 and len(rnd.open_ends()) == 6
    elif say == "double":
        assert 5 in ends and "5-5" in hands[YOU]
    elif say == "draw":
        assert tile_name(rnd.pending) == "5-5" and rnd.pending_needs == 1
        assert rnd.legal_moves() == [Move("draw")], "nothing of the learner's fits: the only move is a draw"
    elif say == "pass":
        assert rnd.legal_moves() == [Move("pass")] and "5" not in tile_name(rnd.drawn).split("-")
    elif say == "line":
        assert rnd.pending == -1
    elif say == "bot_draws":
        assert hands[1] == ["0-0"] and 0 not in ends and rnd.turn == 1
    elif say == "bot_passes":
        assert rnd.turn == 2 and rnd.legal_moves() == [Move("draw")]
    elif say == "go_out":
        assert len(hands[YOU]) == 1
    elif say == "scores":
        assert rnd.end == "domino" and hands[1] == ["0-0"]


def walk(page: Page, server: Server, language: str, keyboard: bool) -> None:
    """Go through the whole lesson: the lit tile (or Draw, Pass, Next) at every step, a wrong tile first where
    there is one; by keyboard (the page puts the focus on what to press) or by mouse."""
    words = translations(language)
    page.goto(f"{server.url}/{language}/chicken-foot")
    page.get_by_role("link", name=words.gettext("New to Chicken Foot? Learn it in a short guided round")).click()
    expect(page).to_have_url(f"{server.url}/{language}/chicken-foot/tutorial")
    steps = script()["steps"]
    names = [words.gettext("You"), *NAMES[language][:2]]
    for number, step in enumerate(steps, start=1):
        total = len(steps)
        expect(page.locator("#step-count")).to_have_text(
            words.gettext("Step %(num)d of %(total)d") % {"num": number, "total": total}
        )
        if number == total:
            break
        action = page.locator("#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden]), #next:not([hidden])")
        expect(action).to_have_count(1)
        if step.get("wrong") and page.locator("#hand .tile:not(.lit)").count():
            other = page.locator("#hand .tile:not(.lit)").first
            tile = other.get_attribute("data-tile")
            other.click()
            wanted = "%(tile)s would fit too" if tile in step["fits"] else None
            oops = page.locator("#oops")
            expect(oops).to_be_visible()
            if wanted:
                expect(oops).to_have_text(
                    words.gettext(wanted + ", but for this lesson lay the lit tile.") % {"tile": tile}
                )
            else:
                expect(oops).to_contain_text(str(tile))
            expect(page.locator("#step-count")).to_have_text(re.compile(rf"\b{number}\b"))  # nothing moved
        if keyboard:
            for _ in range(8):  # after a wrong tile, Tab on to the lit one (Shift+Tab wraps to the first tiles)
                if action.evaluate("(node) => node === document.activeElement"):
                    break
                page.keyboard.press("Shift+Tab" if step.get("wrong") else "Tab")
            expect(action).to_be_focused()
            page.keyboard.press("Enter")
        else:
            action.click()
        if step.get("wrong"):  # the slip is forgotten as soon as the right move is made, not after the bots'
            assert page.locator("#oops").is_hidden(), "the note on a wrong tile stays while the bots play"
    finish = page.locator("#finish")
    expect(finish).to_be_visible()
    rows = finish.locator("tbody tr")
    expect(rows.locator("th")).to_have_text(names)
    expect(rows.locator("td.points")).to_have_text([str(points) for points in steps[-1]["points"]])
    expect(page.locator("#board svg g.tile")).to_have_count(
        1 + sum(1 for m in script()["record"]["rounds"][0]["moves"] if "play" in m)
    )
    expect(page.locator("#log li").last).to_have_text(
        words.gettext("You played %(tile)s on %(on)s") % {"tile": "9-0", "on": "9-3"}
    )
    expect(page.get_by_role("button", name=words.gettext("Play Chicken Foot"))).to_be_visible()
    page.get_by_role("button", name=words.gettext("Start the lesson again")).click()
    expect(page.locator("#step-count")).to_have_text(
        words.gettext("Step %(num)d of %(total)d") % {"num": 1, "total": len(steps)}
    )
    expect(page.locator("#board svg g.tile")).to_have_count(1)


@BROWSER
@pytest.mark.parametrize(("language", "keyboard"), [("en", True), ("cs", False)])
def test_the_tutorial_is_walked_from_the_game_page_to_its_end(
    server: Server, browser: Browser, language: str, keyboard: bool
) -> None:
    page = new_page(browser, DESKTOP, language)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    walk(page, server, language, keyboard)
    assert errors == []
    page.context.close()


@BROWSER
def test_the_tutorial_fits_a_phone_and_is_in_every_language(server: Server, browser: Browser) -> None:
    laptop: ViewportSize = {"width": 1280, "height": 720}
    for size in (PHONE, laptop):
        page = new_page(browser, size)
        page.goto(f"{server.url}/en/chicken-foot/tutorial")
        page.get_by_role("button", name="Next").click()
        expect(page.locator("#hand .tile.lit")).to_have_count(1)
        you = page.locator("#players li").filter(has_text="You")
        expect(you.locator(".count")).to_have_text(str(page.locator("#hand .tile").count()))
        expect(you.locator(".faces")).to_have_count(0)  # no empty box: your tiles are the hand below
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size["width"], f"the tutorial scrolls sideways at {size} ({width} px)"
        lit, said = page.locator("#hand .tile.lit").bounding_box(), page.locator("#say").bounding_box()
        assert lit is not None and said is not None
        assert lit["y"] + lit["height"] <= size["height"], f"the tile to press is out of sight at {size}: {lit}"
        assert said["y"] >= 0, f"the step's words went out of sight at {size}: {said}"
        page.context.close()
    for language in LANGUAGES[1:]:
        _, html = fetch(f"{server.url}/{language}/chicken-foot/tutorial")
        assert f'<html lang="{language}">' in html
        leaks = [english for english, pattern in english_patterns(language) if pattern.search(visible_text(html))]
        assert not leaks, f"the {language} tutorial has English in it: {leaks}"
        _, game = fetch(f"{server.url}/{language}/chicken-foot")
        assert f'href="/{language}/chicken-foot/tutorial"' in game


@BROWSER
@pytest.mark.parametrize("size", [{"width": 1280, "height": 800}, PHONE], ids=["1280x800", "phone"])
def test_the_lit_tile_stays_in_sight_after_a_wrong_one_and_your_card_says_where_your_tiles_are(
    server: Server, browser: Browser, size: ViewportSize
) -> None:
    """At every step the learner acts on, a wrong tile pressed first (its note shows), the lit tile (or Draw,
    or Pass) is whole inside the window, and the step's words too; the "You" card says your tiles are the
    hand below, so it never reads as empty."""
    page = new_page(browser, size)
    page.goto(f"{server.url}/en/chicken-foot/tutorial")
    you = page.locator("#players li").filter(has_text="You")
    expect(you.locator(".where")).to_have_text("Your tiles are in your hand, below the board")
    steps = script()["steps"]
    action = page.locator("#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden]), #next:not([hidden])")
    for number in range(1, len(steps)):
        expect(page.locator("#step-count")).to_have_text(f"Step {number} of {len(steps)}")
        expect(action).to_have_count(1)
        wrong = page.locator("#hand .tile:not(.lit)")
        if page.locator("#hand .tile.lit").count() and wrong.count():
            wrong.first.click()
            expect(page.locator("#oops")).to_be_visible()
            box, said = action.bounding_box(), page.locator("#say").bounding_box()
            assert box is not None and said is not None
            assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], f"step {number}: {box} out of sight"
            assert said["y"] >= 0, f"step {number}: the step's words went out of sight: {said}"
        action.click()
    page.context.close()
