"""Players in the store, on SQLite and PostgreSQL alike: secrets, keys, seat links, a match's result and ratings
kept once with the events that end it, forgetting a player, the leaderboard's periods, and the upgrade of a
database written before players existed."""

from __future__ import annotations

import asyncio
import itertools
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import psycopg
import pytest

from dominohall.store.backends import store_for
from dominohall.store.postgres import PostgresStore
from dominohall.store.sqlite import SqliteStore
from dominohall.tables.ports import (
    FORMER_PLAYER,
    Event,
    MatchEnd,
    MatchSeat,
    Phase,
    PlayerStore,
    SeqConflictError,
)
from dominohall.tables.ratings import DAILY_PAIR_CAP, MU

T = TypeVar("T")
DAY = 24 * 3600.0


def run(url: str, work: Callable[[Any], Awaitable[T]]) -> T:
    """Open the store at ``url``, run ``work`` on it (a ``Store`` and ``PlayerStore``), close it."""

    async def main() -> T:
        store = store_for(url)
        assert isinstance(store, PlayerStore)
        try:
            return await work(store)
        finally:
            await store.close()

    return asyncio.run(main())


def created(table: str, tokens: list[str | None], names: list[str]) -> Event:
    """A table's ``created`` event: a person of each token, a bot where it is ``None``."""
    seats = [{"name": n, "token": t} if t else {"name": n, "bot": "medium"} for t, n in zip(tokens, names, strict=True)]
    return Event(table, 1, None, "host", 1.0, {"t": "created", "seats": seats, "host": tokens[0]})


def ending(
    table: str, seats: list[tuple[str | None, int]], finished: float, match: int = 1, rated: bool = True
) -> MatchEnd:
    """A match's end: a person (token) or a bot (``None``, rated 1150) per seat, with its place."""
    return MatchEnd(
        table,
        match,
        "chickenfoot",
        finished,
        rated,
        tuple(
            MatchSeat(f"seat {i}", None if token else "medium", token, place, i, None if token else 1150.0)
            for i, (token, place) in enumerate(seats)
        ),
    )


async def table_with(store: Any, table: str, players: dict[str, str], names: list[str] | None = None) -> None:
    """A table whose seats are the ``players`` (token to player id) and a bot, each token linked to its player."""
    tokens: list[str | None] = [*players, None]
    await store.create_table(table, 1.0, [created(table, tokens, names or [f"P{i}" for i in range(len(tokens))])])
    for token, player in players.items():
        await store.link_seat(player, table, token)


async def end(store: Any, table: str, seq: int, match_end: MatchEnd) -> None:
    """Append the move that ends a match, with its end."""
    move = Event(table, seq, None, "seat:0", match_end.finished, {"t": "move", "seat": 0, "kind": "pass"})
    await store.append([move], phase=Phase.OVER, ending=match_end)


def test_a_player_is_made_once_per_secret_and_remembers_what_they_change(store_url: str) -> None:
    async def work(store: Any) -> tuple[Any, ...]:
        first = await store.ensure_player("s1", "p1", "cs", 5.0)
        again = await store.ensure_player("s1", "p-other", "en", 6.0)
        named = await store.update_player("p1", name="Věra", leaderboard=True)
        kept = await store.update_player("p1", language="ru")
        nobody = await store.update_player("nobody", name="X")
        return first, again, named, kept, nobody, await store.player("s1"), await store.player("s2")

    first, again, named, kept, nobody, found, unknown = run(store_url, work)
    assert (first.player_id, first.name, first.language, first.leaderboard) == ("p1", None, "cs", False)
    assert again == first
    assert (named.name, named.leaderboard, kept.name, kept.language) == ("Věra", True, "Věra", "ru")
    assert nobody is None and found == kept and unknown is None


def test_a_key_carries_the_player_to_another_secret_once_and_not_after_it_expires(store_url: str) -> None:
    async def work(store: Any) -> list[Any]:
        await store.ensure_player("s1", "p1", "en", 1.0)
        await store.save_key("p1", "k-old", 100.0)
        await store.save_key("p1", "k1", 100.0)  # replaces the one before
        answers = [await store.use_key("k-old", "s2", 10.0), await store.use_key("k1", "s2", 10.0)]
        answers.append(await store.use_key("k1", "s3", 10.0))  # spent
        await store.save_key("p1", "k2", 100.0)
        answers.append(await store.use_key("k2", "s4", 100.0))  # expired
        answers += [await store.player("s2"), await store.player("s3"), await store.player("s4")]
        return answers

    old, used, spent, expired, second, third, fourth = run(store_url, work)
    assert old is None and used is not None and used.player_id == "p1"
    assert spent is None and expired is None
    assert second is not None and second.player_id == "p1" and third is None and fourth is None


def test_a_rated_match_changes_its_players_ratings_once(store_url: str) -> None:
    async def work(store: Any) -> tuple[Any, ...]:
        await store.ensure_player("s1", "p1", "en", 1.0)
        await store.ensure_player("s2", "p2", "en", 1.0)
        await table_with(store, "t1", {"tok1": "p1", "tok2": "p2"})
        first = ending("t1", [("tok1", 1), ("tok2", 3), (None, 2)], 1000.0)
        await end(store, "t1", 2, first)
        with pytest.raises(SeqConflictError):  # the same end again: the event's seq is taken, nothing is kept
            await end(store, "t1", 2, first)
        await end(store, "t1", 3, first)  # another event carrying the same match's end: already kept
        return await store.ratings_of("p1"), await store.ratings_of("p2"), await store.matches_of("p1", 10)

    winner, loser, matches = run(store_url, work)
    assert winner["chickenfoot"]["matches"] == 1 and loser["chickenfoot"]["matches"] == 1
    assert winner["chickenfoot"]["mu"] > MU > loser["chickenfoot"]["mu"]
    assert len(winner["chickenfoot"]["history"]) == 1
    assert [(m["table"], m["match"], m["place"], m["rated"]) for m in matches] == [("t1", 1, 1, True)]
    assert [s["place"] for s in matches[0]["seats"]] == [1, 3, 2]


def test_an_unrated_match_is_kept_without_changing_a_rating(store_url: str) -> None:
    async def work(store: Any) -> tuple[Any, ...]:
        await store.ensure_player("s1", "p1", "en", 1.0)
        await table_with(store, "t1", {"tok1": "p1"})
        await end(store, "t1", 2, ending("t1", [("tok1", 1), (None, 2)], 1000.0, rated=False))
        return await store.ratings_of("p1"), await store.matches_of("p1", 10)

    ratings, matches = run(store_url, work)
    assert ratings == {} and [(m["rated"], m["rating"]) for m in matches] == [(False, None)]


def test_gains_between_the_same_people_stop_after_the_daily_cap(store_url: str) -> None:
    async def work(store: Any) -> list[float]:
        await store.ensure_player("s1", "p1", "en", 1.0)
        await store.ensure_player("s2", "p2", "en", 1.0)
        await table_with(store, "t1", {"tok1": "p1", "tok2": "p2"})
        mus = []
        for match in range(1, DAILY_PAIR_CAP + 3):  # p1 wins every match against p2 within one hour
            await end(
                store, "t1", match + 1, ending("t1", [("tok1", 1), ("tok2", 2), (None, 3)], 1000.0 + match, match)
            )
            mus.append((await store.ratings_of("p1"))["chickenfoot"]["mu"])
        return mus

    mus = run(store_url, work)
    rising = mus[:DAILY_PAIR_CAP]
    assert all(b > a for a, b in itertools.pairwise(rising))
    assert mus[DAILY_PAIR_CAP:] == [mus[DAILY_PAIR_CAP - 1]] * 2


def test_forgetting_a_player_removes_them_and_their_name_from_the_records(store_url: str) -> None:
    async def work(store: Any) -> tuple[Any, ...]:
        await store.ensure_player("s1", "p1", "en", 1.0)
        await store.ensure_player("s2", "p2", "en", 1.0)
        await table_with(store, "t1", {"tok1": "p1"}, ["Ann", "Bot"])
        sat = Event("t1", 2, None, "seat:1", 2.0, {"t": "sat", "seat": 1, "name": "Bea", "token": "tok2"})
        await store.append([sat])
        await store.link_seat("p2", "t1", "tok2")
        await end(store, "t1", 3, ending("t1", [("tok1", 1), ("tok2", 2)], 1000.0))
        await store.save_key("p1", "k1", 1e12)
        seats = await store.forget_player("p1")
        return (
            seats,
            await store.player("s1"),
            await store.load("t1"),
            await store.matches_of("p2", 10),
            await store.ratings_of("p1"),
            await store.use_key("k1", "s9", 1.0),
        )

    seats, player, events, matches, ratings, key = run(store_url, work)
    assert seats == [("t1", "tok1")] and player is None and ratings == {} and key is None
    assert [seat["name"] for seat in events[0].payload["seats"]] == [FORMER_PLAYER, "Bot"]
    assert events[1].payload["name"] == "Bea", "the other person keeps their name"
    assert [seat["name"] for seat in matches[0]["seats"]] == [FORMER_PLAYER, "seat 1"]


def test_events_stay_append_only_outside_forgetting(store_url: str) -> None:
    async def work(store: Any) -> None:
        await store.create_table("t1", 1.0, [created("t1", ["tok1", None], ["Ann", "Bot"])])

    run(store_url, work)
    if store_url.startswith("sqlite"):
        with sqlite3.connect(store_url.removeprefix("sqlite:///")) as lite, pytest.raises(sqlite3.IntegrityError):
            lite.execute("UPDATE events SET payload = '{}'")
    else:
        with psycopg.connect(store_url) as db, pytest.raises(psycopg.errors.RaiseException):
            db.execute("UPDATE events SET payload = '{}'")


def test_the_leaderboard_counts_the_period_and_only_players_who_opted_in(store_url: str) -> None:
    now = 100 * DAY

    async def work(store: Any) -> dict[str, list[dict[str, Any]]]:
        for n in (1, 2, 3):
            await store.ensure_player(f"s{n}", f"p{n}", "en", 1.0)
            await store.update_player(f"p{n}", name=f"N{n}", leaderboard=n != 3)
        await table_with(store, "t1", {"tok1": "p1", "tok2": "p2", "tok3": "p3"})
        times = [now - 40 * DAY, now - 20 * DAY, now - 2 * DAY, now - DAY]  # a match long ago, this month, this week
        for match, finished in enumerate(times, 1):
            places = [("tok1", 1), ("tok2", 2), ("tok3", 3), (None, 4)]
            await end(store, "t1", match + 1, ending("t1", places, finished, match))
        return {
            "all": await store.leaderboard("chickenfoot", None, 4, 10),
            "month": await store.leaderboard("chickenfoot", now - 30 * DAY, 3, 10),
            "week": await store.leaderboard("chickenfoot", now - 7 * DAY, 2, 10),
            "week3": await store.leaderboard("chickenfoot", now - 7 * DAY, 3, 10),
        }

    boards = run(store_url, work)
    assert [row["id"] for row in boards["all"]] == ["p1", "p2"], "the one who did not opt in is left out"
    assert [row["matches"] for row in boards["month"]] == [3, 3] and [r["matches"] for r in boards["week"]] == [2, 2]
    assert boards["week3"] == []
    first = boards["week"][0]
    assert first["total"] == 4 and first["before"] is not None and first["mu"] > first["before"]
    assert boards["all"][0]["before"] is None


SCHEMA_1_SQLITE = """
CREATE TABLE tables (table_id TEXT PRIMARY KEY, created REAL NOT NULL, finished INTEGER NOT NULL DEFAULT 0);
CREATE TABLE events (
    table_id TEXT NOT NULL REFERENCES tables (table_id), seq INTEGER NOT NULL, command_id TEXT,
    actor TEXT NOT NULL, time REAL NOT NULL, payload TEXT NOT NULL,
    PRIMARY KEY (table_id, seq), UNIQUE (table_id, command_id)
);
CREATE TABLE analyses (
    table_id TEXT NOT NULL REFERENCES tables (table_id), key TEXT NOT NULL, body TEXT NOT NULL,
    PRIMARY KEY (table_id, key)
);
CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
BEGIN SELECT RAISE(ABORT, 'events are append-only'); END;
INSERT INTO tables VALUES ('old', 1.0, 0);
INSERT INTO events VALUES ('old', 1, NULL, 'host', 1.0,
    '{"host":"tok1","seats":[{"name":"Ann","token":"tok1"},{"bot":"medium","name":"Bot"}],"t":"created"}');
"""
"""The first version's SQLite schema (before players), as it was written, with a table in it."""
SCHEMA_1_POSTGRES = """
CREATE TABLE tables (table_id TEXT PRIMARY KEY, created DOUBLE PRECISION NOT NULL,
    finished BOOLEAN NOT NULL DEFAULT FALSE);
CREATE TABLE events (
    table_id TEXT NOT NULL REFERENCES tables (table_id), seq INTEGER NOT NULL, command_id TEXT,
    actor TEXT NOT NULL, time DOUBLE PRECISION NOT NULL, payload JSONB NOT NULL,
    CONSTRAINT events_seq_once PRIMARY KEY (table_id, seq),
    CONSTRAINT events_command_once UNIQUE (table_id, command_id)
);
CREATE TABLE analyses (table_id TEXT NOT NULL REFERENCES tables (table_id), key TEXT NOT NULL,
    body JSONB NOT NULL, PRIMARY KEY (table_id, key));
CREATE INDEX tables_unfinished ON tables (created, table_id) WHERE NOT finished;
CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'events are append-only';
END $$;
CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
    FOR EACH ROW EXECUTE FUNCTION events_append_only();
CREATE TRIGGER events_never_truncated BEFORE TRUNCATE ON events
    FOR EACH STATEMENT EXECUTE FUNCTION events_append_only();
COMMENT ON TABLE events IS 'dominohall schema 1';
INSERT INTO tables VALUES ('old', 1.0, FALSE);
INSERT INTO events VALUES ('old', 1, NULL, 'host', 1.0,
    '{"host":"tok1","seats":[{"name":"Ann","token":"tok1"},{"bot":"medium","name":"Bot"}],"t":"created"}');
"""
"""The first version's PostgreSQL schema (``dominohall schema 1``), as it was written, with a table in it."""


def test_a_database_of_the_first_version_is_upgraded(store_url: str) -> None:
    if store_url.startswith("sqlite"):
        path = Path(store_url.removeprefix("sqlite:///"))
        path.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(path) as lite:
            lite.executescript(SCHEMA_1_SQLITE)
    else:
        with psycopg.connect(store_url, autocommit=True) as db:
            db.execute(SCHEMA_1_POSTGRES)

    async def work(store: Any) -> tuple[Any, ...]:
        await store.ensure_player("s1", "p1", "en", 1.0)
        await store.link_seat("p1", "old", "tok1")
        await end(store, "old", 2, ending("old", [("tok1", 1), (None, 2)], 1000.0))
        await store.forget_player("p1")
        return await store.load("old"), await store.unfinished()

    events, unfinished = run(store_url, work)
    assert [e.seq for e in events] == [1, 2] and unfinished == []
    assert events[0].payload["seats"][0]["name"] == FORMER_PLAYER
    again = run(store_url, lambda store: store.load("old"))  # opened again: nothing to upgrade, nothing lost
    assert again == events
    if store_url.startswith("sqlite"):
        with sqlite3.connect(store_url.removeprefix("sqlite:///")) as lite:
            assert lite.execute("PRAGMA user_version").fetchone()[0] == 2
            with pytest.raises(sqlite3.IntegrityError):
                lite.execute("UPDATE events SET payload = '{}'")


def test_one_matchs_end_appended_by_two_processes_at_once_is_kept_once(postgres_url: str) -> None:
    async def work() -> tuple[Any, dict[str, Any]]:
        stores = [PostgresStore(postgres_url), PostgresStore(postgres_url)]
        try:
            await stores[0].ensure_player("s1", "p1", "en", 1.0)
            await stores[0].ensure_player("s2", "p2", "en", 1.0)
            await table_with(stores[0], "t1", {"tok1": "p1", "tok2": "p2"})
            await table_with(stores[0], "t2", {"tok3": "p1", "tok4": "p2"})
            same = ending("t1", [("tok1", 1), ("tok2", 2), (None, 3)], 1000.0)
            other = ending("t2", [("tok3", 2), ("tok4", 1), (None, 3)], 1000.0)
            outcomes = await asyncio.gather(
                end(stores[0], "t1", 2, same),
                end(stores[1], "t1", 2, same),
                end(stores[1], "t2", 2, other),  # the same players' other match, at the same moment
                return_exceptions=True,
            )
            return outcomes, await stores[0].ratings_of("p1")
        finally:
            for store in stores:
                await store.close()

    outcomes, ratings = asyncio.run(work())
    assert sorted(type(o).__name__ for o in outcomes) == ["NoneType", "NoneType", "SeqConflictError"]
    assert ratings["chickenfoot"]["matches"] == 2 and len(ratings["chickenfoot"]["history"]) == 2


def test_the_stores_are_player_stores() -> None:
    assert issubclass(SqliteStore, PlayerStore) and issubclass(PostgresStore, PlayerStore)
