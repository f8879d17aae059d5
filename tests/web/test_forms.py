"""The table forms and the lobby over HTTP against a real server: every setting makes that table, a refused
form comes back whole with the reason next to the field (in each language), the host's form shows the table's
own settings, and the lobby lists public tables and seats a visitor in one post."""

from __future__ import annotations

import asyncio
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html import unescape
from http.cookiejar import CookieJar
from typing import Any

import pytest

from dominohall.engine.settings import CHOICE, FLAG, WHOLE
from dominohall.games import GAMES
from dominohall.games.standard.rules.options import DEFAULT_TARGETS
from dominohall.web import LANGUAGES, translations
from dominohall.web.forms import choices_of, fields_of, problems_of
from dominohall.web.pages import GAME_OF_SLUG

from ..server.harness import Client, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own: these tests make more tables a minute than one address may by default."""
    running = Server(tmp_path_factory.mktemp("forms") / "db.sqlite", options=["--tables-per-minute", "1000"]).start()
    yield running
    running.stop()


class Visitor:
    """A browser-like client with its own cookies that does not follow redirects (so a test sees them)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.cookies = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), NoRedirects())

    def request(self, path: str, form: dict[str, str] | None = None) -> tuple[int, dict[str, str], str]:
        """(status, headers, body) of a GET, or of a POST of ``form`` as an HTML form posts it."""
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        try:
            with self.opener.open(urllib.request.Request(self.server.url + path, data=data), timeout=10) as answer:
                return answer.status, dict(answer.headers), answer.read().decode()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read().decode()

    def table(self, table_id: str) -> dict[str, Any]:
        """The table's public summary from the API."""
        status, _, body = self.request(f"/api/tables/{table_id}")
        assert status == 200, body
        summary: dict[str, Any] = json.loads(body)
        return summary


class NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def play(server: Server, slug: str, form: dict[str, str], language: str = "en") -> tuple[int, str, Visitor]:
    """Post a game page's form: (status, the new table's id or the page's HTML, the visitor)."""
    visitor = Visitor(server)
    status, headers, body = visitor.request(f"/{language}/{slug}/play", form)
    if status == 303:
        found = re.fullmatch(r"/t/([\w-]+)(\?start=1)?", headers["location"])
        assert found, headers["location"]
        return status, found.group(1), visitor
    return status, body, visitor


def selected(html: str, name: str) -> str | None:
    """The value of the selected option of the select named ``name``."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select, f"no select named {name}"
    option = re.search(r'<option value="([^"]*)"[^>]* selected>', select.group(1))  # after its data-players
    return unescape(option.group(1)) if option else None


def checked(html: str, name: str) -> bool:
    box = re.search(rf'<input type="checkbox" name="{name}"([^>]*)>', html)
    assert box, f"no checkbox named {name}"
    return " checked" in box.group(1)


def problem_of(html: str, name: str) -> str | None:
    """The reason shown next to the field ``name``, if any."""
    label = re.search(rf'<label class="[^"]*" data-field="{name}">(.*?)</label>', html, re.S)
    assert label, f"no field {name}"
    reason = re.search(r'<span class="field-problem" id="problem-[\w]+">([^<]*)</span>', label.group(1))
    return unescape(reason.group(1)) if reason else None


def test_the_home_pages_big_play_buttons_make_the_tables_they_promise(server: Server) -> None:
    """Under each Play the home page says what it starts; pressed with nothing chosen, that is the table."""
    _, _, home = Visitor(server).request("/en/")
    assert "You against three medium bots, ten rounds." in home and 'href="/en/chicken-foot/tutorial"' in home
    assert "You against a medium bot, one hand of the draw game." in home
    _, table_id, visitor = play(server, "chicken-foot", {})
    table = visitor.table(table_id)
    assert [seat["bot"] for seat in table["seats"]] == [None, "medium", "medium", "medium"]
    assert table["options"]["length"] == "full" and table["options"]["set"] == 9  # a round a double: ten
    _, table_id, visitor = play(server, "standard", {})
    table = visitor.table(table_id)
    assert [seat["bot"] for seat in table["seats"]] == [None, "medium"]
    assert table["options"]["mode"] == "draw" and table["options"]["target"] is None  # one hand decides


def test_the_issues_example_makes_that_table(server: Server) -> None:
    status, table_id, visitor = play(server, "chicken-foot", {"limit": "200", "set": "15", "hand": "5"})
    assert status == 303
    options = visitor.table(table_id)["options"]
    assert (options["limit"], options["set"], options["hand"]) == (200, 15, 5)


def test_every_chicken_foot_setting_reaches_the_table(server: Server) -> None:
    form = {
        "players": "3",
        "set": "12",
        "hand": "20",
        "length": "half",
        "start_toes": "4",
        "blank_double": "25",
        "limit": "other",
        "limit_other": "175",
        "turn_seconds": "30",
        "public": "on",
        "seat1": "easy",
        "seat2": "person",
        "name": "Ann",
    }
    status, table_id, visitor = play(server, "chicken-foot", form)
    assert status == 303
    table = visitor.table(table_id)
    assert table["options"] == {
        "players": 3,
        "set": 12,
        "hand": 20,
        "length": "half",
        "start_toes": 4,
        "double_toes": 3,
        "blank_double": 25,
        "limit": 175,
    }
    assert table["settings"] == {"turn_seconds": 30, "public": True, "rated": True}
    assert [seat["free"] for seat in table["seats"]] == [False, False, True]
    assert table["seats"][0]["name"] == "Ann" and table["seats"][1]["bot"] == "easy"


def test_a_hand_larger_than_the_list_is_typed_as_another_number(server: Server) -> None:
    form = {"players": "2", "set": "15", "hand": "other", "hand_other": "60", "seat1": "easy", "name": "Ann"}
    status, table_id, visitor = play(server, "chicken-foot", form)
    assert status == 303
    assert visitor.table(table_id)["options"]["hand"] == 60  # 2 hands of 60 and the centre fit in 136 tiles


def test_a_form_left_as_it_is_follows_the_players(server: Server) -> None:
    status, table_id, visitor = play(server, "chicken-foot", {"players": "7"})
    assert status == 303
    table = visitor.table(table_id)
    assert (table["options"]["set"], table["options"]["hand"], table["options"]["limit"]) == (12, 10, None)
    assert table["settings"] == {"turn_seconds": None, "public": False, "rated": True}  # "auto" timer, not listed
    status, table_id, visitor = play(server, "chicken-foot", {"players": "4", "limit": "off", "turn_seconds": "off"})
    table = visitor.table(table_id)
    assert (table["options"]["set"], table["options"]["hand"], table["settings"]["turn_seconds"]) == (9, 11, 0)


def test_a_twelve_seat_form_makes_a_double_fifteen_table_with_a_bot_in_every_other_seat(server: Server) -> None:
    """The game page offers 2 to 12 players and a seat picker for each of the eleven others; its deal table
    goes on to double-fifteen."""
    _, _, page = Visitor(server).request("/en/chicken-foot")
    players = re.search(r'<select name="players"[^>]*>(.*?)</select>', page, re.S)
    assert players and re.findall(r'<option value="(\d+)"', players.group(1)) == [str(n) for n in range(2, 13)]
    assert all(f'name="seat{n}"' in page for n in range(1, 12)) and 'name="seat12"' not in page
    assert '<th scope="row">12</th><td>Double-fifteen</td><td>8</td><td>16</td>' in page
    form = {"players": "12", "seat11": "hard", "seat5": "person"} | {f"seat{n}": "easy" for n in (1, 2)}
    status, table_id, visitor = play(server, "chicken-foot", form)
    assert status == 303
    table = visitor.table(table_id)
    assert (table["options"]["players"], table["options"]["set"], table["options"]["hand"]) == (12, 15, 8)
    bots = [seat["bot"] for seat in table["seats"]]
    assert bots == [None, "easy", "easy", "medium", "medium", None, *["medium"] * 5, "hard"]
    assert len({seat["name"] for seat in table["seats"] if seat["bot"]}) == 10  # ten bots, ten names
    status, table_id, visitor = play(server, "chicken-foot", {"players": "9", "set": "12"})
    options = visitor.table(table_id)["options"]
    assert (options["set"], options["hand"]) == (12, 9)  # 9 x 11 does not fit in 91 tiles: 9 x 9 leaves one to draw


def test_every_standard_setting_reaches_the_table(server: Server) -> None:
    form = {
        "mode": "allfives",
        "players": "4",
        "set": "9",
        "partners": "on",
        "target": "other",
        "target_other": "75",
        "turn_seconds": "120",
        "seat1": "hard",
        "seat2": "hard",
        "seat3": "person",
    }
    status, table_id, visitor = play(server, "standard", form)
    assert status == 303
    table = visitor.table(table_id)
    assert table["options"] == {"players": 4, "set": 9, "hand": 5, "mode": "allfives", "partners": True, "target": 75}
    assert table["settings"] == {"turn_seconds": 120, "public": False, "rated": True}
    _, table_id, visitor = play(server, "standard", {"mode": "bergen", "target": "none"})
    assert visitor.table(table_id)["options"]["target"] is None
    _, table_id, visitor = play(server, "standard", {"mode": "bergen", "target": "by-mode"})
    assert visitor.table(table_id)["options"]["target"] == 15


@pytest.mark.parametrize("language", LANGUAGES)
def test_partners_below_four_players_come_back_whole_with_the_reason(server: Server, language: str) -> None:
    form = {
        "mode": "bergen",
        "players": "3",
        "set": "12",
        "partners": "on",
        "target": "100",
        "turn_seconds": "15",
        "public": "on",
        "seat1": "hard",
        "seat2": "person",
        "name": "Zoë <b>",
    }
    status, html, visitor = play(server, "standard", form, language)
    assert status == 400
    assert not [c for c in visitor.cookies if c.name.startswith("dh_") and c.name != "dh_lang"], "no seat cookie"
    for name in ("mode", "players", "set", "target", "turn_seconds", "seat1", "seat2"):
        assert selected(html, name) == form[name], name
    assert checked(html, "partners") and checked(html, "public")
    assert 'value="Zoë &lt;b&gt;"' in html
    reason = translations(language).gettext("Partners need four players: two teams sitting opposite each other.")
    assert problem_of(html, "partners") == reason
    assert problem_of(html, "players") is None
    assert f'<div class="error" role="alert"><p>{reason}</p></div>' in html  # the one fault, at the top too
    if language != "en":
        assert reason != "Partners need four players: two teams sitting opposite each other."


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hand_too_big_for_the_set_says_the_largest_that_fits(server: Server, language: str) -> None:
    form = {"players": "8", "set": "9", "hand": "12", "length": "one", "limit": "other", "limit_other": "120"}
    status, html, _ = play(server, "chicken-foot", form, language)
    assert status == 400
    assert (selected(html, "players"), selected(html, "set"), selected(html, "hand")) == ("8", "9", "12")
    assert (selected(html, "length"), selected(html, "limit")) == ("one", "other")
    assert 'name="limit_other" value="120"' in html
    most = (55 - 1) // 8  # a double-nine set has 55 tiles; the centre double stays out of the hands
    expected = translations(language).ngettext(
        "%(set)s: for this many players, at most %(num)d tile per hand.",
        "%(set)s: for this many players, at most %(num)d tiles per hand.",
        most,
    ) % {"set": translations(language).gettext("Double-nine"), "num": most}  # the set named as the form names it
    assert problem_of(html, "hand") == expected
    assert str(most) in expected


@pytest.mark.parametrize("typed", ["abc", "0", "", "1.5"])
def test_another_hand_that_is_no_number_is_asked_again_as_a_whole_number(server: Server, typed: str) -> None:
    form = {"players": "4", "hand": "other", "hand_other": typed, "length": "one"}
    status, html, _ = play(server, "chicken-foot", form, "pl")
    assert status == 400
    wanted = translations("pl").gettext("Tiles per hand: type a whole number from 1 to %(num)d.") % {"num": 13}
    assert problem_of(html, "hand") == wanted  # 55 tiles of double-nine, less the centre, for four hands


@pytest.mark.parametrize(
    ("slug", "form", "field", "reason"),
    [
        ("chicken-foot", {"limit": "other", "limit_other": "lots"}, "limit", "A score limit is a whole number"),
        ("chicken-foot", {"limit": "other", "limit_other": "0"}, "limit", "A score limit is a whole number"),
        ("chicken-foot", {"players": "13"}, "players", "Chicken Foot is played by 2 to 12 players."),
        ("chicken-foot", {"turn_seconds": "5"}, "turn_seconds", "A turn lasts 10 to 300 seconds"),
        ("chicken-foot", {"set": "6"}, "set", "Choose one of this game's sets: Double-nine, Double-twelve, Double-"),
        ("standard", {"target": "other", "target_other": ""}, "target", "A target score is a whole number"),
        ("standard", {"players": "4", "mode": "poker"}, "mode", "Choose the draw game"),
    ],
)
def test_each_field_says_what_is_wrong_with_it(
    server: Server, slug: str, form: dict[str, str], field: str, reason: str
) -> None:
    status, html, _ = play(server, slug, form)
    assert status == 400
    found = problem_of(html, field)
    assert found is not None and found.startswith(reason), found
    for name, value in form.items():
        if not name.endswith("_other"):
            assert selected(html, name) == value, name  # kept, even a value the list does not offer
    assert f'aria-describedby="problem-{field}" autofocus' in html


def test_a_name_too_long_for_nobody_and_bad_bots_are_refused_whole(server: Server) -> None:
    status, html, _ = play(server, "chicken-foot", {"players": "2", "seat1": "genius", "name": "Ann"})
    assert status == 400
    assert "Each seat takes a bot (easy, medium, hard or expert) or a person." in html
    assert 'value="Ann"' in html


def test_the_hosts_form_on_the_table_page_shows_the_tables_own_settings(server: Server) -> None:
    form = {"players": "4", "set": "15", "hand": "5", "limit": "175", "start_toes": "4", "turn_seconds": "30"}
    _, table_id, visitor = play(server, "chicken-foot", form | {"public": "on", "seat1": "person"})
    _, _, html = visitor.request(f"/t/{table_id}")
    settings = html[html.index('<form id="settings"') : html.index("</form>", html.index('<form id="settings"'))]
    assert selected(settings, "set") == "15" and selected(settings, "hand") == "5"
    assert selected(settings, "limit") == "other" and 'name="limit_other" value="175"' in settings
    assert (selected(settings, "start_toes"), selected(settings, "turn_seconds")) == ("4", "30")
    assert checked(settings, "public")
    _, table_id, visitor = play(server, "chicken-foot", {"players": "7", "seat1": "person"})
    _, _, html = visitor.request(f"/t/{table_id}")
    settings = html[html.index('<form id="settings"') :]
    assert (selected(settings, "set"), selected(settings, "hand"), selected(settings, "limit")) == (
        "auto",
        "auto",
        "off",
    )
    assert selected(settings, "turn_seconds") == "auto" and not checked(settings, "public")


def lobby_entry(html: str, table_id: str) -> str | None:
    """The lobby's entry of a table on a page, if it is listed."""
    entry = re.search(rf'<li class="lobby-table" data-table="{re.escape(table_id)}">(.*?)</li>', html, re.S)
    return entry.group(1) if entry else None


def test_the_lobby_lists_public_tables_and_seats_a_visitor_in_one_post(server: Server) -> None:
    form = {"players": "2", "seat1": "person", "public": "on", "limit": "150", "name": "Ann"}
    _, public_id, _ = play(server, "chicken-foot", form)
    _, private_id, _ = play(server, "chicken-foot", form | {"public": ""})
    guest = Visitor(server)
    status, _, home = guest.request("/en/")
    assert status == 200
    entry = lobby_entry(home, public_id)
    assert entry is not None and lobby_entry(home, private_id) is None
    assert "Chicken Foot" in entry and "2 players · Double-nine · Score limit: 150 points" in entry
    assert "1 of 2 seats taken · Ann" in entry
    assert f'formaction="/en/t/{public_id}/sit"' in entry
    _, _, russian = guest.request("/ru/lobby")
    russian_entry = lobby_entry(russian, public_id)
    assert russian_entry is not None and "Занято мест: 1 из 2 · Ann" in russian_entry
    assert "Предел: 150 очков" in russian_entry

    status, headers, _ = guest.request(f"/en/t/{public_id}/sit", {"name": "Bea"})
    assert (status, headers["location"]) == (303, f"/t/{public_id}")
    assert f"dh_{public_id}" in [cookie.name for cookie in guest.cookies]
    seats = guest.table(public_id)["seats"]
    assert [seat["name"] for seat in seats] == ["Ann", "Bea"]
    _, _, home = guest.request("/en/")
    assert lobby_entry(home, public_id) is None, "a full table waiting to start is no longer listed"

    late = Visitor(server)
    status, headers, _ = late.request(f"/pl/t/{public_id}/sit", {"name": "Cy Ó"})
    assert status == 303, "refused: back to the home page, so that a reload posts nothing again"
    assert headers["location"] == "/pl/?refused=seat-taken&name=Cy+%C3%93#lobby-title"
    status, _, html = late.request(headers["location"].split("#")[0])
    assert status == 200
    assert translations("pl").gettext("That table has no free seat any more.") in html
    assert 'value="Cy Ó"' in html
    assert [seat["name"] for seat in late.table(public_id)["seats"]] == ["Ann", "Bea"], "nothing changed"
    status, headers, _ = late.request("/en/t/NoSuchTable/sit", {"name": ""})
    assert (status, headers["location"]) == (303, "/en/?refused=no-table&name=#lobby-title")
    _, _, html = late.request("/en/?refused=no-table&name=")
    assert "There is no such table. Please check the link." in html
    _, _, html = late.request("/en/?refused=%3Cb%3E&name=%3Cscript%3E")
    assert 'role="alert"' not in html and "<script>" not in html, "an unknown code says nothing; a name is escaped"


def test_a_public_match_being_played_is_listed_to_watch(server: Server) -> None:
    _, table_id, host = play(server, "standard", {"public": "on", "mode": "block", "target": "100", "seat1": "medium"})
    _, _, home = Visitor(server).request("/en/")
    assert lobby_entry(home, table_id) is None, "every seat is taken and the match has not started"
    cookie = next(f"{c.name}={c.value}" for c in host.cookies if c.name == f"dh_{table_id}")
    asyncio.run(start(server, table_id, cookie))
    _, _, home = Visitor(server).request("/en/")
    entry = lobby_entry(home, table_id)  # the bot waits for Ann, who has no timer against a bot: still playing
    assert entry is not None
    assert "Watch the match" in entry and f'href="/t/{table_id}"' in entry and "formaction" not in entry
    assert "2 players · Block game · Double-six · To 100 points" in entry


async def start(server: Server, table_id: str, cookie: str) -> None:
    """The host starts the match over the table's WebSocket."""
    client = await Client.open(server, table_id, cookie)
    try:
        answer = await client.command({"t": "start"})
        assert answer["t"] != "error", answer
    finally:
        await client.close()


def test_a_form_sent_without_script_takes_only_the_seats_of_its_player_count(server: Server) -> None:
    # Without script the seats beyond the player count are only hidden by CSS, so the browser still sends them.
    form = {"players": "3", "seat1": "hard", "seat2": "easy"} | {f"seat{n}": "person" for n in range(3, 12)}
    status, table_id, visitor = play(server, "chicken-foot", form)
    assert status == 303
    seats = visitor.table(table_id)["seats"]
    assert [seat["bot"] for seat in seats] == [None, "hard", "easy"]  # the hidden "person" seats are not made
    assert not any(seat["free"] for seat in seats)


def test_the_usual_target_the_form_names_is_each_modes_own() -> None:
    target = next(field for field in fields_of("en", "standard", {}) if field.name == "target")
    label = target.note or ""
    for mode, usual in DEFAULT_TARGETS.items():
        if usual is None:
            assert re.search(r"one hand in the draw and block games", label), label
        else:
            assert re.search(rf"\b{usual}( points)? in {'All Fives' if mode == 'allfives' else 'Bergen'}\b", label), (
                label
            )


def test_the_mexican_train_home_play_makes_the_table_it_promises(server: Server) -> None:
    _, _, home = Visitor(server).request("/en/")
    assert "You against three medium bots, thirteen rounds." in home
    status, table_id, visitor = play(server, "mexican-train", {})
    assert status == 303
    table = visitor.table(table_id)
    assert table["game"] == "mexicantrain"
    assert [seat["bot"] for seat in table["seats"]] == [None, "medium", "medium", "medium"]
    options = {"players": 4, "set": 12, "hand": 15, "length": "full", "blank_double": 50, "limit": None}
    assert table["options"] == options


def test_every_mexican_train_setting_reaches_the_table(server: Server) -> None:
    form = {
        "players": "6",
        "set": "15",
        "hand": "other",
        "hand_other": "22",
        "length": "half",
        "blank_double": "0",
        "limit": "other",
        "limit_other": "250",
        "turn_seconds": "60",
        "public": "on",
        "seat1": "easy",
        "seat2": "expert",
        "seat3": "person",
        "seat4": "hard",
        "seat5": "medium",
        "name": "Ann",
    }
    status, table_id, visitor = play(server, "mexican-train", form)
    assert status == 303
    table = visitor.table(table_id)
    assert table["options"] == {"players": 6, "set": 15, "hand": 22, "length": "half", "blank_double": 0, "limit": 250}
    assert table["settings"] == {"turn_seconds": 60, "public": True, "rated": True}
    assert [seat["bot"] for seat in table["seats"]] == [None, "easy", "expert", None, "hard", "medium"]
    assert table["seats"][0]["name"] == "Ann" and table["seats"][3]["free"]
    status, table_id, visitor = play(server, "mexican-train", {"players": "8", "set": "9", "blank_double": "25"})
    options = visitor.table(table_id)["options"]
    assert (options["set"], options["hand"], options["blank_double"]) == (9, 6, 25)  # 8 x 6 and the engine in 55


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_mexican_train_hand_too_big_for_eight_on_double_nine_is_refused_with_the_largest(
    server: Server, language: str
) -> None:
    form = {"players": "8", "set": "9", "hand": "7", "length": "one", "seat7": "hard"}
    status, html, visitor = play(server, "mexican-train", form, language)
    assert status == 400
    assert not [c for c in visitor.cookies if c.name.startswith("dh_") and c.name != "dh_lang"], "no table made"
    assert (selected(html, "players"), selected(html, "set"), selected(html, "hand")) == ("8", "9", "7")
    assert (selected(html, "length"), selected(html, "seat7")) == ("one", "hard")
    words = translations(language)
    most = (55 - 1) // 8  # double-nine's 55 tiles, less the engine, in eight hands
    expected = words.ngettext(
        "%(set)s: for this many players, at most %(num)d tile per hand.",
        "%(set)s: for this many players, at most %(num)d tiles per hand.",
        most,
    ) % {"set": words.gettext("Double-nine"), "num": most}
    assert problem_of(html, "hand") == expected


@pytest.mark.parametrize(
    ("form", "field", "reason"),
    [
        ({"players": "9"}, "players", "Mexican Train is played by 2 to 8 players."),
        ({"set": "6"}, "set", "Choose one of this game's sets: Double-nine, Double-twelve, Double-fifteen."),
        ({"hand": "12"}, "hand", "Double-twelve: for this many players, every hand holds 15 tiles"),
        ({"blank_double": "10"}, "blank_double", "A 0-0 left in hand counts: choose one of 50 points, 25 points"),
        ({"limit": "other", "limit_other": "0"}, "limit", "A score limit is a whole number"),
        ({"length": "forever"}, "length", "Choose a full match, half a match or a single round."),
    ],
)
def test_each_mexican_train_field_says_what_is_wrong_with_it(
    server: Server, form: dict[str, str], field: str, reason: str
) -> None:
    status, html, _ = play(server, "mexican-train", form)
    assert status == 400
    found = problem_of(html, field)
    assert found is not None and found.startswith(reason), found
    assert f'aria-describedby="problem-{field}" autofocus' in html


def test_a_mexican_train_refusal_is_said_in_czech() -> None:
    problems = problems_of("cs", "mexicantrain", choices_of("mexicantrain", {"players": "9"}))
    assert [problem["field"] for problem in problems] == ["players"]
    assert problems[0]["text"] == "Hru Mexický vláček hraje 2 až 8 hráčů."


def test_the_lobby_lists_a_public_mexican_train_table_with_its_rules(server: Server) -> None:
    form = {"players": "3", "seat1": "person", "seat2": "easy", "public": "on", "set": "15", "blank_double": "25"}
    _, table_id, _ = play(server, "mexican-train", form | {"name": "Ann"})
    _, _, home = Visitor(server).request("/en/")
    entry = lobby_entry(home, table_id)
    assert entry is not None
    assert ">Mexican Train</a>" in entry
    assert "3 players · Double-fifteen · Full match · 0-0 counts 25 points" in entry
    assert "2 of 3 seats taken · Ann" in entry
    _, _, polish = Visitor(server).request("/pl/lobby")
    polish_entry = lobby_entry(polish, table_id)
    assert polish_entry is not None and ">Meksykański pociąg</a>" in polish_entry
    assert "3 graczy · Do podwójnej piętnastki · Pełny mecz · 0-0 liczy się za 25 punktów" in polish_entry


SLUG_OF_GAME = {game: slug for slug, game in GAME_OF_SLUG.items()}
FOLLOWING = {"auto", "off", "none", "other"}
"""The choices of a select that name no value of the setting: its default, none, a typed number."""


def options_of(html: str, name: str) -> list[str]:
    """The values of the options of the select named ``name``, in order."""
    select = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', html, re.S)
    assert select, f"no select named {name}"
    return [unescape(value) for value in re.findall(r'<option value="([^"]*)"', select.group(1))]


@pytest.mark.parametrize("game", list(GAMES))
def test_every_games_form_offers_its_schemas_settings_with_their_ranges_and_defaults(server: Server, game: str) -> None:
    """The game page's form has a field per setting of the game's schema, in its order, each offering the
    schema's choices or numbers in its range, set to the game's default; sent as it is, it makes the game's
    default table."""
    rules = GAMES[game]
    visitor = Visitor(server)
    status, _, page = visitor.request(f"/en/{SLUG_OF_GAME[game]}")
    assert status == 200
    form = page[page.index('<form class="settings game-form"') : page.index("</form>")]
    table = rules.from_settings({})
    defaults, chosen = table.to_dict(), rules.chosen_settings(table)
    assert re.findall(r'data-field="(\w+)"', form) == [s.name for s in rules.settings] + [
        "turn_seconds",
        "public",
        "casual",
    ]
    sent: dict[str, str] = {}
    for setting in rules.settings:
        name = setting.name
        if setting.kind == FLAG:
            assert checked(form, name) is bool(defaults[name]), name
            continue
        values = options_of(form, name)
        named = [value for value in values if value not in FOLLOWING | {setting.auto}]
        if setting.kind == CHOICE:
            assert named == [str(choice) for choice in setting.choices], name
        else:
            assert setting.kind == WHOLE
            numbers = [int(value) for value in named]
            assert numbers == sorted(numbers) and all(setting.low <= n <= setting.high for n in numbers), name
            if name == "players":
                assert numbers == list(range(setting.low, setting.high + 1))
            else:  # any other number of the range is typed
                assert "other" in values and f'name="{name}_other"' in form, name
        assert ("none" in values) is setting.nullable, name
        shown = selected(form, name)
        assert shown is not None, name
        if name in chosen:
            value = chosen[name]
            assert shown == ("none" if setting.nullable else "off") if value is None else str(value), name
        else:  # a default that follows other settings (or is the same for every player count)
            assert shown in {"auto", setting.auto, str(defaults[name])}, name
        sent[name] = shown
    status, table_id, visitor = play(server, SLUG_OF_GAME[game], sent)
    assert status == 303
    assert visitor.table(table_id)["options"] == defaults


def test_a_choice_only_some_player_counts_allow_names_them_as_the_games_checks_say() -> None:
    """The hands and flags the form greys out by the number of players come from the games' own checks: 25
    tiles a hand fit five players at most (double-fifteen, 136 tiles, the centre double out), Partners four."""
    chicken = {field.name: field for field in fields_of("en", "chickenfoot", choices_of("chickenfoot", {}))}
    assert chicken["hand"].fits["25"] == "2 3 4 5" and "11" not in chicken["hand"].fits  # 11 deals to twelve
    assert chicken["hand"].unfit == "Greyed out: not possible with this many players."
    assert {name for name, field in chicken.items() if field.fits} == {"hand"}
    standard = {field.name: field for field in fields_of("en", "standard", choices_of("standard", {}))}
    assert standard["partners"].fits == {"on": "4"} and not standard["set"].fits
