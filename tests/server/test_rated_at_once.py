"""Many rated matches ending together on three processes sharing PostgreSQL (docs/players.md, "Once, in the same
transaction"): ten players, 200 rated matches played at once across the processes (twenty a player, so the
same players' ratings are written by several processes at the same moment); every match is rated exactly
once, none is lost, and the leaderboard says what the ratings table holds."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import psycopg
import pytest

from .harness import Server
from .test_players import cookie, play_to_the_end, request

MATCHES = 200
PLAYERS = 10
AT_ONCE = 60
"""Matches played at the same moment (the connections a process takes from one address are bounded)."""
OPTIONS = ["--tables-per-minute", "1000", "--connections-per-address", "200", "--requests-per-address", "200"]


def new_table(server: Server, player: str, index: int) -> tuple[str, str]:
    """A rated one-round Chicken Foot table of ``player`` against an easy bot: its id and the seat cookie."""
    spec = {
        "game": "chickenfoot",
        "settings": {"players": 2, "length": "one"},
        "bots": [None, "easy"],
        "name": f"P{index}",
    }
    status, body, cookies_set = request(server, "POST", "/api/tables", spec, player)
    assert status == 201, body
    return body["id"], cookie(cookies_set, f"dh_{body['id']}")


@pytest.mark.timeout(600)
def test_two_hundred_rated_matches_at_once_on_three_processes_are_each_rated_once(
    tmp_path: Path, postgres_url: str
) -> None:
    servers = []
    for name in ("a", "b", "c"):
        (tmp_path / name).mkdir()
        servers.append(Server(tmp_path / name / "db", store=postgres_url, options=OPTIONS).start())
    try:
        players = []
        for index in range(PLAYERS):
            _, _, cookies_set = request(servers[index % 3], "GET", "/api/me")
            players.append(cookie(cookies_set, "dh_player"))
            request(servers[index % 3], "PUT", "/api/me", {"leaderboard": True, "name": f"P{index}"}, players[-1])
        tables = []
        for match in range(MATCHES):
            server = servers[match % 3]
            tables.append((server, *new_table(server, players[match % PLAYERS], match % PLAYERS)))
        random.Random(1).shuffle(tables)

        async def play_all() -> None:
            gate = asyncio.Semaphore(AT_ONCE)

            async def one(server: Server, table_id: str, seat: str) -> None:
                async with gate:
                    await play_to_the_end(server, table_id, seat)

            await asyncio.gather(*(one(*table) for table in tables))

        asyncio.run(play_all())
        board = request(servers[0], "GET", "/api/leaderboard?game=chickenfoot&period=all")[1]
        mine = [request(servers[i % 3], "GET", "/api/me", cookies=players[i])[1] for i in range(PLAYERS)]
    finally:
        for server in servers:
            server.stop()
    with psycopg.connect(postgres_url) as connection:
        results = connection.execute("SELECT count(*), count(*) FILTER (WHERE rated) FROM results").fetchone()
        places = connection.execute("SELECT count(*), count(DISTINCT (table_id, match)) FROM match_players").fetchone()
        ratings: dict[str, int] = dict(
            connection.execute("SELECT player_id, matches FROM ratings WHERE game = 'chickenfoot'").fetchall()
        )
        query = "SELECT player_id, mu FROM ratings WHERE game = 'chickenfoot'"
        mus: dict[str, float] = dict(connection.execute(query).fetchall())
    assert results == (MATCHES, MATCHES), "every match kept once, each rated"
    assert places == (MATCHES, MATCHES), "one place a match: its one person's"
    assert sorted(ratings.values()) == [MATCHES // PLAYERS] * PLAYERS, ratings
    for player in mine:
        rating = player["ratings"]["chickenfoot"]
        assert rating["matches"] == len(rating["history"]) == MATCHES // PLAYERS, "each rated once, none lost"
        assert len(player["matches"]) == MATCHES // PLAYERS
        assert rating["history"][-1]["rating"] == rating["rating"] == round(mus[player["id"]])
    listed = {row["id"]: row for row in board["players"]}
    assert set(listed) == set(ratings), "every player opted in and played more than the least"
    for player_id, row in listed.items():
        assert (row["rating"], row["total"], row["matches"]) == (
            round(mus[player_id]),
            ratings[player_id],
            ratings[player_id],
        )
    assert [row["rating"] for row in board["players"]] == sorted((round(mu) for mu in mus.values()), reverse=True)
