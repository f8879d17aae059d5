"""The site's pages over HTTP: every catalog complete, plural forms right, no English in other languages."""

from __future__ import annotations

import html as html_text
import json
import re
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path
from typing import Any

import pytest
import segno
from playwright.sync_api import Browser, expect

from dominohall.engine.errors import RULES
from dominohall.games import GAMES
from dominohall.server.errors import HTTP_CODES
from dominohall.server.protocol import PROTOCOL_VERSION
from dominohall.tables.errors import CODES
from dominohall.web import LANGUAGES, catalog, chosen_language, pages, render, translations
from dominohall.web.catalogs import messages
from dominohall.web.pages import DRAWN_GAMES, lobby_order
from dominohall.web.words import table_strings

from ..server.harness import Server, create_table
from .conftest import DESKTOP, new_page

PAGES = (
    "/{lang}/",
    "/{lang}/chicken-foot",
    "/{lang}/mexican-train",
    "/{lang}/standard",
    "/{lang}/bots",
    "/{lang}/me",
    "/{lang}/me/forget",
    "/{lang}/leaderboard",
)


def fetch(url: str, data: bytes | None = None, language: str | None = None) -> tuple[str, str]:
    """GET (or POST ``data``) a page, following redirects: (the final URL, its HTML)."""
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    headers = {"accept-language": language} if language else {}
    with opener.open(urllib.request.Request(url, data=data, headers=headers), timeout=10) as response:
        return str(response.url), response.read().decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalog_has_every_message_translated(language: str) -> None:
    wanted = messages()
    found = catalog(language)
    keys = {message.id[0] if isinstance(message.id, tuple) else message.id for message in found if message.id}
    assert set(wanted) == keys, f"{language}: missing {set(wanted) - keys}, unused {keys - set(wanted)}"
    for message in found:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{language}: {message.id!r} has no translation"
        assert len(strings) == (found.num_plurals if isinstance(message.id, tuple) else 1)
        assert not message.fuzzy, f"{language}: {message.id!r} is fuzzy"


@pytest.mark.parametrize(
    ("language", "counts"),
    [
        ("en", {1: "1 player", 2: "2 players", 5: "5 players"}),
        ("ru", {1: "1 игрок", 2: "2 игрока", 5: "5 игроков", 21: "21 игрок", 22: "22 игрока", 11: "11 игроков"}),
        ("pl", {1: "1 gracz", 5: "5 graczy", 22: "22 graczy"}),
        ("cs", {1: "1 hráč", 3: "3 hráči", 5: "5 hráčů"}),
    ],
)
def test_plural_forms_follow_each_language(language: str, counts: dict[int, str]) -> None:
    forms = translations(language)
    for count, expected in counts.items():
        assert forms.ngettext("%(num)d player", "%(num)d players", count) % {"num": count} == expected
    toes = translations(language).ngettext("%(num)d toe", "%(num)d toes", 4) % {"num": 4}
    assert toes == {"en": "4 toes", "ru": "4 пальца", "pl": "4 palce", "cs": "4 prsty"}[language]


def test_the_language_comes_from_the_url_then_the_cookie_then_accept_language() -> None:
    assert chosen_language("ru", "pl", "cs") == "ru"
    assert chosen_language(None, "pl", "cs") == "pl"
    assert chosen_language(None, None, "de-DE,de;q=0.9,cs;q=0.8,en;q=0.5") == "cs"
    assert chosen_language(None, "xx", "de") == "en"


class EnglishPattern:
    """An English message as a pattern (its placeholders match any words), searched only in a text that
    holds its longest literal piece: the plain substring test spares most of the regular expressions."""

    def __init__(self, english: str) -> None:
        text = re.escape(english).replace(re.escape("%(num)d"), r"\d+")
        text = re.sub(re.escape(re.escape("%(")) + r"\w+" + re.escape(re.escape(")")) + "[sd]", ".+?", text)
        self.pattern = re.compile(r"(?<!\w)" + text + r"(?!\w)")
        self.piece = max(re.split(r"%\(\w+\)[sd]", english), key=len)

    def search(self, text: str) -> bool:
        """True when the message shows in ``text``."""
        return self.piece in text and self.pattern.search(text) is not None


def english_patterns(language: str) -> list[tuple[str, EnglishPattern]]:
    """A pattern per English message whose translation in ``language`` differs from it."""
    patterns = []
    own = translations(language)
    for msgid, plural in messages().items():
        if plural is None and own.gettext(msgid) == msgid:
            continue  # the same word in both languages (Bergen)
        for english in (msgid, plural) if plural else (msgid,):
            patterns.append((english, EnglishPattern(english)))
    return patterns


def visible_text(html: str) -> str:
    """The words a person sees or hears: text, labels, placeholders, and the table script's words."""
    words = re.findall(r'(?:aria-label|placeholder|title|value)="([^"]*)"', html)
    block = re.search(r'<script type="application/json" id="strings">(.*?)</script>', html, re.S)
    if block:
        strings = json.loads(block.group(1))
        said = strings["words"].values()  # a value may be a group of words (the record's problems)
        words += [
            *(text for value in said for text in (value.values() if isinstance(value, dict) else [value])),
            *(text for forms in strings["plurals"].values() for text in forms.values()),
        ]
    text = re.sub(r"<script.*?</script>|<[^>]+>", " ", html, flags=re.S)
    return " ".join([text, *words])


def test_no_english_leaks_into_the_other_languages(server: Server) -> None:
    _, table = fetch(f"{server.url}/en/chicken-foot/play", data=b"name=Ann")
    link = re.search(r'id="share-link" readonly value="([^"]+)"', table)
    assert link, "pressing Play lands on a table page"
    for language in LANGUAGES[1:]:
        patterns = english_patterns(language)
        pages = [page.format(lang=language) for page in PAGES] + [link.group(1) + f"?lang={language}"]
        for page in pages:
            _, html = fetch(page if page.startswith("http") else server.url + page)
            assert f'<html lang="{language}">' in html
            text = visible_text(html)
            leaks = [english for english, pattern in patterns if pattern.search(text)]
            assert not leaks, f"{page}: English in the {language} page: {leaks}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_fair_deals_page_explains_in_the_visitors_language_above_the_english_reference(
    server: Server, language: str
) -> None:
    _, html = fetch(f"{server.url}/fairness", language=language)
    own, reference = html.split('<article class="doc" lang="en">')
    words = translations(language)
    for heading in ("How it works", "What it does not promise", "Check it with your own tools", "The exact scheme"):
        assert f">{html_text.escape(words.gettext(heading), quote=False)}</h2>" in own
    if language != "en":
        leaks = [english for english, pattern in english_patterns(language) if pattern.search(visible_text(own))]
        assert not leaks, f"English in the {language} fair deals page: {leaks}"
    assert "<h3>Test vector</h3>" in reference and "<h2>" not in reference  # under the page's own heading
    assert "In short" in (Path(__file__).parents[2] / "docs/fairness.md").read_text("utf-8")
    assert "In short" not in reference  # the page's own words say it, in every language


def test_the_home_page_follows_accept_language_and_the_footer_names_version_and_commit(server: Server) -> None:
    url, html = fetch(server.url + "/", language="cs-CZ,cs;q=0.9")
    assert url.endswith("/cs/")
    assert "Kuří noha" in html
    assert re.search(r"v\d+\.\d+\.\d+ · ([0-9a-f]{7}|dev)<", html)
    assert 'href="#main"' in html


def test_the_game_pages_forms_post_to_a_table(server: Server) -> None:
    body = b"players=3&length=one&start_toes=4&blank_double=25&seat1=easy&seat2=hard&name=Ann"
    url, html = fetch(f"{server.url}/pl/chicken-foot/play", data=body)
    assert "/t/" in url and url.endswith("?start=1")
    assert "Ann" in html
    url, html = fetch(f"{server.url}/ru/standard/play", data=b"mode=allfives&players=4&partners=on&seat3=person")
    assert "/t/" in url and "start" not in url  # a seat waits for a person: the host starts the match
    assert "Свободное место" in html


def test_settings_that_make_no_table_are_refused_on_the_page_with_the_reason(server: Server) -> None:
    request = urllib.request.Request(f"{server.url}/cs/standard/play", data=b"players=2&partners=on&mode=block")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=10)
    assert refused.value.code == 400
    html = refused.value.read().decode()
    reason = translations("cs").gettext("Partners need four players: two teams sitting opposite each other.")
    assert f'<span class="field-problem" id="problem-partners">{reason}</span>' in html
    assert '<option value="block" selected>' in html and '<input type="checkbox" name="partners" checked' in html


def test_a_form_with_several_faults_is_told_of_each_at_once(server: Server) -> None:
    body = b"players=4&set=9&hand=other&hand_other=99&limit=other&limit_other=&turn_seconds=5&seat1=wizard&name=Ann"
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(urllib.request.Request(f"{server.url}/en/chicken-foot/play", data=body), timeout=10)
    assert refused.value.code == 400
    html = refused.value.read().decode()
    wrong = re.findall(r'<span class="field-problem" id="problem-(\w+)">', html)
    assert sorted(wrong) == ["hand", "limit", "turn_seconds"], wrong  # not the first alone
    assert "Double-nine: for this many players, at most 13 tiles per hand." in html  # the set's own largest hand
    assert '<fieldset class="seats-choice wrong">' in html  # the seat's unknown bot, marked too
    alert = re.search(r'<div class="error" role="alert">(.*?)</div>', html, re.S)
    assert alert and alert.group(1).count("<p>") == 4, "the top of the form lists every fault"


def test_the_table_page_shows_its_link_as_a_qr_code_drawn_on_the_server(server: Server) -> None:
    _, html = fetch(f"{server.url}/en/chicken-foot/play", data=b"name=Ann")
    link = re.search(r'id="share-link" readonly value="([^"]+)"', html)
    assert link, "pressing Play lands on a table page"
    code = re.search(r'<svg role="img" viewBox="0 0 (\d+) \1" class="qr-code"><title>([^<]+)</title>(.*?)</svg>', html)
    assert code, "the QR code is inline SVG markup"
    assert code.group(2) == "QR code of the link to this table"
    expected = segno.make(link.group(1), error="m").svg_inline(border=2, dark="#1d2321", light="#ffffff", omitsize=True)
    assert code.group(3) in expected, "the code encodes the table's link"
    scripts = re.findall(r"<script([^>]*)>", html)
    assert all('src="' in attributes or 'type="application/json"' in attributes for attributes in scripts)
    _, russian = fetch(link.group(1) + "?lang=ru")
    title = translations("ru").gettext("QR code of the link to this table")
    assert title != "QR code of the link to this table" and f"<title>{title}</title>" in russian


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_mexican_train_table_is_drawn_with_its_own_words(server: Server, language: str) -> None:
    """A Mexican Train table's page is the table page (it showed a notice that it could not be drawn), its data
    block holds the trains' words in the page's language, and its script is told the game, not another one."""
    table_id, _ = create_table(server, [None, "easy", "easy", "easy"], {"length": "one"}, "mexicantrain")
    _, html = fetch(f"{server.url}/t/{table_id}?lang={language}")
    forms = translations(language)
    assert forms.gettext("This game cannot be shown here yet") not in html
    assert 'class="table-page"' in html and 'data-game="mexicantrain"' in html and "board.js" in html
    assert json.dumps(forms.gettext("Mexican train"), ensure_ascii=False) in html
    assert json.dumps(forms.gettext("%(tile)s must be covered first"), ensure_ascii=False) in html


def test_every_game_of_the_site_is_drawn_and_any_other_gets_the_notice() -> None:
    """The table page draws every game there is; a table of a game it does not list shows the notice (and its
    record's link), never a board drawn as another game."""
    assert set(GAMES) == DRAWN_GAMES
    notice = (Path(pages.__file__).parent / "templates" / "no-drawing.html").read_text(encoding="utf-8")
    assert "This game cannot be shown here yet" in notice and "/record" in notice and "board.js" not in notice


def test_the_table_page_says_hello_in_the_protocol_version_its_data_block_gives(
    server: Server, browser: Browser
) -> None:
    url, html = fetch(f"{server.url}/en/chicken-foot/play", data=b"name=Ann")
    block = re.search(r'<script type="application/json" id="strings">(.*?)</script>', html, re.S)
    assert block, "the table page has its data block"
    assert json.loads(block.group(1))["protocol"] == PROTOCOL_VERSION
    page = new_page(browser, DESKTOP)
    sent: list[dict[str, Any]] = []
    page.on("websocket", lambda socket: socket.on("framesent", lambda text: sent.append(json.loads(text))))
    page.goto(url)
    expect(page.locator("#phase")).not_to_have_text("Connecting…")
    assert sent and sent[0]["t"] == "hello" and sent[0]["v"] == PROTOCOL_VERSION, sent
    page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_refusal_a_player_can_meet_has_words_in_every_language(language: str) -> None:
    words = json.loads(table_strings(language))["words"]
    assert {f"rule_{rule}" for rule in RULES} <= words.keys()
    codes = {key.removeprefix("error_") for key in words if key.startswith("error_")} - {"other"}
    assert codes == CODES.keys() | {*HTTP_CODES.values(), "bad-request"}  # each code a person could be shown
    if language != "en":
        english = json.loads(table_strings("en"))["words"]
        assert [key for key in words if key.startswith(("rule_", "error_")) and words[key] == english[key]] == []


DEAL = [
    (2, 20, 10), (3, 14, 10), (4, 11, 10), (5, 9, 10), (6, 7, 10), (7, 10, 13), (8, 9, 13),
    (9, 11, 16), (10, 10, 16), (11, 9, 16), (12, 8, 16),
]  # fmt: skip
"""The issue's deal table: players, tiles in each hand, rounds of a full match."""
HISTORY = ("Howsley", "1986", "Maltese Cross", "Chickenfoot", "Chicken-Foot Dominoes", "Chickie")
"""The history's names and year, kept as they are in every language."""


def said(language: str, html: str, msgid: str) -> bool:
    """Whether the page's text holds ``msgid`` in ``language``."""
    return translations(language).gettext(msgid) in html_text.unescape(html)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chicken_foot_page_tells_the_deal_the_rounds_and_the_history(server: Server, language: str) -> None:
    _, html = fetch(f"{server.url}/{language}/chicken-foot")
    table = re.search(r'<table class="compare deal">(.*?)</table>', html, re.S)
    assert table, "the deal table is on the page"
    rows = re.findall(r'<tr><th scope="row">(\d+)</th><td>[^<]+</td><td>(\d+)</td><td>(\d+)</td></tr>', table[1])
    assert [tuple(map(int, row)) for row in rows] == DEAL
    for name in HISTORY:
        assert name in html, f"{language}: the history names {name}"
    compared = re.search(r'<table class="compare rules">(.*?)</table>', html, re.S)
    assert compared and compared[1].count('<th scope="row">') == 11  # deal, first foot and other settings too
    for msgid in (
        "Before anything else, six tiles matching the centre double are laid around it.",
        "Pips left in your hand are penalties and the 0-0 costs 50; after the last round the lowest total wins, "
        "and equal lowest totals share the win.",
        "None of these combine with Chicken Foot: everyone plays alone, and the set follows the number of players.",
        "The first to go out scores the pips left in the other hands; when the game is blocked, the lowest pip "
        "total wins.",
    ):
        assert said(language, html, msgid), f"{language}: {msgid}"
    variants = (
        "Tables differ most at the start. Some want a single tile on each of the four sides of the first double; "
    )
    assert said(
        language,
        html,
        variants + "others, like us by default, want six around it, three on each side, a start "
        "known as double chicken foot. The blank double left in hand counts 50 at most tables and 25 at some. Some "
        "groups play until one player passes an agreed score instead of playing every double.",
    )
    _, standard = fetch(f"{server.url}/{language}/standard")
    blocked = "If the line is blocked and nobody can move, the player with the lowest pip total in hand wins the hand; "
    assert said(language, standard, blocked + "if two share the lowest total, nobody does.")
    assert '<table class="compare rules">' in standard and "Howsley" not in standard


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page_shows_a_drawn_chicken_foot(server: Server, language: str) -> None:
    _, html = fetch(f"{server.url}/{language}/")
    image = re.search(r'<img class="picture" src="(/static/[\w-]+\.svg)" width="\d+" height="\d+" alt="([^"]+)">', html)
    assert image, "the home page has its picture"
    assert html_text.unescape(image[2]) == translations(language).gettext(
        "A chicken foot: the round's double in the middle with six toes around it, and a later double with three "
        "toes of its own."
    )
    with urllib.request.urlopen(server.url + image[1], timeout=10) as response:
        assert response.headers["content-type"].startswith("image/svg+xml")
        svg = response.read().decode()
    assert len(svg) < 8_000, "a small picture"
    assert svg.count("<rect") == 1 + 2 + 9  # the felt, two doubles (the centre one and a later one), nine toes
    assert "<script" not in svg


def listing(number: int, phase: str, seats: str) -> dict[str, Any]:
    """A lobby listing whose seats are written as letters: p a person, b a bot, f free."""
    kinds = {"p": {"free": False, "bot": None}, "b": {"free": False, "bot": "medium"}, "f": {"free": True, "bot": None}}
    return {"id": f"t{number}", "phase": phase, "seats": [kinds[kind] for kind in seats], "free": seats.count("f")}


def test_the_lobby_lists_the_tables_nearest_to_starting_first_and_says_how_many_it_leaves_out() -> None:
    tables = [
        listing(1, "playing", "pbbb"),
        listing(2, "waiting", "pfff"),
        listing(3, "playing", "ppbb"),
        listing(4, "waiting", "ppbf"),
        listing(5, "waiting", "pbff"),
    ]
    shown, more = lobby_order(tables, shown=4)
    assert [table["id"] for table in shown] == ["t4", "t5", "t2", "t3"]  # one seat to fill, two, three; a match
    assert more == 1
    assert lobby_order(tables)[1] == 0
    entry = {"id": "t4", "link": "/t/t4", "game": "chickenfoot", "rules": "", "taken": 3, "seats": 4, "people": []}
    for language, words in [("en", "1 more public table is open"), ("ru", "Открыто ещё 3 публичных стола")]:
        count = 1 if language == "en" else 3
        html = render(language, "lobby.html", lobby=[entry | {"open": True}], lobby_more=count)
        assert words in html
    assert "lobby-more" not in render("en", "lobby.html", lobby=[entry | {"open": True}], lobby_more=0)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_footer_links_my_games_leaderboards_bots_replay_and_fair_deals(server: Server, language: str) -> None:
    _, home = fetch(f"{server.url}/{language}/")
    footer = home[home.index('<footer class="bottom">') :]
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', footer)
    assert [href for href, _ in links] == [
        f"/{language}/me",
        f"/{language}/leaderboard",
        f"/{language}/bots",
        f"/{language}/replay",
        "/fairness",
    ]
    words = translations(language)
    english_words = ["My games", "Leaderboards", "How strong are the bots?", "Replay a game record", "Fair deals"]
    for (href, text), english in zip(links, english_words, strict=True):
        assert html_text.unescape(text) == words.gettext(english)
        url, page = fetch(server.url + href, language=language)
        assert f'<html lang="{language}">' in page, url


@pytest.mark.parametrize(
    ("path", "heading"), [("/cs/nope", "There is no such page"), ("/t/nope", "There is no such table")]
)
def test_a_page_that_is_not_there_says_so_in_its_title_too(server: Server, path: str, heading: str) -> None:
    request = urllib.request.Request(server.url + path, headers={"accept-language": "cs"})
    with pytest.raises(urllib.error.HTTPError) as missing:
        urllib.request.urlopen(request, timeout=10)
    assert missing.value.code == 404
    html = missing.value.read().decode()
    words = translations("cs")
    title = re.search(r"<title>([^<]*)</title>", html)
    assert title and html_text.unescape(title.group(1)) == f"{words.gettext(heading)} · {words.gettext('Domino Hall')}"


MEXICAN_TRAIN_SECTIONS = {
    "what": "What it is",
    "how": "How to play",
    "compare": "Mexican Train and Chicken Foot, rule by rule",
    "history": "History and variants",
    "house": "Our house settings",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_mexican_train_page_tells_the_game_and_offers_its_table(server: Server, language: str) -> None:
    _, html = fetch(f"{server.url}/{language}/mexican-train")
    words = translations(language)
    assert f'<html lang="{language}">' in html
    title = html_text.escape(words.gettext("Mexican Train"), quote=False)
    assert f"<h1>{title}</h1>" in html
    for anchor, heading in MEXICAN_TRAIN_SECTIONS.items():
        assert f'<h2 id="{anchor}">{html_text.escape(words.gettext(heading), quote=False)}</h2>' in html, heading
    compared = re.search(r'<table class="compare rules">(.*?)</table>', html, re.S)
    assert compared and compared[1].count('<th scope="row">') == 7
    for msgid in (
        "Your own train, the Mexican train, and any train that carries a marker.",
        "It stays in its train and must be covered by one tile before play goes on elsewhere.",
        "It closes its line and needs three toes before anyone plays elsewhere.",
    ):
        assert said(language, html, msgid), f"{language}: {msgid}"
    assert 'action="/' + language + '/mexican-train/play"' in html
    players = re.search(r'<select name="players"[^>]*>(.*?)</select>', html, re.S)
    assert players and re.findall(r'<option value="(\d+)"', players[1]) == [str(n) for n in range(2, 9)]
    assert re.search(r'<option value="4" selected>', players[1])
    assert all(f'name="seat{n}"' in html for n in range(1, 8)) and 'name="seat8"' not in html
    blank = re.search(r'<select name="blank_double"[^>]*>(.*?)</select>', html, re.S)
    assert blank and re.findall(r'<option value="(\d+)"', blank[1]) == ["50", "25", "0"]
    for name in ("set", "hand", "length", "limit", "turn_seconds"):
        assert f'<select name="{name}"' in html, name
    assert 'name="start_toes"' not in html and 'name="public"' in html
    if language != "en":
        assert words.gettext("Mexican Train") != "Mexican Train"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page_links_the_mexican_train_page_and_its_play(server: Server, language: str) -> None:
    _, html = fetch(f"{server.url}/{language}/")
    name = html_text.escape(translations(language).gettext("Mexican Train"), quote=False)
    assert f'<h2><a href="/{language}/mexican-train">{name}</a></h2>' in html
    assert f'action="/{language}/mexican-train/play"' in html
