"""The console and the chat's tools in a browser: Report and Mute on another person's chat line, the host's
mute, a hidden line vanishing live and after a reload, and the operator closing a table from /admin."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from ..server.harness import ADMIN_TOKEN, Server, create_table, sit
from ..server.test_console import api
from .conftest import DESKTOP, new_page


def seated_page(browser: Browser, server: Server, table_id: str, cookie: str) -> Page:
    """A page of the table in a browser holding the seat's cookie, its chat in sight."""
    page = new_page(browser, DESKTOP)
    name, value = cookie.split("=", 1)
    page.context.add_cookies([{"name": name, "value": value, "url": server.url}])
    page.goto(f"{server.url}/t/{table_id}")
    chat_tab = page.locator(".side-tabs [data-tab=chat]")
    if chat_tab.is_visible():
        chat_tab.click()
    return page


def say(page: Page, text: str) -> None:
    """Say ``text`` in the chat: Enter again until it went (the words stay in the box while the page's
    connection is not open yet)."""
    box = page.locator("#chat-text")
    box.fill(text)
    for _ in range(50):
        box.press("Enter")
        if box.input_value() == "":
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"{text!r} was never sent: the page never connected")


def test_report_and_mute_a_person_the_host_mutes_and_a_hidden_line_vanishes(console: Server, browser: Browser) -> None:
    table_id, ann_cookie = create_table(console, [None, None, "easy"], {"players": 3})
    bo_cookie = sit(console, table_id, 1, "Bo")
    ann, bo = seated_page(browser, console, table_id, ann_cookie), seated_page(browser, console, table_id, bo_cookie)
    say(bo, "you are rubbish")
    say(ann, "welcome all")
    rude = ann.locator("#chat-log li", has_text="you are rubbish")
    rude.get_by_role("button", name="Report: Bo").click()  # the tools come in their own module, once needed
    expect(rude.get_by_role("button", name="Report: Bo")).to_have_text("Reported")
    expect(rude.get_by_role("button", name="Report: Bo")).to_be_disabled()
    reports = api(console, "GET", "/admin/api/reports")[1]["reports"]
    assert [(r["table"], r["text"], r["by"]) for r in reports] == [(table_id, "you are rubbish", 0)]
    assert not bo.locator("#chat-log li", has_text="welcome all").get_by_role("button", name="Report: Bo").count()

    rude.get_by_role("button", name="Mute: Bo").click()  # for Ann alone
    expect(ann.locator("#chat-log li", has_text="you are rubbish")).to_have_count(0)
    expect(bo.locator("#chat-log li", has_text="you are rubbish")).to_have_count(1)
    ann.reload()
    expect(ann.locator("#chat-log li", has_text="welcome all")).to_have_count(1)
    expect(ann.locator("#chat-log li", has_text="you are rubbish")).to_have_count(0)  # remembered
    ann.get_by_role("button", name="Show Bo's messages again").click()
    expect(ann.locator("#chat-log li", has_text="you are rubbish")).to_have_count(1)

    ann.locator('#seats li[data-seat="1"]').get_by_role("button", name="Mute at this table").click()
    expect(ann.locator('#seats li[data-seat="1"]').get_by_role("button", name="Let them chat")).to_be_visible()
    say(bo, "am I heard?")
    expect(bo.locator("#problem")).to_have_text("The host has muted you at this table: you cannot chat here.")
    expect(ann.locator("#chat-log li", has_text="am I heard?")).to_have_count(0)

    welcome = int(ann.locator("#chat-log li", has_text="welcome all").get_attribute("data-seq") or 0)
    assert api(console, "POST", "/admin/api/hide", {"table": table_id, "line": welcome})[0] == 200
    expect(bo.locator("#chat-log li", has_text="welcome all")).to_have_count(0)  # live
    bo.reload()
    expect(bo.locator("#chat-log li", has_text="you are rubbish")).to_have_count(1)
    expect(bo.locator("#chat-log li", has_text="welcome all")).to_have_count(0)  # and after a reload
    ann.context.close()
    bo.context.close()


def test_the_operator_closes_a_table_from_the_console_page(console: Server, browser: Browser) -> None:
    table_id, ann_cookie = create_table(console, [None, "easy"], {"players": 2})
    ann = seated_page(browser, console, table_id, ann_cookie)
    ann.get_by_role("button", name="Start the match").click()
    expect(ann.locator("#hand .tile").first).to_be_visible()
    operator = new_page(browser, DESKTOP)
    operator.goto(f"{console.url}/admin")
    operator.get_by_label("Operator token").fill("not the token")
    operator.get_by_role("button", name="Open").click()
    expect(operator.get_by_role("alert")).to_contain_text("403")
    operator.get_by_label("Operator token").fill(ADMIN_TOKEN)
    operator.get_by_role("button", name="Open").click()
    row = operator.locator("#admin-tables tr", has_text=table_id)
    expect(row).to_contain_text("playing")
    row.get_by_role("button", name="Close").click()
    expect(operator.locator("#admin-tables tr", has_text=table_id)).to_have_count(0)
    expect(ann.locator("#phase")).to_have_text("The site's operator closed this table.")
    expect(ann.locator("#notice")).to_have_text("The site's operator closed this table.")
    expect(ann.locator("#hand .tile.lit")).to_have_count(0)
    ann.reload()
    expect(ann.locator("#phase")).to_have_text("The site's operator closed this table.")
    expect(ann.locator("#turn-text")).to_have_text("The site's operator closed this table.")  # in sight
    ann.screenshot(path="/tmp/closed-table.png")
    operator.screenshot(path="/tmp/console.png", full_page=True)
    ann.context.close()
    operator.context.close()
