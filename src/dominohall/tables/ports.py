"""The ports of a table's life: the ``Store`` of events, the ``Event`` record it keeps, the ``Coordinator``
of the processes sharing a store, and the ``Subscriber`` a connection watching a table is.

A table is an append-only list of events numbered from 1 (``seq``). In each process one actor per live
table changes it: it appends the events of one command in one transaction, and only then acknowledges the
command or tells anyone. Several processes may share one store: a taken ``seq`` tells an actor that
another process wrote first (it catches up and decides again), the coordinator tells each process of the
others' events and makes one process the owner of a table (the one that runs its bots and timers).
Adapters (``dominohall.store``) implement these ports; the tables never import them.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol, runtime_checkable

import orjson


class Phase(StrEnum):
    """Where a table's match stands: what a table's summary calls its ``phase``, and what its store keeps
    (a table whose match is not over is rebuilt when a process starts)."""

    WAITING = "waiting"
    """Seats are being taken and settings changed; no match yet."""
    PLAYING = "playing"
    """A match is being played."""
    OVER = "over"
    """The match is over (a rematch starts another)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One numbered event of a table.

    ``command_id`` is the client's id of the command that caused it (on the command's first event only,
    else ``None``); ``actor`` says who caused it (``"seat:2"``, ``"host"``, ``"bot:1"``, ``"server"``);
    ``time`` is seconds since the epoch; ``payload`` is a JSON object whose ``"t"`` names the event.
    """

    table_id: str
    seq: int
    command_id: str | None
    actor: str
    time: float
    payload: dict[str, Any] = field(default_factory=dict)

    @property
    def kind(self) -> str:
        """The event's type, ``payload["t"]``."""
        return str(self.payload.get("t", ""))

    def payload_json(self) -> str:
        """The payload as compact JSON text, as stores keep it."""
        return orjson.dumps(self.payload, option=orjson.OPT_SORT_KEYS).decode()


Frame = dict[str, Any]
"""A message for a client, as JSON (``docs/protocol.md``)."""


class Subscriber(Protocol):
    """A connection watching a table: it is known by its token hash and receives frames without waiting."""

    token: str | None

    def deliver(self, frame: Frame) -> None:
        """Queue ``frame`` for sending (a connection that cannot keep up drops itself, never the table)."""
        ...

    def flush(self) -> None:
        """Send now what was delivered (the table's actor says so after each request; a connection may hold
        frames until then, or until the event loop's next turn, to send them together)."""
        ...


class StoreError(RuntimeError):
    """A store could not do what was asked (the table's events are unchanged)."""


class DuplicateCommandError(StoreError):
    """The command id was already applied at this table: the events were not appended again."""


class SeqConflictError(StoreError):
    """An event's ``seq`` is already taken at this table (a second writer?): nothing was appended."""


class Store(Protocol):
    """Where tables keep their events: append-only, one transaction per command."""

    async def create_table(self, table_id: str, created: float, events: Sequence[Event] = ()) -> None:
        """Add a table with its first ``events`` in one transaction: both or neither, so a table that
        could not be created leaves nothing behind. Raise ``StoreError`` if the id is taken or the events
        cannot be stored."""
        ...

    async def append(
        self, events: Sequence[Event], *, phase: Phase | None = None, ending: MatchEnd | None = None
    ) -> None:
        """Append the events of one command of one table atomically (all or none).

        ``phase`` is the table's phase once the events are folded, when they change it (``None``: they do
        not): the store keeps whether the match is over in the same transaction. ``ending`` is the match
        these events end: in the same transaction the store keeps its result for the players linked to its
        seats and, when it is rated, changes their ratings (once: a match already kept is not kept again;
        and since the ending event's ``seq`` is taken only once, neither is the result). Raises
        ``DuplicateCommandError`` when a command id was applied already, ``SeqConflictError`` when a
        ``seq`` is taken, and appends nothing in either case. Any other failure (a payload that cannot be
        stored, the database) is a ``StoreError`` too, and never fails another table's append.
        """
        ...

    async def load(self, table_id: str, after_seq: int = 0, limit: int | None = None) -> list[Event]:
        """The table's events with ``seq > after_seq``, in order (empty for an unknown table); the first
        ``limit`` of them when a limit is given."""
        ...

    async def save_analysis(self, table_id: str, key: str, body: dict[str, Any]) -> None:
        """Keep a result computed from the table's events under ``key`` (a round's analysis); a second save
        of the same key keeps the first."""
        ...

    async def load_analysis(self, table_id: str, key: str) -> dict[str, Any] | None:
        """A result kept by ``save_analysis``, or ``None``."""
        ...

    async def has_table(self, table_id: str) -> bool:
        """True when the table exists."""
        ...

    async def unfinished(self) -> list[str]:
        """The ids of every table whose match is not over, oldest first."""
        ...

    async def add_report(self, table_id: str, line: int, reporter: str, body: dict[str, Any]) -> bool:
        """Keep a player's report of the chat line of event ``line`` (``body``: what the console lists); False,
        keeping nothing, when ``reporter`` has reported that line already."""
        ...

    async def reports(self, limit: int = 200) -> list[dict[str, Any]]:
        """The latest ``limit`` reports, newest first: each report's body with its ``table``, ``line`` and
        ``time``."""
        ...

    async def finished_idle(self, before: float, limit: int) -> list[tuple[str, int]]:
        """Whole tables whose match is over and whose last event is older than ``before`` (seconds since the
        epoch): at most ``limit`` of them, least recently active first, each with its last ``seq``."""
        ...

    async def keep_records(self, table_id: str, seq: int, records: Sequence[dict[str, Any]], last: float) -> bool:
        """Keep only the records of the table's matches (in order; ``last``: its last event's time), and remove
        its events, its analyses and the table itself, in one transaction; only if its match is still over and
        its last ``seq`` is still ``seq`` (else nothing changes, and the answer is False)."""
        ...

    async def kept_records(self, table_id: str) -> list[dict[str, Any]]:
        """The records kept of a table whose events were removed (``keep_records``), in match order."""
        ...

    async def forget(self, before: float) -> int:
        """Remove everything of the tables whose match is over and whose last event is older than ``before``:
        whole ones and the records kept of others. How many tables were removed."""
        ...

    async def close(self) -> None:
        """Release the store's resources."""
        ...


FORMER_PLAYER = "\u2060a former player\u2060"
"""The neutral marker a forgotten player's name becomes wherever it was stored (events, match results): a text no
display name can be (``commands.check_name`` refuses the invisible word joiners round it), which the pages and
the API show as "a former player" in the reader's language."""


@dataclass(frozen=True, slots=True)
class MatchSeat:
    """One seat of a finished match, as the store keeps its result and rates it.

    ``token`` is the hash of the seat token of the person who held the seat when the match started (``None``
    for a bot's seat): the store finds the player linked to it. ``place`` is 1 for the winners; equal places
    share a result; a person who did not play their seat at the end is placed after everyone else.
    ``side`` is the result side the seat played for (partners share one). ``fixed`` is a bot's rating (it
    counts as an opponent of that strength and is never changed); ``None`` for a person's seat.
    """

    name: str
    bot: str | None
    token: str | None
    place: int
    side: int
    fixed: float | None = None
    rounds: tuple[int, ...] = ()
    """The seat's side's result in each round (a penalty, or points), first round first."""


@dataclass(frozen=True, slots=True)
class MatchEnd:
    """A match that ends with the events appended with it: its table and number there, its game, when it
    ended, whether it is rated (the table's ``rated`` setting, and a person still playing their own seat),
    and its seats."""

    table_id: str
    match: int
    game: str
    finished: float
    rated: bool
    seats: tuple[MatchSeat, ...]


@dataclass(frozen=True, slots=True)
class Player:
    """A person the site remembers without sign-up (docs/players.md): a public id, the display name they last
    played under (``None`` until they give one), the language of their pages, and whether they are shown on
    the leaderboards."""

    player_id: str
    name: str | None
    language: str
    leaderboard: bool
    created: float


@runtime_checkable
class PlayerStore(Protocol):
    """Where the players, the links of their seats, their matches and ratings are kept (the same database as
    the tables' events: a match's result and ratings are written in the transaction of the event that ends it,
    ``Store.append``'s ``ending``). Only hashes of the players' secrets and keys are kept."""

    async def player(self, secret: str) -> Player | None:
        """The player whose browser secret hashes to ``secret``, or ``None``."""
        ...

    async def public_player(self, player_id: str) -> Player | None:
        """The player of the public id ``player_id`` (their profile's address), or ``None``."""
        ...

    async def ensure_player(self, secret: str, player_id: str, language: str, now: float) -> Player:
        """The player of ``secret``; made first, under ``player_id``, when that secret is new."""
        ...

    async def update_player(
        self, player_id: str, *, name: str | None = None, leaderboard: bool | None = None, language: str | None = None
    ) -> Player | None:
        """Change what is given (``None``: as it is); the player as it is now, or ``None`` when there is none."""
        ...

    async def link_seat(self, player_id: str, table_id: str, token: str) -> None:
        """The seat token (its hash) at the table is the player's: its results count for them."""
        ...

    async def forget_player(self, player_id: str) -> list[tuple[str, str]]:
        """Delete the player, their secrets, key, links, results and ratings, and put ``FORMER_PLAYER`` for
        their name in the events and match results that held it: the (table, token) seats they held."""
        ...

    async def save_key(self, player_id: str, key: str, expires: float) -> None:
        """Keep the hash of the player's key (one a player: a new key replaces the one before)."""
        ...

    async def use_key(self, key: str, secret: str, now: float) -> Player | None:
        """Spend a key not yet expired: the secret (hash) of another browser becomes the key's player's too.
        ``None`` when the key is unknown, spent or expired."""
        ...

    async def matches_of(self, player_id: str, limit: int) -> list[dict[str, Any]]:
        """The player's matches, newest first: table, match, game, finished, rated, place, seats, rating."""
        ...

    async def ratings_of(self, player_id: str) -> dict[str, dict[str, Any]]:
        """Per game, the player's rating (``mu``, ``sigma``, ``matches``) and its history (time, mu)."""
        ...

    async def leaderboard(
        self, game: str, since: float | None, least: int, limit: int, trend_since: float | None = None
    ) -> list[dict[str, Any]]:
        """The players who opted in with at least ``least`` rated matches of ``game`` since ``since`` (``None``:
        ever), best first: id, name, mu, sigma, total (rated matches ever), matches (since then), and ``before``:
        the rating before ``trend_since`` (by default ``since``; ``None``: they had none then)."""
        ...


Listing = dict[str, Any]
"""How the lobby lists a public table (its id, game, options, settings, seats, phase, link, free seats)."""


class News(Protocol):
    """What a coordinator tells its process about the events other processes commit."""

    def event(self, table_id: str, seq: int) -> None:
        """Table ``table_id`` has events up to ``seq`` in the store."""
        ...

    def lost(self) -> None:
        """News may have been missed (the listener reconnected): every live table should catch up."""
        ...


class Coordinator(Protocol):
    """The processes that share a store: which are live, news of their events, a single owner per table
    (chosen among the live processes), and presence.

    Ownership decides only who runs a table's bots and timers; the store's ``seq`` numbering keeps the
    events whole even while two processes both believe they own a table.
    """

    alone: bool
    """True when no other process can hold a table's connections (so "not connected here" means gone)."""

    async def open(self, news: News) -> None:
        """Join the live processes and start telling ``news`` of the events committed by any process."""
        ...

    async def heartbeat(self) -> bool:
        """Say this process is live and learn which others are: True when they changed since the last
        heartbeat (the tables chosen for this process may have changed)."""
        ...

    def chooses(self, table_id: str) -> bool:
        """True when the table is chosen for this process to own, among the live processes as last seen
        (a process loads the tables chosen for it; others only when asked for them)."""
        ...

    def live(self) -> int:
        """How many processes are live, as last seen (this one among them)."""
        ...

    async def claim(self, table_ids: Collection[str]) -> set[str]:
        """Try to become the owner of each of ``table_ids`` chosen for this process (and stop owning the
        tables chosen for another one now): those this process owns now.

        A table owned before and missing from the answer has been lost (chosen for another process, or
        the coordination failed) and may be owned by another process.
        """
        ...

    async def release(self, table_id: str) -> None:
        """Stop owning the table (it is no longer live here)."""
        ...

    async def here(self, table_id: str, token: str) -> None:
        """The person with this token hash has a connection to the table in this process (the first)."""
        ...

    async def gone(self, table_id: str, token: str) -> None:
        """The person with this token hash has no connection to the table in this process any more."""
        ...

    async def is_elsewhere(self, table_id: str, token: str) -> bool | None:
        """True when another process holds a connection of this person to the table (``None`` when that
        cannot be known now: the database is out of reach)."""
        ...

    async def connected_elsewhere(self, people: Collection[tuple[str, str]]) -> set[tuple[str, str]] | None:
        """Which of ``people`` (table id, token hash) another process holds a connection of, in one ask
        (``None`` when that cannot be known now)."""
        ...

    async def publish(self, listings: Mapping[str, Listing | None]) -> None:
        """Tell the other processes how the lobby lists these tables, which this process owns (``None``: not
        listed any more)."""
        ...

    async def listings(self, here: Sequence[Listing]) -> list[Listing]:
        """The lobby of every live process: ``here`` (this process's own tables, as they are now) and the
        tables the others published (a dead process's are left out)."""
        ...

    async def owners(self, table_ids: Collection[str]) -> dict[str, str]:
        """The process each table is chosen for, by name, among the live processes as the store has them now
        (the console's list; it works without ``open``: the asker need not be one of the processes)."""
        ...

    async def close(self) -> None:
        """Stop: every table this process owned is free for another."""
        ...


class LocalCoordinator:
    """The coordinator of a process alone with its store (SQLite): it owns every table, nobody else
    writes, and nobody is connected anywhere else."""

    alone = True

    async def open(self, news: News) -> None:
        """Nothing to listen to."""

    async def heartbeat(self) -> bool:
        """Nobody else comes or goes."""
        return False

    def chooses(self, table_id: str) -> bool:
        """Every table is this process's."""
        return True

    def live(self) -> int:
        """This process alone."""
        return 1

    async def claim(self, table_ids: Collection[str]) -> set[str]:
        """Every table is this process's."""
        return set(table_ids)

    async def release(self, table_id: str) -> None:
        """Nothing to release."""

    async def here(self, table_id: str, token: str) -> None:
        """Nobody else needs to know."""

    async def gone(self, table_id: str, token: str) -> None:
        """Nobody else needs to know."""

    async def is_elsewhere(self, table_id: str, token: str) -> bool | None:
        """There is no elsewhere."""
        return False

    async def connected_elsewhere(self, people: Collection[tuple[str, str]]) -> set[tuple[str, str]] | None:
        """There is no elsewhere."""
        return set()

    async def publish(self, listings: Mapping[str, Listing | None]) -> None:
        """Nobody else reads the lobby."""

    async def listings(self, here: Sequence[Listing]) -> list[Listing]:
        """This process's tables are all the tables."""
        return list(here)

    async def owners(self, table_ids: Collection[str]) -> dict[str, str]:
        """Every table is the one process's."""
        return dict.fromkeys(table_ids, "the server")

    async def close(self) -> None:
        """Nothing to close."""
