"""The site's routes: the home page, a page per game with its table form, and the table page ``/t/<id>``."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from markdown_it import MarkdownIt
from markdown_it.token import Token
from markupsafe import Markup
from starlette.middleware.gzip import GZipMiddleware

from ..tables.commands import NewTable
from ..tables.errors import CommandError
from ..tables.ports import Listing
from ..tables.settings import GAME_SITES
from . import COOKIE, GAME_SLUGS, HERE, LANGUAGES, render, translations
from .assets import Assets
from .forms import (
    FormError,
    bots_of,
    choices_of,
    deal_rows,
    fields_of,
    most_seats,
    problem_text,
    problems_of,
    rules_line,
    settings_of,
    table_choices,
)
from .me import router as player_pages
from .players import link_seat, remembered_name
from .replays import router as replays
from .responses import ONE_YEAR, language_of, not_found, page, share_qr
from .seats import cookie_name, hall_of, set_seat_cookie
from .shell import router as shell
from .words import bot_names, game_title, game_traits_block, seat_labels, table_strings

router = APIRouter(include_in_schema=False)

GAME_OF_SLUG = {site.slug: name for name, site in GAME_SITES.items()}
"""Each game's name by its page's slug."""
DRAWINGS = frozenset({"feet", "trains", "line"})
"""The board drawings of static/board.js (its ``DRAWINGS``), each in the module of its name (``feet.js``...)."""
DRAWING_MODULES = {"feet": ("feet.js", "tree.js"), "line": ("line.js", "tree.js"), "trains": ("trains.js",)}
"""The modules of each drawing, its own first (it adds itself to board.js), then those it imports: a table's
page loads only its game's (table.html), so no table carries another game's drawing."""
DRAWING_STYLES = {"trains": ("trains.css",)}
"""The stylesheets of a drawing beyond site.css, loaded only by its game's tables (and the replay viewer's)."""
DRAWN_GAMES = frozenset(name for name, site in GAME_SITES.items() if site.board in DRAWINGS)
"""The games the table page draws (static/board.js); a table of any other says so and draws nothing."""


def mount(app: FastAPI) -> None:
    """Add the site's pages and its static files to ``app`` (``server.app.create_app`` does)."""
    # before /{language}/{slug}; scripts and styles minified (assets.py), and gzipped for the browsers that ask;
    # only the static files, which hold no secret and echo nothing a visitor sent
    app.mount("/static", GZipMiddleware(Assets(directory=HERE / "static"), compresslevel=6), name="static")
    app.include_router(replays)  # the replay viewer and the tutorial: /{language}/replay before /{language}/{slug}
    app.include_router(shell)  # the service worker, the manifest and the offline page: before /{language}/{slug}
    app.include_router(player_pages)  # /{language}/me, /p/<id> and /leaderboard, also before /{language}/{slug}
    app.include_router(router)


@router.get("/")
async def root(request: Request) -> Response:
    """Send the visitor to the home page in their language."""
    return RedirectResponse(f"/{language_of(request)}/", status_code=302)


@router.get("/{language}/")
async def home(language: str, request: Request, refused: str = "", name: str = "") -> Response:
    """The home page: the games, each with a big Play, and the lobby of public tables; after a sit the lobby
    could not give (``refused``, its code), why, with the name typed (``name``) kept in its field."""
    if language not in LANGUAGES:
        return not_found(request)
    forms = translations(language)
    reasons = {
        "bad-name": forms.gettext("A name is 1 to 24 letters, digits or signs."),
        "no-table": forms.gettext("There is no such table. Please check the link."),
        "seat-taken": forms.gettext("That table has no free seat any more."),
    }
    problem = reasons.get(refused, "")
    listed = await lobby(request, language)
    name = name[:24] or await remembered_name(request)  # the name typed, else the player's
    return page(request, language, "home.html", **listed, lobby_problem=problem, name=name)


@router.get("/{language}/lobby")
async def lobby_list(language: str, request: Request) -> Response:
    """The lobby's list alone (the home page's script fetches it to refresh the list); a browser that opens
    the address itself (a navigation) is sent to the home page's lobby, a whole page."""
    if language not in LANGUAGES:
        return not_found(request)
    if request.headers.get("sec-fetch-mode") == "navigate":
        return RedirectResponse(f"/{language}/#lobby-title", status_code=303)
    html = render(language, "lobby.html", **await lobby(request, language))
    return HTMLResponse(html, headers={"cache-control": "no-store"})


LOBBY_SHOWN = 30
"""The most tables the lobby lists at once: the ones nearest to starting, then the matches with most people."""


def lobby_order(tables: list[Listing], shown: int = LOBBY_SHOWN) -> tuple[list[Listing], int]:
    """The listings the lobby shows, in its order, and how many it leaves out: first the tables waiting with a
    free seat, those with fewer seats left to fill first (they start soonest), then the matches being played,
    those with more people seated first."""

    def rank(table: Listing) -> tuple[bool, int]:
        if table["phase"] == "waiting" and table["free"] > 0:
            return False, table["free"]
        return True, -sum(1 for seat in table["seats"] if not seat["free"] and not seat["bot"])

    ranked = sorted(tables, key=rank)
    return ranked[:shown], max(0, len(ranked) - shown)


async def lobby(request: Request, language: str) -> dict[str, Any]:
    """The lobby as the page shows it (``lobby``, ``lobby_more``): its tables (``lobby_order``), each with its
    game, its settings in short, its seats taken and the people seated, and how many more it leaves out."""
    tables, more = lobby_order(await hall_of(request).open_tables())
    entries = []
    for table in tables:
        seats = table["seats"]
        entries.append(
            {
                "id": table["id"],
                "link": table["link"],
                "game": table["game"],
                "title": game_title(language, table["game"]),
                "rules": rules_line(language, table["game"], table["options"], table.get("settings")),
                "taken": len(seats) - table["free"],
                "seats": len(seats),
                "people": [seat["name"] for seat in seats if not seat["free"] and not seat["bot"] and seat["name"]],
                "open": table["phase"] == "waiting" and table["free"] > 0,
            }
        )
    return {"lobby": entries, "lobby_more": more}


@router.post("/{language}/t/{table_id}/sit")
async def sit_from_lobby(language: str, table_id: str, request: Request) -> Response:
    """Take the first free seat of a lobby's table with the name the visitor typed, and go to the table; when
    no seat is left, back to the home page (a redirect, so that a reload posts nothing again), which shows the
    lobby as it is now and why."""
    if language not in LANGUAGES:
        return not_found(request)
    if cookie_name(table_id) in request.cookies:
        return RedirectResponse(f"/t/{table_id}", status_code=303)  # seated here already: the page knows the seat
    forms = translations(language)
    typed = ((await posted_form(request)).get("name") or "").strip()[:24]
    name = typed or await remembered_name(request) or forms.gettext("Player")
    token, problem = await take_free_seat(request, table_id, name)
    if token is not None:
        await link_seat(request, table_id, token, name)
        response = RedirectResponse(f"/t/{table_id}", status_code=303)
        set_seat_cookie(request, response, table_id, token)
        return response
    refused = problem if problem in ("bad-name", "no-table") else "seat-taken"
    query = urlencode({"refused": refused, "name": typed})
    return RedirectResponse(f"/{language}/?{query}#lobby-title", status_code=303)


async def take_free_seat(request: Request, table_id: str, name: str) -> tuple[str | None, str]:
    """Sit ``name`` in the first seat that is free (the next one if another person was quicker): the new
    seat token, or ``None`` and the code of what stopped it."""
    hall = hall_of(request)
    actor = await hall.actor(table_id)
    if actor is None:
        return None, "no-table"
    for seat, state in enumerate(actor.state.summary()["seats"]):
        if not state["free"]:
            continue
        try:
            reply, token = await hall.sit(table_id, seat, name)
        except CommandError as error:
            return None, error.code
        if reply.error is None:
            return token, ""
        if reply.error.code != "seat-taken":
            return None, reply.error.code
    return None, "seat-taken"


async def posted_form(request: Request) -> dict[str, str]:
    """A posted HTML form's fields (the last value of each)."""
    fields = parse_qs((await request.body()).decode("utf-8", "replace"))
    return {key: values[-1] for key, values in fields.items()}


FAIRNESS = HERE / "fairness.md"
"""The fair deals' reference: docs/fairness.md, which the package links to (a symbolic link in the checkout,
a copy in a built wheel), so an installed server serves it too."""


@router.get("/fairness")
async def fairness(request: Request) -> Response:
    """The reference of fair deals, as this server follows it: the table page's "How fair deals work" link."""
    language = language_of(request)
    try:
        text = FAIRNESS.read_text("utf-8")
    except OSError:
        return not_found(request)
    reference = markdown_page(text, leave_out="In short", below=2)
    return page(request, language, "fairness.html", reference=Markup(reference))


def markdown_page(text: str, leave_out: str = "", below: int = 1) -> str:
    """A Markdown document of ours as HTML under the page's own headings: CommonMark with tables, any HTML in it
    escaped, its own first-level title left out, and a link to another document of docs/ (not served by the
    site) kept as its words alone. The section headed ``leave_out`` is left out (the page says it in every
    language), and each heading goes down ``below - 1`` levels, so that the document's sections sit under the
    page's own heading of level ``below``. A code block is in the tab order: it scrolls sideways on a narrow
    screen, and the keyboard must reach what it hides."""
    parser = MarkdownIt("commonmark", {"html": False}).enable("table")
    tokens = parser.parse(text)
    if tokens and tokens[0].type == "heading_open" and tokens[0].tag == "h1":
        tokens = tokens[3:]  # heading_open, its inline words, heading_close
    tokens = _without_section(tokens, leave_out) if leave_out else tokens
    for token in tokens:
        if token.children:
            token.children = _without_doc_links(token.children)
        if token.type in ("heading_open", "heading_close"):
            token.tag = f"h{min(6, int(token.tag[1:]) + below - 1)}"
    html = str(parser.renderer.render(tokens, parser.options, {}))
    return html.replace("<pre>", '<pre tabindex="0">')  # a wide code block scrolls: the keyboard reaches it too


def _without_section(tokens: list[Token], title: str) -> list[Token]:
    """The tokens without the second-level section headed ``title`` (up to the next heading of its level)."""
    starts = [i for i, token in enumerate(tokens) if token.type == "heading_open" and token.tag == "h2"]
    for start, end in zip(starts, [*starts[1:], len(tokens)], strict=True):
        if tokens[start + 1].content == title:
            return tokens[:start] + tokens[end:]
    return tokens


def _without_doc_links(children: list[Token]) -> list[Token]:
    """Inline tokens without the link marks of links to ``.md`` files (their words stay)."""
    kept, dropped = [], 0
    for token in children:
        if token.type == "link_open" and str(token.attrGet("href") or "").endswith(".md"):
            dropped += 1
            continue
        if token.type == "link_close" and dropped:
            dropped -= 1
            continue
        kept.append(token)
    return kept


@router.get("/t/{table_id}")
async def table_page(table_id: str, request: Request) -> Response:
    """A table: its share link, its seats, and the live game over the WebSocket."""
    language = language_of(request)
    actor = await hall_of(request).actor(table_id)
    if actor is None:
        return page(request, language, "not-found.html", status=404, table_link=True)
    summary = actor.state.summary()
    if summary["game"] not in DRAWN_GAMES:  # no drawing of that game: say so, never draw another
        return page(request, language, "no-drawing.html", table=summary)
    share = str(request.url.replace(query=None))
    return page(
        request,
        language,
        "table.html",
        table=summary,
        share=share,
        qr=share_qr(share, translations(language).gettext("QR code of the link to this table")),
        strings=table_strings(language, protocol=request.app.state.protocol_version, game=summary["game"]),
        seat_labels=seat_labels(language, summary["seats"]),
        settings_fields=fields_of(language, summary["game"], table_choices(summary), reasons=True),
        title=game_title(language, summary["game"]),
        games=game_traits_block(),
        drawing=DRAWING_MODULES[GAME_SITES[summary["game"]].board],
        styles=DRAWING_STYLES.get(GAME_SITES[summary["game"]].board, ()),
        rules_slug=GAME_SITES[summary["game"]].slug,
        name=await remembered_name(request),  # the sit form's, prefilled
    )


@router.get("/{language}/bots")
async def bots_page(language: str, request: Request) -> Response:
    """How strong the bots are: their levels, and the ladder of ratings measured by ``bench/ladder.py``."""
    if language not in LANGUAGES:
        return not_found(request)
    ladder = read_ladder(LADDER_FILE)
    deals = ladder.get("deals")
    deals = deals if isinstance(deals, int) and deals > 0 else None
    return page(request, language, "bots.html", ladders=ladder_tables(ladder, language), deals=deals)


LADDER_FILE = HERE / "ladder.json"
"""The ladder's figures as ``make ladder`` (``bench/ladder.py --out``) wrote them; committed with the code."""


def read_ladder(path: Path) -> dict[str, Any]:
    """The ladder's figures in ``path``, or none (an empty dict) when the file is missing or is not a JSON
    object: the page then says that nothing has been measured yet instead of failing."""
    try:
        figures = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return figures if isinstance(figures, dict) else {}


def ladder_tables(figures: dict[str, Any], language: str) -> list[dict[str, Any]]:
    """The ladders of ``figures`` (``read_ladder``), best bot first, with the bots' names and the ladders'
    titles in ``language``; a ladder with a bot or a figure this page does not know is left out whole."""
    forms = translations(language)
    names = bot_names(language) | {
        "ismcts": forms.gettext("OpenSpiel ISMCTS, 0.2 s a move"),
        "ismcts5x": forms.gettext("OpenSpiel ISMCTS, 1 s a move"),
    }
    titles = {name: forms.gettext(site.ladder_title) for name, site in GAME_SITES.items() if site.ladder_title}
    titles["block"] = forms.gettext("Block dominoes, two players")
    tables = []
    for key, title in titles.items():
        try:
            rows = ladder_rows(figures[key], names)
        except (KeyError, TypeError, ValueError, IndexError):
            continue
        tables.append({"title": title, "rows": rows})
    return tables


def ladder_rows(ladder: dict[str, Any], names: dict[str, str]) -> list[dict[str, Any]]:
    """One ladder's rows, best rating first: the bot's name, its rating and its 95% interval."""
    ratings, intervals = ladder["ratings"], ladder["intervals"]
    return [
        {
            "name": names[bot],
            "rating": round(float(rating)),
            "low": round(intervals[bot][0]),
            "high": round(intervals[bot][1]),
        }
        for bot, rating in sorted(ratings.items(), key=lambda item: -float(item[1]))
    ]


@router.get("/{language}/{slug}")
async def game_page(language: str, slug: str, request: Request) -> Response:
    """A game's page: what it is, how to play, how it differs, its history, and the table form."""
    if language not in LANGUAGES or slug not in GAME_SLUGS:
        return not_found(request)
    chosen = choices_of(GAME_OF_SLUG[slug], {}) | {"name": await remembered_name(request)}  # the player's, prefilled
    return game_form(request, language, slug, chosen)


def game_form(
    request: Request, language: str, slug: str, chosen: dict[str, str], problems: Sequence[dict[str, str]] = ()
) -> HTMLResponse:
    """A game's page with its table form set to ``chosen`` (and, for a refused form, why: status 400)."""
    game = GAME_OF_SLUG[slug]
    fields = fields_of(language, game, chosen, problems)
    status = 400 if problems else 200
    wrong = {problem["field"] for problem in problems}
    context: dict[str, Any] = {"slug": slug, "fields": fields, "chosen": chosen, "problems": problems, "wrong": wrong}
    context["game"] = game  # its leaderboard's link
    context["max_seats"] = most_seats(game)
    if GAME_SITES[game].deal_table:
        context["deal"] = deal_rows(game)
    return page(request, language, GAME_SITES[game].template, status=status, **context)


def table_request(game: str, chosen: dict[str, str], default_name: str, language: str = "en") -> NewTable:
    """The table a game page's form asks for (``chosen``: the form's choices); ``FormError`` for a field
    that holds no choice at all."""
    settings = settings_of(game, chosen)
    bots = bots_of(game, chosen, settings["players"])
    name = chosen.get("name", "")[:24] or default_name
    return NewTable(game, settings, bots, name, 0, language)


@router.post("/{language}/{slug}/play")
async def play(language: str, slug: str, request: Request) -> Response:
    """Create the table the form describes, hosted by the visitor in seat 1, and go to it; a form that makes no
    table comes back with every choice kept and the reason next to the field at fault."""
    if language not in LANGUAGES or slug not in GAME_SLUGS:
        return not_found(request)
    game = GAME_OF_SLUG[slug]
    chosen = choices_of(game, await posted_form(request))
    default_name = translations(language).gettext("Player")
    address = request.client.host if request.client else "?"
    limits, counted = request.app.state.limits, False
    try:
        spec = table_request(game, chosen, default_name, language)
        if not limits.may_create(address):
            raise CommandError("rate-limited", "too many tables from your address: wait a minute")
        counted = True
        table_id, token = await hall_of(request).create(spec, time.time())
        await link_seat(request, table_id, token, spec.name)
    except (CommandError, FormError) as error:
        if counted:
            limits.not_created(address)  # only tables made count towards the limit
        field = error.field if isinstance(error, FormError) else getattr(error, "field", None)
        problems = problems_of(language, game, chosen) if field else []  # every field at fault, told at once
        if not any(problem["field"] == field for problem in problems):  # one no form check sees (the name, the rate)
            text = problem_text(language, game, field, error.code, chosen)
            problems.insert(0, {"field": field or "", "code": error.code, "text": text})
        return game_form(request, language, slug, chosen, problems)
    full = all(level is not None for level in spec.bots[1:])  # nobody to wait for: the match starts at once
    response = RedirectResponse(f"/t/{table_id}" + ("?start=1" if full else ""), status_code=303)
    set_seat_cookie(request, response, table_id, token)
    response.set_cookie(COOKIE, language, max_age=ONE_YEAR, samesite="lax", path="/")
    return response
