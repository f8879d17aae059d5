"""Making a move on the table page as a player would, shared by the browser tests that play whole rounds."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

MY_TURN = "#hand .tile.lit, #draw:not([hidden]), #pass:not([hidden])"
"""Something on the page that only shows at your turn."""

CHOICE = """() => document.querySelector("#hand .tile.lit") ? "play"
    : document.querySelector("#draw:not([hidden]), #pass:not([hidden])")?.id ?? null"""
"""What the page offers now, read in one step (the page may redraw between two separate queries)."""

CHOICE_OR_END = f"""() => document.querySelector("#summary:not([hidden])") ? "end" : ({CHOICE})()"""
"""What the page offers now (``CHOICE``), or "end" once the round's (or hand's) summary shows: a move that
ended it leaves no turn to wait for."""


def make_move(page: Page, *, wait_ms: float = 30_000) -> str | None:
    """Make one move at your turn: the first lit tile at its first place, else a draw or a pass.

    Returns what the page offered ("play", "draw" or "pass"), or ``None`` when it offered nothing within
    ``wait_ms`` (the turn had gone, for example to the clock). A lit tile that goes before the click (the hand
    was drawn again) is looked for again; a draw or pass that goes meanwhile (a drawn tile that fits nowhere
    passes by itself) ends the move, and one that stays offered but that a press cannot reach fails the test
    (silently given up, it looked like a turn stalling on Draw).
    """
    try:
        kind = str(page.wait_for_function(CHOICE, timeout=wait_ms).json_value())
    except PlaywrightTimeout:
        return None
    if kind != "play":
        button = page.locator(f"#{kind}:not([hidden])")
        try:
            button.click(timeout=3_000)
        except PlaywrightTimeout as missed:
            with contextlib.suppress(PlaywrightTimeout):  # gone, or another turn's button that a press reaches
                button.click(trial=True, timeout=1_000)
                return kind
            if button.count():  # offered all along, and never reached: the turn would stall on it
                raise AssertionError(f"#{kind} is offered but a press does not reach it") from missed
        return kind
    try:
        page.locator("#hand .tile.lit").first.click(timeout=5_000)
    except PlaywrightTimeout:
        return make_move(page, wait_ms=wait_ms)
    if page.locator("#targets:not([hidden]) button[data-index]").count():
        page.locator("#targets button[data-index]").first.click()
    return kind


def told_views(page: Page) -> list[dict[str, Any]]:
    """Every view the page receives on its WebSocket from now on (a ``round`` frame's, a ``move`` frame's or a
    snapshot's), as the server told it."""
    views: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        def received(payload: str | bytes) -> None:
            frame = json.loads(payload)
            if isinstance(frame.get("view"), dict):
                views.append(frame["view"])

        socket.on("framereceived", received)

    page.on("websocket", watch)
    return views
