"""Quick phrases and reactions in a real browser against a real server: a watcher's page in English sends a
reaction and a phrase that a seated player's page shows in Russian, the server's limit said in the sender's
words, and the seated player's Mute hiding every watcher's phrases on their page."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from ..server.harness import Server, create_table
from .conftest import CHROMIUM, DESKTOP

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def page_at(browser: Browser, server: Server, table_id: str, language: str, cookie: str | None = None) -> Page:
    """A page of the table in ``language`` (with a seat's cookie, or a watcher's without one)."""
    context = browser.new_context(viewport=DESKTOP, locale=language)
    if cookie:
        name, value = cookie.split("=", 1)
        context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(f"{server.url}/t/{table_id}")
    return page


def test_a_watchers_reaction_and_phrase_reach_a_seated_player_in_their_own_language(
    server: Server, browser: Browser
) -> None:
    table_id, cookie = create_table(server, [None, "medium", "medium"], {"players": 3})
    ann = page_at(browser, server, f"{table_id}?lang=ru&start=1", "ru-RU", cookie)
    expect(ann.locator("#hand .tile").first).to_be_visible()
    watcher = page_at(browser, server, table_id, "en-GB")
    expect(watcher.locator("#phase")).to_have_text("You are watching this table")
    assert not watcher.evaluate("[...document.scripts].some((s) => s.src.includes('phrases.js'))")
    loaded = watcher.evaluate("performance.getEntriesByType('resource').some((r) => r.name.endsWith('/phrases.js'))")
    assert not loaded  # the picker's code comes only when it is opened
    watcher.get_by_role("button", name="Quick phrases").click()
    expect(watcher.locator("#phrases button")).to_have_count(17)
    watcher.get_by_role("button", name="applause").click()
    watcher.get_by_role("button", name="Good game!").click()

    lines = ann.locator("#chat-log li")
    expect(lines).to_have_count(2)
    expect(lines.nth(0)).to_contain_text("Зритель")
    expect(lines.nth(0).locator(".said")).to_have_text("👏 аплодисменты")
    expect(lines.nth(1)).to_contain_text("Зритель: Хорошая игра!")
    expect(watcher.locator("#chat-log li").nth(1)).to_contain_text("A watcher: Good game!")

    for _ in range(3):  # past the server's burst of 3: told in the sender's words
        watcher.get_by_role("button", name="Thanks!").click()
    expect(watcher.locator("#problem")).to_have_text("One quick phrase every 2 seconds: wait a moment.")
    expect(lines).to_have_count(3)

    lines.nth(0).get_by_role("button", name=re.compile("Скрыть")).click()  # Ann hides the watchers' lines
    expect(lines).to_have_count(0)
    expect(ann.get_by_role("button", name="Снова показывать сообщения зрителей")).to_be_visible()
    assert ann.locator("#chat-log [data-phrase] button", has_text="Пожаловаться").count() == 0
    for page in (ann, watcher):
        page.context.close()
