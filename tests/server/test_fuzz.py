"""The protocol fuzzer (``fuzzing.py``) against a real server, for about 40 seconds; and its ledger's rules.

``DOMINOHALL_FUZZ_SEED`` repeats a run's inputs, ``DOMINOHALL_FUZZ_SECONDS`` makes it longer, and
``DOMINOHALL_FUZZ_DEFECTS`` (``all``, the default now that their fixes are merged, or names) sends the
inputs of issue 17's known defects (``fuzzing.KNOWN_DEFECTS``). ``bench/fuzz.py --steps N`` is the long run.
"""

from __future__ import annotations

import asyncio
import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from .fuzzing import KNOWN_DEFECTS, SERVER_OPTIONS, Fuzzer, parse_defects
from .harness import Server
from .peers import Ledger

SECONDS = float(os.environ.get("DOMINOHALL_FUZZ_SECONDS", "40"))
MOST_STEPS = 100_000


@pytest.fixture
def fuzzed_server(tmp_path: Path) -> Iterator[Server]:
    """A server of its own with the fuzzer's limits."""
    running = Server(tmp_path / "db.sqlite", options=SERVER_OPTIONS).start()
    yield running
    running.stop()


def test_the_fuzzer_finds_nothing_wrong(fuzzed_server: Server) -> None:
    seed = int(os.environ.get("DOMINOHALL_FUZZ_SEED") or random.randrange(2**32))
    defects = parse_defects(os.environ.get("DOMINOHALL_FUZZ_DEFECTS", "all"))
    log = fuzzed_server.db.parent / "server.log"
    fuzzer = Fuzzer(fuzzed_server.url, fuzzed_server.db, log, seed, defects)
    report = asyncio.run(fuzzer.run(MOST_STEPS, seconds=SECONDS))
    summary = report.summary()
    assert not report.failures, f"seed {seed}: {summary}"
    assert report.steps >= 500, summary  # a run that did little proves little
    assert report.acked.get("play", 0) > 0 and report.acked.get("settings", 0) > 0, summary
    assert report.closes > 0 and report.errors > 0 and report.http_requests > report.steps, summary


def test_unknown_defect_names_are_refused() -> None:
    with pytest.raises(ValueError, match="no such defect"):
        Fuzzer("http://127.0.0.1:1", Path("db"), Path("log"), 1, frozenset({"nope"}))
    assert parse_defects("all") == frozenset(KNOWN_DEFECTS)
    assert parse_defects("chat-301, sit-twice") == {"chat-301", "sit-twice"}


def event(seq: int, kind: str, **fields: object) -> dict[str, object]:
    """An event frame."""
    return {"t": kind, "seq": seq, **fields}


SEATS = {"seats": [{"name": "Ann", "bot": None, "away": False}, {"name": "Bot", "bot": "easy", "away": False}]}


def ledger_with(*frames: dict[str, object]) -> Ledger:
    """A ledger that joined at seq 1 (a table of a person and a bot) and then received ``frames``."""
    ledger = Ledger("T")
    ledger.start_from({"seq": 1, "table": SEATS, "view": None})
    for frame in frames:
        ledger.record(frame)
    return ledger


def test_the_ledger_takes_claimed_events_and_what_bots_do() -> None:
    ledger = ledger_with(
        event(2, "started", table=SEATS),
        event(3, "round", view={"end": None}),
        event(4, "move", seat=1, view={"end": None}),
        event(5, "chat", seat=0, text="hi"),
        event(6, "move", seat=1, view={"end": "domino"}),
        event(7, "round", view={"end": None}),
        event(8, "ready", seat=0),
        event(9, "tournament", seat=0),  # a frame of a later protocol version: not judged
    )
    ledger.claim(3, "start", "start")
    ledger.claim(5, "chat", "chat")
    ledger.claim(8, "continue", "continue")  # version 3: Continue between rounds makes a ready event
    assert ledger.verify() == []
    assert ledger.verified == 9 and ledger.by_itself == 3 and ledger.unknown == 1


def test_the_ledger_finds_events_no_ack_made() -> None:
    ledger = ledger_with(event(2, "chat", seat=0, text="hi"), event(3, "move", seat=0, view={"end": None}))
    faults = ledger.verify()
    assert len(faults) == 2
    assert "event 2 (chat) answers no accepted command" in faults[0]
    assert "seat 0 (Ann, a person)" in faults[1]


def test_the_ledger_finds_an_ack_whose_events_are_not_there_or_claimed_twice() -> None:
    ledger = ledger_with(event(2, "chat", seat=0, text="hi"), event(3, "stood", seat=0, table=SEATS))
    ledger.claim(3, "start", "start")
    ledger.claim(2, "chat", "first chat")
    ledger.claim(2, "chat", "second chat")
    faults = ledger.verify()
    assert any("start acked seq 3, but the events there are ['chat', 'stood']" in f for f in faults)
    assert any("claimed by first chat and by second chat" in f for f in faults)
