"""The player a browser is, without sign-up (docs/players.md): the ``dh_player`` cookie and what the site's pages
and the server's API share of it.

The first visit (any page or API call) gets a random secret in a long-lived HttpOnly, SameSite=Lax cookie
(``PlayerCookies``); the store keeps only its SHA-256, and only once there is something to remember: a seat
taken, a name, the player's own page or API. A crawler's visit costs no row. The player's store is the
``PlayerStore`` port on ``app.state.players`` (``None``: this server keeps no players).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from http.cookies import SimpleCookie
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..tables.ports import Player, PlayerStore, StoreError
from ..tables.ratings import MU, SIGMA
from ..tables.state import token_hash
from . import COOKIE as LANGUAGE_COOKIE
from . import LANGUAGES
from .words import shown_name

log = logging.getLogger("dominohall.players")

PLAYER_COOKIE = "dh_player"
COOKIE_AGE = 400 * 24 * 3600
"""The cookie's life: 400 days, the longest browsers keep one (each visit that makes a player renews it)."""
SECRET_STATE = "player_secret"
"""Where ``PlayerCookies`` leaves the secret it gave a browser on this very request (the browser has not sent
it yet)."""
QUIET_PATHS = ("/static/", "/healthz", "/favicon")
"""Paths whose answers give no player cookie: files and the health check are no visit."""
MATCHES_SHOWN = 50
"""The most matches ``GET /api/me`` lists (the newest)."""
LEADERBOARD_LEAST = 3
"""Rated matches of the game in the period a player needs to be on a leaderboard."""
LEADERBOARD_ROWS = 100
"""Players a leaderboard lists (the best)."""
DAY = 24 * 3600.0
PERIODS = {"week": 7 * DAY, "month": 30 * DAY, "all": None}
"""Each leaderboard's period: the last 7 days, the last 30 days, or every match ever."""
ALL_TREND = 30 * DAY
"""The all-time leaderboard's trend: the change over the last 30 days."""
PROVISIONAL = 0.6 * SIGMA
"""A rating whose uncertainty is still above this is provisional (the pages mark it "?")."""


def new_secret() -> str:
    """A fresh player secret: 256 random bits, URL-safe."""
    return secrets.token_urlsafe(32)


def new_player_id() -> str:
    """A fresh public player id: 64 random bits, URL-safe (11 characters)."""
    return secrets.token_urlsafe(8)


def secret_hash(secret: str) -> str:
    """The SHA-256 of a secret or key, in hex: the only form the store keeps."""
    return hashlib.sha256(secret.encode()).hexdigest()


def player_cookie(secret: str, secure: bool) -> str:
    """The ``Set-Cookie`` value that gives a browser ``secret``."""
    cookie: SimpleCookie = SimpleCookie()
    cookie[PLAYER_COOKIE] = secret
    morsel = cookie[PLAYER_COOKIE]
    morsel["max-age"], morsel["path"], morsel["samesite"], morsel["httponly"] = COOKIE_AGE, "/", "Lax", True
    if secure:
        morsel["secure"] = True
    return morsel.OutputString()


class PlayerCookies:
    """ASGI middleware: an HTTP request that brings no player cookie gets one with its answer, unless the answer
    refuses it (4xx, 5xx); the route finds the secret in ``request.state``."""

    def __init__(self, app: ASGIApp, *, secure: bool = False) -> None:
        self.app, self.secure = app, secure

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; give its answer a new secret's cookie when the request had none."""
        if scope["type"] != "http" or scope["path"].startswith(QUIET_PATHS) or _has_cookie(scope):
            await self.app(scope, receive, send)
            return
        secret = new_secret()
        scope.setdefault("state", {})[SECRET_STATE] = secret

        async def send_with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start" and message["status"] < 400:  # a refusal gives nothing
                headers = MutableHeaders(scope=message)  # the cookie goes last: a client reading the first
                if not any(value.startswith(f"{PLAYER_COOKIE}=") for value in headers.getlist("set-cookie")):
                    cookie = (b"set-cookie", player_cookie(secret, self.secure).encode("latin-1"))
                    message["headers"] = [*message.get("headers", []), cookie]  # gets the route's (a seat's)
            await send(message)

        await self.app(scope, receive, send_with_cookie)


def _has_cookie(scope: Scope) -> bool:
    """True when the request brings a player cookie."""
    return any(name == b"cookie" and f"{PLAYER_COOKIE}=".encode() in value for name, value in scope.get("headers", []))


def players_of(connection: HTTPConnection) -> PlayerStore | None:
    """The store of players behind ``connection``'s app (``None``: this server keeps none)."""
    players: PlayerStore | None = getattr(connection.app.state, "players", None)
    return players


def secret_of(connection: HTTPConnection) -> str | None:
    """The player secret the browser sent, or the one this answer gives it."""
    sent = connection.cookies.get(PLAYER_COOKIE)
    if sent:
        return sent
    given: str | None = getattr(connection.state, SECRET_STATE, None)
    return given


def page_language(connection: HTTPConnection) -> str:
    """The language of the page a request comes from: its path's, else the language cookie's, else English."""
    first = connection.url.path.strip("/").split("/", 1)[0]
    if first in LANGUAGES:
        return first
    cookie = connection.cookies.get(LANGUAGE_COOKIE, "")
    return cookie if cookie in LANGUAGES else LANGUAGES[0]


async def known_player(connection: HTTPConnection) -> Player | None:
    """The player the browser is, if the store has them (nothing is made)."""
    players, secret = players_of(connection), secret_of(connection)
    if players is None or not secret:
        return None
    try:
        return await players.player(secret_hash(secret))
    except StoreError as error:
        log.warning("the player could not be read: %s", error)
        return None


async def this_player(connection: HTTPConnection) -> Player | None:
    """The player the browser is, made now when the store has none for its secret; ``None`` when this server
    keeps no players or its store cannot be reached."""
    players, secret = players_of(connection), secret_of(connection)
    if players is None or not secret:
        return None
    try:
        return await players.ensure_player(secret_hash(secret), new_player_id(), page_language(connection), time.time())
    except StoreError as error:
        log.warning("the player could not be made: %s", error)
        return None


async def remembered_name(connection: HTTPConnection) -> str:
    """The name the browser's player last played under ("" when none is known): the forms' default."""
    player = await known_player(connection)
    return player.name or "" if player is not None else ""


async def link_seat(connection: HTTPConnection, table_id: str, token: str, name: str) -> None:
    """The seat just taken at ``table_id`` with ``token`` is the browser's player's, whose name is remembered
    (a failure is logged: the seat stays taken, its matches are only not the player's)."""
    players, player = players_of(connection), await this_player(connection)
    if players is None or player is None:
        return
    try:
        await players.link_seat(player.player_id, table_id, token_hash(token))
        if name.strip() != player.name:
            await players.update_player(player.player_id, name=name.strip())
    except StoreError as error:
        log.warning("the seat could not be linked to its player: %s", error, extra={"table": table_id})


async def player_data(
    players: PlayerStore, player: Player, language: str, shown: int = MATCHES_SHOWN
) -> dict[str, Any]:
    """What the site tells of ``player`` (``GET /api/me``, the player's pages): id, name, language, leaderboard,
    their ``shown`` newest matches (a forgotten player's name in them said in ``language``) and their ratings
    by game (``provisional`` while the uncertainty is wide)."""
    matches = await players.matches_of(player.player_id, shown)
    for match in matches:
        match["seats"] = [seat | {"name": shown_name(language, seat["name"])} for seat in match["seats"]]
    ratings = await players.ratings_of(player.player_id)
    for rating in ratings.values():
        rating["provisional"] = rating.pop("sigma") > PROVISIONAL
        rating.pop("mu")
    return {
        "id": player.player_id,
        "name": player.name,
        "language": player.language,
        "leaderboard": player.leaderboard,
        "matches": matches,
        "ratings": ratings,
    }


async def leaderboard_data(players: PlayerStore, game: str, period: str, now: float) -> dict[str, Any]:
    """The leaderboard of ``game`` over ``period`` (a key of ``PERIODS``) as ``GET /api/leaderboard`` tells it:
    the players who chose to be shown, with at least ``LEADERBOARD_LEAST`` rated matches in the period, best
    rating first, each with their place, id, name, rating, matches in the period and ever, and trend."""
    length = PERIODS[period]
    since = None if length is None else now - length
    trend_since = now - ALL_TREND if length is None else since
    rows = await players.leaderboard(game, since, LEADERBOARD_LEAST, LEADERBOARD_ROWS, trend_since)
    return {
        "game": game,
        "period": period,
        "least": LEADERBOARD_LEAST,
        "players": [
            {
                "place": index + 1,
                "id": row["id"],
                "name": row["name"],
                "rating": round(row["mu"]),
                "provisional": row["sigma"] > PROVISIONAL,
                "matches": row["matches"],
                "total": row["total"],
                "trend": round(row["mu"] - (MU if row["before"] is None else row["before"])),
            }
            for index, row in enumerate(rows)
        ],
    }
