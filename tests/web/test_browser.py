"""A person in a real browser (Playwright driving Debian's Chromium) against a real server on loopback."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from dominohall.web import translations

from ..server.harness import Server
from .conftest import CHROMIUM, DESKTOP, PHONE, SAVE_SHOTS, SCREENSHOTS, new_page, shot

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def test_home_page_and_the_language_switch(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    expect(page).to_have_url(f"{server.url}/en/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Dominoes")
    shot(page, "home")
    for language, words in (("Русский", "Куриная лапка"), ("Polski", "Kurza łapka"), ("Čeština", "Kuří noha")):
        page.get_by_role("link", name=language).click()
        expect(page.locator("main")).to_contain_text(words)
    page.goto(server.url + "/")  # the cookie remembers the last choice
    expect(page).to_have_url(f"{server.url}/cs/")
    page.context.close()


def test_play_chicken_foot_with_the_defaults_and_lay_a_lit_tile(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/en/chicken-foot")
    expect(page.locator("select[name=players]")).to_have_value("4")
    shot(page, "game-chicken-foot")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+\?start=1$"))
    expect(page.locator("#phase")).to_have_text("The match is on")
    expect(page.locator("#share-link")).to_have_value(page.url.split("?")[0])
    hand = page.locator("#hand .tile")
    expect(hand.first).to_be_visible()
    laid = 0
    for _ in range(80):  # lay lit tiles (drawing or passing when nothing fits) until five are down
        page.wait_for_selector("#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden])")
        lit = page.locator("#hand .tile.lit")
        if lit.count():
            before = hand.count()
            lit.first.click()
            if page.locator("#targets:not([hidden]) button").count():
                page.locator("#targets button").first.click()
            expect(hand).not_to_have_count(before)  # the tile left the hand for the board
            laid += 1
            if laid == 5 or before == 1:
                break
        else:
            page.locator("#draw:not([hidden]), #pass:not([hidden])").first.click()
            page.wait_for_timeout(100)
    assert laid, "never had a tile to lay"
    tiles = [hand.nth(i).get_attribute("data-tile") for i in range(hand.count())]
    page.reload()  # the seat cookie brings back the same seat and hand
    expect(page.locator("#seats")).to_contain_text("you")
    expect(hand).to_have_count(len(tiles))
    assert [hand.nth(i).get_attribute("data-tile") for i in range(hand.count())] == tiles
    paint = page.evaluate("performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1")
    print(f"first contentful paint of the table page: {paint:.0f} ms")
    assert 0 <= paint < 2000, f"the table page took {paint} ms to paint on loopback"
    expect(page.locator("#board g.tile").first).to_be_visible()
    page.context.close()


def test_phone_width_pages(server: Server, browser: Browser) -> None:
    page = new_page(browser, PHONE, "ru-RU")
    page.goto(server.url + "/")
    expect(page).to_have_url(f"{server.url}/ru/")
    shot(page, "home-phone")
    page.goto(server.url + "/ru/chicken-foot")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page scrolls sideways on a phone ({width} px)"
    shot(page, "game-phone")
    page.context.close()


def test_a_friend_joins_through_the_shared_link_and_both_see_the_match(server: Server, browser: Browser) -> None:
    host = new_page(browser, DESKTOP)
    host.goto(server.url + "/en/chicken-foot")
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=seat1]", "person")
    host.fill("input[name=name]", "Ann")
    host.get_by_role("button", name="Play", exact=True).click()
    expect(host.locator("#phase")).to_have_text("Waiting for players")
    link = host.locator("#share-link").input_value()
    guest = new_page(browser, DESKTOP, "pl-PL")
    guest.goto(link)
    expect(guest.locator("#phase")).to_have_text("Czeka na ciebie wolne miejsce")  # invited to sit, not told to watch
    guest.fill("#name", "Bea")
    guest.get_by_role("button", name="Usiądź tutaj").click()
    expect(host.locator("#seats")).to_contain_text("Bea")
    expect(guest.locator("#seats")).to_contain_text("ty")
    host.get_by_role("button", name="Start the match").click()
    for page in (host, guest):
        expect(page.locator("#hand .tile").first).to_be_visible()
        expect(page.locator("#board g.tile").first).to_be_visible()
    mover = host if host.locator("#turn").inner_text().startswith("Your turn") else guest
    before = mover.locator("#board g.tile").count()
    while mover.locator("#hand .tile.lit").count() == 0:
        mover.locator("#draw:not([hidden]), #pass:not([hidden])").first.click()
        mover.wait_for_timeout(100)
        if mover.locator("#pass[hidden]").count() and not mover.locator("#draw:not([hidden])").count():
            break
    if mover.locator("#hand .tile.lit").count():
        mover.locator("#hand .tile.lit").first.click()
        if mover.locator("#targets:not([hidden]) button").count():
            mover.locator("#targets button").first.click()
        for page in (host, guest):  # each sees the tile on the board
            expect(page.locator("#board g.tile")).to_have_count(before + 1)
    expect(host.locator("#seats")).not_to_contain_text("offline")
    guest.context.close()  # the guest's page is gone: the host sees the seat offline
    expect(host.locator("#seats li, #seats > *").nth(1)).to_contain_text("offline")
    host.context.close()


def test_play_the_standard_game_with_the_defaults(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/en/")
    page.get_by_role("button", name="Play standard dominoes").click()
    expect(page.locator("#phase")).to_have_text("The match is on")
    expect(page.locator("#hand .tile").first).to_be_visible()
    page.wait_for_selector("#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden])")
    if page.locator("#hand .tile.lit").count():
        page.locator("#hand .tile.lit").first.click()
        if page.locator("#targets:not([hidden]) button").count():
            page.locator("#targets button").first.click()
    expect(page.locator("#board g.tile").first).to_be_visible()
    shot(page, "table-standard")
    page.context.close()


def test_keyboard_alone_lays_a_tile(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/en/chicken-foot")
    page.locator("input[name=name]").focus()
    page.keyboard.press("Enter")  # submits the form with the defaults
    expect(page.locator("#phase")).to_have_text("The match is on")
    for _ in range(40):
        page.wait_for_selector("#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden])")
        if page.locator("#hand .tile.lit").count():
            break
        page.locator("#draw:not([hidden]), #pass:not([hidden])").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
    before = page.locator("#hand .tile").count()
    page.get_by_role("link", name="Skip to content").focus()  # the page's first stop
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Skip to your hand")  # its second
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # the hand is one stop in the tab order: its first lit tile
    first_lit = page.locator("#hand .tile.lit").first.get_attribute("data-tile")
    expect(page.locator("#hand .tile:focus")).to_have_attribute("data-tile", first_lit or "")
    stops = page.locator("#hand .tile").evaluate_all("(tiles) => tiles.map((tile) => tile.tabIndex)")
    assert sorted(stops) == [-1] * (before - 1) + [0], stops
    tiles = page.locator("#hand .tile").evaluate_all("(tiles) => tiles.map((tile) => tile.dataset.tile)")
    at = tiles.index(first_lit)
    page.keyboard.press("ArrowRight")  # the arrow keys go from tile to tile, round the hand
    expect(page.locator("#hand .tile:focus")).to_have_attribute("data-tile", tiles[(at + 1) % before])
    page.keyboard.press("End")
    expect(page.locator("#hand .tile:focus")).to_have_attribute("data-tile", tiles[-1])
    page.keyboard.press("Home")
    expect(page.locator("#hand .tile:focus")).to_have_attribute("data-tile", tiles[0])
    for _ in range(at):
        page.keyboard.press("ArrowRight")
    expect(page.locator("#hand .tile:focus")).to_have_attribute("data-tile", first_lit or "")
    page.keyboard.press("Enter")
    if page.locator("#targets:not([hidden]) button").count():
        page.keyboard.press("Enter")  # the first target has the focus
    expect(page.locator("#hand .tile")).to_have_count(before - 1)
    ends = re.compile(r"^The tiles on the table\. The open ends show \d+(, \d+)*\.$")  # the board in words
    expect(page.locator("#board svg")).to_have_attribute("aria-label", ends)  # a tile laid: there are open ends
    page.context.close()


def test_the_forms_offer_only_what_applies(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/en/standard")
    partners = page.locator("input[name=partners]")
    expect(partners).to_be_disabled()  # two players by default: no partners
    expect(page.locator("select[name=seat2]")).to_be_hidden()
    page.select_option("select[name=players]", "4")
    expect(partners).to_be_enabled()
    expect(page.locator("select[name=seat3]")).to_be_visible()
    partners.check()
    page.select_option("select[name=players]", "3")
    expect(partners).to_be_disabled()
    expect(partners).not_to_be_checked()
    expect(page.locator("select[name=seat3]")).to_be_hidden()
    page.select_option("select[name=players]", "4")
    expect(partners).to_be_checked()  # the choice comes back with the fourth player
    expect(page.locator("input[name=target_other]")).to_be_hidden()
    page.select_option("select[name=target]", "other")
    expect(page.locator("input[name=target_other]")).to_be_visible()
    page.goto(server.url + "/en/chicken-foot")
    expect(page.locator("select[name=length]")).to_be_enabled()
    page.select_option("select[name=limit]", "200")
    expect(page.locator("select[name=length]")).to_be_disabled()  # a score limit decides the length
    page.select_option("select[name=set]", "15")
    page.select_option("select[name=hand]", "5")
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page).to_have_url(re.compile(r"/t/[\w-]+\?start=1$"))
    table_id = page.url.split("/t/")[1].split("?")[0]
    options = page.request.get(f"{server.url}/api/tables/{table_id}").json()["options"]
    assert (options["set"], options["hand"], options["limit"]) == (15, 5, 200)
    page.context.close()


@pytest.mark.parametrize("language", ["en", "cs"])
def test_hands_the_player_count_makes_impossible_are_greyed_out_with_the_reason_as_it_changes(
    server: Server, browser: Browser, language: str
) -> None:
    """No set holds eight hands of 25 tiles and the centre double: at eight players the form greys 25 out and
    says why; at two it is offered, and a choice given up for more players comes back with fewer."""
    words = translations(language)
    unfit = words.gettext("Greyed out: not possible with this many players.")
    page = new_page(browser, DESKTOP, language)
    page.goto(f"{server.url}/{language}/chicken-foot")
    hand = page.locator("select[name=hand]")
    note = page.locator("label[data-field=hand] .unfit")
    page.select_option("select[name=players]", "2")
    for tiles in ("3", "12", "25"):
        expect(hand.locator(f"option[value='{tiles}']")).to_be_enabled()
    expect(note).to_be_hidden()
    hand.select_option("25")
    page.select_option("select[name=players]", "8")
    expect(hand.locator("option[value='25']")).to_be_disabled()
    expect(hand.locator("option[value='12']")).to_be_enabled()  # a double-fifteen set holds eight hands of 12
    expect(hand).to_have_value("auto")  # given up for the eight players' own hand
    expect(note).to_be_visible()
    expect(note).to_have_text(unfit)
    page.select_option("select[name=players]", "12")
    expect(hand.locator("option[value='12']")).to_be_disabled()
    page.select_option("select[name=players]", "2")
    expect(hand).to_have_value("25")  # the choice comes back with the fewer players
    expect(note).to_be_hidden()
    page.select_option("select[name=players]", "8")
    hand.select_option("5")
    page.select_option("select[name=players]", "2")
    expect(hand).to_have_value("5")  # a choice made meanwhile stays
    page.context.close()


def test_a_refused_form_keeps_every_choice_on_a_phone(server: Server, browser: Browser) -> None:
    page = new_page(browser, PHONE, "pl-PL")
    page.goto(server.url + "/pl/chicken-foot")
    page.select_option("select[name=players]", "8")
    page.select_option("select[name=set]", "9")
    page.select_option("select[name=hand]", "12")
    page.select_option("select[name=turn_seconds]", "30")
    page.fill("input[name=name]", "Ola")
    page.get_by_role("button", name="Graj", exact=True).click()
    problem = page.locator("#problem-hand")
    expect(problem).to_contain_text("najwyżej 6 kamieni")
    expect(page.locator("select[name=hand]")).to_be_focused()
    for name, value in (("players", "8"), ("set", "9"), ("hand", "12"), ("turn_seconds", "30")):
        expect(page.locator(f"select[name={name}]")).to_have_value(value)
    expect(page.locator("input[name=name]")).to_have_value("Ola")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the refused form scrolls sideways on a phone ({width} px)"
    page.context.close()


def test_a_public_table_appears_in_another_visitors_lobby_and_a_click_seats_them(
    server: Server, browser: Browser
) -> None:
    guest = new_page(browser, DESKTOP, "cs-CZ")
    guest.clock.install()
    guest.goto(server.url + "/")
    expect(guest).to_have_url(f"{server.url}/cs/")
    host = new_page(browser, DESKTOP)
    host.goto(server.url + "/en/chicken-foot")
    host.select_option("select[name=players]", "3")
    host.select_option("select[name=seat1]", "person")
    host.select_option("select[name=seat2]", "hard")
    host.select_option("select[name=limit]", "150")
    host.check("input[name=public]")
    host.fill("input[name=name]", "Ann")
    host.get_by_role("button", name="Play", exact=True).click()
    expect(host.locator("#phase")).not_to_have_text("Connecting…")
    table_id = host.url.split("/t/")[1].split("?")[0]
    entry = guest.locator(f'.lobby-table[data-table="{table_id}"]')
    expect(entry).to_have_count(0)
    guest.clock.run_for(11_000)  # the lobby's script fetches the list again every ten seconds
    expect(entry).to_contain_text("Obsazená místa: 2 z 3 · Ann")
    expect(entry).to_contain_text("Limit: 150 bodů")
    guest.fill("#lobby-name input", "Eva")
    entry.get_by_role("button", name="Posadit se").click()
    expect(guest).to_have_url(f"{server.url}/t/{table_id}")
    expect(host.locator("#seats")).to_contain_text("Eva")
    expect(guest.locator("#seats")).to_contain_text("Eva")
    guest.goto(server.url + "/cs/")
    expect(guest.locator(f'.lobby-table[data-table="{table_id}"]')).to_have_count(0)  # no free seat now
    guest.goto(server.url + "/cs/lobby")  # the list the script fetches, opened as an address: the whole page
    expect(guest).to_have_url(f"{server.url}/cs/#lobby-title")
    expect(guest.locator("#lobby-form")).to_be_attached()
    guest.context.close()
    host.context.close()


def test_the_hosts_settings_form_sends_only_what_changed(server: Server, browser: Browser) -> None:
    host = new_page(browser, DESKTOP)
    host.goto(server.url + "/en/chicken-foot")
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=seat1]", "person")
    host.select_option("select[name=start_toes]", "4")
    host.get_by_role("button", name="Play", exact=True).click()
    form = host.locator("#settings")
    expect(form).to_be_visible()
    expect(form.locator("select[name=start_toes]")).to_have_value("4")
    expect(form.locator("select[name=hand]")).to_have_value("auto")
    table_id = host.url.split("/t/")[1].split("?")[0]

    def options() -> dict[str, object]:
        return dict(host.request.get(f"{server.url}/api/tables/{table_id}").json()["options"])

    form.locator("select[name=limit]").select_option("other")
    form.locator("input[name=limit_other]").fill("240")
    form.locator("input[name=public]").check()
    form.get_by_role("button", name="Save settings").click()
    found = settled(host, options, lambda now: now["limit"] == 240)
    assert (found["limit"], found["start_toes"], found["hand"], found["players"]) == (240, 4, 20, 2)
    summary = host.request.get(f"{server.url}/api/tables/{table_id}").json()
    assert summary["settings"]["public"] is True
    form.locator("select[name=players]").select_option("3")
    form.get_by_role("button", name="Save settings").click()
    found = settled(host, options, lambda now: now["players"] == 3)
    assert (found["players"], found["hand"], found["limit"], found["start_toes"]) == (3, 14, 240, 4)
    form.locator("input[name=limit_other]").fill("0")
    form.get_by_role("button", name="Save settings").click()
    expect(form.locator("#problem-limit")).to_have_text("A score limit is a whole number from 1 to 10000.")
    expect(form.locator("select[name=limit]")).to_be_focused()
    assert options()["limit"] == 240, "a refused change changes nothing"
    form.locator("input[name=limit_other]").fill("260")
    form.get_by_role("button", name="Save settings").click()
    expect(form.locator("#problem-limit")).to_have_count(0)
    assert settled(host, options, lambda now: now["limit"] == 260)["limit"] == 260
    host.context.close()


def settled(
    page: Page, read: Callable[[], dict[str, object]], done: Callable[[dict[str, object]], bool]
) -> dict[str, object]:
    """What ``read`` answers once ``done`` says so (or after five seconds, for the test to show)."""
    found = read()
    for _ in range(50):
        if done(found):
            break
        page.wait_for_timeout(100)
        found = read()
    return found


def test_a_test_run_writes_no_screenshot_unless_make_screenshots_asks(server: Server, browser: Browser) -> None:
    page = new_page(browser, PHONE)
    page.goto(server.url + "/en/")
    target = SCREENSHOTS / "never-saved-by-a-test.png"
    shot(page, target.stem)
    try:
        assert target.exists() is SAVE_SHOTS, "a plain test run must leave tests/web/screenshots/ as it is"
    finally:
        target.unlink(missing_ok=True)
        page.context.close()


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_a_game_form_shows_only_the_seats_of_the_chosen_player_count(
    server: Server, browser: Browser, script: bool
) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB", java_script_enabled=script)
    page = context.new_page()
    page.goto(server.url + "/en/chicken-foot")
    seats = page.locator("fieldset.seats-choice select")
    expect(seats.filter(visible=True)).to_have_count(3)  # four players by default: three seats besides yours
    for players in (2, 6, 8, 12, 9, 5):
        page.select_option("select[name=players]", str(players))
        expect(seats.filter(visible=True)).to_have_count(players - 1)
    play = page.get_by_role("button", name="Play", exact=True)
    box = play.bounding_box()
    assert box is not None and box["y"] < 2600, f"Play sits at y={box} on a phone with five players"
    ticks = page.locator("label.check").evaluate_all(
        "(labels) => labels.map((l) => [l.getBoundingClientRect().height, l.querySelector('input').offsetWidth])"
    )
    assert ticks and all(row >= 44 and box >= 20 for row, box in ticks), f"checkboxes too small to tap: {ticks}"
    page.goto(server.url + "/en/standard")
    expect(seats.filter(visible=True)).to_have_count(1)  # the standard game starts with two players
    page.select_option("select[name=players]", "3")
    expect(seats.filter(visible=True)).to_have_count(2)
    if script:  # with partners, the seat opposite says it is your partner's
        note = page.locator("label[data-seat='2'] .partner-note")
        page.select_option("select[name=players]", "4")
        expect(note).to_be_hidden()
        page.check("input[name=partners]")
        expect(note).to_have_text("(your partner)")
        page.select_option("select[name=players]", "3")  # no partners with three players
        expect(note).to_be_hidden()
    context.close()


FITS = """() => [...document.querySelectorAll('select')].filter((s) => s.offsetParent).map((s) => {
  const shown = s.getBoundingClientRect().width;
  const was = s.style.cssText;
  s.style.cssText = 'width: max-content !important; max-width: none !important; min-width: 0 !important';
  const needed = s.getBoundingClientRect().width;  // as wide as Chromium draws it for its longest option
  s.style.cssText = was;
  return {name: s.name, shown, needed};
})"""


@pytest.mark.parametrize("language", ["en", "ru", "pl", "cs"])
def test_every_select_of_the_game_forms_fits_its_longest_option(
    server: Server, browser: Browser, language: str
) -> None:
    for viewport in (DESKTOP, PHONE):
        page = new_page(browser, viewport)
        for slug, players in (("chicken-foot", "8"), ("standard", "4")):
            page.goto(f"{server.url}/{language}/{slug}")
            page.select_option("select[name=players]", players)  # every seat shows
            measured = page.evaluate(FITS)
            assert len(measured) >= 8, measured  # every field and every seat
            cut = [m for m in measured if m["needed"] > m["shown"] + 0.5]
            assert not cut, f"{language} {slug} at {viewport['width']} px: cut selects {cut}"
            assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        page.context.close()


@pytest.mark.parametrize("language", ["ru", "pl"])
def test_the_game_pages_tables_fit_a_phone_without_scrolling_sideways(
    server: Server, browser: Browser, language: str
) -> None:
    page = new_page(browser, PHONE)
    for slug in ("chicken-foot", "standard"):
        page.goto(f"{server.url}/{language}/{slug}")
        boxes = page.evaluate("[...document.querySelectorAll('.scroll')].map((s) => [s.scrollWidth, s.clientWidth])")
        assert boxes and all(inner <= outer for inner, outer in boxes), f"{slug}: a table scrolls sideways {boxes}"
        cell = page.locator(".compare.rules td").last  # the Chicken Foot side of the last rule, named and in view
        expect(cell).to_be_visible()
        named = cell.evaluate("(td) => getComputedStyle(td, '::before').content")
        assert named.strip('"') == cell.get_attribute("data-game") and named != "none"
        box = cell.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    page.context.close()
