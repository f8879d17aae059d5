"""The operator's console on the web: the ``/admin`` page and its JSON API under ``/admin/api/``.

It is on only when the server was given an operator token (``DOMINOHALL_ADMIN_TOKEN``): without one every
address here answers 404, as if it did not exist. The page itself holds no secret: its script asks the
operator for the token, keeps it in the tab's ``sessionStorage`` and sends it in the ``X-Admin-Token`` header of
every API request; a request without it, or with another, answers 403. A header is what makes it safe from
other sites' pages: a browser sends no custom header across sites without asking the server first (CORS),
which this server never allows, and it never sends one by itself the way it sends a cookie.
"""

from __future__ import annotations

import hmac
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..tables.errors import CommandError
from ..tables.operator import live_tables, operator_command
from ..web.responses import not_found
from ..web.seats import hall_of
from .limits import PerAddress

router = APIRouter()

TOKEN_HEADER = "X-Admin-Token"
PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Domino Hall: the console</title>
<link rel="stylesheet" href="/static/site.css">
<script type="module" src="/static/admin.js"></script>
</head>
<body>
<main id="main" class="console">
<h1>The console</h1>
<form id="admin-login">
  <label for="admin-token">Operator token</label>
  <input id="admin-token" type="password" autocomplete="off" required>
  <button type="submit">Open</button>
</form>
<p id="admin-problem" role="alert"></p>
<div id="admin-lists" hidden>
<section aria-labelledby="admin-tables-title">
  <h2 id="admin-tables-title">Live tables</h2>
  <table class="console-list"><thead><tr><th scope="col">Table</th>
  <th scope="col">Game</th>
  <th scope="col">Phase</th>
  <th scope="col">People</th>
  <th scope="col">Bots</th>
  <th scope="col">Events</th>
  <th scope="col">Process</th>
  <th scope="col">Action</th></tr></thead>
  <tbody id="admin-tables"></tbody></table>
</section>
<section aria-labelledby="admin-reports-title">
  <h2 id="admin-reports-title">Reported chat lines</h2>
  <table class="console-list"><thead><tr><th scope="col">When</th>
  <th scope="col">Table</th>
  <th scope="col">Line</th>
  <th scope="col">Who said it</th>
  <th scope="col">What</th>
  <th scope="col">Reported by</th>
  <th scope="col">Action</th></tr></thead>
  <tbody id="admin-reports"></tbody></table>
</section>
<section aria-labelledby="admin-limits-title">
  <h2 id="admin-limits-title">Limits in force in this process</h2>
  <table class="console-list"><thead><tr><th scope="col">Address</th>
  <th scope="col">Limit</th>
  <th scope="col">Count</th>
  <th scope="col">Action</th></tr></thead>
  <tbody id="admin-limits"></tbody></table>
</section>
</div>
</main>
</body>
</html>
"""
"""The console's page: English only (it is the operator's), no inline script (the CSP allows none)."""


class CloseTable(BaseModel):
    """Close a table."""

    model_config = ConfigDict(extra="forbid")
    table: Annotated[str, Field(max_length=64)]


class HideLine(BaseModel):
    """Hide the chat line of event ``line`` at a table."""

    model_config = ConfigDict(extra="forbid")
    table: Annotated[str, Field(max_length=64)]
    line: StrictInt


class LiftLimits(BaseModel):
    """Lift the limits in force for an address."""

    model_config = ConfigDict(extra="forbid")
    address: Annotated[str, Field(max_length=64)]


def _refused(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"t": "error", "id": None, "code": code, "message": message}, status_code=status)


def _check(request: Request, given: str | None) -> Response | None:
    """``None`` when the request may use the console; else its answer: 404 when the console is off (no token
    set), 403 for a missing or wrong token."""
    token: str | None = request.app.state.settings.admin_token
    if not token:
        return not_found(request)
    if given is None or not hmac.compare_digest(given.encode(), token.encode()):
        return _refused(403, "not-operator", "the console needs the operator's token")
    return None


Token = Annotated[str | None, Header(alias=TOKEN_HEADER)]


@router.get("/admin")
async def console_page(request: Request) -> Response:
    """The console's page (404 while the console is off)."""
    if not request.app.state.settings.admin_token:
        return not_found(request)
    return HTMLResponse(PAGE, headers={"cache-control": "no-store"})


@router.get("/admin/api/tables")
async def tables(request: Request, token: Token = None, limit: Annotated[int, Query(ge=1, le=2000)] = 200) -> Any:
    """The live tables, newest first, each with the process it is chosen for."""
    if (refusal := _check(request, token)) is not None:
        return refusal
    hall = hall_of(request)
    return {"tables": await live_tables(hall.store, hall.coordinator, limit), "processes": hall.coordinator.live()}


@router.get("/admin/api/reports")
async def reports(request: Request, token: Token = None) -> Any:
    """The reported chat lines, newest first."""
    if (refusal := _check(request, token)) is not None:
        return refusal
    return {"reports": await hall_of(request).store.reports()}


@router.post("/admin/api/close")
async def close(body: CloseTable, request: Request, token: Token = None) -> Any:
    """Close a table: its match ends for everyone connected."""
    if (refusal := _check(request, token)) is not None:
        return refusal
    return await _operate(request, body.table, "close", {})


@router.post("/admin/api/hide")
async def hide(body: HideLine, request: Request, token: Token = None) -> Any:
    """Hide a chat line: gone from every page."""
    if (refusal := _check(request, token)) is not None:
        return refusal
    return await _operate(request, body.table, "hide", {"line": body.line})


async def _operate(request: Request, table_id: str, kind: str, args: dict[str, Any]) -> Any:
    """Give the table's actor here the operator's command: its events are told to every process."""
    try:
        seq = await hall_of(request).operate(table_id, operator_command(kind, args))
    except CommandError as error:
        status = 404 if error.code == "no-table" else 503 if error.code == "busy" else 409
        return _refused(status, error.code, error.message)
    return {"ok": True, "seq": seq}


@router.get("/admin/api/limits")
async def limits(request: Request, token: Token = None) -> Any:
    """The per-address limits in force in this process."""
    if (refusal := _check(request, token)) is not None:
        return refusal
    per_address: PerAddress = request.app.state.limits
    return {"limits": per_address.in_force()}


@router.post("/admin/api/lift")
async def lift(body: LiftLimits, request: Request, token: Token = None) -> Any:
    """Lift the limits in force for an address in this process."""
    if (refusal := _check(request, token)) is not None:
        return refusal
    per_address: PerAddress = request.app.state.limits
    return {"ok": True, "lifted": per_address.lift(body.address)}
