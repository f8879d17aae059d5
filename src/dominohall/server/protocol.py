"""The table protocol, version 3: every message a client sends and the server answers, as pydantic models.

Client messages carry ``t`` (the type) and, for commands, ``id`` (the client's command id: the server
answers ``ack`` or ``error`` with it, and applies a repeated id once). Server frames carry ``t`` and, for
table events, ``seq``. ``docs/protocol.md`` describes each with an example.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, TypeAdapter, ValidationError

from ..tables.commands import Command
from ..tables.errors import CommandError

PROTOCOL_VERSION = 3
"""The protocol version this server speaks."""
PROTOCOL_VERSIONS = frozenset({2, 3})
"""The versions a client may say in ``hello``: version 3 only adds frames, fields and commands to 2."""

CommandId = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[^\x00-\x1f\x7f]+$")]
"""A client's command id: 1 to 64 characters, none of them a control character (no store has to keep a NUL).
Integer fields are ``StrictInt``: ``true`` is not seat 1, nor ``"2"`` seat 2."""


SettingValue = StrictInt | StrictStr | StrictBool | float | None
"""A setting's value as sent, never converted: the tables check it (``4.0``, ``"4"`` and ``true`` are not
whole numbers, and are refused with ``bad-settings`` naming the field)."""


class ClientMessage(BaseModel):
    """Fields every client message may have."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class Hello(ClientMessage):
    """The first message of a connection: the protocol version and the last ``seq`` the client has seen."""

    t: Literal["hello"]
    v: StrictInt = PROTOCOL_VERSION
    last_seq: StrictInt | None = None


class ClientCommand(ClientMessage):
    """A command: ``id`` names it for the ack; ``at`` (optional) is the ``seq`` the client acted on."""

    id: CommandId
    at: StrictInt | None = None

    def args(self) -> dict[str, Any]:
        """The command's own fields, for the table."""
        return self.model_dump(exclude={"t", "id", "at"})

    def to_command(self, token: str | None) -> Command:
        """The table command this message asks for, from the holder of ``token`` (its hash)."""
        kind = str(getattr(self, "t"))  # noqa: B009 - every subclass declares t
        return Command(kind, self.args(), token, self.id, at_seq=self.at)


class Play(ClientCommand):
    """Play ``tile`` on the open end of ``on`` (``null`` for the lead of a standard hand); in Mexican Train on
    ``train``: its owner's seat number, or ``"mexican"``."""

    t: Literal["play"]
    tile: Annotated[str, Field(max_length=5)]
    on: Annotated[str, Field(max_length=5)] | None = None
    train: Annotated[StrictInt, Field(ge=0, le=99)] | Annotated[StrictStr, Field(max_length=16)] | None = None


class Draw(ClientCommand):
    """Draw the next tile of the boneyard."""

    t: Literal["draw"]


class Pass(ClientCommand):
    """Pass the turn (when the rules allow it)."""

    t: Literal["pass"]


class Stand(ClientCommand):
    """Leave your seat (during a match a bot plays it on)."""

    t: Literal["stand"]


class Start(ClientCommand):
    """Host: start the match (``fill``: first put a bot of that level in every free seat)."""

    t: Literal["start"]
    fill: Annotated[str, Field(max_length=16)] | None = None


class Continue(ClientCommand):
    """Between rounds: this seat is ready for the next deal."""

    t: Literal["continue"]


class Back(ClientCommand):
    """Take your seat back from the bot playing it (after a timeout, Leave, or being gone)."""

    t: Literal["back"]


class Settings(ClientCommand):
    """Host, before the start: change the game's settings (record option names)."""

    t: Literal["settings"]
    settings: dict[str, SettingValue]


class Chat(ClientCommand):
    """Say something to the table (seated players only)."""

    t: Literal["chat"]
    text: Annotated[str, Field(max_length=300)]


class Phrase(ClientCommand):
    """Send a quick phrase or reaction by its code (a seated player or a watcher); each page says it in its own
    language (the codes: ``tables/phrases.py``)."""

    t: Literal["phrase"]
    code: Annotated[str, Field(max_length=32)]


class Rematch(ClientCommand):
    """Once the match is over: play another with the same seats."""

    t: Literal["rematch"]


class Contribute(ClientCommand):
    """A seated player's page adds its random value to the next deal (docs/fairness.md): once per seat and deal."""

    t: Literal["contribute"]
    value: str  # any length the frame allows: the tables refuse one out of shape as bad-contribution


class Kick(ClientCommand):
    """Host: ask a seated person to leave (a bot plays the seat on during a match)."""

    t: Literal["kick"]
    seat: StrictInt


class Bot(ClientCommand):
    """Host: put a bot of ``level`` in a seat (swap a person or a free seat to a bot)."""

    t: Literal["bot"]
    seat: StrictInt
    level: str = "medium"


class Mute(ClientCommand):
    """Host: mute a seated person at this table (``on`` false: let them chat again)."""

    t: Literal["mute"]
    seat: StrictInt
    on: StrictBool = True


class Report(ClientCommand):
    """Report the chat line of event ``line`` to the site's operator (a seated player or a watcher); changes
    nothing at the table."""

    t: Literal["report"]
    line: StrictInt


class Hint(ClientCommand):
    """Ask for the hard bot's choice for your turn (a table where you play bots alone); changes nothing."""

    t: Literal["hint"]


AnyClientMessage = Annotated[
    Hello
    | Play
    | Draw
    | Pass
    | Stand
    | Start
    | Settings
    | Chat
    | Phrase
    | Rematch
    | Kick
    | Bot
    | Continue
    | Back
    | Hint
    | Contribute
    | Mute
    | Report,
    Field(discriminator="t"),
]
CLIENT_TYPES = (
    "hello",
    "play",
    "draw",
    "pass",
    "stand",
    "start",
    "settings",
    "chat",
    "phrase",
    "rematch",
    "kick",
    "bot",
    "continue",
    "back",
    "hint",
    "contribute",
    "mute",
    "report",
)

_client = TypeAdapter[Hello | ClientCommand](AnyClientMessage)


def parse_client(text: str) -> Hello | ClientCommand:
    """A client message from its JSON text; ``CommandError`` (bad-json, unknown-type, bad-message) else."""
    if not strict_json(text):
        raise CommandError("bad-json", "the message is not a JSON object: NaN and Infinity are not JSON")
    try:
        return _client.validate_json(text)
    except ValidationError as error:
        raise _refusal(error) from None


def strict_json(text: str) -> bool:
    """False when the text uses NaN, Infinity or -Infinity as a value: the parser reads them, JSON has no such
    numbers. Other text (valid JSON, or text the parser refuses anyway) is True; only text that names one of
    them, anywhere, is parsed a second time to tell a value from a word inside a string."""
    if "NaN" not in text and "Infinity" not in text:
        return True
    try:
        json.loads(text, parse_constant=_no_constant)
    except _NotJsonError:
        return False
    except (ValueError, RecursionError):
        return True
    return True


class _NotJsonError(Exception):
    """A constant that JSON does not have."""


def _no_constant(name: str) -> object:
    raise _NotJsonError(name)


def message_id(text: str) -> str | None:
    """The ``id`` of a message that was refused, so its error can name it: ``None`` unless the text is a
    JSON object whose ``id`` is a string of 1 to 64 characters. Read as leniently as the message itself was
    (a number too large for a float, NaN), so that the error names the id whenever the message carried one."""
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        return None
    found = message.get("id") if isinstance(message, dict) else None
    if not isinstance(found, str) or not 1 <= len(found) <= 64 or not is_unicode(found):
        return None
    return found


def is_unicode(text: str) -> bool:
    """False for text holding a lone surrogate (JSON's ``"\\ud800"``): such an id cannot be sent back."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def setting_refused(where: Sequence[int | str]) -> CommandError | None:
    """``bad-settings`` naming the setting, when the part of a message found wrong (``where``) is one value of
    its ``settings`` (a list or an object where a number, word or true/false goes); else ``None``."""
    if len(where) >= 2 and where[0] == "settings" and isinstance(where[1], str):
        key = where[1]
        return CommandError("bad-settings", f"{key!r} is a number, a word, true or false, or null", field=key)
    return None


def _refusal(error: ValidationError) -> CommandError:
    first = error.errors()[0]
    kind = first["type"]
    if kind == "union_tag_invalid":
        return CommandError("unknown-type", f"the message type must be one of {', '.join(CLIENT_TYPES)}")
    if kind == "union_tag_not_found":
        return CommandError("bad-message", 'the message has no type: add a field t, like {"t": "draw"}')
    if kind in ("json_invalid", "json_type") or not first["loc"]:
        return CommandError("bad-json", "the message is not a JSON object")
    refused = setting_refused(first["loc"][1:])
    if refused is not None:
        return refused
    where = ".".join(str(part) for part in first["loc"][1:]) or "the message"
    if kind == "string_too_long":
        return CommandError("too-long", f"{where}: {first['msg']}")
    return CommandError("bad-message", f"{where}: {first['msg']}")


# -- server frames --------------------------------------------------------------------------------------


class ServerFrame(BaseModel):
    """Fields every server frame may have."""

    model_config = ConfigDict(extra="forbid")


class Ack(ServerFrame):
    """The command ``id`` was applied; its events end at ``seq`` (``duplicate``: it had been applied before)."""

    t: Literal["ack"]
    id: str | None
    seq: int
    duplicate: bool = False


class Error(ServerFrame):
    """The command ``id`` (or the message) was refused and changed nothing."""

    t: Literal["error"]
    id: str | None
    code: str
    message: str
    rule: str | None = None
    field: str | None = None


class Snapshot(ServerFrame):
    """Everything the connection may know of the table now: the table, its view of the round, the result."""

    t: Literal["snapshot"]
    seq: int
    you: int | None
    table: dict[str, Any]
    view: dict[str, Any] | None
    match: dict[str, Any] | None
    rounds: list[list[int]]
    chat: list[dict[str, Any]]
    stand_in: list[int]
    """The moves of the current round (by index in its history) that a bot made for a person marked away."""


class Welcome(ServerFrame):
    """A reconnect from ``from``: the missed events follow, up to ``seq``."""

    t: Literal["welcome"]
    seq: int
    you: int | None
    from_: int = Field(alias="from")


class RoundFrame(ServerFrame):
    """A round was dealt: the recipient's view of it."""

    t: Literal["round"]
    seq: int
    view: dict[str, Any]
    clock: dict[str, Any] | None = None
    fair: dict[str, Any] | None = None
    """The round's commitment and the contributions it was dealt with (never its secret)."""


class MoveFrame(ServerFrame):
    """A seat moved: the move as the recipient may see it, the recipient's view after it without the fields
    the client keeps (``options``, ``history``, ``placed``), the clock of the next turn, the table when the
    move ended the round, and the match's result when it ended the match (``timeout``: the server moved for a
    seat whose time ran out)."""

    t: Literal["move"]
    seq: int
    seat: StrictInt
    move: dict[str, Any]
    view: dict[str, Any]
    clock: dict[str, Any] | None = None
    timeout: bool = False
    table: dict[str, Any] | None = None
    match: dict[str, Any] | None = None
    fair: dict[str, Any] | None = None
    """When the move ended the round: the round's proof, its secret revealed (``null`` without one)."""


class PresenceFrame(ServerFrame):
    """Who of the table's people is connected now (not an event: it has no ``seq``)."""

    t: Literal["presence"]
    connected: list[bool | None]


class ChatFrame(ServerFrame):
    """A seat said something (``hidden``: a line the operator hid since, sent without its words to a client
    catching up); ``phrase``: a quick phrase's or reaction's code instead of words, ``seat`` null for a
    watcher's."""

    t: Literal["chat"]
    seq: int
    seat: StrictInt | None
    text: str
    phrase: str | None = None
    hidden: bool = False


class HiddenFrame(ServerFrame):
    """The operator hid the chat line of event ``line``: every page drops it."""

    t: Literal["hidden"]
    seq: int
    line: int


class ContributedFrame(ServerFrame):
    """A seat's page gave its contribution to the next deal."""

    t: Literal["contributed"]
    seq: int
    seat: StrictInt
    value: str
    table: dict[str, Any]


class TableEvent(ServerFrame):
    """The table changed: a seat taken or left, a bot, settings, the start or a rematch."""

    t: Literal[
        "created",
        "sat",
        "stood",
        "kicked",
        "bot",
        "settings",
        "started",
        "rematch",
        "away",
        "back",
        "resumed",
        "ready",
        "closed",
        "muted",
    ]
    seq: int
    table: dict[str, Any]
    seat: int | None = None
    name: str | None = None
    level: str | None = None
    why: str | None = None
    on: bool | None = None


class HintFrame(ServerFrame):
    """The hard bot's choice for the asker's turn (answering ``hint`` ``id``), as of event ``at``."""

    t: Literal["hint"]
    id: str
    at: int
    move: dict[str, Any]


AnyServerFrame = Annotated[
    Ack
    | Error
    | Snapshot
    | Welcome
    | RoundFrame
    | MoveFrame
    | ChatFrame
    | HiddenFrame
    | PresenceFrame
    | TableEvent
    | HintFrame
    | ContributedFrame,
    Field(discriminator="t"),
]
server_frames = TypeAdapter[ServerFrame](AnyServerFrame)
"""Validates any server frame (the tests check every frame they receive against it)."""
