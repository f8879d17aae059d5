"""``dominohall admin``: the operator's console on the command line (docs/operations.md, "The console").

``tables``, ``close``, ``hide`` and ``reports`` work on the database (``--db``), like the server: closing a table
or hiding a chat line appends the table's event there, and the processes that have the table live hear of it
as they hear of each other's (they need not be reached, and none need run). ``limits`` and ``lift`` are about a
running process's memory (its per-address counters), so they ask that process (``--url``) with the operator's
token (``DOMINOHALL_ADMIN_TOKEN``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable
from typing import Any

from ..tables.errors import CommandError
from ..tables.operator import live_tables, operate, operator_command
from ..tables.ports import StoreError
from .serve import ADMIN_TOKEN_ENV

DEFAULT_DB = "sqlite:///data/dominohall.db"
DEFAULT_URL = "http://127.0.0.1:8000"


def add_parser(commands: Any) -> None:
    """``dominohall admin`` and its subcommands."""
    parser = commands.add_parser("admin", help="the operator's console: tables, close, hide, reports, limits, lift")
    parser.add_argument("--db", default=DEFAULT_DB, help=f"the server's database (default {DEFAULT_DB})")
    parser.add_argument("--url", default=DEFAULT_URL, help=f"a running server: limits, lift (default {DEFAULT_URL})")
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    actions.add_parser("tables", help="the live tables, and the process each is chosen for")
    close = actions.add_parser("close", help="close a table: its match ends for everyone connected")
    close.add_argument("table")
    hide = actions.add_parser("hide", help="hide a chat line, named by its event's seq")
    hide.add_argument("table")
    hide.add_argument("seq", type=int)
    actions.add_parser("reports", help="the chat lines players reported, newest first")
    actions.add_parser("limits", help="the per-address limits in force in the process at --url")
    lift = actions.add_parser("lift", help="lift the limits of an address in the process at --url")
    lift.add_argument("address")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Do the action asked; 0 when done, 1 when refused (the reason printed)."""
    try:
        if args.action in ("limits", "lift"):
            result = ask_server(args)
        else:
            result = asyncio.run(on_store(args.db, ACTIONS[args.action], args))
    except (CommandError, StoreError, OSError) as error:
        print(f"dominohall admin: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result, ensure_ascii=False, indent=1) if args.json else "\n".join(lines(args.action, result)))
    return 0


Action = Callable[[Any, argparse.Namespace], Awaitable[Any]]


async def on_store(url: str, action: Action, args: argparse.Namespace) -> Any:
    """Open the store (and its coordinator, without joining the processes) and do ``action`` on it."""
    from ..store.backends import backend_for

    backend = backend_for(url)
    try:
        return await action(backend, args)
    finally:
        await backend.store.close()


async def _tables(backend: Any, args: argparse.Namespace) -> Any:
    return await live_tables(backend.store, backend.coordinator)


async def _close(backend: Any, args: argparse.Namespace) -> Any:
    return {"table": args.table, "seq": await operate(backend.store, args.table, operator_command("close"))}


async def _hide(backend: Any, args: argparse.Namespace) -> Any:
    seq = await operate(backend.store, args.table, operator_command("hide", {"line": args.seq}))
    return {"table": args.table, "line": args.seq, "seq": seq}


async def _reports(backend: Any, args: argparse.Namespace) -> Any:
    return await backend.store.reports()


ACTIONS: dict[str, Action] = {
    "tables": _tables,
    "close": _close,
    "hide": _hide,
    "reports": _reports,
}


def ask_server(args: argparse.Namespace) -> Any:
    """Ask the running server at ``--url`` for its limits in force, or to lift an address's."""
    token = os.environ.get(ADMIN_TOKEN_ENV)
    if not token:
        raise CommandError("not-operator", f"set {ADMIN_TOKEN_ENV} to the server's operator token")
    lifting = args.action == "lift"
    path, body = ("/admin/api/lift", {"address": args.address}) if lifting else ("/admin/api/limits", None)
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(args.url.rstrip("/") + path, data=data, method="GET" if data is None else "POST")
    request.add_header("X-Admin-Token", token)
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return json.loads(answer.read())
    except urllib.error.HTTPError as error:
        said = error.read()[:200].decode(errors="replace")
        raise CommandError("not-operator", f"the server answered {error.code}: {said}") from None


def lines(action: str, result: Any) -> list[str]:
    """What an action printed as lines."""
    if action == "tables":
        return [
            f"{t['id']}  {t['game']:<12} {t['phase']:<8} people {t['people']} bots {t['bots']}"
            f" seq {t['seq']}  {t['process']}"
            for t in result
        ] or ["no live tables"]
    if action == "reports":
        return [
            f"{_when(r['time'])}  {r['table']} line {r['line']}  {r.get('name')} (seat {r.get('seat')}):"
            f" {r.get('text')!r}"
            for r in result
        ] or ["no reports"]
    if action == "limits":
        rows = result.get("limits", [])
        return [f"{r['address']}  {r['limit']}  {r['count']}/{r['most']}" for r in rows] or ["no limits in force"]
    if action == "lift":
        return ["lifted" if result.get("lifted") else "lifted (it was not held back)"]
    return [f"done: event {result['seq']} of table {result['table']}"]


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))
