"""What a command does to a table: the events it becomes, or the ``CommandError`` that refuses it.

``decide`` never changes the table: it checks a command against the state and answers a ``Decision``: the
payloads of the events to append (in order) and the table's phase once they are folded. The actor commits
them, then folds them. A move is tried on a copy of the round, so an illegal one is refused with the
engine's rule and changes nothing.
"""

from __future__ import annotations

import functools
import random
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from dominohall.games import AnyRound, game_of, new_match, round_view

from ..bots import BOT_LEVELS, Bot, make_bot
from ..engine.errors import IllegalMoveError
from ..engine.fair import FairError, check_contribution
from ..engine.moves import DRAW, NO_TILE, NO_TRAIN, PASS, PLAY, Move
from ..engine.record_parts import train_from_json
from ..engine.tiles import parse_tile
from .errors import CommandError
from .fairness import FAIR, Sealed, open_commitment
from .names import bot_name
from .phrases import CODES as PHRASE_CODES
from .ports import Phase
from .settings import options_from_settings, table_settings_from
from .state import BY_HOST, LEFT, OVER, PLAYING, STAND_IN, TIMED_OUT, TIMEOUTS_AWAY, WAITING, TableState, move_payload

Payload = dict[str, Any]

NAME_LENGTH = 24
"""The longest display name."""
CHAT_LENGTH = 300
"""The longest chat message."""


@dataclass(frozen=True)
class Command:
    """A request to a table.

    ``token`` is the SHA-256 of the sender's seat token (``None`` for a spectator); ``bot_seat`` is set only
    for a bot's move, which only the actor makes; ``args`` are the command's fields.
    """

    kind: str
    args: dict[str, Any] = field(default_factory=dict)
    token: str | None = None
    command_id: str | None = None
    bot_seat: int | None = None
    at_seq: int | None = None
    """When given, the ``seq`` the command was decided at: stale if the round has changed since (see
    ``TableState.round_seq``) or if the table has not got that far."""
    system: bool = False
    """A command of the server itself (a seat's person away or back); no client can send one."""


@dataclass(frozen=True)
class Decision:
    """What an accepted command becomes: the payloads of its events, in order, and the table's phase once
    they are folded (a start or a rematch begins a match; the move that ends its last round ends it)."""

    payloads: tuple[Payload, ...]
    phase: Phase
    places: tuple[int, ...] | None = None
    """Each seat's place (1: the winners) when the events end the match (``Game.placings``)."""
    rounds: tuple[tuple[int, ...], ...] = ()
    """When the events end the match, each of its rounds' results by side (a penalty or points): the players'
    pages count their rounds by them."""

    def phase_change(self, before: Phase) -> Phase | None:
        """The table's new phase, when it differs from ``before`` (``None``: the phase stays)."""
        return None if self.phase == before else self.phase


@dataclass
class NewTable:
    """What a host asks for to make a table: the game and settings, a bot level (or ``None``: a person) per
    seat, the host's name and the seat the host takes."""

    game: str
    settings: dict[str, Any]
    bots: list[str | None]
    name: str
    seat: int = 0
    language: str = "en"
    """The language of the page that asks (the bots' names come from it)."""


def decide(state: TableState, command: Command, rng: random.Random) -> Decision:
    """What ``command`` becomes at ``state``; raise ``CommandError`` to refuse it."""
    handler = HANDLERS.get(command.kind)
    if handler is None:
        raise CommandError("unknown-type", f"the server does not know the command {command.kind!r}")
    if state.closed:
        raise CommandError("closed", "the site's operator closed this table: its match is over")
    if command.at_seq is not None and not state.round_seq <= command.at_seq <= state.seq:
        raise CommandError(
            "stale", f"the round has moved on (event {state.round_seq}, not {command.at_seq}): look again"
        )
    return handler(state, command, rng)


# -- a new table ------------------------------------------------------------------------------------


def opening(spec: NewTable, host: str, now: float, rng: random.Random) -> Payload:
    """The first event of the table ``spec`` asks for (``created``), hosted by the person whose token hash is
    ``host``; ``CommandError`` when it makes no table, from the checks of the host's own commands (the
    settings, a bot's level, a display name)."""
    options = options_from_settings(spec.game, spec.settings)
    if len(spec.bots) != options.players:
        raise CommandError("bad-settings", f"name a bot level or null for each of the {options.players} seats")
    if not 0 <= spec.seat < options.players or spec.bots[spec.seat] is not None:
        raise CommandError("no-such-seat", "the host takes a seat of the table that has no bot")
    for level in spec.bots:
        if level is not None:
            _level(level)
    table = table_settings_from(spec.settings)
    name = check_name(spec.name)
    return {
        "t": "created",
        "game": spec.game,
        "options": options.to_dict(),
        "seats": _opening_seats(spec, name, host, rng),
        "table": table.to_dict(),
        "language": spec.language,
        "host": host,
        "time": now,
    }


def _opening_seats(spec: NewTable, name: str, host: str, rng: random.Random) -> list[Payload]:
    """A new table's seats: the host, a bot with a name of its own per bot level (an alias read as its level),
    the free seats."""
    names: list[str | None] = [name]
    seats: list[Payload] = []
    for index, level in enumerate(spec.bots):
        if index == spec.seat:
            seats.append({"name": name, "token": host})
        elif level is None:
            seats.append({})
        else:
            names.append(bot_name(spec.language, names, rng))
            seats.append({"name": names[-1], "bot": _level(level)})
    return seats


# -- seats ------------------------------------------------------------------------------------------


def check_name(name: object) -> str:
    """A display name, stripped; ``CommandError`` unless it has 1 to 24 printable characters, one at least that
    shows (not a filler that prints as a blank) and at most two marks on any one of them (no "zalgo" text
    spilling over the lines above and below).

    >>> check_name("  Zoë ")
    'Zoë'
    >>> check_name("\u3164")
    Traceback (most recent call last):
    dominohall.tables.errors.CommandError: a display name has 1 to 24 printable characters, one visible
    """
    text = name.strip() if isinstance(name, str) else ""
    if not 1 <= len(text) <= NAME_LENGTH or not text.isprintable() or not _shows(text) or _overmarked(text):
        raise CommandError("bad-name", f"a display name has 1 to {NAME_LENGTH} printable characters, one visible")
    return text


BLANKS = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Letters and symbols that print as nothing: the Hangul fillers and the blank braille pattern."""


def _shows(text: str) -> bool:
    """True when some character of ``text`` shows: a letter, digit, sign or symbol that is not a blank."""
    return any(unicodedata.category(char)[0] in "LNPS" and char not in BLANKS for char in text)


def _overmarked(text: str, most: int = 2) -> bool:
    """True when more than ``most`` combining marks follow one another anywhere in ``text``."""
    run = 0
    for char in text:
        run = run + 1 if unicodedata.combining(char) or unicodedata.category(char) == "Me" else 0
        if run > most:
            return True
    return False


def seat_index(state: TableState, value: object) -> int:
    """A seat number of this table."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(state.seats):
        raise CommandError("no-such-seat", f"this table has seats 0 to {len(state.seats) - 1}")
    return value


def _sit(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    if state.phase == PLAYING:
        raise CommandError("started", "the match has started: you can watch, and sit at the next table")
    index = _free_seat(state) if command.args.get("seat") is None else seat_index(state, command.args.get("seat"))
    if state.seat_of(command.token) is not None or state.seat_of(command.args.get("holder")) is not None:
        raise CommandError("already-seated", "you already have a seat at this table")
    if not state.seats[index].is_free():
        raise CommandError("seat-taken", f"seat {index} is taken: pick a free seat")
    name = check_name(command.args.get("name"))
    return [{"t": "sat", "seat": index, "name": name, "token": command.token}]


def _free_seat(state: TableState) -> int:
    """The first free seat, for a person who asked for any."""
    free = [index for index, seat in enumerate(state.seats) if seat.is_free()]
    if not free:
        raise CommandError("seat-taken", "every seat is taken: you can watch")
    return free[0]


def _seated(state: TableState, command: Command) -> int:
    """The sender's seat; ``CommandError`` for a spectator."""
    seat = state.seat_of(command.token)
    if seat is None:
        raise CommandError("not-seated", "take a seat first: spectators can only watch")
    return seat


def _stand(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """Leave: before (or after) a match the seat is freed; during one a bot plays it until the person comes back
    through the link. A leaving host hands the role to the next person."""
    seat = _seated(state, command)
    payload: Payload = {"t": "stood", "seat": seat, "withdraw": True}
    if state.phase == PLAYING and state.seats[seat].why == LEFT:
        raise CommandError("already-away", "you have left this match already: to play your seat again, come back")
    if state.phase == PLAYING:
        payload = {"t": "away", "seat": seat, "why": LEFT, "withdraw": True}
    return [payload | _handover(state, seat)]


def _handover(state: TableState, seat: int) -> Payload:
    """The server-only ``host`` field of an event by which the host's seat is left: who hosts next."""
    if not state.is_host(state.seats[seat].token):
        return {}
    return {"host": state.next_host(seat)}


def _hand_back(state: TableState, seat: int) -> Payload:
    """The server-only ``host`` field of the event by which a host marked away comes back: the role again."""
    token = state.seats[seat].token
    return {"host": token} if token and token == state.host_away else {}


def _host(state: TableState, command: Command) -> None:
    """Host powers go with the host's seat: a host who left (or whose seat a bot plays) has none."""
    seat = state.seat_of(command.token)
    if not state.is_host(command.token) or seat is None or state.seats[seat].is_away():
        raise CommandError("not-host", "only the host, seated at the table, may do this")


def _kick(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    _host(state, command)
    index = seat_index(state, command.args.get("seat"))
    seat = state.seats[index]
    if seat.token is None and not (state.phase == WAITING and seat.bot):  # before the match a bot's seat is freed
        raise CommandError("no-such-seat", f"nobody sits in seat {index}: there is nobody to ask to leave")
    if state.seats[index].token == command.token:
        raise CommandError("no-such-seat", "to leave your own seat, stand up")
    if state.phase == PLAYING:  # the bot playing the seat meanwhile plays on (events before this say none: medium)
        return [{"t": "kicked", "seat": index, "level": seat.bot or STAND_IN, "withdraw": True}]
    return [{"t": "kicked", "seat": index, "withdraw": True}]


def _own_seat(state: TableState, command: Command, index: int) -> None:
    if state.seats[index].token is not None and state.seats[index].token == command.token:
        raise CommandError("no-such-seat", "to give your own seat to a bot, leave the table")


def _bot(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    _host(state, command)
    index = seat_index(state, command.args.get("seat"))
    _own_seat(state, command, index)
    level = _level(command.args.get("level", "medium"))
    seat = state.seats[index]
    if state.phase == PLAYING and seat.token is not None:  # a person's seat: the bot stands in, the seat stays theirs
        why = seat.why if seat.is_away() else BY_HOST
        return [{"t": "away", "seat": index, "why": why, "level": level, "withdraw": True}]
    if state.phase == PLAYING:
        name = seat.name
    else:
        name = bot_name(state.language, [s.name for i, s in enumerate(state.seats) if i != index], rng)
    return [{"t": "bot", "seat": index, "level": level, "name": name, "withdraw": True}]


LEVEL_ALIASES = {"random": "easy"}
"""Other names a bot level is asked for by: the table seats (and its summary, page and record name) the level."""


def _level(level: object) -> str:
    """The bot level ``level`` names (an alias read as its level); ``bad-bot`` for no level."""
    if not isinstance(level, str) or level not in BOT_LEVELS:
        raise CommandError("bad-bot", f"the bot levels are {', '.join(BOT_LEVELS)}")
    return LEVEL_ALIASES.get(level, level)


# -- the table --------------------------------------------------------------------------------------


def _settings(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    _host(state, command)
    if state.phase != WAITING:
        raise CommandError("started", "settings can only be changed before the match starts")
    settings = command.args.get("settings")
    if not isinstance(settings, dict):
        raise CommandError("bad-settings", "settings are an object of named values")
    options = options_from_settings(state.game, settings, state.options)
    table = table_settings_from(settings, state.settings)
    dropped = state.seats[options.players :]
    if any(seat.token is not None for seat in dropped):
        raise CommandError("seat-taken", "fewer seats would leave a seated player out: ask them to stand first")
    return [{"t": "settings", "options": options.to_dict(), "table": table.to_dict()}]


def _filled(state: TableState) -> None:
    free = [index for index, seat in enumerate(state.seats) if seat.is_free()]
    if free:
        raise CommandError("seats-empty", f"seat {free[0]} is free: someone sits there, or the host puts a bot in it")


def _start(state: TableState, command: Command, rng: random.Random) -> Decision:
    _host(state, command)
    if state.phase != WAITING:
        raise CommandError("started", "the match has started already")
    fill = command.args.get("fill")
    bots = [] if fill is None else _fill(state, _level(fill), rng)
    if not bots:
        _filled(state)
    return Decision((*bots, {"t": "started"}, first_deal(state)), PLAYING)


def _fill(state: TableState, level: str, rng: random.Random) -> list[Payload]:
    """A bot of ``level`` for every free seat, each with a name of its own."""
    names = [seat.name for seat in state.seats]
    events = []
    for index, seat in enumerate(state.seats):
        if seat.is_free():
            names[index] = bot_name(state.language, names, rng)
            events.append({"t": "bot", "seat": index, "level": level, "name": names[index]})
    return events


def _rematch(state: TableState, command: Command, rng: random.Random) -> Decision:
    _seated(state, command)
    if state.phase != OVER:
        raise CommandError("not-over", "a rematch can start once this match is over")
    _filled(state)
    return Decision(({"t": "rematch"}, first_deal(state)), PLAYING)


def _presence(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """``away``: a bot stands in for a person gone past the grace period; ``back``: the person plays again."""
    if not command.system:
        raise CommandError("unknown-type", f"the server does not know the command {command.kind!r}")
    index = seat_index(state, command.args.get("seat"))
    seat = state.seats[index]
    # a person may come back once the match is over too: else the stand-in would keep the seat in a rematch
    phases = (PLAYING, OVER) if command.kind == "back" else (PLAYING,)
    due = state.phase in phases and seat.token is not None and seat.is_away() == (command.kind == "back")
    if not due:
        raise CommandError("no-such-seat", f"seat {index} has no person to mark {command.kind}")
    if command.kind == "away":
        return [{"t": "away", "seat": index, "withdraw": True} | _handover(state, index)]
    return [{"t": "back", "seat": index} | _hand_back(state, index)]


def _come_back(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """A person whose seat a bot plays (gone, timed out, left) takes it back."""
    if command.system:
        return _presence(state, command, rng)
    seat = _seated(state, command)
    if state.phase == WAITING or not state.seats[seat].is_away():  # after the match too, for the rematch
        raise CommandError("not-away", "you are playing your seat yourself already")
    return [{"t": "back", "seat": seat} | _hand_back(state, seat)]


def _continue(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """A seated person is ready for the next round."""
    seat = _seated(state, command)
    if state.between_since is None:
        raise CommandError("not-between", "no finished round is waiting for the next deal")
    return [{"t": "ready", "seat": seat}]


def _deal(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """The server deals the next round: everyone connected is ready, or the pause between rounds is over."""
    if not command.system:
        raise CommandError("unknown-type", "the server does not know the command 'deal'")
    if state.between_since is None or state.match is None:
        raise CommandError("not-between", "no finished round is waiting for the next deal")
    played = len(state.match.rounds)
    rnd, extra = fair_round(state, state.matches, played, state.match.current)
    return [deal_payload(rnd, played) | extra]


def _resume(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """The table's process started again, or another took the table over, during a person's timed turn: the
    turn starts afresh, since nobody could play it (or reconnect) while no process ran the table."""
    if not command.system:
        raise CommandError("unknown-type", "the server does not know the command 'resume'")
    seat = state.clock_seat()
    if seat is None or seat != command.args.get("seat"):
        raise CommandError("not-your-turn", f"seat {command.args.get('seat')} is not on a timed turn")
    return [{"t": "resumed", "seat": seat}]


def _timeout(state: TableState, command: Command, rng: random.Random) -> Decision:
    """The seat to move ran out of time: its stand-in finishes the turn for it (a play; or a draw and then what
    the drawn tile allows), and a second timeout in a row marks the seat away as if its person had left."""
    if not command.system:
        raise CommandError("unknown-type", "the server does not know the command 'timeout'")
    seat = state.clock_seat()
    if state.match is None or state.round is None or seat is None or seat != command.args.get("seat"):
        raise CommandError("not-your-turn", f"seat {command.args.get('seat')} is not on a timed turn")
    trial, index = state.round.copy(), len(state.match.rounds) - 1
    events: list[Payload] = []
    while trial.end is None and trial.turn == seat:
        move = stand_in_bot().choose(round_view(trial, seat, index, state.totals()), rng)
        trial.apply(move, seat)
        events.append(move_payload(seat, move) | ({"stand_in": True} if events else {"timeout": True}))
    ends = trial.end is not None and _ends_match(state, trial)
    seal_round_end(state, events, trial.end is not None, ends)  # on the move that ends the round, if one does
    if ends:
        return Decision(tuple(events), OVER, placings(state, trial), round_results(state, trial))
    if state.timeouts.get(seat, 0) + 1 >= TIMEOUTS_AWAY:
        events.append({"t": "away", "seat": seat, "why": TIMED_OUT, "withdraw": True} | _handover(state, seat))
    return Decision(tuple(events), PLAYING)


@functools.cache
def stand_in_bot() -> Bot:
    """The bot that plays a person's seat meanwhile (one for the process: bots keep nothing between moves)."""
    return make_bot(STAND_IN)


def _chat(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    seat = _seated(state, command)
    if command.token in state.muted:
        raise CommandError("muted", "the host has muted you at this table: you cannot chat here")
    text = command.args.get("text")
    if not isinstance(text, str) or not text.strip():
        raise CommandError("bad-message", "a chat message has some text")
    if len(text) > CHAT_LENGTH:
        raise CommandError("too-long", f"a chat message has at most {CHAT_LENGTH} characters")
    if any((ord(c) < 32 and c not in "\n\t") or c == "\x7f" for c in text):
        raise CommandError("bad-message", "a chat message has no control characters (but line breaks and tabs)")
    return [{"t": "chat", "seat": seat, "text": text.strip()}]


def _phrase(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """A quick phrase or reaction, by its code, from a seated person or a watcher (``seat`` null): a chat line
    without words, which each page says in its own language. A person the host muted may not send one."""
    if command.token is not None and command.token in state.muted:
        raise CommandError("muted", "the host has muted you at this table: you cannot chat here")
    code = command.args.get("code")
    if code not in PHRASE_CODES:
        raise CommandError("bad-phrase", "there is no such phrase: see the protocol's list")
    return [{"t": "chat", "seat": state.seat_of(command.token), "text": "", "phrase": code}]


def _mute(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """The host mutes a seated person at this table (``on`` false: lets them chat again)."""
    _host(state, command)
    index = seat_index(state, command.args.get("seat"))
    token = state.seats[index].token
    if token is None or state.is_host(token):
        raise CommandError("no-such-seat", f"seat {index} has no other person to mute")
    on = command.args.get("on", True)
    if not isinstance(on, bool):
        raise CommandError("bad-message", "on is true (mute) or false (let them chat again)")
    return [{"t": "muted", "seat": index, "token": token, "on": on}]


# -- the operator (docs/operations.md, "The console") -----------------------------------------------


def _operator(command: Command) -> None:
    """Refuse a command of the operator's that does not come from the server itself (no client sends one)."""
    if not command.system:
        raise CommandError("unknown-type", f"the server does not know the command {command.kind!r}")


def _close(state: TableState, command: Command, rng: random.Random) -> Decision:
    """The operator closes the table: its match ends for everyone, its events (and records) are kept, and the
    store counts it finished, so no process takes it up again on start."""
    _operator(command)
    return Decision(({"t": "closed"},), OVER)


def _hide(state: TableState, command: Command, rng: random.Random) -> list[Payload]:
    """The operator hides the chat line of event ``line`` (one of the lines the table keeps)."""
    _operator(command)
    line = command.args.get("line")
    if not isinstance(line, int) or isinstance(line, bool) or state.chat_line(line) is None:
        raise CommandError("no-such-line", f"event {line} is not a chat line this table shows")
    return [{"t": "hidden", "line": line}]


# -- the deal ---------------------------------------------------------------------------------------


def deal_payload(rnd: AnyRound, index: int) -> Payload:
    """The server-only ``dealt`` event of a round: its hands and boneyard (never sent to anyone)."""
    return {"t": "dealt", "round": index, **rnd.deal_fields()}


def first_deal(state: TableState) -> Payload:
    """The deal of a new match's first round (fair: docs/fairness.md)."""
    rnd, extra = fair_round(state, state.matches + 1, 0, None)
    return deal_payload(rnd, 0) | extra


# -- fair deals (docs/fairness.md) -------------------------------------------------------------------


def seal_round_end(state: TableState, events: list[dict[str, Any]], ended: bool, match_over: bool) -> None:
    """When the last of ``events`` ends the round, it opens the next deal's commitment: the next round's, or
    the first round's of a rematch once the match is over."""
    if not ended or state.match is None:
        return
    place = (state.matches + 1, 1) if match_over else (state.matches, len(state.match.rounds) + 1)
    events[-1][FAIR] = open_commitment(state.table_id, *place)


def fair_round(state: TableState, match: int, index: int, previous: AnyRound | None) -> tuple[AnyRound, dict[str, Any]]:
    """Round ``index`` (0-based) of match ``match`` dealt from the open commitment and the contributions given
    to it, and what its ``dealt`` event adds: a commitment of its own when none was open for this round."""
    sealed, extra = state.fair.open, {}
    if sealed is None or (sealed.match, sealed.round) != (match, index + 1):
        extra = {FAIR: open_commitment(state.table_id, match, index + 1)}
        sealed = Sealed.from_payload(extra[FAIR])
    rules = state.match.rules if state.match is not None and index > 0 else new_match(state.options).rules
    seed = sealed.seed(state.table_id, state.options.players)
    return rules.deal_seeded(index, previous, seed), extra  # type: ignore[arg-type]


def contribute(state: TableState, command: Command, rng: random.Random) -> list[dict[str, Any]]:
    """A seated person's page gives its contribution to the open commitment (once per seat and deal)."""
    seat = state.seat_of(command.token)
    if seat is None:
        raise CommandError("not-seated", "take a seat first: only seated players contribute to the deal")
    try:
        value = check_contribution(command.args.get("value"))
    except FairError as error:
        raise CommandError("bad-contribution", str(error)) from None
    sealed = state.fair.open
    if sealed is None:
        raise CommandError(
            "no-deal-waiting", "no deal is waiting for contributions: the next opens when this round ends"
        )
    if seat in sealed.contributions:
        raise CommandError("already-contributed", "your seat has given its contribution to this deal already")
    return [{"t": "contributed", "seat": seat, "value": value}]


# -- moves ------------------------------------------------------------------------------------------


def _mover(state: TableState, command: Command) -> tuple[int, AnyRound]:
    """The moving seat and the round, once the command may move at all."""
    if state.phase == WAITING:
        raise CommandError("not-started", "the match has not started yet")
    if state.phase == OVER or state.round is None:
        raise CommandError("match-over", "the match is over: ask for a rematch")
    seat = command.bot_seat if command.bot_seat is not None else _seated(state, command)
    if command.bot_seat is None and state.seats[seat].is_away():  # never the person and the stand-in both
        raise CommandError("not-your-turn", "a bot is playing your seat meanwhile: take it back first (back)")
    if command.bot_seat is not None and state.seats[seat].bot is None:
        raise CommandError("not-your-turn", f"seat {seat} is no longer played by a bot")
    rnd = state.round
    if rnd.turn != seat:
        name = state.seats[rnd.turn].name
        raise CommandError("not-your-turn", f"it is {name}'s turn (seat {rnd.turn}), not yours")
    return seat, rnd


def parse_move(state: TableState, command: Command) -> Move:
    """The move a ``play``/``draw``/``pass`` command asks for."""
    if command.kind != PLAY:
        return Move(DRAW if command.kind == DRAW else PASS)
    try:
        tile = parse_tile(str(command.args.get("tile")), state.options.top)
        on = command.args.get("on")
        target = NO_TILE if on is None else parse_tile(str(on), state.options.top)
    except ValueError as error:
        raise CommandError("bad-tile", str(error)) from None
    train = command.args.get("train")
    try:
        return Move(PLAY, tile, target, NO_TRAIN if train is None else train_from_json(train))
    except ValueError as error:
        raise CommandError("bad-train", str(error)) from None


def _move(state: TableState, command: Command, rng: random.Random) -> Decision:
    seat, rnd = _mover(state, command)
    move = parse_move(state, command)
    trial = rnd.copy()
    try:
        trial.apply(move, seat)
    except IllegalMoveError as error:
        raise CommandError("illegal-move", error.detail, error.rule) from None
    ends = trial.end is not None and _ends_match(state, trial)
    events = [move_payload(seat, move)]
    seal_round_end(state, events, trial.end is not None, ends)
    if not ends:
        return Decision(tuple(events), PLAYING)
    return Decision(tuple(events), OVER, placings(state, trial), round_results(state, trial))


def placings(state: TableState, ended: AnyRound) -> tuple[int, ...]:
    """Each seat's place in the match that ``ended`` (the current round, played to its end) finishes."""
    assert state.match is not None
    match = new_match(state.options)
    match.rounds = [*state.match.rounds[:-1], ended]
    return tuple(game_of(state.options).placings(match))


def round_results(state: TableState, ended: AnyRound) -> tuple[tuple[int, ...], ...]:
    """Each round's results by side in the match that ``ended`` (the current round, played to its end) finishes."""
    assert state.match is not None
    return tuple(tuple(done.scores()) for done in [*state.match.rounds[:-1], ended])


def _ends_match(state: TableState, ended: AnyRound) -> bool:
    """True when the match is over once ``ended`` (the current round, played to its end) is counted."""
    assert state.match is not None
    earlier = [r.scores() for r in state.match.rounds[:-1]]
    totals = [sum(column) for column in zip(*earlier, ended.scores(), strict=True)]
    return state.match.rules.is_match_over(totals, len(state.match.rounds))


Handler = Callable[[TableState, Command, random.Random], Decision]
Events = Callable[[TableState, Command, random.Random], list[Payload]]


def _phase_kept(events: Events) -> Handler:
    """The handler of a command whose events leave the table's phase as it is (seats, settings, chat,
    presence, the next deal)."""

    def handler(state: TableState, command: Command, rng: random.Random) -> Decision:
        return Decision(tuple(events(state, command, rng)), state.phase)

    return handler


HANDLERS: dict[str, Handler] = {
    "sit": _phase_kept(_sit),
    "stand": _phase_kept(_stand),
    "kick": _phase_kept(_kick),
    "bot": _phase_kept(_bot),
    "settings": _phase_kept(_settings),
    "start": _start,
    "rematch": _rematch,
    "chat": _phase_kept(_chat),
    "phrase": _phase_kept(_phrase),
    "away": _phase_kept(_presence),
    "back": _phase_kept(_come_back),
    "continue": _phase_kept(_continue),
    "deal": _phase_kept(_deal),
    "timeout": _timeout,
    "resume": _phase_kept(_resume),
    "contribute": _phase_kept(contribute),
    "mute": _phase_kept(_mute),
    "close": _close,
    "hide": _phase_kept(_hide),
    PLAY: _move,
    DRAW: _move,
    PASS: _move,
}
"""Each command kind and what decides it (those whose events may change the table's phase answer their
``Decision`` themselves)."""
