"""Fair deals at a table (docs/fairness.md): the secrets, their commitments, the contributions, the deal.

A commitment is opened when a round is to be dealt: when the table is made (the first match's first
round), when a round ends (the next one) and when a match ends (a rematch's first round). Its secret is
drawn here (``secrets.token_bytes``; the engine draws nothing) and kept in the server-only ``fair`` field of
the event that opens it: ``created``, the ``move`` that ends a round, or, for a table that had none open
(made before fair deals), the ``dealt`` event itself. Each seated person's page may then give one
contribution (a ``contributed`` event, public). The deal is made from the secret and the contributions
stored up to it, so a table rebuilt from its events (a restart, another process) keeps the same secret and
deals the same. The secret reaches a frame or a record only once its round has ended.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import Any

from dominohall.games.fair_records import proof_to_dict

from ..engine.fair import SECRET_BYTES, DealSeed, commitment

FAIR = "fair"
"""The server-only field of the event that opens a commitment (it holds the secret)."""


@dataclass
class Sealed:
    """One round's commitment while the table keeps it: where it is, the secret, and the contributions so
    far (seat -> hex)."""

    match: int
    round: int
    commitment: str
    secret: bytes
    contributions: dict[int, str] = field(default_factory=dict)

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> Sealed:
        """The commitment an event's ``fair`` field opened."""
        return cls(data["match"], data["round"], data["commitment"], bytes.fromhex(data["secret"]))

    def given(self, players: int) -> list[str | None]:
        """The contributions per seat (``None``: none given)."""
        return [self.contributions.get(seat) for seat in range(players)]

    def seed(self, table_id: str, players: int) -> DealSeed:
        """What the round's deal is drawn from."""
        return DealSeed(table_id, self.match, self.round, self.secret, tuple(self.given(players)))

    def public(self, players: int, *, dealt: bool) -> dict[str, Any]:
        """What anyone may know before the round ends: never the secret."""
        return {
            "match": self.match,
            "round": self.round,
            "commitment": self.commitment,
            "contributions": self.given(players),
            "dealt": dealt,
        }

    def proof(self, table_id: str, players: int) -> dict[str, Any]:
        """The whole proof, the secret with it: only for a round that has ended."""
        return proof_to_dict(self.seed(table_id, players))


@dataclass
class FairBook:
    """A table's fair deals: the commitment open for the next deal, and the one each round of the current
    match was dealt from (``None`` for a round dealt before fair deals)."""

    open: Sealed | None = None
    rounds: list[Sealed | None] = field(default_factory=list)

    def opened(self, data: dict[str, Any] | None) -> None:
        """An event opened a commitment (``data``: its ``fair`` field, if any)."""
        if data is not None:
            self.open = Sealed.from_payload(data)

    def contribute(self, seat: int, value: str) -> None:
        """A seat gave its contribution to the open commitment."""
        if self.open is not None:
            self.open.contributions[seat] = value

    def withdraw(self, seat: int) -> None:
        """The seat changed hands before a deal: its contribution, if any, goes with its person."""
        if self.open is not None:
            self.open.contributions.pop(seat, None)

    def new_match(self) -> None:
        """A match starts: no round dealt yet (the open commitment stays: it is the match's first round's)."""
        self.rounds = []

    def dealt(self, match: int, number: int, data: dict[str, Any] | None) -> None:
        """Round ``number`` of match ``match`` was dealt, from the commitment a ``dealt`` event opened itself
        (``data``) or from the one open, if it is this round's."""
        self.opened(data)
        sealed = self.open
        fits = sealed is not None and (sealed.match, sealed.round) == (match, number)
        self.rounds.append(sealed if fits else None)
        if fits:
            self.open = None

    def current(self, players: int, *, playing: bool) -> dict[str, Any] | None:
        """The commitment the table of ``players`` seats is bound to now, public: while a round is played
        (``playing``), that round's; else the next deal's (``dealt: false``: contributions are taken)."""
        if self.open is not None:
            return self.open.public(players, dealt=False)
        if self.rounds and self.rounds[-1] is not None and playing:
            return self.rounds[-1].public(players, dealt=True)
        return None

    def revealed(self, table_id: str, players: int, *, ended: bool) -> dict[str, Any] | None:
        """The proof of the last round once it has ``ended`` (``None`` while it is played, or without one)."""
        if not self.rounds or self.rounds[-1] is None or not ended:
            return None
        return self.rounds[-1].proof(table_id, players)

    def with_proofs(self, record: dict[str, Any], table_id: str, players: int) -> dict[str, Any]:
        """``record`` (of the table's current match) with the proof of each of its rounds that has ended and
        was dealt fairly (a round being played never gets one: its secret is still secret)."""
        for rnd, sealed in zip(record["rounds"], self.rounds, strict=False):
            if sealed is not None and rnd.get("end") is not None:
                rnd[FAIR] = sealed.proof(table_id, players)
        return record


# -- deciding ----------------------------------------------------------------------------------------


def open_commitment(table_id: str, match: int, number: int) -> dict[str, Any]:
    """A fresh secret for round ``number`` of match ``match``, with its commitment: an event's ``fair`` field."""
    secret = secrets.token_bytes(SECRET_BYTES)
    return {
        "match": match,
        "round": number,
        "commitment": commitment(table_id, match, number, secret),
        "secret": secret.hex(),
    }
