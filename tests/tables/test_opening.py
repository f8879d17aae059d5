"""A new table: what the host asks for is checked as the host's commands are, and a refused table leaves
nothing in the store."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from dominohall.tables.commands import NewTable, check_name, opening
from dominohall.tables.errors import CommandError
from dominohall.tables.ports import Event
from dominohall.tables.state import TableState

from .helpers import close_hall, open_hall

BOTS: list[str | None] = [None, "easy", "medium", "hard"]

REFUSED = [
    (NewTable("chickenfoot", {"players": 13}, BOTS, "Ann"), "bad-settings"),
    (NewTable("chickenfoot", {}, BOTS[:3], "Ann"), "bad-settings"),
    (NewTable("chickenfoot", {}, BOTS, "Ann", seat=1), "no-such-seat"),
    (NewTable("chickenfoot", {}, BOTS, "Ann", seat=4), "no-such-seat"),
    (NewTable("chickenfoot", {}, [None, "easy", "genius", "easy"], "Ann"), "bad-bot"),
    (NewTable("chickenfoot", {"turn_seconds": 1}, BOTS, "Ann"), "bad-settings"),
    (NewTable("chickenfoot", {}, BOTS, "   "), "bad-name"),
    (NewTable("chickenfoot", {}, BOTS, "\u3164"), "bad-name"),  # a Hangul filler: prints as a blank
    (NewTable("chickenfoot", {}, BOTS, "\u2800\u2800"), "bad-name"),  # blank braille patterns
    (NewTable("chickenfoot", {}, BOTS, "Z" + "\u0301\u0302\u0303"), "bad-name"),  # three marks on one letter
    (NewTable("standard", {"players": 2, "length": "one"}, [None, "easy"], "Ann"), "bad-settings"),
]
"""Tables that cannot be made, and the code of the refusal."""


@pytest.mark.parametrize(("spec", "code"), REFUSED)
def test_a_table_that_cannot_be_made_is_refused_with_the_commands_code_and_nothing_is_stored(
    tmp_path: Path, spec: NewTable, code: str
) -> None:
    async def work() -> tuple[str, list[str]]:
        hall = await open_hall(tmp_path / "db")
        try:
            with pytest.raises(CommandError) as refused:
                await hall.create(spec, 1.0)
            return refused.value.code, await hall.store.unfinished()
        finally:
            await close_hall(hall)

    assert asyncio.run(work()) == (code, [])


def test_the_opening_event_seats_the_host_names_each_bot_and_leaves_the_free_seats() -> None:
    spec = NewTable("chickenfoot", {"players": 5, "turn_seconds": 30}, [None, "easy", None, "medium", None], "Ann", 2)
    payload = opening(spec, "h" * 64, 5.0, random.Random(3))
    seats = payload["seats"]
    assert seats[2] == {"name": "Ann", "token": "h" * 64} and seats[0] == seats[4] == {}
    assert [seats[1]["bot"], seats[3]["bot"]] == ["easy", "medium"]
    assert len({"Ann", seats[1]["name"], seats[3]["name"]}) == 3, "every bot has a name of its own"
    state = TableState("t")
    state.fold(Event("t", 1, None, "host", 5.0, payload))
    assert state.host == "h" * 64 and state.seat_of("h" * 64) == 2 and state.created == 5.0
    assert state.options.players == 5 and state.settings.turn_seconds == 30
    assert [seat.is_free() for seat in state.seats] == [True, False, False, False, True]


@pytest.mark.parametrize("name", ["Zoë", "Zoe\u0308", "\u041b\u0435\u0301\u043d\u0430", "Ann 😀", "李"])
def test_names_with_accents_and_other_scripts_are_kept(name: str) -> None:
    assert check_name(name) == name
