"""Is the players' rating on the ladder's scale? A medium bot rated as a person. One JSON line.

The medium bot plays ``--matches`` rated matches in process (the engine and the bots, no server), against the
bots that play as fixed ratings (``--opponents``, by default the easy and the medium bot, taking turns, the
"person" sitting first and second in turn), and its rating is updated after each match by the very code the
stores run inside the transaction of a match's end (``store/results.py``'s ``outcome``: OpenSkill's
Plackett-Luce from ``tables/ratings.py``, the bots at their ladder ratings from ``web/ladder.json``). It should
land within the medium bot's ladder interval (docs/bots.md): then a person's "between the medium and the hard
bot" reads true. ``rating`` is the last one (the mean of ``--people`` persons rated apart), ``settled`` the mean
over the second half of the matches (a rating keeps moving by about its ``sigma`` from match to match).

    python bench/ratings.py --matches 200 --seed 1 --people 8
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

SOURCE = Path(__file__).resolve().parents[1] / "src"
if str(SOURCE) not in sys.path:  # run from a checkout without PYTHONPATH
    sys.path.insert(0, str(SOURCE))

from dominohall.bots.arena import play_match  # noqa: E402
from dominohall.bots.base import make_bot  # noqa: E402
from dominohall.games import GAMES  # noqa: E402
from dominohall.store.results import outcome  # noqa: E402
from dominohall.tables.ports import MatchEnd, MatchSeat  # noqa: E402
from dominohall.tables.ratings import Rating, bot_rating, ladder_ratings, new_rating  # noqa: E402

LADDER = SOURCE / "dominohall" / "web" / "ladder.json"
PERSON = "medium"
"""The bot rated as a person."""


def one_match(game: str, settings: dict[str, Any], opponent: str, first: bool, seed: int) -> list[int]:
    """Play one match of the person (``PERSON``) against ``opponent``, the person in seat 0 when ``first``:
    each seat's place (``Game.placings``)."""
    descriptor = GAMES[game]
    options = descriptor.from_settings(settings)
    levels = [PERSON, opponent] if first else [opponent, PERSON]
    bots = [make_bot(level) for level in levels]
    match = play_match(options, bots, random.Random(seed), random.Random(seed + 1))
    return list(descriptor.placings(match))


def rate_once(
    game: str, places: list[int], person_seat: int, opponent_rating: float, rating: Rating, *, now: float
) -> Rating:
    """The person's rating after a match with ``places``, as the store computes it (``outcome``)."""
    seats = tuple(
        MatchSeat("person", None, "token", place, seat)
        if seat == person_seat
        else MatchSeat("bot", "bot", None, place, seat, opponent_rating)
        for seat, place in enumerate(places)
    )
    ending = MatchEnd("bench", 1, game, now, True, seats)
    result = outcome(ending, {"person": person_seat}, {"person": rating}, ())
    return result.ratings["person"]


def rated_person(matches: int, seed: int, game: str, opponents: list[str], ladders: Any) -> tuple[Rating, float, int]:
    """One person's rating after ``matches`` matches, the mean over their second half, and the matches won."""
    settings: dict[str, Any] = {"players": 2, "length": "one"} if game != "standard" else {"players": 2}
    rating, wins, path = new_rating(), 0, []
    for index in range(matches):
        opponent = opponents[index % len(opponents)]
        first = (index // len(opponents)) % 2 == 0
        places = one_match(game, settings, opponent, first, seed * 100_003 + index)
        seat = 0 if first else 1
        wins += places[seat] == 1 and places[1 - seat] != 1
        rating = rate_once(game, places, seat, bot_rating(ladders, game, opponent), rating, now=float(index))
        path.append(rating[0])
    later = path[len(path) // 2 :] or [rating[0]]
    return rating, sum(later) / len(later), wins


def run(matches: int, seed: int, game: str, opponents: list[str], people: int = 1) -> dict[str, Any]:
    """Rate ``people`` persons (one a seed from ``seed`` on) over ``matches`` matches each; the figures."""
    figures = json.loads(LADDER.read_text(encoding="utf-8"))
    ladders = ladder_ratings(figures)
    ladder_game = game if game in figures else "chickenfoot"
    low, high = figures[ladder_game]["intervals"][PERSON]
    began = time.perf_counter()
    rated = [rated_person(matches, seed + person, game, opponents, ladders) for person in range(people)]
    finals = [rating[0] for rating, _, _ in rated]
    settled = [mean for _, mean, _ in rated]
    rating = sum(finals) / people
    return {
        "bench": "ratings",
        "game": game,
        "person": PERSON,
        "opponents": opponents,
        "matches": matches,
        "people": people,
        "wins": sum(wins for _, _, wins in rated),
        "rating": round(rating, 1),
        "ratings": [round(value, 1) for value in finals],
        "sigma": round(sum(r[1] for r, _, _ in rated) / people, 1),
        "settled": round(sum(settled) / people, 1),
        "ladder_rating": ladders[ladder_game][PERSON],
        "interval": [low, high],
        "inside": low <= rating <= high,
        "settled_inside": low <= sum(settled) / people <= high,
        "seconds": round(time.perf_counter() - began, 2),
    }


def main() -> None:
    """Parse the options, run, print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", default="chickenfoot", choices=sorted(GAMES))
    parser.add_argument("--opponents", default="easy,medium", help="bot levels, comma-separated, taking turns")
    parser.add_argument("--people", type=int, default=1, help="persons rated apart (seeds from --seed on)")
    args = parser.parse_args()
    print(json.dumps(run(args.matches, args.seed, args.game, args.opponents.split(","), args.people)))


if __name__ == "__main__":
    main()
