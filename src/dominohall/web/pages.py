"""The site's routes: the home page, a page per game with its table form, and the table page ``/t/<id>``."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs

import segno
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from ..server.http import cookie_name, hall_of, set_seat_cookie
from ..tables.errors import CommandError
from ..tables.hall import NewTable
from . import COOKIE, GAME_SLUGS, LANGUAGES, chosen_language, plural_forms, render, translations
from .forms import FormError, bots_of, choices_of, fields_of, problem_text, rules_line, settings_of, table_choices

router = APIRouter(include_in_schema=False)

GAME_OF_SLUG = {"chicken-foot": "chickenfoot", "standard": "standard"}
ONE_YEAR = 365 * 24 * 3600


def page(request: Request, language: str, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A rendered page; the language it is in is remembered in a cookie."""
    path = request.url.path
    if path.startswith(f"/{language}/"):
        rest = path[len(language) + 1 :].removesuffix("/play")
        switch = {code: f"/{code}{rest}" for code in LANGUAGES}
    else:
        switch = {code: f"{path}?lang={code}" for code in LANGUAGES}
    html = render(language, template, switch=switch, **context)
    response = HTMLResponse(html, status_code=status)
    response.set_cookie(COOKIE, language, max_age=ONE_YEAR, samesite="lax", path="/")
    return response


def language_of(request: Request) -> str:
    """The language a page without one in its URL is shown in."""
    return chosen_language(
        request.query_params.get("lang"), request.cookies.get(COOKIE), request.headers.get("accept-language")
    )


@router.get("/")
async def root(request: Request) -> Response:
    """Send the visitor to the home page in their language."""
    return RedirectResponse(f"/{language_of(request)}/", status_code=302)


@router.get("/{language}/")
async def home(language: str, request: Request) -> Response:
    """The home page: the games, each with a big Play, and the lobby of public tables."""
    if language not in LANGUAGES:
        return HTMLResponse("not found", status_code=404)
    return page(request, language, "home.html", lobby=lobby_entries(request, language))


@router.get("/{language}/lobby")
async def lobby(language: str, request: Request) -> Response:
    """The lobby's list alone (the home page's script fetches it to refresh the list)."""
    if language not in LANGUAGES:
        return HTMLResponse("not found", status_code=404)
    html = render(language, "lobby.html", lobby=lobby_entries(request, language))
    return HTMLResponse(html, headers={"cache-control": "no-store"})


def lobby_entries(request: Request, language: str) -> list[dict[str, Any]]:
    """The public tables of the lobby as the page shows them: tables with a free seat first, then matches to
    watch, each with its game, its settings in short, its seats taken and the people seated."""
    entries = []
    for table in hall_of(request).open_tables():
        seats = table["seats"]
        entries.append(
            {
                "id": table["id"],
                "link": table["link"],
                "game": table["game"],
                "rules": rules_line(language, table["game"], table["options"], table.get("settings")),
                "taken": len(seats) - table["free"],
                "seats": len(seats),
                "people": [seat["name"] for seat in seats if not seat["free"] and not seat["bot"] and seat["name"]],
                "open": table["phase"] == "waiting" and table["free"] > 0,
            }
        )
    return sorted(entries, key=lambda entry: not entry["open"])


@router.post("/{language}/t/{table_id}/sit")
async def sit_from_lobby(language: str, table_id: str, request: Request) -> Response:
    """Take the first free seat of a lobby's table with the name the visitor typed, and go to the table; when
    no seat is left, the home page again with the lobby as it is now and why."""
    if language not in LANGUAGES:
        return HTMLResponse("not found", status_code=404)
    if cookie_name(table_id) in request.cookies:
        return RedirectResponse(f"/t/{table_id}", status_code=303)  # seated here already: the page knows the seat
    forms = translations(language)
    name = ((await posted_form(request)).get("name") or "").strip()[:24] or forms.gettext("Player")
    token, problem = await take_free_seat(request, table_id, name)
    if token is not None:
        response = RedirectResponse(f"/t/{table_id}", status_code=303)
        set_seat_cookie(request, response, table_id, token)
        return response
    reasons = {
        "bad-name": forms.gettext("A name is 1 to 24 letters, digits or signs."),
        "no-table": forms.gettext("There is no such table. Please check the link."),
    }
    text = reasons.get(problem, forms.gettext("That table has no free seat any more."))
    entries = lobby_entries(request, language)
    return page(request, language, "home.html", status=409, lobby=entries, lobby_problem=text, name=name)


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


@router.get("/t/{table_id}")
async def table_page(table_id: str, request: Request) -> Response:
    """A table: its share link, its seats, and the live game over the WebSocket."""
    language = language_of(request)
    actor = await hall_of(request).actor(table_id)
    if actor is None:
        return page(request, language, "no-table.html", status=404)
    summary = actor.state.summary()
    share = str(request.url.replace(query=None))
    return page(
        request,
        language,
        "table.html",
        table=summary,
        share=share,
        qr=share_qr(share, translations(language).gettext("QR code of the link to this table")),
        strings=table_strings(language),
        seat_labels=seat_labels(language, summary["seats"]),
        settings_fields=fields_of(language, summary["game"], table_choices(summary), reasons=True),
    )


def share_qr(link: str, title: str) -> str:
    """The table's link as a QR code in inline SVG markup: no script, no image to fetch, sized by the CSS.

    >>> share_qr("http://127.0.0.1:8000/t/KjYuHsOHbRA", "QR")[:61]
    '<svg role="img" viewBox="0 0 33 33" class="qr-code"><title>QR'
    """
    code = segno.make(link, error="m")
    svg = code.svg_inline(border=2, dark="#1d2321", light="#ffffff", title=title, omitsize=True, svgclass="qr-code")
    return '<svg role="img" ' + str(svg).removeprefix("<svg ")


@router.get("/{language}/{slug}")
async def game_page(language: str, slug: str, request: Request) -> Response:
    """A game's page: what it is, how to play, how it differs, its history, and the table form."""
    if language not in LANGUAGES or slug not in GAME_SLUGS:
        return HTMLResponse("not found", status_code=404)
    return game_form(request, language, slug, choices_of(GAME_OF_SLUG[slug], {}))


def game_form(
    request: Request, language: str, slug: str, chosen: dict[str, str], problem: dict[str, str] | None = None
) -> HTMLResponse:
    """A game's page with its table form set to ``chosen`` (and, for a refused form, why: status 400)."""
    game = GAME_OF_SLUG[slug]
    fields = fields_of(language, game, chosen, problem)
    status = 200 if problem is None else 400
    context = {"slug": slug, "fields": fields, "chosen": chosen, "problem": problem}
    return page(request, language, f"{slug}.html", status=status, **context)


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
        return HTMLResponse("not found", status_code=404)
    game = GAME_OF_SLUG[slug]
    chosen = choices_of(game, await posted_form(request))
    default_name = translations(language).gettext("Player")
    address = request.client.host if request.client else "?"
    try:
        spec = table_request(game, chosen, default_name, language)
        if not request.app.state.limits.may_create(address):
            raise CommandError("rate-limited", "too many tables from your address: wait a minute")
        table_id, token = await hall_of(request).create(spec, time.time())
    except (CommandError, FormError) as error:
        field = error.field if isinstance(error, FormError) else getattr(error, "field", None)
        text = problem_text(language, game, field, error.code, chosen)
        return game_form(request, language, slug, chosen, {"field": field or "", "code": error.code, "text": text})
    full = all(level is not None for level in spec.bots[1:])  # nobody to wait for: the match starts at once
    response = RedirectResponse(f"/t/{table_id}" + ("?start=1" if full else ""), status_code=303)
    set_seat_cookie(request, response, table_id, token)
    response.set_cookie(COOKIE, language, max_age=ONE_YEAR, samesite="lax", path="/")
    return response


def bot_names(language: str) -> dict[str, str]:
    """How a bot's seat is named in ``language``."""
    forms = translations(language)
    return {"easy": forms.gettext("Easy bot"), "medium": forms.gettext("Medium bot"), "hard": forms.gettext("Hard bot")}


def table_strings(language: str) -> str:
    """The table page's words for its script, as JSON (a data block, not a script: the CSP allows it)."""
    forms = translations(language)
    words = {
        "connecting": forms.gettext("Connecting…"),
        "connected": forms.gettext("Connected"),
        "reconnecting": forms.gettext("Connection lost: reconnecting…"),
        "copied": forms.gettext("Copied"),
        "free": forms.gettext("Free seat"),
        "you": forms.gettext("you"),
        "host": forms.gettext("host"),
        **{f"seat_{level}": name for level, name in bot_names(language).items()},
        "waiting": forms.gettext("Waiting for players"),
        "playing": forms.gettext("The match is on"),
        "over": forms.gettext("The match is over"),
        "start": forms.gettext("Start the match"),
        "your_turn": forms.gettext("Your turn"),
        "turn_of": forms.gettext("Turn: %(name)s"),
        "draw": forms.gettext("Draw a tile"),
        "pass": forms.gettext("Pass"),
        "boneyard": forms.gettext("Boneyard"),
        "your_hand": forms.gettext("Your hand"),
        "round_over": forms.gettext("The round is over"),
        "pick_target": forms.gettext("Choose where to lay %(tile)s"),
        "watching": forms.gettext("You are watching this table"),
        "take_seat": forms.gettext("Take this seat"),
        "played": forms.gettext("%(name)s played %(tile)s"),
        "drew": forms.gettext("%(name)s drew a tile"),
        "passed": forms.gettext("%(name)s passed"),
        "tiles_left": forms.gettext("Tiles left"),
        "points": forms.gettext("Points this round"),
        "total": forms.gettext("Total"),
        "continue": forms.gettext("Continue"),
        "winners": forms.gettext("Winner: %(names)s"),
        "player": forms.gettext("Player"),
        **scoring_words(language),
        **control_words(language),
        **error_words(language),
        **life_words(language),
    }
    plurals = {
        "tiles": plural_forms(language, "%(num)d tile", "%(num)d tiles"),
        "toes": plural_forms(language, "needs %(num)d more toe", "needs %(num)d more toes"),
        "places": plural_forms(language, "fits in %(num)d place", "fits in %(num)d places"),
        **life_plurals(language),
    }
    return json.dumps({"lang": language, "words": words, "plurals": plurals}, ensure_ascii=False)


def scoring_words(language: str) -> dict[str, str]:
    """The words of a round's end, the scoreboard and its chart."""
    forms = translations(language)
    return {
        "round_n_over": forms.gettext("Round %(num)d is over"),
        "points_hand": forms.gettext("Points this hand"),
        "by_round": forms.gettext("Points round by round"),
        "round": forms.gettext("Round"),
        "chart_title": forms.gettext("Running totals after each round"),
        "shared_win": forms.gettext("A shared win: %(names)s"),
        "winners_team": forms.gettext("The winning team: %(names)s"),
        "drawn_match": forms.gettext("A draw: nobody wins this match alone"),
        "rematch": forms.gettext("Play again"),
    }


def control_words(language: str) -> dict[str, str]:
    """The words of the board's tools, the hand, the host's controls and the chat."""
    forms = translations(language)
    return {
        "on_tile": forms.gettext("on %(tile)s"),
        "cancel": forms.gettext("Cancel"),
        "drawn_no_fit": forms.gettext("You drew %(tile)s. It fits nowhere, so your turn passes."),
        "sound_on": forms.gettext("Sound: on"),
        "sound_off": forms.gettext("Sound: off"),
        "away": forms.gettext("away: a bot plays meanwhile"),
        "offline": forms.gettext("offline"),
        "bot_level_for": forms.gettext("Bot level for seat %(num)d"),
        "put_bot": forms.gettext("Seat a bot"),
        "kick": forms.gettext("Ask to leave"),
        "bot_plays": forms.gettext("Let a bot play"),
    }


def error_words(language: str) -> dict[str, str]:
    """The errors a person may run into, in their own words (the server's messages are for programs)."""
    forms = translations(language)
    return {
        "error_illegal-move": forms.gettext("That move is not allowed."),
        "error_not-your-turn": forms.gettext("Wait for your turn."),
        "error_stale": forms.gettext("The table moved on meanwhile. Look again and retry."),
        "error_seat-taken": forms.gettext("That seat is taken."),
        "error_already-seated": forms.gettext("You already have a seat here."),
        "error_seats-empty": forms.gettext("Every seat needs a player or a bot first."),
        "error_not-host": forms.gettext("Only the host can do that."),
        "error_not-seated": forms.gettext("Take a seat first."),
        "error_bad-settings": forms.gettext("These settings do not make a table. Please check them."),
        "error_bad-name": forms.gettext("A name is 1 to 24 letters, digits or signs."),
        "error_started": forms.gettext("The match has already started."),
        "error_rate-limited": forms.gettext("Too many requests: wait a moment."),
        "error_busy": forms.gettext("The table is busy: try again."),
        "error_no-table": forms.gettext("There is no such table. Please check the link."),
        "error_no-such-seat": forms.gettext("This table has no such seat."),
        "error_bad-bot": forms.gettext("There is no bot of that level."),
        "error_not-started": forms.gettext("The match has not started yet."),
        "error_match-over": forms.gettext("The match is over."),
        "error_too-long": forms.gettext("That message is too long."),
        "error_bad-token": forms.gettext("Your seat key is not for this table, so you are watching."),
        "error_other": forms.gettext("That did not work. Please try again."),
        **rule_words(language),
    }


def rule_words(language: str) -> dict[str, str]:
    """Why a move is not allowed, one line per rule code of the engine (``rule`` of an ``illegal-move``)."""
    forms = translations(language)
    return {
        "rule_round-over": forms.gettext("This round is over."),
        "rule_not-your-turn": forms.gettext("Wait for your turn."),
        "rule_unknown-move": forms.gettext("A move is a play, a draw or a pass."),
        "rule_not-in-hand": forms.gettext("That tile is not in your hand."),
        "rule_first-foot": forms.gettext("The centre double needs all its first toes before anything else."),
        "rule_pending-double": forms.gettext("A double is waiting for its toes: cover it first."),
        "rule_no-such-end": forms.gettext("A tile goes on an open end of a line."),
        "rule_no-match": forms.gettext("That tile does not match that end."),
        "rule_must-play": forms.gettext("You hold a tile that fits: play it."),
        "rule_must-play-drawn": forms.gettext("The tile you just drew fits: play it."),
        "rule_one-draw": forms.gettext("You have drawn once this turn already."),
        "rule_boneyard-empty": forms.gettext("The boneyard is empty."),
        "rule_must-draw": forms.gettext("Draw a tile before you pass."),
        "rule_wrong-draw": forms.gettext("A draw takes the next tile of the boneyard."),
        "rule_lead": forms.gettext("The hand opens with a tile laid on the empty table."),
        "rule_lead-tile": forms.gettext("This hand opens with the highest double, or the heaviest tile."),
        "rule_no-drawing": forms.gettext("Nobody draws in the block game: pass instead."),
        "rule_spinner-closed": forms.gettext("The spinner takes no more tiles there."),
    }


def bot_seat_names(language: str) -> dict[str, str]:
    """How a bot's seat is named in ``language``: its own name and its level, e.g. "Clara (medium bot)"."""
    forms = translations(language)
    return {
        "easy": forms.gettext("%(name)s (easy bot)"),
        "medium": forms.gettext("%(name)s (medium bot)"),
        "hard": forms.gettext("%(name)s (hard bot)"),
    }


def seat_labels(language: str, seats: list[dict[str, Any]]) -> list[str]:
    """Each seat's name as the table page first shows it (the script keeps it so): a free seat, a person, a bot
    with its name and level, or the level alone for a bot of a table made before bots had names."""
    forms, named, plain = translations(language), bot_seat_names(language), bot_names(language)
    labels = []
    for index, seat in enumerate(seats):
        bot, name = seat.get("bot"), seat.get("name")
        if seat.get("free"):
            labels.append(forms.gettext("Free seat"))
        elif bot in named and not seat.get("away"):
            old = not name or name in ("Easy bot", "Medium bot", "Hard bot")
            labels.append(plain[bot] if old else named[bot] % {"name": name})
        else:
            labels.append(name or f"#{index + 1}")
    return labels


def life_words(language: str) -> dict[str, str]:
    """The words of a table's life: the waiting room, the turn timer, leaving and coming back, the rules line,
    the pause between rounds and the records."""
    forms = translations(language)
    return {
        **{f"bot_{level}": text for level, text in bot_seat_names(language).items()},
        "wait_host": forms.gettext("Waiting for the host to start the match."),
        "no_host": forms.gettext("Nobody hosts this table now: the next person to sit down will."),
        "all_seated": forms.gettext("Every seat is taken."),
        "ready_to_start": forms.gettext("Ready to start"),
        "host_start": forms.gettext("Every seat is taken: start the match when you are ready."),
        "host_fill": forms.gettext("Invite friends with the link, or let bots take the free seats."),
        "fill_start": forms.gettext("Fill the free seats with bots and start"),
        "timed_out": forms.gettext("%(name)s ran out of time: a bot made that move."),
        "you_timed_out": forms.gettext("Your time ran out: a bot made that move for you."),
        "time_left": forms.gettext("Time left: %(time)s"),
        "bot_for_you": forms.gettext("A bot is playing for you."),
        "you_left": forms.gettext("You left the match: a bot plays your seat until you come back."),
        "im_back": forms.gettext("I'm back"),
        "leave": forms.gettext("Leave the table"),
        "leave_ask": forms.gettext("Leave the match? A bot will play your seat; this table's link brings you back."),
        "leave_yes": forms.gettext("Leave"),
        "leave_no": forms.gettext("Stay"),
        "ended_domino": forms.gettext("%(name)s went out."),
        "ended_blocked": forms.gettext("The round is blocked: nobody can play."),
        "ready_names": forms.gettext("Ready: %(names)s"),
        "next_deal": forms.gettext("Next round in %(num)d s"),
        "waiting_others": forms.gettext("Waiting for the others…"),
        "fold": forms.gettext("Show the board"),
        "unfold": forms.gettext("Show the summary"),
        "records": forms.gettext("Records"),
        "record_match": forms.gettext("Match %(num)d"),
        "record_so_far": forms.gettext("Match %(num)d so far"),
        "record_download": forms.gettext("Download the record (JSON)"),
        "record_download_so_far": forms.gettext("Download the record so far (JSON)"),
        "error_not-between": forms.gettext("The next round has been dealt already."),
        "error_not-away": forms.gettext("You are playing your seat yourself already."),
        **rules_words(language),
    }


def rules_words(language: str) -> dict[str, str]:
    """The words of the table's rules line (the same messages as the lobby's line)."""
    forms = translations(language)
    return {
        "set_6": forms.gettext("Double-six"),
        "set_9": forms.gettext("Double-nine"),
        "set_12": forms.gettext("Double-twelve"),
        "set_15": forms.gettext("Double-fifteen"),
        "length_full": forms.gettext("Full match"),
        "length_half": forms.gettext("Half match"),
        "length_one": forms.gettext("One round"),
        "mode_draw": forms.gettext("Draw game"),
        "mode_block": forms.gettext("Block game"),
        "mode_allfives": forms.gettext("All Fives"),
        "mode_bergen": forms.gettext("Bergen"),
        "partners": forms.gettext("Partners"),
        "single_hand": forms.gettext("A single hand"),
        "no_timer": forms.gettext("No timer"),
        "public": forms.gettext("Listed in the lobby"),
        "rules_label": forms.gettext("The table's rules"),
    }


def life_plurals(language: str) -> dict[str, dict[str, str]]:
    """The plural messages of the waiting room and the rules line, as CLDR categories."""
    return {
        "seats_free": plural_forms(language, "%(num)d seat is free.", "%(num)d seats are free."),
        "players": plural_forms(language, "%(num)d player", "%(num)d players"),
        "hand": plural_forms(language, "%(num)d tile per hand", "%(num)d tiles per hand"),
        "rounds": plural_forms(language, "%(num)d round", "%(num)d rounds"),
        "limit": plural_forms(language, "Score limit: %(num)d point", "Score limit: %(num)d points"),
        "target": plural_forms(language, "To %(num)d point", "To %(num)d points"),
        "start_toes": plural_forms(language, "%(num)d start toe", "%(num)d start toes"),
        "blank_double": plural_forms(language, "0-0 counts %(num)d point", "0-0 counts %(num)d points"),
        "turn_seconds": plural_forms(language, "%(num)d second a turn", "%(num)d seconds a turn"),
    }
