"""Fair deals at a table (docs/fairness.md) on a real SQLite file: every deal is the one its stored secret and
contributions give, the commitment is public before the deal and the secret only after the round, and a
table rebuilt from its events deals the same."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from dominohall.engine.fair import DealSeed, commitment
from dominohall.games import new_match
from dominohall.games.fair_records import FAIR_ROUND, check_fairness
from dominohall.games.records import replay, verify
from dominohall.store.sqlite import SqliteStore
from dominohall.tables.actor import TableActor
from dominohall.tables.bots import BotRunner
from dominohall.tables.commands import Command, NewTable, decide
from dominohall.tables.config import TableConfig
from dominohall.tables.fairness import FAIR
from dominohall.tables.hall import Hall
from dominohall.tables.ports import Event
from dominohall.tables.records import match_record
from dominohall.tables.state import OVER, PLAYING, TableState, options_from_dict, token_hash

from .helpers import Inbox, close_hall, command_for, open_hall, until
from .leaks import leaks
from .test_decisions import MATCHES, TABLES, fold_decision, new_state, next_command

VALUES = ["a1" * 32, "b2" * 32, "c3" * 32, "d4" * 32, "e5" * 32, "f6" * 32, "07" * 32, "18" * 32]


async def paced_hall(path: Path) -> Hall:
    """A hall whose rounds wait for Continue (or 60 s), so the pages can contribute between them."""
    return Hall(await SqliteStore.open(path), TableConfig(bot_delay=0, between_rounds=60), BotRunner(workers=1))


async def play_contributing(actor: TableActor, inbox: Inbox, token: str, seat: int) -> list[str]:
    """Play ``seat`` to the match's end, giving a contribution before every deal and pressing Continue between
    rounds: the contributions given, in order."""
    given: list[str] = []
    moves = 0
    while actor.state.phase != OVER:
        state = actor.state
        if state.fair.open is not None and seat not in state.fair.open.contributions:
            value = VALUES[len(given) % len(VALUES)][:-2] + f"{len(given):02x}"
            reply = await actor.submit(Command("contribute", {"value": value}, token_hash(token), f"f{len(given)}"))
            assert reply.error is None, reply.error
            given.append(value)
        if state.phase == PLAYING and state.between_since is not None:
            await actor.submit(Command("continue", token=token_hash(token), command_id=f"c{len(given)}"))
            continue
        view, rnd = inbox.last_view(), state.round
        ours = state.phase == PLAYING and rnd is not None and rnd.end is None and rnd.turn == seat
        if ours and view and view["turn"] == seat and view["legal_moves"] and view["end"] is None:
            await actor.submit(command_for(view["legal_moves"][0], token, f"m{moves}"), inbox)
            moves += 1
            continue
        await asyncio.sleep(0.002)
    return given


def deals_from_events(events: list[Event]) -> list[tuple[dict[str, Any], DealSeed]]:
    """Each ``dealt`` event with the seed the stored events say it must come from: the secret of the commitment
    open for it and the contributions given since."""
    table_id, state = events[0].table_id, TableState(events[0].table_id)
    found, open_fair, matches = [], None, 0
    given: dict[int, str] = {}
    for event in events:
        state.fold(event)
        payload = event.payload
        if "fair" in payload:
            open_fair, given = payload["fair"], {}
        if event.kind == "contributed":
            given[payload["seat"]] = payload["value"]
        if event.kind in ("started", "rematch"):
            matches += 1
        if event.kind == "dealt":
            assert open_fair is not None and open_fair["match"] == matches
            contributions = tuple(given.get(seat) for seat in range(state.options.players))
            seed = DealSeed(table_id, matches, payload["round"] + 1, bytes.fromhex(open_fair["secret"]), contributions)
            found.append((payload, seed))
            open_fair = None
    return found


@pytest.mark.parametrize(
    ("game", "settings", "bots"),
    [
        ("chickenfoot", {"length": "half"}, [None, "easy", "medium", "easy"]),
        ("standard", {"players": 2, "mode": "allfives", "target": 150}, [None, "easy"]),
    ],
)
def test_every_deal_is_the_fair_one_and_the_secret_comes_only_after_its_round(
    tmp_path: Path, game: str, settings: dict[str, Any], bots: list[str | None]
) -> None:
    async def work() -> tuple[dict[str, Any], list[Event], Inbox, Inbox, list[str], list[str]]:
        hall = await paced_hall(tmp_path / "db")
        try:
            table_id, token = await hall.create(NewTable(game, settings, bots, "Ann"), 1000.0)
            actor = await hall.actor(table_id)
            assert actor is not None
            host, spectator = Inbox.for_token(token), Inbox()
            await actor.join(host, None)
            await actor.join(spectator, None)
            first = await actor.submit(Command("contribute", {"value": VALUES[0]}, token_hash(token), "f"))
            assert first.error is None
            assert (await actor.submit(Command("start", token=token_hash(token), command_id="go"))).error is None
            given = [VALUES[0], *await play_contributing(actor, host, token, 0)]
            return (await hall.record(table_id), await hall.store.load(table_id), host, spectator, given, [])
        finally:
            await close_hall(hall)

    record, events, host, spectator, given, _ = asyncio.run(work())
    assert verify(record) == []
    revealed = {rnd["fair"]["secret"] for rnd in record["rounds"]}
    kept = [e.payload["fair"]["secret"] for e in events if "fair" in e.payload]
    assert len(kept) == len(revealed) + 1  # each round's, and the rematch's, never dealt
    for inbox in (host, spectator):
        assert all(secret not in json.dumps(inbox.frames) for secret in set(kept) - revealed)
    checks = check_fairness(record)
    assert checks and {c.verdict for c in checks} == {FAIR_ROUND}
    deals = deals_from_events(events)
    assert len(deals) == len(record["rounds"]) >= 2
    played, _ = replay(record)  # the rounds as played: a later hand's leader is the last hand's winner
    rules = new_match(options_from_dict(game, record["options"])).rules
    for index, (payload, seed) in enumerate(deals):
        previous = played.rounds[index - 1] if index else None
        rnd = rules.deal_seeded(index, previous, seed)
        assert [list(hand) for hand in rnd.dealt] == payload["hands"] and list(rnd.boneyard) == payload["boneyard"]
        assert rnd.first == payload["first"]
        assert seed.contributions[0] == given[index] and set(seed.contributions[1:]) == {None}
        assert record["rounds"][index]["fair"]["contributions"][0] == given[index]
    for inbox in (host, spectator):
        check_frames(inbox.frames, record)


def check_frames(frames: list[dict[str, Any]], record: dict[str, Any]) -> None:
    """Each round's commitment was in the summary before its ``round`` frame, unchanged; its secret appears
    first in the frame of the move that ended it, and hashes to that commitment."""
    secrets = [rnd["fair"]["secret"] for rnd in record["rounds"]]
    table: dict[str, Any] | None = None
    for index, rnd in enumerate(record["rounds"]):
        proof = rnd["fair"]
        dealt = next(i for i, f in enumerate(frames) if f["t"] == "round" and f["view"]["round_index"] == index)
        shown = [f["table"]["fair"] for f in frames[:dealt] if isinstance(f.get("table"), dict)]
        assert shown and shown[-1]["commitment"] == proof["commitment"] and shown[-1]["dealt"] is False
        assert shown[-1]["round"] == index + 1 and shown[-1]["contributions"] == proof["contributions"]
        assert frames[dealt]["fair"]["commitment"] == proof["commitment"] and frames[dealt]["fair"]["dealt"]
        ended = next(
            i for i, f in enumerate(frames) if f["t"] == "move" and f.get("fair") and f["fair"]["round"] == index + 1
        )
        assert frames[ended]["fair"] == proof
        assert (
            commitment(proof["table"], proof["match"], index + 1, bytes.fromhex(proof["secret"])) == proof["commitment"]
        )
        before = json.dumps(frames[:ended])
        assert proof["secret"] not in before, f"round {index + 1}'s secret was sent before the round ended"
        assert all(later not in before for later in secrets[index:])
        table = frames[ended].get("table")
    assert table is not None


def test_contributions_refused_change_nothing(tmp_path: Path) -> None:
    async def work(hall: Hall) -> None:
        table_id, token = await hall.create(
            NewTable("chickenfoot", {"length": "one"}, [None, None, "easy", "easy"], "Ann"), 1.0
        )
        actor = await hall.actor(table_id)
        assert actor is not None
        host = token_hash(token)

        async def refused(value: object, who: str | None = host) -> str:
            seq = actor.state.seq
            reply = await actor.submit(Command("contribute", {"value": value}, who, "x"))
            assert reply.error is not None and actor.state.seq == seq
            return reply.error.code

        assert await refused("ab" * 16, None) == "not-seated"
        for bad in ("AB" * 16, "ab" * 15, "ab" * 65, "ab" * 16 + "a", 7, None, "zz" * 16):
            assert await refused(bad) == "bad-contribution", bad
        assert (await actor.submit(Command("contribute", {"value": "ab" * 16}, host, "ok"))).error is None
        assert await refused("cd" * 16) == "already-contributed"
        assert actor.state.summary()["fair"]["contributions"] == ["ab" * 16, None, None, None]
        reply, bo = await hall.sit(table_id, 1, "Bo")
        assert reply.error is None
        assert (await actor.submit(Command("contribute", {"value": "cd" * 16}, token_hash(bo), "b"))).error is None
        await actor.submit(Command("stand", token=token_hash(bo), command_id="s"))
        assert actor.state.summary()["fair"]["contributions"] == ["ab" * 16, None, None, None]
        reply, cy = await hall.sit(table_id, 1, "Cy")  # the seat's new person may give one of their own
        assert (await actor.submit(Command("contribute", {"value": "ef" * 16}, token_hash(cy), "c"))).error is None
        assert (await actor.submit(Command("start", token=host, command_id="go"))).error is None
        assert await refused("ef" * 16) == "no-deal-waiting"  # during a round: the next commitment is not open
        sealed = actor.state.fair.rounds[0]
        assert sealed is not None and sealed.contributions == {0: "ab" * 16, 1: "ef" * 16}
        assert actor.state.summary()["fair"]["dealt"] is True

    async def main() -> None:
        hall = await open_hall(tmp_path / "db")
        try:
            await work(hall)
        finally:
            await close_hall(hall)

    asyncio.run(main())


@pytest.mark.parametrize("change", ["kick", "bot", "stand"])
def test_a_seat_that_changes_hands_between_rounds_loses_its_contribution(tmp_path: Path, change: str) -> None:
    """Between two rounds Bo's page gives its contribution to the next deal; then Bo is asked to leave, a bot
    is put in Bo's seat, or Bo stands: the contribution goes with Bo and round 2 is dealt without it."""

    async def work(hall: Hall) -> dict[str, Any]:
        table_id, ann = await hall.create(
            NewTable("chickenfoot", {"players": 2, "length": "half"}, [None, None], "Ann"), 1
        )
        actor = await hall.actor(table_id)
        assert actor is not None
        reply, bo = await hall.sit(table_id, 1, "Bo")
        assert reply.error is None
        tokens, inboxes = [ann, bo], [Inbox.for_token(ann), Inbox.for_token(bo)]
        for inbox in inboxes:
            await actor.join(inbox, None)
        assert (await actor.submit(Command("start", token=token_hash(ann), command_id="go"))).error is None
        moves = 0
        while actor.state.round is not None and actor.state.round.end is None:  # round 1, both people playing
            seat = actor.state.round.turn
            view = inboxes[seat].last_view()
            if view and view["turn"] == seat and view["end"] is None and view["legal_moves"]:
                await actor.submit(command_for(view["legal_moves"][0], tokens[seat], f"m{moves}"))
                moves += 1
            await asyncio.sleep(0)
        given = await actor.submit(Command("contribute", {"value": "cd" * 16}, token_hash(bo), "b"))
        assert given.error is None and actor.state.summary()["fair"]["contributions"] == [None, "cd" * 16]
        host = token_hash(ann)
        command = {
            "kick": Command("kick", {"seat": 1}, host, "k"),
            "bot": Command("bot", {"seat": 1, "level": "easy"}, host, "b2"),
            "stand": Command("stand", token=token_hash(bo), command_id="s"),
        }[change]
        assert (await actor.submit(command)).error is None, change
        assert actor.state.summary()["fair"]["contributions"] == [None, None]
        stored = await hall.store.load(table_id)  # the same events as stored before they said "withdraw"
        before = TableState(table_id)
        for event in stored:
            before.fold(replace(event, payload={k: v for k, v in event.payload.items() if k != "withdraw"}))
        assert before.summary()["fair"]["contributions"] == [None, "cd" * 16], "old events fold as they did"
        await actor.submit(Command("continue", token=host, command_id="c"))
        await until(lambda: len(actor.state.fair.rounds) == 2, what="round 2 dealt")
        sealed = actor.state.fair.rounds[1]
        assert sealed is not None and sealed.contributions == {}  # round 2 was dealt without Bo's
        return await match_record(actor.state, hall.store)

    async def main() -> dict[str, Any]:
        hall = await open_hall(tmp_path / "db")
        hall.config.between_rounds = 60  # the next deal waits for Continue
        try:
            return await work(hall)
        finally:
            await close_hall(hall)

    record = asyncio.run(main())
    assert [check.verdict for check in check_fairness(record)] == [FAIR_ROUND]  # round 1, the one finished


def test_a_table_rebuilt_between_commitment_and_deal_deals_the_same(tmp_path: Path) -> None:
    """The deal after a restart is the one the stored events foretold before it: secret and contributions
    are in the events, nothing else is drawn."""

    async def before() -> tuple[str, str, list[dict[str, Any]]]:
        hall = await open_hall(tmp_path / "db")
        try:
            table_id, token = await hall.create(NewTable("chickenfoot", {}, [None, "easy", "easy", "easy"], "Ann"), 1.0)
            actor = await hall.actor(table_id)
            assert actor is not None
            await actor.submit(Command("contribute", {"value": "ab" * 32}, token_hash(token), "f"))
            foretold = []
            for _ in range(2):  # two scratch states folded from the store, each deciding the start
                state = TableState(table_id)
                for event in await hall.store.load(table_id):
                    state.fold(event)
                foretold.append(decide(state, Command("start", token=token_hash(token)), None).payloads[-1])  # type: ignore[arg-type]
            return table_id, token, foretold
        finally:
            await close_hall(hall)

    async def after(table_id: str, token: str) -> dict[str, Any]:
        hall = await open_hall(tmp_path / "db")
        await hall.open()
        try:
            actor = await hall.actor(table_id)
            assert actor is not None
            assert (await actor.submit(Command("start", token=token_hash(token), command_id="go"))).error is None
            return (await hall.store.load(table_id))[-1].payload
        finally:
            await close_hall(hall)

    table_id, token, foretold = asyncio.run(before())
    dealt = asyncio.run(after(table_id, token))
    assert dealt["t"] == "dealt" and "fair" not in dealt  # dealt from the commitment opened with the table
    assert foretold[0] == foretold[1]
    assert {k: dealt[k] for k in ("hands", "boneyard", "first")} == {
        k: foretold[0][k] for k in ("hands", "boneyard", "first")
    }


def test_a_table_made_before_fair_deals_deals_with_a_commitment_of_its_own() -> None:
    state = TableState("OldTable1")
    created = {
        "t": "created",
        "game": "chickenfoot",
        "options": {"players": 2, "set": 9, "hand": 20, "length": "one", "start_toes": 6, "double_toes": 3,
                    "blank_double": 50, "limit": None},
        "seats": [{"name": "Ann", "token": "h"}, {"name": "Bot", "bot": "easy"}],
        "host": "h",
        "time": 1.0,
    }  # fmt: skip
    state.fold(Event("OldTable1", 1, None, "host", 1.0, created))
    assert state.summary()["fair"] is None
    payloads = decide(state, Command("start", token="h"), None).payloads  # type: ignore[arg-type]
    dealt = payloads[-1]
    assert dealt["fair"]["match"] == 1 and dealt["fair"]["round"] == 1 and len(dealt["fair"]["secret"]) == 64
    for seq, payload in enumerate(payloads, start=2):
        state.fold(Event("OldTable1", seq, None, "seat:0", 2.0, payload))
    sealed = state.fair.rounds[0]
    assert sealed is not None and sealed.commitment == dealt["fair"]["commitment"]
    assert state.summary()["fair"]["commitment"] == sealed.commitment and "secret" not in state.summary()["fair"]
    seed = sealed.seed("OldTable1", 2)
    assert [list(h) for h in new_match(state.options).rules.deal_seeded(0, None, seed).dealt] == dealt["hands"]


def test_a_record_downloaded_mid_match_holds_no_secret_of_the_round_being_played(tmp_path: Path) -> None:
    async def work(hall: Hall) -> list[str]:
        table_id, token = await hall.create(
            NewTable("chickenfoot", {"length": "half"}, [None, "easy", "easy", "easy"], "Ann"), 1.0
        )
        actor = await hall.actor(table_id)
        assert actor is not None
        await actor.submit(Command("start", token=token_hash(token)))
        await actor.submit(Command("stand", token=token_hash(token)))  # a bot plays the host's seat: all bots
        await actor.join(Inbox.for_token(None), None)  # and someone watches, so they play
        texts = []
        for target in (2, 3, 4):
            state = actor.state

            def playing(target: int = target) -> bool:
                rnd = actor.state.round
                return (
                    actor.state.match is not None
                    and len(actor.state.match.rounds) >= target
                    and rnd is not None
                    and rnd.end is None
                )

            await until(playing, what=f"round {target} being played")
            current = state.fair.rounds[-1]  # nothing is awaited from here on: the table stands still
            assert current is not None and state.fair.open is None
            texts.append(json.dumps(await match_record(state, hall.store)))
            cached = await hall.records.encoded(state, hall.store)  # what the server sends: the same record
            assert (
                json.loads(cached) == json.loads(texts[-1]) and await hall.records.encoded(state, hall.store) is cached
            )
            assert current.secret.hex() not in texts[-1] and current.secret.hex() not in json.dumps(state.summary())
            assert current.commitment in json.dumps(state.summary())
        return texts

    async def main() -> list[str]:
        hall = await open_hall(tmp_path / "db")
        try:
            return await work(hall)
        finally:
            await close_hall(hall)

    texts = asyncio.run(main())
    records = [json.loads(text) for text in texts]
    assert all(len(r["rounds"]) >= least for r, least in zip(records, (1, 2, 3), strict=True))
    assert all(rnd["fair"]["secret"] for r in records for rnd in r["rounds"])  # the finished rounds carry proofs


def test_the_leak_scan_finds_a_secret_told_before_its_round_ended() -> None:
    rounds = [
        {"hands": [["9-1"], ["8-2"]], "boneyard": [], "moves": [], "fair": {"secret": "ab" * 32}},
        {"hands": [["9-1"], ["8-2"]], "boneyard": [], "moves": [], "fair": {"secret": "cd" * 32}},
    ]
    record = {"rounds": rounds}
    playing = {"round_index": 0, "history": [], "end": None}
    assert leaks(record, [{"t": "round", "view": playing, "x": "ab" * 32}], 0) != []
    assert leaks(record, [{"t": "round", "view": playing, "x": "cd" * 32}], None) != []
    ended = playing | {"end": "domino"}
    assert leaks(record, [{"t": "round", "view": ended, "x": "ab" * 32}], 0) == []
    assert leaks(record, [{"t": "round", "view": ended, "x": "cd" * 32}], 0) != []
    assert leaks(record, [{"t": "created", "x": "ab" * 32}], 0) != []  # before any deal


@pytest.mark.parametrize(("game", "settings"), TABLES)
def test_every_deal_but_a_new_tables_first_is_committed_to_before_it_even_after_a_timeout(
    game: str, settings: dict[str, Any]
) -> None:
    """A table made before fair deals (no commitment in its ``created``) opens one with its first deal; every
    later deal's commitment was opened by the move that ended the round before it, also when that move was a
    stand-in's for a seat out of time whose second timeout marked the seat away in the same decision."""
    rng = random.Random(3)
    state = new_state(game, settings)
    ended_by_timeout_and_away = 0
    while state.matches <= MATCHES and not (ended_by_timeout_and_away and state.phase == OVER):
        command = next_command(state, rng)
        decision = decide(state, command, rng)
        payloads = decision.payloads
        assert all(FAIR not in p for p in payloads if p["t"] not in ("move", "dealt")), command.kind
        for payload in payloads:
            if payload["t"] == "dealt":
                assert (FAIR in payload) == (command.kind == "start"), f"deal at event {state.seq}"
        if any(FAIR in p for p in payloads) and any(p["t"] == "away" for p in payloads):
            ended_by_timeout_and_away += 1
            assert payloads[-1]["t"] == "away" and FAIR in payloads[-2]
        fold_decision(state, decision)
    assert ended_by_timeout_and_away, "no round ended on a timeout that marked its seat away"
