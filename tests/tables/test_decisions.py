"""``decide``'s typed answer: the phase it names is the one its events fold into, and a table stored by
version 0.3.0 (whose match-ending moves carry the old ``match_over`` flag) opens and plays on."""

from __future__ import annotations

import asyncio
import json
import random
import shutil
from pathlib import Path
from typing import Any

import pytest

from dominohall.bots import make_bot
from dominohall.games import round_view
from dominohall.games.records import verify
from dominohall.tables.commands import Command, Decision, decide
from dominohall.tables.frames import name_of
from dominohall.tables.ports import Event, Phase
from dominohall.tables.settings import options_from_settings, table_settings_from
from dominohall.tables.state import TableState, token_hash

from .helpers import Inbox, close_hall, open_hall, play_to_end

MATCHES = 200
"""At most this many matches per game (a start, then rematches) until every way the phase changes was seen."""
HOST = "a" * 64
"""The host's token hash in the tables made here."""
WRITTEN_BY_0_3_0 = Path(__file__).with_name("written-by-0.3.0.db")
"""A SQLite database written by dominohall 0.3.0 (commit 30bcbbe): Ann hosting three bots at two one-round
Chicken Foot tables, one match over (its last move carries ``"match_over": true``), one being played."""
FINISHED, FINISHED_TOKEN = "RU8ig7nhzpg", "YKQng0BFjKXoMMU7LeoZYg"
UNFINISHED, UNFINISHED_TOKEN = "rqaPzKlvokY", "wLeFJtaMPNS5AIK3SfIJBQ"


def new_state(game: str, settings: dict[str, Any]) -> TableState:
    """A table of ``game`` hosted in seat 0, bots in the others, folded from its ``created`` event."""
    options = options_from_settings(game, settings)
    seats = [{"name": "Ann", "token": HOST}] + [{"name": f"Bot {i}", "bot": "easy"} for i in range(1, options.players)]
    payload = {
        "t": "created",
        "game": game,
        "options": options.to_dict(),
        "seats": seats,
        "table": table_settings_from(settings).to_dict(),
        "host": HOST,
        "time": 0.0,
    }
    state = TableState("t")
    state.fold(Event("t", 1, None, "host", 0.0, payload))
    return state


def next_command(state: TableState, rng: random.Random) -> Command:
    """What the table does next: start or rematch, the next deal, the host back from a stand-in, a bot's move
    or the host's (half the host's turns run out of time instead, so timeouts are decided too)."""
    rnd = state.round
    if state.phase != Phase.PLAYING or state.match is None:
        return Command("start" if state.phase == Phase.WAITING else "rematch", token=HOST)
    if state.between_since is not None or rnd is None:
        return Command("deal", system=True)
    if state.seats[0].is_away():
        return Command("back", {"seat": 0}, system=True)
    if state.clock_seat() == rnd.turn and rng.random() < 1 / 2:
        return Command("timeout", {"seat": rnd.turn}, system=True)
    view = round_view(rnd, rnd.turn, len(state.match.rounds) - 1, state.totals())
    move = make_bot("easy").choose(view, rng)
    args = {"tile": name_of(move.tile), "on": name_of(move.on)} if move.is_play() else {}
    if state.seats[rnd.turn].bot is None:
        return Command(move.kind, args, token=HOST)
    return Command(move.kind, args, bot_seat=rnd.turn)


def fold_decision(state: TableState, decision: Decision) -> None:
    """Fold the events of ``decision`` into ``state``, as the actor does once they are committed."""
    for payload in decision.payloads:
        state.fold(Event("t", state.seq + 1, None, "test", float(state.seq), payload))


TABLES = [
    ("chickenfoot", {"length": "half", "turn_seconds": 10}),
    ("standard", {"players": 3, "target": 30, "turn_seconds": 10}),
]
"""Tables of both games, with several rounds a match and a timer on the turns."""


@pytest.mark.parametrize(("game", "settings"), TABLES)
def test_every_decision_names_the_phase_its_events_fold_into(game: str, settings: dict[str, Any]) -> None:
    rng = random.Random(12)
    state = new_state(game, settings)
    seen: dict[str, set[Phase]] = {}
    while not (covered(seen) and state.phase == Phase.OVER) and state.matches <= MATCHES:
        command = next_command(state, rng)
        before = state.phase
        decision = decide(state, command, rng)
        fold_decision(state, decision)
        assert decision.phase == state.phase, f"{command.kind} at event {state.seq}"
        assert decision.phase_change(before) == (None if before == state.phase else state.phase)
        assert not any("match_over" in payload for payload in decision.payloads)
        seen.setdefault(command.kind, set()).add(decision.phase)
    assert covered(seen), seen
    assert seen["start"] == seen["rematch"] == seen["deal"] == seen["back"] == {Phase.PLAYING}


def covered(seen: dict[str, set[Phase]]) -> bool:
    """True once a start, a rematch, a deal and a return were decided, and both a move and a timeout (its
    stand-in's last move) ended a match."""
    ended = Phase.OVER in seen.get("play", set()) | seen.get("pass", set())
    timed_out = seen.get("timeout", set()) == {Phase.PLAYING, Phase.OVER}
    return ended and timed_out and all(kind in seen for kind in ("start", "rematch", "deal", "back"))


def test_a_table_stored_by_0_3_0_opens_its_finished_match_stays_over_and_a_rematch_plays_on(tmp_path: Path) -> None:
    db = tmp_path / "db"
    shutil.copyfile(WRITTEN_BY_0_3_0, db)

    async def work() -> tuple[list[list[str]], dict[str, Any], list[dict[str, Any]], list[str]]:
        hall = await open_hall(db)
        try:
            unfinished = [await hall.store.unfinished()]
            assert await hall.open() == 1, "only the match being played is rebuilt"
            over = await hall.actor(FINISHED)
            assert over is not None and over.state.phase == Phase.OVER
            assert (await hall.store.load(FINISHED))[-1].payload.get("match_over") is True
            assert verify(await hall.record(FINISHED)) == []
            watcher = Inbox()
            await over.join(watcher, 1)  # every event since the table was made, as frames
            playing = hall.actors[UNFINISHED]
            host = Inbox.for_token(UNFINISHED_TOKEN)
            await playing.join(host, None)
            await play_to_end(playing, host, UNFINISHED_TOKEN, 0)
            unfinished.append(await hall.store.unfinished())
            reply = await over.submit(Command("rematch", token=token_hash(FINISHED_TOKEN)))
            assert reply.error is None and over.state.summary()["phase"] == Phase.PLAYING
            unfinished.append(await hall.store.unfinished())
            new_events = await hall.store.load(FINISHED, 61)
            return unfinished, await hall.record(UNFINISHED), watcher.frames, [e.payload_json() for e in new_events]
        finally:
            await close_hall(hall)

    unfinished, record, frames, new_events = asyncio.run(work())
    assert unfinished == [[UNFINISHED], [], [FINISHED]]
    assert verify(record) == [] and len(record["rounds"]) == 1
    assert [frame["seq"] for frame in frames[1:61]] == list(range(2, 62)), "every stored event caught up"
    assert "match_over" not in json.dumps(frames), "frames never carried the flag"
    assert new_events and not any("match_over" in text for text in new_events)


GUEST = "b" * 64
"""The token hash of the second person at the host's table."""


def hosted_with_a_guest() -> TableState:
    """A timed Chicken Foot table: Ann hosting in seat 0, Bo (a person) in seat 1, a bot in seat 2, started."""
    state = new_state("chickenfoot", {"players": 3, "length": "one", "turn_seconds": 10})
    fold_decision(state, decide(state, Command("kick", {"seat": 1}, token=HOST), random.Random(1)))  # a free seat
    fold_decision(state, decide(state, Command("sit", {"seat": 1, "name": "Bo"}, token=GUEST), random.Random(1)))
    fold_decision(state, decide(state, Command("start", token=HOST), random.Random(1)))
    return state


def time_out_the_host_twice(state: TableState, rng: random.Random) -> None:
    """Play on, letting every turn of the host's seat run out, until its second timeout marks it away (Bo and
    the bot play their turns); the round must not end first."""
    while not state.seats[0].is_away():
        rnd = state.round
        assert rnd is not None and rnd.end is None, "the round ended before the host timed out twice"
        if rnd.turn == 0:
            command = Command("timeout", {"seat": 0}, system=True)
        else:
            view = round_view(rnd, rnd.turn, 0, state.totals())
            move = make_bot("easy").choose(view, rng)
            args = {"tile": name_of(move.tile), "on": name_of(move.on)} if move.is_play() else {}
            command = Command(move.kind, args, token=GUEST) if rnd.turn == 1 else Command(move.kind, args, bot_seat=2)
        fold_decision(state, decide(state, command, rng))


@pytest.mark.parametrize("by", ["button", "link"])
def test_a_host_whose_seat_a_bot_took_gets_the_host_role_back_with_the_seat(by: str) -> None:
    """Two timeouts in a row hand the host's role to the next person; "I'm back" (or coming back through the
    link, the server's ``back``) gives the seat back and the role with it."""
    rng = random.Random(5)
    state = hosted_with_a_guest()
    assert state.summary()["host_seat"] == 0
    time_out_the_host_twice(state, rng)
    assert state.summary()["host_seat"] == 1, "while a bot plays the host's seat, Bo hosts"
    back = Command("back", token=HOST) if by == "button" else Command("back", {"seat": 0}, system=True)
    fold_decision(state, decide(state, back, rng))
    assert not state.seats[0].is_away()
    assert state.summary()["host_seat"] == 0, "the host role came back with the seat"
    assert state.is_host(HOST) and not state.is_host(GUEST)


def test_a_host_role_handed_on_is_not_taken_back_by_another_seat_coming_back() -> None:
    """Bo, marked away while hosting in Ann's stead, comes back as a player: Ann, back first, hosts."""
    rng = random.Random(5)
    state = hosted_with_a_guest()
    time_out_the_host_twice(state, rng)
    fold_decision(state, decide(state, Command("stand", token=GUEST), rng))  # Bo leaves: nobody hosts
    assert state.summary()["host_seat"] is None
    fold_decision(state, decide(state, Command("back", token=HOST), rng))
    assert state.summary()["host_seat"] == 0
    fold_decision(state, decide(state, Command("back", token=GUEST), rng))
    assert state.summary()["host_seat"] == 0, "Bo hosted only in Ann's stead"
