"""The frames one recipient receives for a table's events: the only way round state reaches the wire.

Round state is rendered from ``engine.views.round_view`` for the recipient's seat (``None``: a
spectator) and nothing else; table events carry only whitelisted public fields (never a token hash, and
the server-only ``dealt`` payload is never copied). ``frame_for`` serves live broadcasts and catching up
alike.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any

from dominohall.games import View, round_view

from ..engine.moves import NO_TILE, NO_TRAIN, PLAY, Move
from ..engine.record_parts import train_to_json
from ..engine.tiles import Tile, tile_name
from .ports import Event
from .state import AWAY, OVER, TableState

PUBLIC_FIELDS: dict[str, tuple[str, ...]] = {
    "created": (),
    "sat": ("seat", "name"),
    "stood": ("seat",),
    "kicked": ("seat",),
    "bot": ("seat", "level", "name"),
    "settings": (),
    "started": (),
    "rematch": (),
    "chat": ("seat", "text", "phrase"),
    "away": ("seat", "why"),
    "back": ("seat",),
    "resumed": ("seat",),
    "ready": ("seat",),
    "contributed": ("seat", "value"),
    "closed": (),
    "hidden": ("line",),
    "muted": ("seat", "on"),
}
"""For each table event, the payload fields anyone may see."""


@cache
def name_of(t: Tile) -> str | None:
    """A tile's notation, or ``None`` for "no tile" (remembered: every frame names many tiles)."""
    return None if t == NO_TILE else tile_name(t)


def move_to_wire(move: Move) -> dict[str, Any]:
    """A move as the protocol writes it (a face-down draw names no tile): a fresh dict each time."""
    return dict(_move_wire(move))


@cache
def _move_wire(move: Move) -> dict[str, Any]:
    """``move_to_wire``, remembered per move (there are a few thousand moves at most); never handed out."""
    if move.kind == PLAY:
        wire = {"kind": PLAY, "tile": name_of(move.tile), "on": name_of(move.on)}
        return wire | {"train": train_to_json(move.train)} if move.train != NO_TRAIN else wire
    return {"kind": move.kind, "tile": name_of(move.tile)} if move.tile != NO_TILE else {"kind": move.kind}


def _train_wire(train: Any) -> dict[str, Any]:
    """One train of a train game's view: whose it is, its tiles from the engine out, its open end, its mark."""
    return {
        "train": train_to_json(train.train),
        "tiles": [name_of(t) for t in train.tiles],
        "end": name_of(train.end),
        "number": train.number,
        "marked": train.marked,
    }


def play_args(move: Move) -> dict[str, Any]:
    """A play as a ``play`` command's arguments: the tile, where it goes, and its train in a train game."""
    args: dict[str, Any] = {"tile": name_of(move.tile), "on": name_of(move.on)}
    return args | {"train": train_to_json(move.train)} if move.train != NO_TRAIN else args


CONVERTERS: dict[str, Any] = {
    "options": lambda options: options.to_dict(),
    "centre": name_of,
    "pending": name_of,
    "drawn": name_of,
    "spinner": name_of,
    "hand": lambda tiles: [name_of(t) for t in tiles],
    "placed": lambda pairs: [[name_of(t), name_of(on)] for t, on in pairs],
    "open_ends": lambda ends: [[name_of(t), number] for t, number in ends],
    "legal_moves": lambda moves: [move_to_wire(move) for move in moves],
    "trains": lambda trains: [_train_wire(train) for train in trains],
    "uncovered": name_of,
    "uncovered_train": lambda train: None if train == NO_TRAIN else train_to_json(train),
    "uncovered_by": lambda seat: None if seat < 0 else seat,
    "final_hands": lambda hands: None if hands is None else [[name_of(t) for t in hand] for hand in hands],
}
"""How each field of a view becomes JSON (the others are plain values already)."""


MERGED = frozenset({"move_points"})
"""The view's fields that the wire puts into others: ``move_points`` becomes each history entry's ``points`` (and
the ``move`` frame's move's), never a field of its own."""


def move_points(view: View) -> tuple[int | None, ...]:
    """What each move of the view's history scored (``None``: it says nothing of points): the standard game's
    All Fives and Bergen plays; no move of another game."""
    told: tuple[int | None, ...] | None = getattr(view, "move_points", None)
    return told if told is not None else (None,) * len(view.history)


def with_points(wire: dict[str, Any], points: int | None) -> dict[str, Any]:
    """A move as the wire writes it, with ``points`` when the move tells them."""
    return wire if points is None else wire | {"points": points}


def history_to_wire(view: View) -> list[dict[str, Any]]:
    """The view's history as the wire writes it: ``{"seat": seat, ...move}``, with the ``points`` a play scored
    in All Fives and Bergen."""
    return [
        with_points({"seat": seat, **_move_wire(move)}, points)
        for (seat, move), points in zip(view.history, move_points(view), strict=True)
    ]


DERIVED = frozenset({"options", "history", "placed"})
"""The view's fields a ``move`` frame leaves out: the client keeps them (``options`` is the round's, from its
``round`` frame or snapshot; the frame's ``move`` is appended to ``history`` and, for a play, ``[tile, on]``
to ``placed``). They are the fields that grow with the round, so the rest stays small."""


def view_to_wire(view: View, skip: frozenset[str] = frozenset()) -> dict[str, Any]:
    """A seat's view as JSON: every field of the view but those in ``skip``, tiles in notation."""
    wire = {}
    for name in _field_names(type(view)):
        if name in skip or name in MERGED:
            continue
        if name == "history":
            wire[name] = history_to_wire(view)
            continue
        value = getattr(view, name)
        convert = CONVERTERS.get(name)
        wire[name] = convert(value) if convert else list(value) if isinstance(value, tuple) else value
    return wire


def _field_names(kind: type[View]) -> tuple[str, ...]:
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(item.name for item in fields(kind))
    return names


_FIELD_NAMES: dict[type[View], tuple[str, ...]] = {}


def _round_ended(state: TableState) -> bool:
    """True once the table's current round has ended."""
    return state.round is not None and state.round.end is not None


def current_view(state: TableState, seat: int | None) -> dict[str, Any] | None:
    """The recipient's view of the current round, or ``None`` before the first deal."""
    view = _round_view(state, seat)
    if view is None:
        return None
    wire = view_to_wire(view)
    return wire | {"legal_moves": []} if state.closed else wire  # a closed table takes no more moves


def _round_view(state: TableState, seat: int | None) -> View | None:
    if state.match is None or state.round is None:
        return None
    return round_view(state.round, seat, len(state.match.rounds) - 1, state.totals())


def move_frame(state: TableState, event: Event, seat: int | None, now: float | None = None) -> dict[str, Any]:
    """The ``move`` frame: the move as the recipient may see it, and its view without the ``DERIVED`` fields;
    the clocks as of ``now`` (by default the event's time)."""
    now = event.time if now is None else now
    view = _round_view(state, seat)
    assert view is not None, "a move is always made in a round"
    mover, move = view.history[-1]
    frame = {
        "t": "move",
        "seq": event.seq,
        "seat": mover,
        "move": with_points(move_to_wire(move), move_points(view)[-1]),
        "view": view_to_wire(view, DERIVED),
        "clock": state.clock(now),
    }
    if event.payload.get("timeout") or event.payload.get("stand_in"):  # the server moved for a seat out of time
        frame["timeout"] = True
    if view.end is not None:  # the round (and maybe the match) ended: the table's phase or pause changed
        frame["table"] = state.summary(now)
        frame["fair"] = state.fair.revealed(
            state.table_id, state.options.players, ended=_round_ended(state)
        )  # its secret, now that the round is over
    result = match_result(state)
    return frame | {"match": result} if result else frame


def match_result(state: TableState) -> dict[str, Any] | None:
    """The totals and winners once the match is over."""
    if state.phase != OVER or state.match is None:
        return None
    return {"totals": list(state.totals()), "winners": state.match.winners()}


def frame_for(state: TableState, event: Event, seat: int | None, now: float | None = None) -> dict[str, Any]:
    """What ``seat`` receives for ``event``, rendered from ``state`` right after folding it, with the clocks
    (the turn's time left, the pause before the next deal) as of ``now``: by default the event's time; a
    client catching up is sent them as of the moment it is sent them."""
    kind = event.kind
    now = event.time if now is None else now
    if kind == "dealt":
        view, clock = current_view(state, seat), state.clock(now)
        return {
            "t": "round",
            "seq": event.seq,
            "view": view,
            "clock": clock,
            "fair": state.fair.current(state.options.players, playing=state.is_playing()),
        }
    if kind == "move":
        return move_frame(state, event, seat, now)
    public = {name: event.payload[name] for name in PUBLIC_FIELDS.get(kind, ()) if name in event.payload}
    if kind == "away":  # why, as folded: an event of a person gone past the grace period does not store it
        public["why"] = state.seats[event.payload["seat"]].why
    frame = {"t": kind, "seq": event.seq, **public}
    return frame if kind in BARE else frame | {"table": state.summary(now)}


BARE = frozenset({"chat", "hidden"})
"""The events whose frames carry no table summary: they change nothing of it."""


def without_hidden(frame: dict[str, Any], hidden: set[int]) -> dict[str, Any]:
    """A catch-up's frame as it is sent now: a chat line hidden since keeps its ``seq`` (no gap) but not its words."""
    if frame["t"] == "chat" and frame["seq"] in hidden:
        return {"t": "chat", "seq": frame["seq"], "seat": frame["seat"], "text": "", "hidden": True}  # nor its phrase
    return frame


def snapshot(state: TableState, seat: int | None) -> dict[str, Any]:
    """Everything ``seat`` may know of the table now, at ``state.seq``."""
    return {
        "t": "snapshot",
        "seq": state.seq,
        "you": seat,
        "table": state.summary(),
        "view": current_view(state, seat),
        "match": match_result(state),
        "rounds": state.match.running_totals() if state.match is not None else [],
        "chat": [line.to_wire() for line in state.chat[-20:]],
        "stand_in": sorted(i for i, by in state.stand_ins[-1].items() if by == AWAY) if state.stand_ins else [],
    }
