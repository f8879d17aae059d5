"""Why a command is refused: a stable code for programs and a plain-English message for players."""

from __future__ import annotations

import re

CODES: dict[str, str] = {
    "bad-json": "the message is not a JSON object",
    "bad-message": "the message lacks a field or has one of the wrong type",
    "unknown-type": "the message type is not one the server knows",
    "bad-version": "the client speaks a protocol version the server does not",
    "bad-token": "the seat key does not belong to a seat at this table",
    "no-table": "there is no table with this id",
    "not-seated": "only a seated player may do this",
    "not-host": "only the table's host may do this",
    "no-such-seat": "the table has no such seat",
    "seat-taken": "the seat is not free",
    "already-seated": "you already have a seat at this table",
    "bad-name": "a display name is 1 to 24 printable characters",
    "bad-settings": "the settings do not describe a playable table",
    "bad-bot": "there is no bot of that level",
    "seats-empty": "every seat needs a player or a bot before the match starts",
    "started": "the match has started already",
    "not-started": "the match has not started",
    "match-over": "the match is over",
    "not-over": "the match is still being played",
    "not-your-turn": "only the seat whose turn it is may move",
    "illegal-move": "the rules do not allow that move",
    "bad-tile": "a tile is written as two numbers with a dash, like 9-3",
    "bad-train": 'a train is named by its owner\'s seat number, or "mexican"',
    "too-long": "the message is too long",
    "stale": "the command was meant for an earlier state of the table",
    "busy": "the table is busy: try again in a moment",
    "rate-limited": "too many requests from this client: slow down",
    "not-between": "no finished round is waiting for the next deal",
    "not-finished": "that round has not been played to its end",
    "no-hints": "hints are for a table where one person plays against bots",
    "not-away": "no bot is playing your seat",
    "already-away": "you have left this match already: a bot plays your seat",
    "bad-contribution": "a contribution to the deal is 32 to 128 lower-case hex digits",
    "no-deal-waiting": "no deal is waiting for contributions now",
    "already-contributed": "your seat has given its contribution to this deal already",
    "closed": "the site's operator closed this table",
    "muted": "the host has muted you at this table",
    "bad-phrase": "there is no quick phrase or reaction with that code",
    "no-such-line": "there is no such chat line at this table",
    "already-reported": "you have reported this line already",
    "too-slow": "the request's headers or body came too slowly",
    "foreign-origin": "the request came from another site's page",
}
"""Every error code a client may receive, with what it means."""


class CommandError(Exception):
    """A refused command: ``code`` is one of ``CODES``, ``message`` says what was wrong in plain words.

    ``rule`` names the broken game rule (the engine's code) for an illegal move; ``field`` names the setting
    at fault for ``bad-settings``, when one is.
    """

    def __init__(self, code: str, message: str, rule: str | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule
        self.field = field

    def to_frame(self, command_id: str | None) -> dict[str, object]:
        """The ``error`` frame answering the command ``command_id`` (what the message quotes of the client's
        input cut short, see ``clipped``)."""
        frame: dict[str, object] = {"t": "error", "id": command_id, "code": self.code, "message": clipped(self.message)}
        if self.rule is not None:
            frame["rule"] = self.rule
        if self.field is not None:
            frame["field"] = self.field[:FIELD_CHARS]
        return frame


QUOTED_CHARS, FIELD_CHARS, MESSAGE_CHARS = 24, 64, 300
"""How much of what a client sent an error may quote: a quoted value or a number, a setting's name, and the
whole message (an answer never carries back at length what a client sent)."""
_QUOTED = re.compile(rf"'([^']{{{QUOTED_CHARS}}})[^']+'|\b(\d{{{QUOTED_CHARS}}})\d+")


def clipped(message: str) -> str:
    """``message`` with each quoted value and each number longer than ``QUOTED_CHARS`` cut there (with …), and
    no longer than ``MESSAGE_CHARS`` in all.

    >>> clipped("length must be one of full, half, one, not '" + "A" * 60 + "'")
    "length must be one of full, half, one, not 'AAAAAAAAAAAAAAAAAAAAAAAA…'"
    >>> clipped("the round has moved on (event 1, not " + "9" * 40 + ")")
    'the round has moved on (event 1, not 999999999999999999999999…)'
    """
    cut = _QUOTED.sub(lambda m: f"'{m.group(1)}…'" if m.group(1) is not None else f"{m.group(2)}…", message)
    return cut if len(cut) <= MESSAGE_CHARS else cut[: MESSAGE_CHARS - 1] + "…"
