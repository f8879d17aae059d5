"""Provably fair deals (docs/fairness.md): a round's commitment, and its deal drawn from a secret and contributions.

Before a round is dealt the server draws a 32-byte secret and publishes its ``commitment``; each seated
person's page may then add a contribution (random bytes in hex). The deal is a pure function of the secret
and the contributions: an HMAC-SHA256 stream keyed by the secret (``DealStream``) drives a Fisher-Yates
shuffle of the set in its canonical order (``shuffled_set``), and each game deals that order as it always
deals (its ``Game.fair_deal`` in games/game.py, from ``fair_order``). After the round the secret is
revealed and anyone can check both steps.

Standard library only, and nothing random here: the caller passes the secret.

>>> seed = DealSeed("KjYuHsOHbRA", 1, 1, bytes(32), ("00" * 16, None))
>>> len(commitment_of(seed)), len(shuffled_set(DealStream(seed), 6))
(64, 28)
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass
from typing import NamedTuple

from .tiles import Tile, set_tiles

SCHEME = "dominohall/fair@1"
"""The scheme's name: the domain tag of every hashed text, and the ``scheme`` of a record's proof."""
SECRET_BYTES = 32
"""A round's secret is 256 random bits."""
CONTRIBUTION_HEX = (32, 128)
"""A contribution is 16 to 64 bytes, written as 32 to 128 lower-case hex digits."""
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""A table id as the scheme accepts it (the site's ids are 11 such characters): no line break can hide in it."""
_HEX = re.compile(r"(?:[0-9a-f]{2})+")

WORD = 1 << 32
"""The stream is read as 32-bit numbers."""


class FairError(ValueError):
    """A seed or proof that the scheme cannot use: a table id, number, secret or contribution out of shape."""


def check_contribution(value: object) -> str:
    """A contribution as the scheme takes it (lower-case hex, 16 to 64 bytes); ``FairError`` otherwise."""
    low, high = CONTRIBUTION_HEX
    if not isinstance(value, str) or not low <= len(value) <= high or not _HEX.fullmatch(value):
        raise FairError(f"a contribution is {low} to {high} lower-case hex digits (16 to 64 bytes)")
    return value


def _check_place(table: object, match: object, round_number: object) -> None:
    if not isinstance(table, str) or not TABLE_ID.fullmatch(table):
        raise FairError("a table id is 1 to 64 letters, digits, '-' or '_'")
    for name, value in (("match", match), ("round", round_number)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise FairError(f"the {name} number is a whole number from 1")


@dataclass(frozen=True)
class DealSeed:
    """Everything a round's deal is drawn from: where it is (table, match and round, 1-based), the server's
    secret, and per seat its contribution (``None``: the seat gave none, as a bot's never does)."""

    table: str
    match: int
    round: int
    secret: bytes
    contributions: tuple[str | None, ...] = ()

    def __post_init__(self) -> None:
        _check_place(self.table, self.match, self.round)
        if not isinstance(self.secret, bytes) or len(self.secret) != SECRET_BYTES:
            raise FairError(f"a secret is {SECRET_BYTES} bytes")
        for value in self.contributions:
            if value is not None:
                check_contribution(value)


def commitment(table: str, match: int, round_number: int, secret: bytes) -> str:
    """The commitment to ``secret`` for one round: SHA-256, in hex, of the lines ``dominohall/fair@1 commit``,
    the table id, the match and round numbers and the secret in hex, joined by line feeds."""
    _check_place(table, match, round_number)
    if len(secret) != SECRET_BYTES:
        raise FairError(f"a secret is {SECRET_BYTES} bytes")
    text = f"{SCHEME} commit\n{table}\n{match}\n{round_number}\n{secret.hex()}"
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def commitment_of(seed: DealSeed) -> str:
    """The commitment to the seed's secret."""
    return commitment(seed.table, seed.match, seed.round, seed.secret)


def deal_text(seed: DealSeed) -> str:
    """The text every block of the stream is keyed over, before its counter: ``dominohall/fair@1 deal``, the
    table id, the match and round numbers, then ``seat:contribution`` for each seat that gave one, in seat
    order, each line ending in a line feed."""
    given = "".join(f"{seat}:{value}\n" for seat, value in enumerate(seed.contributions) if value is not None)
    return f"{SCHEME} deal\n{seed.table}\n{seed.match}\n{seed.round}\n{given}"


def block(seed: DealSeed, counter: int) -> bytes:
    """Block ``counter`` (from 0) of the stream: HMAC-SHA256 keyed by the secret over ``deal_text`` followed
    by the counter in decimal."""
    message = (deal_text(seed) + str(counter)).encode("ascii")
    return hmac.new(seed.secret, message, hashlib.sha256).digest()


class DealStream:
    """The seed's stream of 32-bit numbers: the blocks 0, 1, 2, ... one after another, read 4 bytes at a time,
    big-endian."""

    def __init__(self, seed: DealSeed) -> None:
        self.seed = seed
        self._counter = 0
        self._words: list[int] = []

    def word(self) -> int:
        """The next 32-bit number."""
        if not self._words:
            data = block(self.seed, self._counter)
            self._counter += 1
            self._words = [int.from_bytes(data[i : i + 4], "big") for i in range(28, -1, -4)]
        return self._words.pop()

    def below(self, bound: int) -> int:
        """A number from 0 to ``bound - 1``, each equally likely: a word is used only below the largest multiple
        of ``bound`` that fits in 32 bits (the others are skipped), then taken modulo ``bound``."""
        if not 1 <= bound <= WORD:
            raise FairError(f"cannot draw below {bound}")
        limit = WORD - WORD % bound
        while True:
            value = self.word()
            if value < limit:
                return value % bound


def shuffled_set(stream: DealStream, top: int) -> list[Tile]:
    """The set double-``top`` shuffled by ``stream``: the tiles in canonical order (0-0, 1-0, 1-1, 2-0, 2-1, 2-2,
    ...), then for ``i`` from the last index down to 1, the tile at ``i`` swapped with the one at
    ``stream.below(i + 1)`` (Fisher-Yates)."""
    order = list(set_tiles(top))
    for i in range(len(order) - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


class FairDeal(NamedTuple):
    """A round's deal from a seed: the hands in seat order, the boneyard in draw order, and the opener when the
    stream chooses it (Chicken Foot's first round), else ``None`` (the game's rules choose)."""

    hands: list[list[Tile]]
    boneyard: list[Tile]
    first: int | None


def fair_order(seed: DealSeed, top: int) -> tuple[list[Tile], DealStream]:
    """The set double-``top`` shuffled by the seed's stream, and the stream, to draw on from where the shuffle
    left it. Each game deals that order as it always deals (its ``Game.fair_deal``, games/game.py): the
    standard game as it is, Chicken Foot with the round's double taken out first; Chicken Foot's first round
    then draws its opener as ``stream.below(players)``."""
    stream = DealStream(seed)
    return shuffled_set(stream, top), stream
