"""The HTTP API: create a table, sit down, a table's public summary, a finished match's record, health.

A seat's token travels only in an HttpOnly, SameSite=Lax cookie (``web.seats``, shared with the site's pages).
"""

from __future__ import annotations

import time
from typing import Annotated, Any

import orjson
from fastapi import APIRouter, Query, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..tables.analyses import Analyses
from ..tables.analyses import Request as AnalysisRequest
from ..tables.commands import NewTable
from ..tables.errors import CommandError
from ..tables.settings import DEFAULT_GAME, MOST_SEATS
from ..web.players import link_seat, remembered_name
from ..web.seats import cookie_name, hall_of, set_seat_cookie
from .protocol import SettingValue, setting_refused

router = APIRouter()

STATUS = {"no-table": 404, "not-over": 403, "bad-token": 403, "busy": 503, "rate-limited": 429}
"""HTTP status of an error code (the others are 400 or, for a seat or state conflict, 409)."""
CONFLICTS = frozenset(
    {"seat-taken", "started", "already-seated", "match-over", "not-started", "not-between", "not-finished"}
)


class CreateTable(BaseModel):
    """A new table: the game, its settings, a bot level or null per seat, and the host's name and seat."""

    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(max_length=16)] = DEFAULT_GAME
    settings: dict[str, SettingValue] = Field(default_factory=dict)
    bots: list[str | None] = Field(default_factory=lambda: [None, "medium", "medium", "medium"], max_length=MOST_SEATS)
    name: Annotated[str, Field(max_length=64)]
    seat: StrictInt = 0


class SitDown(BaseModel):
    """Take a free seat with a display name: ``seat``, or the first free one when it is left out; without a
    name, the name the browser's player last played under (docs/players.md)."""

    model_config = ConfigDict(extra="forbid")
    seat: StrictInt | None = None
    name: Annotated[str, Field(max_length=64)] | None = None


def refusal(error: CommandError) -> JSONResponse:
    """The JSON answer for a refused request."""
    status = STATUS.get(error.code, 409 if error.code in CONFLICTS else 400)
    return JSONResponse(error.to_frame(None), status_code=status)


def invalid_request(request: Request, error: Exception) -> JSONResponse:
    """The answer to a request whose body or parameters do not fit (400 with a ``code``, never echoing
    what was sent: it may be bytes that are not UTF-8, or text with lone surrogates)."""
    problems = error.errors() if isinstance(error, RequestValidationError) else []
    first: dict[str, Any] = problems[0] if problems else {"type": "", "loc": (), "msg": "the request does not fit"}
    loc = [str(part) for part in first["loc"]]
    where = printable(".".join(loc[1:]) or loc[0] if loc else "the request")
    whole_body = first["type"] in ("model_attributes_type", "dict_type") and len(loc) <= 1
    empty = first["type"] == "missing" and len(loc) == 1  # no body at all
    setting = setting_refused(first["loc"][1:])
    if first["type"] == "json_invalid" or whole_body or empty:  # a JSON error is placed at its offset
        refused = CommandError("bad-json", "the body is not a JSON object (in UTF-8)")
    elif setting is not None:
        refused = setting
    elif loc[:2] == ["body", "name"]:
        refused = CommandError("bad-name", "a display name is 1 to 24 printable characters")
    elif first["type"] == "string_too_long":
        refused = CommandError("too-long", f"{where}: {first['msg']}")
    else:
        refused = CommandError("bad-message", f"{where}: {first['msg']}")
    return JSONResponse(refused.to_frame(None), status_code=400)


def printable(text: str, limit: int = 64) -> str:
    """``text`` safe to answer: at most ``limit`` characters, anything that is not UTF-8 replaced."""
    return text[:limit].encode("utf-8", "replace").decode("utf-8")


@router.post("/api/tables", status_code=201)
async def create_table(spec: CreateTable, request: Request, response: Response) -> Any:
    """Create a table hosted by the caller, who takes ``seat``; answers its link and sets the seat cookie."""
    address = request.client.host if request.client else "?"
    limits = request.app.state.limits
    if not limits.may_create(address):
        return refusal(CommandError("rate-limited", "too many tables from your address: wait a minute"))
    try:
        table_id, token = await hall_of(request).create(
            NewTable(spec.game, dict(spec.settings), spec.bots, spec.name, spec.seat), time.time()
        )
    except CommandError as error:
        limits.not_created(address)  # only tables made count towards the limit
        return refusal(error)
    set_seat_cookie(request, response, table_id, token)
    await link_seat(request, table_id, token, spec.name)
    return {"id": table_id, "link": f"/t/{table_id}", "seat": spec.seat}


@router.post("/api/tables/{table_id}/sit")
async def sit(table_id: str, body: SitDown, request: Request, response: Response) -> Any:
    """Take a free seat; sets the seat cookie (reconnect the WebSocket to play from it)."""
    name = body.name if body.name is not None else await remembered_name(request)
    try:
        held = request.cookies.get(cookie_name(table_id))
        reply, token = await hall_of(request).sit(table_id, body.seat, name, held)
    except CommandError as error:
        return refusal(error)
    if reply.error is not None:
        return refusal(reply.error)
    set_seat_cookie(request, response, table_id, token)
    await link_seat(request, table_id, token, name)
    seat = body.seat if body.seat is not None else await hall_of(request).seat_of(table_id, token)
    return {"seat": seat, "seq": reply.seq}


@router.get("/api/tables")
async def open_tables(request: Request, open: Annotated[int, Query(ge=1, le=1)] = 1) -> Any:
    """The lobby: public tables with a free seat, and public matches being played (no hidden data)."""
    return {"tables": await hall_of(request).open_tables()}


@router.get("/api/tables/{table_id}")
async def table_summary(table_id: str, request: Request) -> Any:
    """What anyone may know of a table: game, settings, seats, phase, seq."""
    actor = await hall_of(request).actor(table_id)
    if actor is None:
        return refusal(CommandError("no-table", "there is no table with this id: check the link"))
    return actor.state.summary()


@router.get("/api/tables/{table_id}/record")
async def record(table_id: str, request: Request, match: Annotated[int | None, Query(ge=1, le=100_000)] = None) -> Any:
    """The ``dominohall/record@1`` record of the table's match number ``match`` (1-based; by default the
    latest finished one): matches before a rematch stay downloadable, and the match being played gives its
    finished rounds (the round being played stays secret)."""
    hall = hall_of(request)
    actor = await hall.actor(table_id)
    try:
        if actor is None:  # maybe a table reduced to its records by retention
            kept = await hall.kept_record(table_id, match)
            if kept is None:
                return refusal(CommandError("no-table", "there is no table with this id: check the link"))
            return Response(orjson.dumps(kept), media_type="application/json")
        return Response(await hall.records.encoded(actor.state, hall.store, match), media_type="application/json")
    except CommandError as error:
        return refusal(error)


@router.get("/api/tables/{table_id}/analysis")
async def analysis(
    table_id: str,
    request: Request,
    match: Annotated[int, Query(ge=1, le=100_000)],
    round: Annotated[int, Query(ge=1, le=1_000)],
    seat: Annotated[int, Query(ge=0, le=1_000)],  # a seat the table lacks: no-such-seat
) -> Any:
    """The analysis of a seat's choices in a finished round (``dominohall/analysis@1``, docs/bots.md): 200
    with it once ready; 202 ``{"status": "pending"}`` while it is computed (ask again); 503 ``busy``."""
    hall = hall_of(request)
    actor = await hall.actor(table_id)
    if actor is None:
        return refusal(CommandError("no-table", "there is no table with this id: check the link"))
    analyses: Analyses = request.app.state.analyses
    try:
        record = orjson.loads(await hall.records.encoded(actor.state, hall.store, match))
        found = await analyses.result(AnalysisRequest(table_id, match, round, seat), record)
    except CommandError as error:
        return refusal(error)
    return JSONResponse({"status": "pending"}, status_code=202) if found is None else found


@router.get("/healthz")
async def health(request: Request) -> dict[str, Any]:
    """The server is up: its live tables, how many of them it owns (runs the bots and timers of), and how
    many processes share its store (itself among them)."""
    hall = hall_of(request)
    actors = list(hall.actors.values())
    owned = sum(actor.owner for actor in actors)
    return {"ok": True, "tables": len(actors), "owned": owned, "processes": hall.coordinator.live()}
