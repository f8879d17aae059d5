"""The HTTP API of players (docs/players.md, docs/protocol.md): the browser's own player (``/api/me``), its key
to another browser (``/api/me/key``, opened as ``/k/<key>``), forgetting it, and the leaderboards."""

from __future__ import annotations

import secrets
import time
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse, RedirectResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictBool

from ..tables.commands import check_name
from ..tables.errors import CommandError
from ..tables.ports import Player
from ..tables.settings import GAME_NAMES
from ..web import LANGUAGES
from ..web.players import (
    PLAYER_COOKIE,
    known_player,
    leaderboard_data,
    new_secret,
    page_language,
    player_cookie,
    player_data,
    players_of,
    secret_hash,
    this_player,
)
from ..web.responses import not_found
from ..web.seats import hall_of
from .http import refusal

router = APIRouter()

KEY_LIFE = 24 * 3600.0
"""Seconds a player key may be used in (once)."""
NO_PLAYERS = CommandError("busy", "players cannot be kept or read now: try again")


class PlayerChange(BaseModel):
    """What a player may change of themselves: the name the forms offer, being on the leaderboards, the language."""

    model_config = ConfigDict(extra="forbid")
    name: Annotated[str, Field(max_length=64)] | None = None
    leaderboard: StrictBool | None = None
    language: Literal["en", "ru", "pl", "cs"] | None = None


def language_for(request: Request, player: Player | None) -> str:
    """The language names are shown in: ``?lang=``, else the player's, else the page's."""
    asked = request.query_params.get("lang", "")
    if asked in LANGUAGES:
        return asked
    return player.language if player is not None and player.language in LANGUAGES else page_language(request)


async def player_body(request: Request, player: Player) -> dict[str, Any]:
    """``GET /api/me``'s answer: the player, their matches (newest first) and their ratings by game."""
    players = players_of(request)
    assert players is not None
    return await player_data(players, player, language_for(request, player))


@router.get("/api/me")
async def me(request: Request) -> Any:
    """The browser's player (made now if it is new): id, name, leaderboard, matches, ratings by game."""
    player = await this_player(request)
    if player is None:
        return refusal(NO_PLAYERS)
    return await player_body(request, player)


@router.put("/api/me")
async def change_me(change: PlayerChange, request: Request) -> Any:
    """Change the player's name (the forms' default), whether they are on the leaderboards, their language."""
    try:  # first: a refused change makes no player
        name = None if change.name is None else check_name(change.name)
    except CommandError as error:
        return refusal(error)
    players, player = players_of(request), await this_player(request)
    if players is None or player is None:
        return refusal(NO_PLAYERS)
    changed = await players.update_player(
        player.player_id, name=name, leaderboard=change.leaderboard, language=change.language
    )
    return refusal(NO_PLAYERS) if changed is None else await player_body(request, changed)


@router.delete("/api/me")
async def forget_me(request: Request) -> Any:
    """Forget the browser's player: the player, their links, matches and ratings are deleted, and their name in
    the stored tables and results becomes "a former player"; the browser's cookie is dropped."""
    players, player = players_of(request), await known_player(request)
    if players is None:
        return refusal(NO_PLAYERS)
    response = JSONResponse({"forgotten": player is not None})
    if player is not None:
        seats = await players.forget_player(player.player_id)
        hall_of(request).forget_names(seats)
    response.delete_cookie(PLAYER_COOKIE, path="/")
    return response


@router.get("/api/me/key")
async def key(request: Request) -> Any:
    """A new key of the player (the one before is void): a link that, opened once in another browser within a
    day, makes that browser this player too."""
    players, player = players_of(request), await this_player(request)
    if players is None or player is None:
        return refusal(NO_PLAYERS)
    value, expires = secrets.token_urlsafe(16), time.time() + KEY_LIFE
    await players.save_key(player.player_id, secret_hash(value), expires)
    link = f"/k/{value}"
    return {"link": link, "url": str(request.base_url).rstrip("/") + link, "expires": expires}


@router.get("/k/{value}")
async def use_key(value: str, request: Request) -> Response:
    """Open a player key: this browser gets a new secret of the key's player, and goes to the player's
    language's home page; a key unknown, used or expired leads nowhere (404)."""
    players = players_of(request)
    if players is None or len(value) > 64:
        return not_found(request)
    secret = new_secret()
    player = await players.use_key(secret_hash(value), secret_hash(secret), time.time())
    if player is None:
        return not_found(request)
    response = RedirectResponse(f"/{player.language}/", status_code=303)
    response.headers.append("set-cookie", player_cookie(secret, bool(request.app.state.settings.secure_cookies)))
    response.headers["cache-control"] = "no-store"
    return response


@router.get("/api/leaderboard")
async def leaderboard(
    request: Request,
    game: Annotated[str, Query(max_length=16)],
    period: Literal["week", "month", "all"] = "all",
) -> Any:
    """The players of ``game`` who chose to be shown, with at least ``LEADERBOARD_LEAST`` rated matches in the
    period, best rating first: id, name, rating, matches in the period, trend over it."""
    players = players_of(request)
    if players is None:
        return refusal(NO_PLAYERS)
    if game not in GAME_NAMES:
        return refusal(CommandError("bad-settings", f"the game must be {' or '.join(GAME_NAMES)}", field="game"))
    return await leaderboard_data(players, game, period, time.time())
