"""Fair deals in records (docs/fairness.md, docs/records.md): a round's ``fair`` proof, written and checked.

A finished round of a ``dominohall/record@1`` record may carry ``fair``: the scheme, the table id, the match
and round numbers, the commitment published before the deal, each seat's contribution (``null`` for none)
and the secret revealed after the round. ``check_fairness`` recomputes every such round's deal from its
proof and compares it with the hands, boneyard and opener the record says were dealt. It reads the rounds
as they are written, without replaying the moves, so a tampered deal is named even when it also makes the
record illegal (``record.verify`` says that part). A round without a proof is "no proof", not a fault (dealt
before the scheme), unless an earlier round of the match has one: then its proof was withheld.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple, cast

from dominohall.engine.errors import OptionsError
from dominohall.engine.fair import SCHEME, DealSeed, FairError, commitment, commitment_of
from dominohall.engine.tiles import tile_name

from . import GAMES, AnyGame, game_named
from .records import RecordError, loads

FAIR = "fair"
"""The round's key that holds its proof."""
FAIR_ROUND, NO_PROOF, NOT_FAIR = "fair", "no proof", "not fair"
"""The verdicts on a round."""
SEEN_DIGITS = 16
"""The commitment's hex digits a player compares by eye: 64 bits, which no search for another secret with the
same first digits can match (8 digits, 32 bits, a GPU matches in about a second)."""


def proof_to_dict(seed: DealSeed) -> dict[str, Any]:
    """A round's proof as a record writes it (once the round has ended: it holds the secret)."""
    return {
        "scheme": SCHEME,
        "table": seed.table,
        "match": seed.match,
        "round": seed.round,
        "commitment": commitment_of(seed),
        "contributions": list(seed.contributions),
        "secret": seed.secret.hex(),
    }


class RoundCheck(NamedTuple):
    """The verdict on one round (1-based): ``fair``, ``no proof`` or ``not fair``, and what did not match."""

    round: int
    verdict: str
    problems: tuple[str, ...] = ()
    seen: str = ""
    """For a fair round, what its players saw and can compare: the commitment's first ``SEEN_DIGITS`` hex
    digits (as the table page shows it) and the seats that contributed."""

    def __str__(self) -> str:
        said = "; ".join(self.problems) if self.problems else self.verdict
        return f"round {self.round}: {said}" + (f" ({self.seen})" if self.seen and not self.problems else "")


def check_fairness(data: dict[str, Any] | str | bytes) -> list[RoundCheck]:
    """The verdict on every round of a record (JSON text or a parsed object).

    Raises ``RecordError`` when the record cannot be read far enough to check anything: not JSON, an
    unknown game, options that describe no table, or no list of rounds.
    """
    record = loads(data) if isinstance(data, str | bytes) else data
    game, options = _game_and_options(record)
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        raise RecordError("format", "rounds must be a list")
    found: dict[int, tuple[list[str], tuple[str, int] | None]] = {}
    for index, rnd in enumerate(rounds):
        proof = rnd.get(FAIR) if isinstance(rnd, dict) else None
        if proof is not None:
            found[index] = _check_round(game, options, index, rnd, proof)
    home = _record_place(list(found.values()))
    checks = []
    for index in range(len(rounds)):
        if index not in found:
            proven = max((earlier for earlier in found if earlier < index), default=None)  # the dealer had the scheme
            if proven is not None:
                withheld = f"no proof, though round {proven + 1} of the match has one: the proof was withheld"
                checks.append(RoundCheck(index + 1, NOT_FAIR, (withheld,)))
            else:
                checks.append(RoundCheck(index + 1, NO_PROOF))
            continue
        problems, place = found[index]
        if place is not None and place != home:
            assert home is not None
            problems.insert(
                0,
                f"the proof is for table {place[0]} match {place[1]}, the record's other rounds for "
                f"table {home[0]} match {home[1]}",
            )
        seen = "" if problems else _seen(rounds[index][FAIR])
        checks.append(RoundCheck(index + 1, NOT_FAIR if problems else FAIR_ROUND, tuple(problems), seen))
    return checks


def _seen(proof: dict[str, Any]) -> str:
    """What a player of a sound proof's round can compare with what they saw: the commitment's first digits
    and the seats whose contributions went into the deal."""
    seats = [str(seat) for seat, value in enumerate(proof["contributions"]) if value is not None]
    given = f"contributions from seat{'s' if len(seats) > 1 else ''} {', '.join(seats)}" if seats else "no contribution"
    return f"commitment {proof['commitment'][:SEEN_DIGITS]}, {given}"


def _record_place(found: Sequence[tuple[list[str], tuple[str, int] | None]]) -> tuple[str, int] | None:
    """The table and match the record's rounds were dealt for: those most of its proofs that check out in
    every other way name (so a tampered round cannot make its genuine neighbours look foreign), or most of
    its proofs when none does; the earliest of equals."""
    places = [place for _, place in found if place is not None]
    sound = [place for problems, place in found if place is not None and not problems] or places
    return max(sound, key=sound.count) if sound else None


def _game_and_options(record: dict[str, Any]) -> tuple[AnyGame, Any]:
    """The record's game (from the registry) and its options, read by the game."""
    name, options = record.get("game"), record.get("options")
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError("game", f"the game must be {' or '.join(GAMES)}, not {name!r}")
    if not isinstance(options, dict):
        raise RecordError("format", "options must be an object")
    game = game_named(name)
    try:
        return game, game.options_from_dict(options)
    except OptionsError as error:
        raise RecordError("options", str(error)) from None


def _check_round(
    game: AnyGame, options: Any, index: int, rnd: dict[str, Any], proof: object
) -> tuple[list[str], tuple[str, int] | None]:
    """What does not match in one round's proof, and the (table, match) it names."""
    try:
        seed, claimed = read_proof(proof, options.players)
    except FairError as error:
        return [f"the proof cannot be read: {error}"], None
    problems = []
    if seed.round != index + 1:
        problems.append(f"the proof is for round {seed.round}")
    if commitment(seed.table, seed.match, seed.round, seed.secret) != claimed:
        problems.append("the commitment does not match the secret")
    problems += deal_differences(game, options, index, seed, rnd)
    return problems, (seed.table, seed.match)


def read_proof(proof: object, players: int) -> tuple[DealSeed, str]:
    """A proof's seed and the commitment it claims; ``FairError`` when it is not one."""
    if not isinstance(proof, dict):
        raise FairError("a proof is an object")
    if proof.get("scheme") != SCHEME:
        raise FairError(f"the scheme must be {SCHEME!r}, not {proof.get('scheme')!r}")
    claimed, secret, contributions = proof.get("commitment"), proof.get("secret"), proof.get("contributions")
    if not isinstance(claimed, str) or len(claimed) != 64:
        raise FairError("the commitment is 64 hex digits")
    if not isinstance(secret, str) or len(secret) != 64 or secret != secret.lower():
        raise FairError("the secret is 64 lower-case hex digits")
    if not isinstance(contributions, list) or len(contributions) != players:
        raise FairError(f"the contributions are a list with one entry per seat ({players})")
    try:
        raw = bytes.fromhex(secret)
    except ValueError:
        raise FairError("the secret is 64 lower-case hex digits") from None
    table, match, number = proof.get("table"), proof.get("match"), proof.get("round")
    seed = DealSeed(cast(str, table), cast(int, match), cast(int, number), raw, tuple(contributions))  # checked
    return seed, claimed


def deal_differences(game: AnyGame, options: Any, index: int, seed: DealSeed, rnd: dict[str, Any]) -> list[str]:
    """How the deal a round of ``game`` records differs from the one its seed gives (empty: they are the same)."""
    expected = game.fair_deal(options, index, seed)
    hands = rnd.get("hands")
    hands = hands if isinstance(hands, list) else []
    found = [
        f"the deal differs at seat {seat}"
        for seat, hand in enumerate(expected.hands)
        if seat >= len(hands) or hands[seat] != _names(hand)
    ]
    if len(hands) > len(expected.hands):
        found.append(f"the record deals {len(hands)} hands, not {len(expected.hands)}")
    if rnd.get("boneyard") != _names(expected.boneyard):
        found.append("the deal differs in the boneyard")
    if expected.first is not None and rnd.get("first") != expected.first:
        found.append(f"the opener differs: the deal gives seat {expected.first}, not {json.dumps(rnd.get('first'))}")
    return found


def _names(tiles: Sequence[int]) -> list[str]:
    return [tile_name(t) for t in tiles]
