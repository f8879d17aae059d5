"""The Hint button: the hard bot's choice shown and marked in your hand, only when you play the bots alone."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..server.harness import Server, sit
from .conftest import DESKTOP, new_page
from .moves import MY_TURN, make_move
from .test_life import hosted, play_until

HINTS = {
    "en-GB": ("Hint", r"^Hint: play (\d+-\d+) on \d+-\d+$"),
    "ru-RU": ("Подсказка", r"^Подсказка: положите (\d+-\d+) на \d+-\d+$"),
}


def _to_a_choice(page: Page) -> None:
    """Play on until it is your turn with more than one tile to choose from (the Hint button shows)."""
    for _ in range(200):
        if page.locator("#ask-hint:not([hidden])").count():
            return
        if page.locator(MY_TURN).count():
            make_move(page)
        page.wait_for_timeout(60)
    raise AssertionError("no turn with a choice came")


@pytest.mark.parametrize("language", list(HINTS))
def test_a_hint_marks_a_lit_tile_of_your_hand(server: Server, browser: Browser, language: str) -> None:
    button, said = HINTS[language]
    table_id, page = hosted_in(browser, server, language)
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("#start").click()
    _to_a_choice(page)
    page.get_by_role("button", name=button).click()
    line = page.locator("#hint-line")
    expect(line).to_have_text(re.compile(said), timeout=20_000)
    tile = re.match(said, line.inner_text())
    assert tile is not None
    hinted = page.locator("#hand .tile.hinted")
    expect(hinted).to_have_count(1)
    expect(hinted).to_have_attribute("data-tile", tile.group(1))
    expect(hinted).to_have_class(re.compile(r"\blit\b"))
    make_move(page)
    expect(page.locator("#hand .tile.hinted")).to_have_count(0)  # the table moved on: the hint is gone
    page.context.close()


def hosted_in(browser: Browser, server: Server, language: str) -> tuple[str, Page]:
    """A one-round table of Ann and three easy bots, and Ann's page in ``language``."""
    table_id, page = hosted(browser, server, {"length": "one"}, [None, "easy", "easy", "easy"])
    if language != "en-GB":
        cookies = page.context.cookies()
        page.context.close()
        page = new_page(browser, DESKTOP, language)
        page.context.add_cookies(cookies)  # type: ignore[arg-type]
    return table_id, page


def test_no_hint_button_with_another_person_at_the_table(server: Server, browser: Browser) -> None:
    table_id, ann = hosted(browser, server, {"players": 3, "length": "one"}, [None, None, "easy"])
    bo = new_page(browser, DESKTOP)
    name, value = sit(server, table_id, 1, "Bo").split("=", 1)
    bo.context.add_cookies([{"name": name, "value": value, "url": server.url}])
    for page in (ann, bo):
        page.goto(f"{server.url}/t/{table_id}")
    ann.locator("#start").click()
    pages = [ann, bo]
    play_until(pages, lambda: any(page.locator("#hand .tile.lit").count() > 1 for page in pages))
    chooser = next(page for page in pages if page.locator("#hand .tile.lit").count() > 1)
    expect(chooser.locator("#ask-hint")).to_be_hidden()  # your turn, a choice, but another person plays too
    for page in pages:
        page.context.close()


def test_a_hint_at_a_mexican_train_table_names_its_train(server: Server, browser: Browser) -> None:
    table_id, page = hosted(browser, server, {"length": "one"}, [None, "easy", "easy", "easy"], "mexicantrain")
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(f"{server.url}/t/{table_id}")
    page.locator("#start").click()
    _to_a_choice(page)
    page.get_by_role("button", name="Hint").click()
    said = r"^Hint: play (\d+-\d+) on \d+-\d+, on (your train|the Mexican train|.+'s train)$"
    line = page.locator("#hint-line")
    expect(line).to_have_text(re.compile(said), timeout=20_000)
    tile = re.match(said, line.inner_text())
    assert tile is not None
    expect(page.locator("#hand .tile.hinted")).to_have_attribute("data-tile", tile.group(1))
    assert errors == []
    page.context.close()
