"""Fair deals on the table page, in a real browser against a real server: the page gives its contribution when
it sits down, shows the short commitment during the round, and "Check this deal" recomputes the deal with
fair.js (Web Crypto) after it, telling a tampered record apart."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Route, WebSocketRoute, expect

from ..server.harness import Server, http
from .conftest import CHROMIUM
from .test_life import hosted, play_until

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian's chromium is not installed (make test installs it)"
)


def summary(server: Server, table_id: str) -> dict[str, Any]:
    status, body, _ = http("GET", f"{server.url}/api/tables/{table_id}")
    assert status == 200
    return dict(body)


def test_the_page_contributes_shows_the_commitment_and_checks_the_deal(server: Server, browser: Browser) -> None:
    table_id, page = hosted(browser, server, {"players": 2, "mode": "block"}, [None, "easy"], "standard")
    page.goto(f"{server.url}/t/{table_id}")
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()
    page.wait_for_function(f"() => sessionStorage.getItem('dh_fair_{table_id}')?.includes('given')")
    before = summary(server, table_id)["fair"]
    given = json.loads(page.evaluate(f"() => sessionStorage.getItem('dh_fair_{table_id}')"))["given"]["1:1"]
    assert re.fullmatch(r"[0-9a-f]{64}", given) and before["contributions"] == [given, None]
    assert before["dealt"] is False and before["match"] == 1 and before["round"] == 1

    expect(page.locator("#fair")).to_have_text(f"Deal commitment: {before['commitment'][:16]}")  # before the deal
    page.get_by_role("button", name="Start the match").click()
    expect(page.locator("#hand .tile").first).to_be_visible()  # dealt
    dealt = summary(server, table_id)  # the server's side first: a mismatch below is then the page's
    assert dealt["fair"] and dealt["fair"]["commitment"] == before["commitment"], (dealt["phase"], dealt["fair"])
    expect(page.locator("#fair")).to_have_text(f"Deal commitment: {before['commitment'][:16]}")
    expect(page.locator("#turn-boneyard")).to_be_hidden()  # nobody draws in the block game
    assert page.locator("#fair").get_attribute("title") == before["commitment"]
    assert page.locator("#fair a").get_attribute("href") == "/fairness"  # what the commitment is, a press away
    play_until([page], lambda: page.locator("#summary:not([hidden])").count() > 0)

    after = summary(server, table_id)["fair"]  # the next deal's, open for contributions until it is made
    assert after["dealt"] is False and after["commitment"] != before["commitment"]
    expect(page.locator("#fair")).to_have_text(f"Deal commitment: {after['commitment'][:16]}")
    page.get_by_role("button", name="Check this deal").click()
    result = page.locator("#fair-result")
    expect(result).to_have_attribute("data-verdict", "fair")
    expect(result).to_contain_text("This deal is fair")
    expect(result).to_contain_text("Mixed in by the pages of: Ann.")  # whose: the bot gives nothing
    expect(result).to_contain_text("The commitment is the one this page was given before the deal.")
    expect(result).to_contain_text("Your page's contribution was used.")

    def tamper(route: Route) -> None:  # the record as a dishonest server would give it: two tiles swapped
        record = route.fetch().json()
        hands = record["rounds"][0]["hands"]
        hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
        route.fulfill(json=record)

    page.route(re.compile(r".*/record\?match=1$"), tamper)
    page.get_by_role("button", name="Check this deal").click()
    expect(result).to_have_attribute("data-verdict", "not fair")
    expect(result).to_have_text(
        re.compile(r"^This deal does not match its proof: the hand of Ann differs; the hand of .+ differs\.$")
    )

    page.unroute(re.compile(r".*/record\?match=1$"))
    for change, said in (
        (lambda proof: None, "the table committed to this deal before it was made but gave no proof"),  # withheld
        (lambda proof: proof | {"table": "elsewhere"}, "the proof is for another table or match"),
    ):
        page.route(re.compile(r".*/record\?match=1$"), proof_changed(change))
        page.get_by_role("button", name="Check this deal").click()
        expect(result).to_have_attribute("data-verdict", "not fair")
        expect(result).to_contain_text(said)
        page.unroute(re.compile(r".*/record\?match=1$"))

    key = f"dh_fair_{table_id}"
    remembered = page.evaluate("(key) => sessionStorage.getItem(key)", key)
    page.evaluate(
        "(key) => sessionStorage.setItem(key, JSON.stringify({given: {}, shown: {}, hands: {}, late: {}}))", key
    )
    page.reload()  # a page that remembers nothing (another tab, device): its seat's value came from elsewhere
    page.get_by_role("button", name="Check this deal").click()
    expect(result).to_have_attribute("data-verdict", "fair")
    expect(result).to_contain_text("The value in your seat's place did not come from this page")
    expect(result).to_contain_text("the check shows only that the record agrees with itself")
    expect(result).not_to_contain_text("Your page's contribution was used.")

    page.evaluate("([key, seen]) => sessionStorage.setItem(key, seen)", [key, remembered])
    page.reload()  # the page remembers the hand it was dealt: say it was another
    page.evaluate(
        f"""() => {{
        const seen = JSON.parse(sessionStorage.getItem('dh_fair_{table_id}'));
        const hand = seen.hands['1:1'];
        const other = ['6-6', '6-5', '6-4', '6-3', '6-2', '6-1', '6-0', '5-5'].find((tile) => !hand.includes(tile));
        seen.hands['1:1'] = [...hand.slice(1), other];
        sessionStorage.setItem('dh_fair_{table_id}', JSON.stringify(seen));
    }}"""
    )
    page.reload()
    page.get_by_role("button", name="Check this deal").click()
    expect(result).to_have_text("This deal does not match its proof: your hand is not the one you were dealt.")

    link = page.get_by_role("link", name="How fair deals work")
    assert link.get_attribute("href") == "/fairness"
    reference = page.context.new_page()
    reference.goto(f"{server.url}/fairness")
    expect(reference.locator("h1")).to_have_text("Fair deals")
    expect(reference.locator("article.doc h3", has_text="Test vector")).to_have_count(1)  # under the page's h2
    expect(reference.locator("ol li strong", has_text="A sealed secret.")).to_have_count(1)
    width = reference.evaluate("document.documentElement.scrollWidth")
    assert width <= reference.evaluate("window.innerWidth"), "the reference widens the page"
    page.context.close()


def proof_changed(change: Any) -> Any:
    """A route handler serving the match's record with its first round's proof changed by ``change`` (removed
    when it gives None): what a dishonest server could send."""

    def handle(route: Route) -> None:
        record = route.fetch().json()
        first = record["rounds"][0]
        first["fair"] = change(first["fair"])
        route.fulfill(json=record | {"rounds": [{k: v for k, v in first.items() if v is not None}]})

    return handle


def test_a_spectator_gives_nothing_and_can_check_the_deal_too(server: Server, browser: Browser) -> None:
    table_id, host = hosted(browser, server, {"players": 2, "mode": "block"}, [None, "easy"], "standard")
    host.goto(f"{server.url}/t/{table_id}")
    host.wait_for_function(f"() => sessionStorage.getItem('dh_fair_{table_id}')?.includes('given')")
    watcher = host.context.browser.new_context().new_page()  # type: ignore[union-attr]
    watcher.goto(f"{server.url}/t/{table_id}?lang=ru")
    expect(watcher.locator("#phase")).not_to_have_text("")
    host.get_by_role("button", name="Start the match").click()
    expect(watcher.locator("#fair")).to_contain_text("Обязательство раздачи: ")
    play_until([host], lambda: watcher.locator("#summary:not([hidden])").count() > 0)
    assert summary(server, table_id)["phase"] == "over"
    watcher.get_by_role("button", name="Проверить эту раздачу").click()
    expect(watcher.locator("#fair-result")).to_have_attribute("data-verdict", "fair")
    expect(watcher.locator("#fair-result")).to_contain_text("Раздача честная")
    expect(watcher.locator("#fair-result")).not_to_contain_text("Вклад вашей страницы")
    status, record, _ = http("GET", f"{server.url}/api/tables/{table_id}/record")
    assert status == 200 and record["rounds"][0]["fair"]["contributions"][1] is None  # the bot gave nothing
    host.context.close()
    watcher.context.close()


def test_a_contribution_refused_is_no_problem_shown_and_the_check_says_it_came_late(
    server: Server, browser: Browser
) -> None:
    table_id, page = hosted(browser, server, {"players": 2, "mode": "block"}, [None, "easy"], "standard")

    def route(socket: WebSocketRoute) -> None:  # the server (here, the route) refuses the page's contribution
        upstream = socket.connect_to_server()

        def outgoing(text: str | bytes) -> None:
            message = json.loads(text)
            if message.get("t") != "contribute":
                upstream.send(text)
                return
            refusal = {"t": "error", "id": message["id"], "code": "no-deal-waiting", "message": "dealt already"}
            socket.send(json.dumps(refusal))

        socket.on_message(outgoing)

    page.route_web_socket(re.compile(r".*/ws$"), route)
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_function(f"() => sessionStorage.getItem('dh_fair_{table_id}')?.includes('late')")
    expect(page.locator("#problem")).to_be_hidden()
    page.get_by_role("button", name="Start the match").click()
    play_until([page], lambda: page.locator("#summary:not([hidden])").count() > 0)
    assert summary(server, table_id)["phase"] == "over"
    page.get_by_role("button", name="Check this deal").click()
    result = page.locator("#fair-result")
    expect(result).to_have_attribute("data-verdict", "fair")
    expect(result).to_contain_text("No player's page mixed anything in, so the server could have picked this deal.")
    expect(result).to_contain_text("Your page's contribution came after the deal was made, so it was not used.")
    expect(result).not_to_contain_text("Your page's contribution was used.")
    page.context.close()


def test_a_contribution_listed_before_the_deal_and_dealt_without_is_caught(server: Server, browser: Browser) -> None:
    """A server that lists another seat's contribution before the deal (here the route puts a value in the
    bot's place of the table's list) and then deals without it could have picked among the deals; the page's
    check says so, naming the seat (docs/fairness.md)."""
    table_id, page = hosted(browser, server, {"players": 2, "mode": "block"}, [None, "easy"], "standard")
    planted = "ab" * 32

    def route(socket: WebSocketRoute) -> None:
        upstream = socket.connect_to_server()

        def incoming(text: str | bytes) -> None:
            frame = json.loads(text)
            if frame.get("t") == "contributed":
                frame["table"]["fair"]["contributions"][1] = planted
            socket.send(json.dumps(frame))

        upstream.on_message(incoming)

    page.route_web_socket(re.compile(r".*/ws$"), route)
    page.goto(f"{server.url}/t/{table_id}")
    page.wait_for_function(f"() => sessionStorage.getItem('dh_fair_{table_id}')?.includes('{planted}')")
    page.get_by_role("button", name="Start the match").click()
    play_until([page], lambda: page.locator("#summary:not([hidden])").count() > 0)
    assert summary(server, table_id)["fair"]["contributions"][1] is None
    page.get_by_role("button", name="Check this deal").click()
    result = page.locator("#fair-result")
    expect(result).to_have_attribute("data-verdict", "not fair")
    bot = summary(server, table_id)["seats"][1]["name"]
    expect(result).to_have_text(
        f"This deal does not match its proof: the contribution of {bot} (easy bot), listed before the deal, is not"
        " the one it was made with."
    )
    page.context.close()
