"""The players' pages in a browser (docs/players.md, docs/site.md): two people play a rated match to its end and
each finds it, its result and their changed rating on their own page, once (a kill -9 right after the last move,
a restart, a reconnect and reloads change nothing); the player key carries a player to a third browser; forget
me removes the player and their name from the records; in English, Russian and Czech. And the forms prefilled
with the remembered name."""

from __future__ import annotations

import re
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from dominohall.tables.ratings import MU
from dominohall.web import translations

from ..server.harness import Server
from .conftest import CHROMIUM, DESKTOP, new_page
from .moves import CHOICE, make_move
from .test_colours import low_contrast

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def said(language: str, words: str) -> str:
    """``words`` as the site says them in ``language``."""
    return translations(language).gettext(words)


def me(page: Page, server: Server) -> dict[str, Any]:
    """The page's player as ``GET /api/me`` tells it (the page's cookies)."""
    answer = page.request.get(server.url + "/api/me")
    assert answer.ok, answer.status
    body: dict[str, Any] = answer.json()
    return body


def play_to_the_end(pages: dict[str, Page]) -> None:
    """Each page makes its moves when its turn comes, until every page says the match is over."""
    over = {language: said(language, "The match is over") for language in pages}
    while not all(page.locator("#phase").inner_text() == over[language] for language, page in pages.items()):
        for page in pages.values():
            if page.evaluate(CHOICE) is not None:
                make_move(page, wait_ms=2_000)
        next(iter(pages.values())).wait_for_timeout(50)


def start_a_rated_match(server: Server, ann: Page, bea: Page) -> str:
    """Ann sets a standard game of two people on the game page (one hand of the draw game, rated by default),
    Bea sits down through the link in Russian, Ann starts: the table's address."""
    ann.goto(server.url + "/en/standard")
    ann.select_option("select[name=seat1]", "person")
    ann.fill("input[name=name]", "Ann")
    ann.get_by_role("button", name="Play", exact=True).click()
    expect(ann.locator("#phase")).to_have_text("Waiting for players")
    link = ann.locator("#share-link").input_value()
    bea.goto(link)
    bea.fill("#name", "Беа")
    bea.get_by_role("button", name=said("ru", "Take this seat")).click()
    expect(ann.locator("#seats")).to_contain_text("Беа")
    ann.get_by_role("button", name="Start the match").click()
    return link


def rows_of(page: Page) -> list[str]:
    """The page's list of matches, row by row, as its text."""
    return [text.strip() for text in page.locator("table.matches tr.match").all_inner_texts()]


def test_two_people_play_a_rated_match_and_find_it_on_their_pages_once(tmp_path: Path, browser: Browser) -> None:
    db = tmp_path / "db.sqlite"
    first = Server(db).start()
    ann, bea = new_page(browser, DESKTOP), new_page(browser, DESKTOP, "ru-RU")
    try:
        link = start_a_rated_match(first, ann, bea)
        play_to_the_end({"en": ann, "ru": bea})
    finally:
        first.kill()  # at once after the last move: no shutdown of any kind
    server = Server(db, port=first.port).start()
    try:
        for page in (ann, bea):  # the pages reconnect to the restarted server, then reload
            expect(page.locator("#phase")).not_to_have_text("")
            page.goto(link)
            page.wait_for_load_state("networkidle")
        players = {"en": me(ann, server), "ru": me(bea, server)}
        for player in players.values():
            rating = player["ratings"]["standard"]
            assert rating["matches"] == 1 and len(rating["history"]) == 1, "rated once"
            assert rating["rating"] != round(MU)
            assert [(m["game"], m["rated"]) for m in player["matches"]] == [("standard", True)]
        places = {language: player["matches"][0]["place"] for language, player in players.items()}
        assert sorted(places.values()) in ([1, 2], [1, 1]), places

        ann.goto(server.url + "/en/me")
        expect(ann.locator("h1")).to_have_text("My games")
        expect(ann.locator("input[name=name]")).to_have_value("Ann")
        [row] = rows_of(ann)
        won = places["en"] == 1
        assert "Standard dominoes" in row and "Ann" in row and "Беа" in row
        assert ("Won" in row or "Draw" in row) if won else "Place 2 of 2" in row
        game = ann.locator(".player-game[data-game=standard]")
        expect(game.locator(".rating-value")).to_have_text(str(players["en"]["ratings"]["standard"]["rating"]))
        expect(game.locator("dd.played")).to_have_text("1")
        expect(game.locator("dd.rated")).to_have_text("1")
        expect(game.locator(".against")).to_contain_text(re.compile("bot"))
        expect(game.locator("svg.rating-chart circle")).to_have_count(1)
        expect(ann.locator("a", has_text="Watch")).to_have_attribute("href", re.compile(r"^/r/[\w-]+/1\?lang=en$"))
        assert not low_contrast(ann), low_contrast(ann)

        bea.goto(server.url + "/ru/me")
        expect(bea.locator("h1")).to_have_text("Мои игры")
        [row] = rows_of(bea)
        assert "Обычное домино" in row
        assert ("Победа" in row or "Ничья" in row) if places["ru"] == 1 else "Место 2 из 2" in row
        expect(bea.locator(".player-game[data-game=standard] .rating-value")).to_have_text(
            str(players["ru"]["ratings"]["standard"]["rating"])
        )
        again = {"en": me(ann, server), "ru": me(bea, server)}
        assert again == players, "the kill -9, the restart, the reconnect and the reloads changed nothing"

        # Ann's key, opened in a third browser (Czech, dark): the same player, the same page
        ann.goto(server.url + "/en/me")
        ann.get_by_role("button", name="Show my player key").click()
        key = ann.locator("#player-key").input_value()
        assert re.fullmatch(re.escape(server.url) + r"/k/[\w-]{20,}", key), key
        expect(ann.locator(".key-qr svg.qr-code")).to_be_visible()
        third = browser.new_context(viewport=DESKTOP, locale="cs-CZ", color_scheme="dark").new_page()
        third.goto(key)
        assert third.url == server.url + "/en/", "the key leads to the player's home page"
        assert me(third, server) == players["en"]
        third.goto(server.url + "/cs/me")
        expect(third.locator("h1")).to_have_text("Moje hry")
        expect(third.locator("input[name=name]")).to_have_value("Ann")
        [row] = rows_of(third)
        assert ("Výhra" in row or "Remíza" in row) if won else "Místo 2 z 2" in row
        assert not low_contrast(third), low_contrast(third)
        third.context.close()

        # Bea forgets herself (in Russian): asked first, then gone from her page, Ann's and the record
        table_id = link.rsplit("/", 1)[1]
        bea.goto(server.url + "/ru/me")
        bea.get_by_role("button", name="Забыть меня…").click()
        expect(bea.locator("h1")).to_have_text("Забыть вас?")
        assert me(ann, server)["matches"][0]["seats"][1]["name"] == "Беа", "nothing forgotten before the answer"
        bea.get_by_role("button", name="Да, забыть меня").click()
        expect(bea.locator("h1")).to_have_text("Вы забыты")
        fresh = me(bea, server)
        assert fresh["id"] != players["ru"]["id"] and fresh["matches"] == [] and fresh["ratings"] == {}
        ann.goto(server.url + "/en/me")
        [row] = rows_of(ann)
        assert "Беа" not in row and "a former player" in row
        with urllib.request.urlopen(f"{server.url}/api/tables/{table_id}/record", timeout=10) as answer:
            record = answer.read().decode()
        assert "Беа" not in record and "a former player" in record, record[
            max(0, record.find("Беа") - 300) : record.find("Беа") + 100
        ]
    finally:
        server.stop()
        ann.context.close()
        bea.context.close()


def test_the_game_forms_and_the_sit_form_offer_the_remembered_name(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/en/me")
    page.fill("input[name=name]", "Zoë")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".saved")).to_have_text("Saved.")
    for slug in ("chicken-foot", "mexican-train", "standard"):
        page.goto(f"{server.url}/en/{slug}")
        expect(page.locator("form.settings input[name=name]")).to_have_value("Zoë")
    page.goto(server.url + "/en/")
    expect(page.locator("#lobby-form input[name=name]")).to_have_value("Zoë")

    host = new_page(browser, DESKTOP)  # a table waiting for a person: the visitor's sit form has their name
    host.goto(server.url + "/en/chicken-foot")
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=seat1]", "person")
    host.get_by_role("button", name="Play", exact=True).click()
    page.goto(host.locator("#share-link").input_value())
    expect(page.locator("#name")).to_have_value("Zoë")
    page.get_by_role("button", name="Take this seat").click()
    expect(host.locator("#seats")).to_contain_text("Zoë")
    host.context.close()
    page.context.close()


def test_a_profile_shows_only_a_player_who_chose_to_be_shown(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP, "pl-PL")
    page.goto(server.url + "/pl/me")
    player = me(page, server)
    assert page.request.get(f"{server.url}/pl/p/{player['id']}").status == 404, "not shown until they say so"
    page.fill("input[name=name]", "Ola")
    page.get_by_label("Pokazuj mnie w rankingach").check()
    page.get_by_role("button", name="Zapisz", exact=True).click()
    page.get_by_role("link", name="Twój publiczny profil").click()
    expect(page.locator("h1")).to_have_text("Ola")
    assert page.request.get(f"{server.url}/pl/p/no-such-one").status == 404
    page.goto(server.url + "/pl/leaderboard?game=mexicantrain&period=week")
    expect(page.locator("nav.tabs a[aria-current=page]")).to_have_text(["Meksykański pociąg", "Ten tydzień"])
    expect(page.locator(".empty")).to_be_visible()
    page.context.close()
