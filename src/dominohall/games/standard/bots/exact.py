"""Exact values of a standard hand whose every tile is known and where nobody can draw.

Once the hidden hands are dealt (one determinization) and no boneyard can be drawn from (the block game,
or a draw game whose boneyard is empty), a hand of the draw or block game is a finite game of perfect
information between two sides (two players, or two teams of partners). Its value is found by negamax with
alpha-beta pruning and a transposition table: the line is just the two numbers its ends show, a hand a
bitmask. Block dominoes branch little, so a whole two-player hand of seven tiles each is solved in well
under a millisecond once the lead is down.
"""

from __future__ import annotations

from dominohall.engine.tiles import HIGH, LOW, NUMBER_MASK, PIPS
from dominohall.search.parts import TooBigError

_EXACT, _LOWER, _UPPER = 0, 1, 2
INFINITE = 1 << 30


class TwoSideSolver:
    """Solves hands of the draw or block game between two sides whose seats alternate (2 players, or 4 in
    two teams of partners), scored as the standard game scores them: the side that goes out, or holds the
    fewer pips when nobody can play, wins the other side's pips; a blocked tie scores nothing.

    The transposition table is kept between calls: positions met again in other deals are not searched
    again. ``limit`` caps the positions one call may visit (``TooBigError`` beyond it).
    """

    def __init__(self, players: int, limit: int = 1 << 62) -> None:
        if players not in (2, 4):
            raise ValueError("two sides alternate only with 2 players, or 4 in teams")
        self.players = players
        self.limit = limit
        self.nodes = 0
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.hands: list[int] = []
        """The hands (bitmasks) of the position being searched, changed and restored move by move."""
        self.pips: list[int] = []

    def after_play(self, hands: list[int], ends: tuple[int, int], seat: int, t: int, matched: int) -> int:
        """The value for ``seat``'s side of playing ``t`` against the end showing ``matched``, the line's ends
        showing the numbers ``ends`` (a lead when ``matched`` is -1: then ``ends`` is ignored); ``hands``
        (bitmasks) is left as it was."""
        self.nodes = 0
        self.hands = hands = hands.copy()
        hands[seat] ^= 1 << t
        a, b = ends
        if matched < 0:
            a, b = HIGH[t], LOW[t]
        elif a == matched:
            a = HIGH[t] + LOW[t] - a
        else:
            b = HIGH[t] + LOW[t] - b
        self.pips = [_pips(hand) for hand in hands]
        if not hands[seat]:
            return self._others(seat)
        following = seat + 1 if seat + 1 < self.players else 0
        return -self._value(a, b, following, -INFINITE, INFINITE)

    def _others(self, seat: int) -> int:
        """The pips of the side that ``seat`` is not on."""
        pips = self.pips
        return sum(pips[s] for s in range((seat + 1) % 2, self.players, 2))

    def _value(self, a: int, b: int, turn: int, alpha: int, beta: int) -> int:
        """Negamax: the value for the side of ``turn`` of the position (``self.hands``, the ends showing ``a``
        and ``b``), within (``alpha``, ``beta``)."""
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBigError
        hands, pips = self.hands, self.pips
        key = (*hands, a, b, turn) if a <= b else (*hands, b, a, turn)
        known = self.table.get(key)
        if known is not None:
            value, kind = known
            if kind == _EXACT or (kind == _LOWER and value >= beta) or (kind == _UPPER and value <= alpha):
                return value
        fitting = NUMBER_MASK[a] | NUMBER_MASK[b]
        hand = hands[turn]
        fits = hand & fitting
        following = turn + 1 if turn + 1 < self.players else 0
        if not fits:
            if not any(other & fitting for other in hands):
                mine, theirs = self._others(turn + 1), self._others(turn)
                return theirs if mine < theirs else -mine if theirs < mine else 0
            return -self._value(a, b, following, -beta, -alpha)
        start, best = alpha, -INFINITE
        for weight, t, new_a, new_b in _plays(fits, a, b):
            hands[turn] = hand ^ (1 << t)
            pips[turn] -= weight
            out = hand == 1 << t
            value = self._others(turn) if out else -self._value(new_a, new_b, following, -beta, -alpha)
            hands[turn] = hand
            pips[turn] += weight
            if value > best:
                best = value
                if value > alpha:
                    alpha = value
                    if alpha >= beta:
                        break
        kind = _LOWER if best >= beta else _UPPER if best <= start else _EXACT
        self.table[key] = (best, kind)
        return best


def _plays(fits: int, a: int, b: int) -> list[tuple[int, int, int, int]]:
    """The distinct plays of the tiles ``fits`` on ends ``a`` and ``b``: (pips, tile, new a, new b), heaviest
    first (a good order for pruning); laying a tile on either of two ends showing one number is one play."""
    plays = []
    while fits:
        low = fits & -fits
        fits ^= low
        t = low.bit_length() - 1
        high, small = HIGH[t], LOW[t]
        if a in (high, small):
            plays.append((PIPS[t], t, high + small - a, b))
        if b != a and b in (high, small):
            plays.append((PIPS[t], t, a, high + small - b))
    plays.sort(reverse=True)
    return plays


def _pips(hand: int) -> int:
    """The pips of a hand (a bitmask)."""
    total = 0
    while hand:
        low = hand & -hand
        hand ^= low
        total += PIPS[low.bit_length() - 1]
    return total
