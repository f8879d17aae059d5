"""A person in a real browser (Playwright driving Debian's Chromium) against a real server on loopback."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect

from ..server.harness import Server
from .conftest import CHROMIUM, DESKTOP, PHONE, new_page, shot

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def test_home_page_and_the_language_switch(server: Server, browser: Browser) -> None:
    page = new_page(browser, DESKTOP)
    page.goto(server.url + "/")
    expect(page).to_have_url(f"{server.url}/en/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Dominoes")
    shot(page, "home")
    for language, words in (("Русский", "Куриная лапка"), ("Polski", "Kurza Łapka"), ("Čeština", "Kuří noha")):
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
    expect(page.locator("#status")).to_have_text("The match is on")
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
    expect(host.locator("#status")).to_have_text("Waiting for players")
    link = host.locator("#share-link").input_value()
    guest = new_page(browser, DESKTOP, "pl-PL")
    guest.goto(link)
    expect(guest.locator("#status")).to_have_text("Oglądasz ten stół")
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
    expect(page.locator("#status")).to_have_text("The match is on")
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
    expect(page.locator("#status")).to_have_text("The match is on")
    for _ in range(40):
        page.wait_for_selector("#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden])")
        if page.locator("#hand .tile.lit").count():
            break
        page.locator("#draw:not([hidden]), #pass:not([hidden])").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
    before = page.locator("#hand .tile").count()
    page.locator("#copy").focus()
    for _ in range(30):  # tab on to the first lit tile (dimmed tiles are disabled: the tab skips them)
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.classList.contains('lit')"):
            break
    page.keyboard.press("Enter")
    if page.locator("#targets:not([hidden]) button").count():
        page.keyboard.press("Enter")  # the first target has the focus
    expect(page.locator("#hand .tile")).to_have_count(before - 1)
    page.context.close()
