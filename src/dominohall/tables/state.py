"""A table's state, folded from its events: seats, host, settings, the match and the commands seen.

Folding is the only way a table's state changes, live and on rebuild alike, so a table rebuilt from its
events is the table that was running. The deal is in the events (``dealt``: hands and boneyard, a
server-only payload), so rebuilding needs no randomness.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, NamedTuple

from dominohall.games import AnyMatch, AnyRound, GameOptions, game_named, game_of, new_match
from dominohall.games.records import SeatInfo, side_list

from ..engine.moves import DRAW, NO_TRAIN, PASS, PLAY, Move
from .fairness import FairBook
from .ports import Event, Phase
from .settings import DEFAULT_GAME, TableSettings

WAITING, PLAYING, OVER = Phase.WAITING, Phase.PLAYING, Phase.OVER
"""A table's phases (``Phase``), by their short names."""


class EventKind(StrEnum):
    """Every kind of event a table keeps (``payload["t"]``)."""

    CREATED = "created"
    SAT = "sat"
    STOOD = "stood"
    KICKED = "kicked"
    AWAY = "away"
    BACK = "back"
    RESUMED = "resumed"
    BOT = "bot"
    SETTINGS = "settings"
    STARTED = "started"
    REMATCH = "rematch"
    DEALT = "dealt"
    MOVE = "move"
    READY = "ready"
    CHAT = "chat"
    CONTRIBUTED = "contributed"
    CLOSED = "closed"
    HIDDEN = "hidden"
    MUTED = "muted"


ROUND_EVENTS = frozenset(
    {EventKind.CREATED, EventKind.SETTINGS, EventKind.STARTED, EventKind.REMATCH, EventKind.DEALT, EventKind.MOVE}
)
"""The events that change what a move is decided on (see ``TableState.round_seq``)."""


class ChatLine(NamedTuple):
    """A chat line the table keeps: its event's ``seq``, the seat that said it (``None``: a watcher's quick
    phrase), its words, and the code of a quick phrase or reaction (``None`` for words of one's own)."""

    seq: int
    seat: int | None
    text: str
    phrase: str | None = None

    def to_wire(self) -> dict[str, Any]:
        """The line as a snapshot lists it."""
        wire = {"seq": self.seq, "seat": self.seat, "text": self.text}
        return wire | {"phrase": self.phrase} if self.phrase is not None else wire


STAND_IN = "medium"
"""The bot level that plays a seat whose person stood up, was asked to leave, or has been gone too long."""

AWAY, CLOCK, REPLACED = "away", "clock", "replaced"
"""Who made a move the server made for a person (``TableState.stand_ins``): the stand-in of a seat marked away,
the clock, or the bot playing on for a person asked to leave."""
GONE, TIMED_OUT, LEFT, BY_HOST = "gone", "timeout", "left", "bot"
"""Why a bot plays a person's seat: gone past the grace period, two turns in a row timed out, Leave pressed
during the match, or the host let a bot play it (at the level the host chose)."""
BETWEEN_ROUNDS = 20.0
"""Seconds a finished round waits for the next deal unless every connected person presses Continue first."""
TIMEOUTS_AWAY = 2
"""Timeouts in a row after which a seat is marked away, as if its person had left."""


def token_hash(token: str) -> str:
    """The SHA-256 of a seat token, in hex: the only form in which a table keeps it."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    """A place at the table: free, a person (known by the hash of their token), or a bot of a level."""

    name: str | None = None
    bot: str | None = None
    token: str | None = None
    why: str | None = None
    """Why a bot plays the person's seat (``GONE``, ``TIMED_OUT``, ``LEFT``), while one does."""
    replaced: bool = False
    """A person's seat whose person was asked to leave during the match: the bot plays on for them to the
    match's end (the record names the person, and marks the bot's moves)."""

    def is_free(self) -> bool:
        """True when nobody (and no bot) sits here."""
        return self.name is None

    def is_away(self) -> bool:
        """True while a bot stands in for a person who has been gone past the grace period."""
        return self.bot is not None and self.token is not None

    def info(self) -> SeatInfo:
        """The seat as the record names it (a person stays a person while a bot stands in)."""
        return SeatInfo(self.name or "", None if self.is_away() or self.replaced else self.bot)

    def to_public(self) -> dict[str, Any]:
        """What anyone may know of the seat (never its token)."""
        away = self.is_away()
        why = self.why if away else None
        return {"name": self.name, "bot": self.bot, "free": self.is_free(), "away": away, "why": why}

    def is_person(self) -> bool:
        """True when a person holds the seat and plays it (not a bot, not a bot standing in)."""
        return self.token is not None and self.bot is None


def options_from_dict(game: str, data: dict[str, Any]) -> GameOptions:
    """Options as the events keep them (the record's option names)."""
    options: GameOptions = game_named(game).options_from_dict(data)
    return options


@dataclass
class TableState:
    """Everything a table is, folded from its events (``seq`` is the last folded)."""

    table_id: str
    game: str = DEFAULT_GAME
    options: GameOptions = field(default_factory=lambda: game_named(DEFAULT_GAME).from_settings({}))
    seats: list[Seat] = field(default_factory=list)
    host: str = ""
    host_away: str = ""
    """The token hash of a host whose seat was marked away (the role went on): it comes back with the seat."""
    created: float = 0.0
    seq: int = 0
    phase: Phase = WAITING
    match: AnyMatch | None = None
    matches: int = 0
    commands: dict[str, int] = field(default_factory=dict)
    round_seq: int = 0
    """The ``seq`` of the last event that changed the game (the table's creation, a start, a deal, a move):
    a command decided at an earlier ``seq`` is stale; chat, seats and presence leave it."""
    chat: list[ChatLine] = field(default_factory=list)
    """The last chat lines, quick phrases among them (a line the operator hid is gone)."""
    hidden: set[int] = field(default_factory=set)
    """The ``seq`` of every chat line the operator hid (docs/operations.md, "The console")."""
    closed: bool = False
    """The operator closed the table: its match is over for everyone, and it takes no command any more."""
    muted: set[str] = field(default_factory=set)
    """The token hashes of the people the host muted at this table (they may not chat here)."""
    settings: TableSettings = field(default_factory=TableSettings)
    """The table's own settings (the turn timer, the lobby)."""
    language: str = "en"
    """The language of the page that made the table (the bots' names come from it)."""
    turn_since: float = 0.0
    """When the turn of the seat to move began (the time of the event that gave it the turn)."""
    between_since: float | None = None
    """When the last round ended, while the next one waits to be dealt (``None`` otherwise)."""
    ready: set[int] = field(default_factory=set)
    """The seats that have pressed Continue since the round ended."""
    timeouts: dict[int, int] = field(default_factory=dict)
    """Per seat, how many of its turns in a row ran out of time."""
    pause: float = BETWEEN_ROUNDS
    """Seconds between rounds at this server (a setting of the server, not an event)."""
    fair: FairBook = field(default_factory=FairBook)
    """The fair deals' commitments, secrets and contributions (docs/fairness.md); the secrets are server-only."""
    starters: dict[int, str] = field(default_factory=dict)
    """The people of the match being played (or the last one): per seat, the token hash of the person who held it
    when it started (a person who does not play that seat at its end left it: docs/players.md)."""
    stand_ins: list[dict[int, str]] = field(default_factory=list)
    """Per round of the match, the moves the server made for a person (by index in the round's moves): ``AWAY``
    by the bot that stands in while the seat is marked away, ``CLOCK`` when the person's time ran out,
    ``REPLACED`` by the bot that plays on for a person asked to leave."""
    _time: float = 0.0
    _folding: int = 0
    """The ``seq`` of the event being folded."""

    # -- questions ---------------------------------------------------------------------------------

    def seat_of(self, token_digest: str | None) -> int | None:
        """The seat held by the person with this token hash, compared in constant time."""
        if token_digest is None:
            return None
        found = None
        for index, seat in enumerate(self.seats):
            if seat.token is not None and hmac.compare_digest(seat.token, token_digest):
                found = index
        return found

    def is_host(self, token_digest: str | None) -> bool:
        """True for the table's host."""
        return token_digest is not None and hmac.compare_digest(self.host, token_digest)

    @property
    def round(self) -> AnyRound | None:
        """The round being played (or the last one), if a match has started."""
        if self.match is None or not self.match.rounds:
            return None
        return self.match.current

    def is_playing(self) -> bool:
        """True while a round is being played (dealt, not yet ended)."""
        rnd = self.round
        return rnd is not None and rnd.end is None

    def totals(self) -> tuple[int, ...]:
        """The match's totals of the rounds already ended."""
        return tuple(self.match.totals()) if self.match is not None else ()

    def people(self) -> int:
        """How many seats persons play now (a seat a bot plays meanwhile does not count)."""
        return sum(seat.is_person() for seat in self.seats)

    def turn_seconds(self) -> int:
        """The seconds a turn has now (0: no timer)."""
        return self.settings.seconds_for(self.people())

    def clock_seat(self) -> int | None:
        """The seat whose turn is timed now: a person's seat to move in a round being played, with a timer on."""
        rnd = self.round
        if self.closed or self.phase != PLAYING or rnd is None or rnd.end is not None or not self.turn_seconds():
            return None
        return rnd.turn if self.seats[rnd.turn].is_person() else None

    def turn_deadline(self) -> float | None:
        """When the turn of the seat to move runs out (``None``: it is not timed)."""
        return None if self.clock_seat() is None else self.turn_since + self.turn_seconds()

    def next_host(self, leaving: int) -> str:
        """The token hash of the person after seat ``leaving`` who would take the host's role ("" for nobody)."""
        count = len(self.seats)
        for step in range(1, count):
            seat = self.seats[(leaving + step) % count]
            if seat.is_person():
                return seat.token or ""
        return ""

    def seat_infos(self) -> list[SeatInfo]:
        """The seats as the record names them."""
        return [seat.info() for seat in self.seats]

    def clock(self, now: float) -> dict[str, Any] | None:
        """The seat to move and the seconds it has left at ``now``, when its turn is timed."""
        seat, deadline = self.clock_seat(), self.turn_deadline()
        if seat is None or deadline is None:
            return None
        return {"seat": seat, "left": round(max(0.0, deadline - now), 1), "limit": self.turn_seconds()}

    def deal_deadline(self) -> float | None:
        """When the next round is dealt anyway, ``pause`` seconds after the last ended (``None``: none waits)."""
        return None if self.between_since is None or self.closed else self.between_since + self.pause

    def between(self, now: float) -> dict[str, Any] | None:
        """Who has pressed Continue and the seconds before the next deal, while a finished round waits."""
        deadline = self.deal_deadline()
        if deadline is None:
            return None
        return {"ready": sorted(self.ready), "left": round(max(0.0, deadline - now), 1)}

    def summary(self, now: float | None = None) -> dict[str, Any]:
        """The table as anyone may see it at ``now`` (with the time left to the seat to move, and before the
        next deal)."""
        now = time.time() if now is None else now
        host_seat = self.seat_of(self.host)
        return {
            "id": self.table_id,
            "game": self.game,
            "options": self.options.to_dict(),
            "sides": side_list(self.options),
            "seats": [seat.to_public() for seat in self.seats],
            "host_seat": host_seat,
            "phase": self.phase,
            "matches": self.matches,
            "seq": self.seq,
            "settings": self.settings.to_dict(),
            "turn_seconds": self.turn_seconds(),
            "clock": self.clock(now),
            "between": self.between(now),
            "fair": self.fair.current(self.options.players, playing=self.is_playing()),
            "closed": self.closed,
            "muted": self.muted_seats(),
        }

    def muted_seats(self) -> list[int]:
        """The seats whose person the host muted at this table."""
        return [index for index, seat in enumerate(self.seats) if seat.token is not None and seat.token in self.muted]

    def chat_line(self, seq: int) -> ChatLine | None:
        """The chat line of event ``seq``, while the table keeps it and it is not hidden."""
        for line in self.chat:
            if line.seq == seq:
                return line
        return None

    # -- folding -----------------------------------------------------------------------------------

    def fold(self, event: Event) -> None:
        """Apply one event (the next ``seq``) to the state."""
        if event.seq != self.seq + 1:
            raise ValueError(f"table {self.table_id}: event {event.seq} folded after {self.seq}")
        self._time, self._folding = event.time, event.seq
        fold = FOLDS.get(event.kind)
        if fold is None:
            raise ValueError(f"table {self.table_id}: event {event.seq} is of no known kind ({event.kind!r})")
        fold(self, event.payload)
        self.seq = event.seq
        if event.kind in ROUND_EVENTS:
            self.round_seq = event.seq
        if event.command_id is not None:
            self.commands[event.command_id] = event.seq

    def _on_created(self, payload: dict[str, Any]) -> None:
        self.game = payload["game"]
        self.options = options_from_dict(self.game, payload["options"])
        self.seats = [Seat(s.get("name"), s.get("bot"), s.get("token")) for s in payload["seats"]]
        self.host = payload["host"]
        self.created = payload["time"]
        self.settings = TableSettings.from_dict(payload.get("table"))
        self.language = payload.get("language", "en")
        self.fair.opened(payload.get("fair"))

    def _on_sat(self, payload: dict[str, Any]) -> None:
        self.seats[payload["seat"]] = Seat(payload["name"], None, payload["token"])
        if not self.host:
            self.host = payload["token"]

    def _on_stood(self, payload: dict[str, Any]) -> None:
        self._vacate(payload["seat"], STAND_IN)
        self._withdraw(payload, before_match=True)
        self._hand_over(payload)

    def _hand_over(self, payload: dict[str, Any]) -> None:
        """A leaving host's role goes to the person the event names ("" for nobody)."""
        if "host" in payload:
            self.host = payload["host"]

    def _on_kicked(self, payload: dict[str, Any]) -> None:
        self._vacate(payload["seat"], payload.get("level", STAND_IN))
        self._withdraw(payload, before_match=True)

    def _vacate(self, index: int, level: str) -> None:
        """Before a match the seat is freed; during one a bot of ``level`` plays it on under the same name."""
        seat = self.seats[index]
        if seat.token and seat.token == self.host_away:
            self.host_away = ""  # the seat's person is gone for good: no role waits for them
        if self.phase == PLAYING:
            self.seats[index] = Seat(seat.name, level, None, replaced=seat.token is not None or seat.replaced)
        else:
            self.seats[index] = Seat()

    def _on_away(self, payload: dict[str, Any]) -> None:
        seat = self.seats[payload["seat"]]
        seat.bot, seat.why = payload.get("level", STAND_IN), payload.get("why", GONE)
        self._withdraw(payload)
        if "host" in payload and seat.token and not self.host_away:  # the table's host, not one in their stead:
            self.host_away = seat.token  # the role waits for them to come back
        self._hand_over(payload)

    def _withdraw(self, payload: dict[str, Any], before_match: bool = False) -> None:
        """A seat changed hands: its contribution to the next deal goes with its person (docs/fairness.md).
        Events stored before they said so (no ``withdraw``) fold as they did then: a seat freed or given to a
        bot lost it before a match only (``before_match``), a stand-in never."""
        if payload.get("withdraw") or (before_match and self.phase != PLAYING):
            self.fair.withdraw(payload["seat"])

    def _on_back(self, payload: dict[str, Any]) -> None:
        index = payload["seat"]
        seat = self.seats[index]
        seat.bot, seat.why = None, None
        self.timeouts.pop(index, None)
        self._hand_over(payload)  # a host back takes the role back (events stored before this carry no host)
        if seat.token == self.host_away:
            self.host_away = ""
        if not self.host and seat.token:
            self.host = seat.token
        if self.round is not None and self.round.turn == index:
            self.turn_since = self._time  # a person back on their turn gets the whole of it

    def _on_resumed(self, payload: dict[str, Any]) -> None:
        if self.round is not None and self.round.turn == payload["seat"]:
            self.turn_since = self._time  # the turn starts afresh: nobody could play it while no process ran

    def _on_bot(self, payload: dict[str, Any]) -> None:
        replaced = self.phase == PLAYING and self.seats[payload["seat"]].replaced  # another level, the same stand-in
        self.seats[payload["seat"]] = Seat(payload["name"], payload["level"], None, replaced=replaced)
        self._withdraw(payload, before_match=True)

    def _on_settings(self, payload: dict[str, Any]) -> None:
        self.options = options_from_dict(self.game, payload["options"])
        if "table" in payload:
            self.settings = TableSettings.from_dict(payload["table"])
        players = self.options.players
        self.seats = (self.seats + [Seat() for _ in range(players)])[:players]

    def _on_started(self, payload: dict[str, Any]) -> None:
        self.phase = PLAYING
        self.match = new_match(self.options)
        self.matches += 1
        self.timeouts.clear()
        self.fair.new_match()
        self.stand_ins = []
        self.starters = {index: seat.token for index, seat in enumerate(self.seats) if seat.token is not None}
        for seat in self.seats:  # a bot that played on for a person asked to leave is the seat's own from now
            seat.replaced = False

    def _on_rematch(self, payload: dict[str, Any]) -> None:
        self._on_started(payload)

    def _on_dealt(self, payload: dict[str, Any]) -> None:
        assert self.match is not None
        self.match.rounds.append(game_of(self.options).round_from_deal(self.options, payload))
        self.stand_ins.append({})
        self.fair.dealt(self.matches, len(self.match.rounds), payload.get("fair"))
        self.between_since, self.turn_since = None, self._time
        self.ready.clear()

    def _on_move(self, payload: dict[str, Any]) -> None:
        assert self.match is not None
        seat = payload["seat"]
        clock = payload.get("timeout") or payload.get("stand_in")
        made_for = (
            CLOCK if clock else AWAY if self.seats[seat].is_away() else REPLACED if self.seats[seat].replaced else None
        )
        if made_for is not None and self.stand_ins:
            self.stand_ins[-1][len(self.match.current.history)] = made_for
        self.match.current.apply(move_from_payload(payload), seat)
        self.fair.opened(payload.get("fair"))  # the move that ends a round opens the next deal's commitment
        if payload.get("timeout"):
            self.timeouts[seat] = self.timeouts.get(seat, 0) + 1
        elif not payload.get("stand_in"):  # a move of the seat's own ends its run of timeouts
            self.timeouts[seat] = 0
        self.turn_since = self._time
        if self.match.is_over():
            self.phase = OVER
        elif self.match.current.end is not None:
            self.between_since = self._time

    def _on_ready(self, payload: dict[str, Any]) -> None:
        self.ready.add(payload["seat"])

    def _on_chat(self, payload: dict[str, Any]) -> None:
        line = ChatLine(self._folding, payload["seat"], payload["text"], payload.get("phrase"))
        self.chat = [*self.chat[-49:], line]

    def _on_closed(self, payload: dict[str, Any]) -> None:
        self.closed = True
        self.between_since = None

    def _on_hidden(self, payload: dict[str, Any]) -> None:
        self.hidden.add(payload["line"])
        self.chat = [line for line in self.chat if line.seq != payload["line"]]

    def _on_muted(self, payload: dict[str, Any]) -> None:
        if payload.get("on", True):
            self.muted.add(payload["token"])
        else:
            self.muted.discard(payload["token"])

    def _on_contributed(self, payload: dict[str, Any]) -> None:
        self.fair.contribute(payload["seat"], payload["value"])


Fold = Callable[[TableState, dict[str, Any]], None]

FOLDS: dict[str, Fold] = {
    EventKind.CREATED: TableState._on_created,
    EventKind.SAT: TableState._on_sat,
    EventKind.STOOD: TableState._on_stood,
    EventKind.KICKED: TableState._on_kicked,
    EventKind.AWAY: TableState._on_away,
    EventKind.BACK: TableState._on_back,
    EventKind.RESUMED: TableState._on_resumed,
    EventKind.BOT: TableState._on_bot,
    EventKind.SETTINGS: TableState._on_settings,
    EventKind.STARTED: TableState._on_started,
    EventKind.REMATCH: TableState._on_rematch,
    EventKind.DEALT: TableState._on_dealt,
    EventKind.MOVE: TableState._on_move,
    EventKind.READY: TableState._on_ready,
    EventKind.CHAT: TableState._on_chat,
    EventKind.CONTRIBUTED: TableState._on_contributed,
    EventKind.CLOSED: TableState._on_closed,
    EventKind.HIDDEN: TableState._on_hidden,
    EventKind.MUTED: TableState._on_muted,
}
"""How each kind of event changes a table's state (a kind missing here is refused when folded)."""


def move_payload(seat: int, move: Move) -> dict[str, Any]:
    """A move as its event keeps it: a draw names no tile (the boneyard order decides it)."""
    if move.kind == PLAY:
        payload = {"t": "move", "seat": seat, "kind": PLAY, "tile": move.tile, "on": move.on}
        return payload | {"train": move.train} if move.train != NO_TRAIN else payload
    return {"t": "move", "seat": seat, "kind": move.kind}


def move_from_payload(payload: dict[str, Any]) -> Move:
    """The move a ``move`` event keeps."""
    kind = payload["kind"]
    if kind == PLAY:
        return Move(PLAY, payload["tile"], payload["on"], payload.get("train", NO_TRAIN))
    return Move(DRAW) if kind == DRAW else Move(PASS)
