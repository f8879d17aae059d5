"""What both stores do alike with a finished match and a forgotten player, apart from their SQL: the rows of
a match's result, its new ratings, the names a forgotten player leaves in a table's events, the leaderboard's
and the player's answers (docs/players.md)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..tables.ports import FORMER_PLAYER, MatchEnd, Player
from ..tables.ratings import Rated, Rating, before_of, rate

HISTORY_POINTS = 200
"""The most points of a rating's history ``ratings_of`` gives per game (the latest)."""


@dataclass(frozen=True)
class Outcome:
    """What a finished match writes: per player, the seat they held and their place, and their new rating
    when the match is rated."""

    seats: list[dict[str, Any]]
    """The result's seats as the player's matches list them: name, bot, place, each round's result."""
    players: dict[str, tuple[int, int]]
    """Per player id: their seat and place."""
    ratings: dict[str, Rating]
    """Per player id: the rating after the match (rated matches only)."""

    def rows(self, ending: MatchEnd) -> list[tuple[Any, ...]]:
        """The ``match_players`` rows: player, table, match, seat, place, game, finished, rated, mu, sigma."""
        rows = []
        for player, (seat, place) in self.players.items():
            mu, sigma = self.ratings.get(player, (None, None))
            match = (ending.table_id, ending.match)
            rows.append((player, *match, seat, place, ending.game, ending.finished, player in self.ratings, mu, sigma))
        return rows


def linked_players(ending: MatchEnd, links: Mapping[str, str]) -> dict[str, int]:
    """The players of a match (seat token to player id, ``links``): per player, the first seat they held (a
    player holding two seats of one match, through two browsers, counts once: the other seat is nobody's)."""
    players: dict[str, int] = {}
    for index, seat in enumerate(ending.seats):
        player = links.get(seat.token) if seat.token is not None else None
        if player is not None and player not in players:
            players[player] = index
    return players


def outcome(
    ending: MatchEnd, players: Mapping[str, int], known: Mapping[str, Rating], capped: Iterable[str]
) -> Outcome:
    """The result of ``ending`` for its ``players`` (player id to seat), rated from their ``known`` ratings
    (a player without one starts as a new player) when the match is rated; ``capped`` players' ratings do not
    rise."""
    seat_keys = {index: player for player, index in players.items()}
    cap = set(capped)
    ratings: dict[str, Rating] = {}
    if ending.rated:
        rated = [
            Rated(seat_keys.get(i), before_of(seat, known, seat_keys.get(i)), seat, seat_keys.get(i) in cap)
            for i, seat in enumerate(ending.seats)
        ]
        ratings = rate(rated)
    seats = [
        {"name": seat.name, "bot": seat.bot, "place": seat.place, "rounds": list(seat.rounds)} for seat in ending.seats
    ]
    return Outcome(seats, {p: (i, ending.seats[i].place) for p, i in players.items()}, ratings)


def forgotten_payload(payload: dict[str, Any], tokens: set[str], seats: set[int], names: set[str]) -> bool:
    """Put ``FORMER_PLAYER`` for a forgotten player's name in one event's ``payload`` (changed in place): the
    ``created`` seat and the ``sat`` event of their ``tokens``, and a ``bot`` that played on under their name in
    one of their ``seats``. True when the payload changed."""
    kind, changed = payload.get("t"), False
    if kind == "created":
        for seat in payload.get("seats", []):
            if isinstance(seat, dict) and seat.get("token") in tokens:
                seat["name"], changed = FORMER_PLAYER, True
        return changed
    own = payload.get("token") in tokens if kind == "sat" else payload.get("seat") in seats
    if kind in ("sat", "bot") and own and (kind == "sat" or payload.get("name") in names):
        payload["name"], changed = FORMER_PLAYER, True
    return changed


def held_seats(payloads: Sequence[dict[str, Any]], tokens: set[str]) -> tuple[set[int], set[str]]:
    """The seats and names a person with one of ``tokens`` held at a table, from its ``created`` and ``sat``
    events' payloads."""
    seats: set[int] = set()
    names: set[str] = set()
    for payload in payloads:
        if payload.get("t") == "created":
            for index, seat in enumerate(payload.get("seats", [])):
                if isinstance(seat, dict) and seat.get("token") in tokens:
                    seats.add(index)
                    names.add(str(seat.get("name")))
        elif payload.get("t") == "sat" and payload.get("token") in tokens:
            seats.add(int(payload.get("seat", -1)))
            names.add(str(payload.get("name")))
    return seats, names


def forget_seats(seats: list[dict[str, Any]], index: int) -> list[dict[str, Any]]:
    """A stored result's seats with seat ``index``'s name made ``FORMER_PLAYER``."""
    return [seat | {"name": FORMER_PLAYER} if i == index else seat for i, seat in enumerate(seats)]


def player_of(row: Sequence[Any]) -> Player:
    """A player from a row of ``player_id, name, language, leaderboard, created``."""
    return Player(str(row[0]), row[1], str(row[2]), bool(row[3]), float(row[4]))


def match_of(row: Sequence[Any], seats: list[dict[str, Any]]) -> dict[str, Any]:
    """A player's match from a row of ``table_id, match, game, finished, rated, seat, place, mu``."""
    table_id, match, game, finished, rated, seat, place, mu = row
    return {
        "table": table_id,
        "match": int(match),
        "game": game,
        "finished": float(finished),
        "rated": bool(rated),
        "seat": int(seat),
        "place": int(place),
        "seats": seats,
        "rating": None if mu is None else round(float(mu)),
    }


def ratings_from(rows: Sequence[Sequence[Any]], history: Sequence[Sequence[Any]]) -> dict[str, dict[str, Any]]:
    """The player's ratings by game from rows of ``game, mu, sigma, matches`` and history rows of ``game,
    finished, mu`` (oldest first)."""
    points: dict[str, list[dict[str, float]]] = {}
    for game, finished, mu in history:
        points.setdefault(game, []).append({"time": float(finished), "rating": round(float(mu))})
    return {
        game: {
            "rating": round(float(mu)),
            "mu": float(mu),
            "sigma": float(sigma),
            "matches": int(matches),
            "history": points.get(game, [])[-HISTORY_POINTS:],
        }
        for game, mu, sigma, matches in rows
    }
