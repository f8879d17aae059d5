"""The players' pages (docs/players.md, docs/site.md): ``/<lang>/me`` (the browser's own player: their name,
the leaderboard choice, their matches and replays, per game their figures, rating and its chart, the player
key and its QR code, forget me), ``/<lang>/p/<id>`` (a public profile, only for a player who chose to be on the
leaderboards) and ``/<lang>/leaderboard``.

Plain HTML forms and server-drawn SVG: these pages load no script.
"""

from __future__ import annotations

import contextlib
import itertools
import secrets
import time
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qs

from babel.dates import format_date
from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response
from markupsafe import Markup, escape

from ..tables.commands import check_name
from ..tables.errors import CommandError
from ..tables.ports import Player, PlayerStore, StoreError
from ..tables.ratings import bot_rating
from ..tables.settings import GAME_NAMES, game_traits
from . import LANGUAGES, translations
from .players import (
    LEADERBOARD_LEAST,
    PERIODS,
    PLAYER_COOKIE,
    known_player,
    leaderboard_data,
    player_data,
    players_of,
    secret_hash,
    this_player,
)
from .responses import not_found, page, share_qr
from .seats import hall_of
from .words import bot_names, game_title

router = APIRouter(include_in_schema=False)

SHOWN = 20
"""The matches a player's page lists (the newest)."""
COUNTED = 1000
"""The newest matches a player's page counts its figures by (matches played and won, rounds)."""
LEVELS = ("easy", "medium", "hard", "expert")
"""The bot levels a rating is told against."""
KEY_LIFE = 24 * 3600.0
"""Seconds a player key made on the page may be used in (once), as ``GET /api/me/key``'s."""


def posted(body: bytes) -> dict[str, str]:
    """A posted HTML form's fields (the last value of each)."""
    fields = parse_qs(body.decode("utf-8", "replace"))
    return {key: values[-1] for key, values in fields.items()}


@router.get("/{language}/me")
async def me_page(language: str, request: Request, saved: str = "") -> Response:
    """The browser's own player (made now when new): name, leaderboard choice, matches, ratings, key, forget me."""
    found = await own_player(language, request)
    if isinstance(found, Response):
        return found
    return await me_response(request, language, found[1], saved=bool(saved))


async def own_player(language: str, request: Request) -> tuple[PlayerStore, Player] | Response:
    """The players' store and the browser's own player (made now when new), for the player's page and its forms;
    else the answer: not found in a language the site does not speak, 503 when no player can be kept."""
    if language not in LANGUAGES:
        return not_found(request)
    players, player = players_of(request), await this_player(request)
    if players is None or player is None:
        return page(request, language, "me.html", status=503, unavailable=True)
    return players, player


async def me_response(request: Request, language: str, player: Player, status: int = 200, **extra: Any) -> Response:
    """The player's own page, with what a form just did (``extra``: ``saved``, ``problem``, ``key``...)."""
    players = players_of(request)
    assert players is not None
    context = await player_context(request, players, player, language)
    response = page(request, language, "me.html", status=status, **context, **extra)
    response.headers["cache-control"] = "no-store"
    return response


@router.post("/{language}/me")
async def change_me(language: str, request: Request) -> Response:
    """Save the player's name and their leaderboard choice (the page's form), and show the page again."""
    found = await own_player(language, request)
    if isinstance(found, Response):
        return found
    players, player = found
    fields = posted(await request.body())
    try:
        name = check_name(fields.get("name", ""))
    except CommandError:
        problem = translations(language).gettext("A name is 1 to 24 letters, digits or signs.")
        return await me_response(request, language, player, status=400, problem=problem, typed=fields.get("name"))
    await players.update_player(player.player_id, name=name, leaderboard=fields.get("leaderboard") == "on")
    return RedirectResponse(f"/{language}/me?saved=1", status_code=303)


@router.post("/{language}/me/key")
async def make_key(language: str, request: Request) -> Response:
    """Make a new player key (the one before is void) and show the page with its link and QR code."""
    found = await own_player(language, request)
    if isinstance(found, Response):
        return found
    players, player = found
    value = secrets.token_urlsafe(16)
    await players.save_key(player.player_id, secret_hash(value), time.time() + KEY_LIFE)
    url = str(request.base_url).rstrip("/") + f"/k/{value}"
    qr = share_qr(url, translations(language).gettext("QR code of your player key"))
    return await me_response(request, language, player, key={"url": url, "qr": Markup(qr)})


@router.get("/{language}/me/forget")
async def forget_question(language: str, request: Request) -> Response:
    """Ask before forgetting the player: what goes, and a button that posts the answer."""
    if language not in LANGUAGES:
        return not_found(request)
    player = await known_player(request)
    return page(request, language, "forget.html", player=player, done=False)


@router.post("/{language}/me/forget")
async def forget(language: str, request: Request) -> Response:
    """Forget the browser's player (as ``DELETE /api/me``): their links, places and ratings deleted, their name in
    the stored tables and results made "a former player", and the browser's cookie dropped."""
    if language not in LANGUAGES:
        return not_found(request)
    players, player = players_of(request), await known_player(request)
    if players is None:
        return page(request, language, "me.html", status=503, unavailable=True)
    if player is not None:
        seats = await players.forget_player(player.player_id)
        hall_of(request).forget_names(seats)
    response = page(request, language, "forget.html", player=None, done=True)
    response.delete_cookie(PLAYER_COOKIE, path="/")
    response.headers["cache-control"] = "no-store"
    return response


@router.get("/{language}/p/{player_id}")
async def profile(language: str, player_id: str, request: Request) -> Response:
    """A player's public profile: only for one who chose to be shown on the leaderboards (else 404)."""
    players = players_of(request)
    if language not in LANGUAGES or players is None or len(player_id) > 32:
        return not_found(request)
    try:
        player = await players.public_player(player_id)
    except StoreError:
        player = None
    if player is None or not player.leaderboard:
        return not_found(request)
    context = await player_context(request, players, player, language)
    return page(request, language, "profile.html", **context)


@router.get("/{language}/leaderboard")
async def leaderboard(language: str, request: Request, game: str = "", period: str = "all") -> Response:
    """A game's leaderboard over a period (this week, this month, all time): the players who chose to be shown,
    with at least ``LEADERBOARD_LEAST`` rated matches in it, best first."""
    game = game or GAME_NAMES[0]
    players = players_of(request)
    if language not in LANGUAGES or game not in GAME_NAMES or period not in PERIODS:
        return not_found(request)
    board: dict[str, Any] = {"players": []}
    if players is not None:
        with contextlib.suppress(StoreError):  # the page says so: nobody listed
            board = await leaderboard_data(players, game, period, time.time())
    forms = translations(language)
    periods = {
        "week": forms.gettext("This week"),
        "month": forms.gettext("This month"),
        "all": forms.gettext("All time"),
    }
    return page(
        request,
        language,
        "leaderboard.html",
        game=game,
        period=period,
        title=game_title(language, game),
        games=[(name, game_title(language, name)) for name in GAME_NAMES],
        periods=periods,
        rows=board["players"],
        least=LEADERBOARD_LEAST,
    )


async def player_context(request: Request, players: PlayerStore, player: Player, language: str) -> dict[str, Any]:
    """What the player's page and profile show: the player, their matches (the newest ``SHOWN``) and, per game
    they played, their figures, rating, where it stands against the bots, and its chart."""
    data = await player_data(players, player, language, COUNTED)
    ladders = hall_of(request).config.bot_ratings
    games = []
    for game in GAME_NAMES:
        matches = [match for match in data["matches"] if match["game"] == game]
        rating = data["ratings"].get(game)
        if not matches and rating is None:
            continue
        result = game_traits()[game]["result"]
        entry = game_figures(matches, result) | {"game": game, "title": game_title(language, game)}
        entry["points"] = result == "points"
        if rating is not None:
            bots = {level: bot_rating(ladders, game, level) for level in LEVELS}
            entry["rating"] = rating
            entry["against"] = against_bots(language, rating["rating"], bots)
            entry["chart"] = Markup(rating_chart(language, rating["history"], bots))
        games.append(entry)
    return {
        "player": data,
        "games": games,
        "matches": [match_row(language, match) for match in data["matches"][:SHOWN]],
    }


def game_figures(matches: Sequence[Mapping[str, Any]], result: str) -> dict[str, Any]:
    """A player's figures at one game from their ``matches`` (their seat's rounds): matches played and won, the
    mean result a round (a penalty, or points in a game of points) and the best round (``None`` when no
    round is known).

    >>> game_figures([{"seat": 0, "place": 1, "seats": [{"rounds": [3, 0]}]},
    ...               {"seat": 1, "place": 2, "seats": [{}, {"rounds": [10]}]}], "penalties")
    {'played': 2, 'won': 1, 'rounds': 3, 'mean': 4.3, 'best': 0}
    """
    rounds = [
        int(points)
        for match in matches
        if 0 <= match["seat"] < len(match["seats"])
        for points in match["seats"][match["seat"]].get("rounds", [])
    ]
    best = (min(rounds) if result == "penalties" else max(rounds)) if rounds else None
    return {
        "played": len(matches),
        "won": sum(1 for match in matches if match["place"] == 1),
        "rounds": len(rounds),
        "mean": round(sum(rounds) / len(rounds), 1) if rounds else None,
        "best": best,
    }


def against_bots(language: str, rating: float, bots: Mapping[str, float]) -> str:
    """Where ``rating`` stands on the bots' ladder, in ``language``: between which two bots, or above or
    below them all.

    >>> against_bots("en", 1250, {"easy": 1000, "medium": 1187, "hard": 1341, "expert": 1371})
    'Between the bots Medium bot (1187) and Hard bot (1341).'
    >>> against_bots("en", 900, {"easy": 1000, "medium": 1187})
    'Below every bot: Easy bot is 1000.'
    """
    forms, names = translations(language), bot_names(language)
    ladder = sorted(bots.items(), key=lambda item: item[1])
    if rating < ladder[0][1]:
        text = forms.gettext("Below every bot: %(bot)s is %(rating)d.")
        return text % {"bot": names[ladder[0][0]], "rating": round(ladder[0][1])}
    for (low, low_rating), (high, high_rating) in itertools.pairwise(ladder):
        if low_rating <= rating < high_rating:
            text = forms.gettext("Between the bots %(lower)s (%(low)d) and %(upper)s (%(high)d).")
            return text % {
                "lower": names[low],
                "low": round(low_rating),
                "upper": names[high],
                "high": round(high_rating),
            }
    text = forms.gettext("Above every bot: %(bot)s is %(rating)d.")
    return text % {"bot": names[ladder[-1][0]], "rating": round(ladder[-1][1])}


CHART = (320, 110, 34, 8)
"""The rating chart's width, height, left margin (for its scale) and other margins, in its own units."""


def rating_chart(language: str, history: Sequence[Mapping[str, Any]], bots: Mapping[str, float]) -> str:
    """A small line chart of a rating over the rated matches (``history``: oldest first), drawn as inline SVG:
    one point a match, the bots' ratings within its range as dashed lines; its title says it in words."""
    width, height, left, margin = CHART
    ratings = [float(point["rating"]) for point in history]
    forms = translations(language)
    title = forms.gettext("The rating after each rated match: from %(first)d to %(last)d.") % {
        "first": round(ratings[0]) if ratings else 0,
        "last": round(ratings[-1]) if ratings else 0,
    }
    low, high = (min(ratings), max(ratings)) if ratings else (1000.0, 1200.0)
    low, high = low - 20, high + 20

    def y(value: float) -> float:
        return round(height - margin - (value - low) / (high - low) * (height - 2 * margin), 1)

    def x(index: int) -> float:
        span = max(1, len(ratings) - 1)
        return round(left + index / span * (width - left - margin), 1)

    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {width} {height}" role="img"><title>{escape(title)}</title>',
        f'<line class="axis" x1="{left}" y1="{margin}" x2="{left}" y2="{height - margin}"/>',
    ]
    names = bot_names(language)
    for level, value in bots.items():
        if low <= value <= high:
            parts.append(f'<line class="bot" x1="{left}" y1="{y(value)}" x2="{width - margin}" y2="{y(value)}"/>')
            parts.append(f'<text class="bot" x="{width - margin}" y="{y(value) - 2}">{escape(names[level])}</text>')
    for value in (low + 20, high - 20) if ratings else ():
        parts.append(f'<text class="scale" x="{left - 4}" y="{y(value) + 4}">{round(value)}</text>')
    points = " ".join(f"{x(i)},{y(value)}" for i, value in enumerate(ratings))
    if len(ratings) > 1:
        parts.append(f'<polyline points="{points}"/>')
    if ratings:
        parts.append(f'<circle cx="{x(len(ratings) - 1)}" cy="{y(ratings[-1])}" r="3.5"/>')
    parts.append("</svg>")
    return "".join(parts)


def match_row(language: str, match: Mapping[str, Any]) -> dict[str, Any]:
    """One of the player's matches as the pages list it: game, date, seats, result, rating, replay link."""
    forms, names = translations(language), bot_names(language)
    places = max((seat["place"] for seat in match["seats"]), default=1)
    if match["place"] == 1:
        result = forms.gettext("Won") if places > 1 else forms.gettext("Draw")
    else:
        result = forms.gettext("Place %(place)d of %(places)d") % {"place": match["place"], "places": places}
    seats = [
        f"{seat['name']} ({names.get(seat['bot'], seat['bot'])})" if seat.get("bot") else str(seat["name"])
        for seat in match["seats"]
    ]
    day = datetime.fromtimestamp(match["finished"], tz=UTC)
    return {
        "game": game_title(language, match["game"]),
        "date": format_date(day, format="medium", locale=language),
        "iso": day.isoformat(timespec="minutes"),
        "seats": seats,
        "mine": match["seat"],
        "result": result,
        "won": match["place"] == 1,
        "rated": match["rated"],
        "rating": match["rating"],
        "replay": f"/r/{match['table']}/{match['match']}?lang={language}",
    }
