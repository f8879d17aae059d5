"""The table page's JavaScript under Node's test runner (``tests/js/*.test.mjs``: the page's ``reduce``
without a browser), and ``reduce`` folding the frames a real server sends, live, after a reconnect and from
a snapshot."""

from __future__ import annotations

import asyncio
import json
import random
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from dominohall.engine.fair import DealSeed
from dominohall.engine.tiles import tile_name
from dominohall.games import game_named, new_match
from dominohall.games.records import SeatInfo, export_record
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.tables.settings import game_traits

from ..server.harness import Client, Server, create_table, my_turn, play_turns

HERE = Path(__file__).parent
ROOT = HERE.parents[1]


def node() -> str:
    """Node.js, which ``make test`` installs from Debian (package nodejs) when it is missing."""
    found = shutil.which("node")
    assert found, "Node.js is missing: make test installs it (apt-get install nodejs)"
    return found


def test_the_javascript_tests_pass() -> None:
    files = sorted(str(path.relative_to(ROOT)) for path in HERE.glob("*.test.mjs"))
    assert files, "no tests/js/*.test.mjs"
    run = subprocess.run(
        [node(), "--test", "--test-reporter=tap", *files],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    output = run.stdout + run.stderr
    assert run.returncode == 0, output[-12_000:]
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.M)
    assert passed and int(passed.group(1)) > 0, output[-4000:]
    assert re.search(r"^# fail 0$", run.stdout, re.M), output[-4000:]


def played_hands(mode: str, players: int, partners: bool, seed: int) -> tuple[dict[str, Any], list[list[int]]]:
    """A standard match of ``mode`` played at random by the engine for up to three hands: its record, and the
    points the engine scored for each move of each hand."""
    options = StandardOptions.for_table(players, mode=mode, partners=partners)
    match, rng = new_match(options), random.Random(seed)
    scored: list[list[int]] = []
    while len(scored) < 3 and not match.is_over():
        rnd = match.deal_next(rng)
        points: list[int] = []
        while rnd.end is None:
            before = sum(rnd.points)
            rnd.apply(rng.choice(rnd.legal_moves()))
            points.append(sum(rnd.points) - before)
        scored.append(points)
    return export_record(match, [SeatInfo(f"P{seat}") for seat in range(players)]), scored


def test_the_viewer_scores_each_play_as_the_engine_does(tmp_path: Path) -> None:
    """All Fives (a spinner, its arms, doubles at the ends) and Bergen, hands played at random by the engine:
    the replay viewer's ``playPoints`` gives every move the points the engine scored for it."""
    cases = [("allfives", 2, False), ("allfives", 3, False), ("allfives", 4, True), ("bergen", 2, False)]
    played = [played_hands(*case, seed) for case in cases for seed in range(12)]
    records = tmp_path / "records.json"
    records.write_text(json.dumps([record for record, _ in played]))
    run = subprocess.run(
        [node(), str(HERE / "points.mjs"), str(records)], cwd=ROOT, capture_output=True, text=True, check=True
    )
    expected = [scored for _, scored in played]
    assert json.loads(run.stdout) == expected
    assert sum(points > 0 for hands in expected for hand in hands for points in hand) > 100


async def settled(client: Client, seq: int) -> None:
    """Wait until ``client`` has the events up to ``seq`` and the presence frame its (re)join brings."""
    await client.catch_up(seq)
    joined = max(i for i, f in enumerate(client.frames) if f["t"] in ("snapshot", "welcome"))
    if not any(f["t"] == "presence" for f in client.frames[joined:]):
        await client.until(lambda f: f["t"] == "presence")


async def said(client: Client, text: str) -> None:
    """Say ``text`` in the chat and wait for its frame (which follows the ack)."""
    answer = await client.command({"t": "chat", "text": text})
    assert answer["t"] == "ack", answer
    await client.catch_up(answer["seq"])


async def play(server: Server, game: str, bots: list[str | None], settings: dict[str, Any]) -> dict[str, list[Any]]:
    """A person (seat 0) against bots: one connection kept all along, one dropped midway that reconnects with
    its last seq, and one that joins at the end. Their frames, the dropped one's two parts joined."""
    table_id, cookie = create_table(server, bots, settings, game)
    live = await Client.open(server, table_id, cookie)
    dropped = await Client.open(server, table_id, cookie)
    assert (await live.command({"t": "start"}))["t"] == "ack"
    await play_turns(live, 0, limit=3)
    await said(live, "hello")
    await settled(dropped, live.last_seq())
    await dropped.close()
    await play_turns(live, 0, limit=3)
    await said(live, "still here")
    assert await my_turn(live, 0) is not None  # the bots have moved: the table waits for seat 0
    back = await Client.open(server, table_id, cookie, last_seq=dropped.last_seq())
    fresh = await Client.open(server, table_id, cookie)
    for client in (back, fresh):
        await settled(client, live.last_seq())
    for client in (live, back, fresh):
        await client.close()
    assert back.frames[0]["t"] == "welcome" and fresh.frames[0]["t"] == "snapshot"
    return {"live": live.frames, "reconnected": dropped.frames + back.frames, "snapshot": fresh.frames}


@pytest.mark.parametrize(
    ("game", "bots", "settings"),
    [
        ("chickenfoot", [None, "easy", "medium", "easy"], {}),
        ("standard", [None, "medium"], {"players": 2, "mode": "allfives"}),
    ],
)
def test_reduce_folds_a_real_servers_frames_alike_live_after_a_reconnect_and_from_a_snapshot(
    tmp_path: Path, game: str, bots: list[str | None], settings: dict[str, Any]
) -> None:
    server = Server(tmp_path / "db.sqlite").start()
    try:
        frames = asyncio.run(play(server, game, bots, settings))
    finally:
        server.stop()
    (tmp_path / "frames.json").write_text(json.dumps(frames), encoding="utf-8")
    fold = [node(), str(HERE / "fold.mjs"), str(tmp_path / "frames.json")]
    run = subprocess.run(fold, capture_output=True, text=True, timeout=60, check=False)
    assert run.returncode == 0, run.stderr[-4000:]
    states = json.loads(run.stdout)
    live = states["live"]
    assert sum(frame["t"] == "move" for frame in frames["live"]) >= 6
    assert [line["text"] for line in live["chat"]] == ["hello", "still here"]
    assert live["view"]["legal_moves"] and live["you"] == 0 and live["connected"][0] is True
    for state in states.values():
        state.pop("fresh")  # the tile the last frame laid: each list ends with another kind of frame
    assert states["reconnected"] == live
    # A snapshot's table is the table now; the live page's is the one the last frame with a table brought (a
    # deal or a move carries none), its seq, clock and pause as they were then. The snapshot begins the turn,
    # and knows nothing of the frames before it (the points each play scored, the moves made for a seat out
    # of time).
    # Fair deals: the live page saw the commitment before the deal (the last summary it got, the start's, still
    # has it open) and the hand it was dealt; the snapshot only the round's commitment, as the live page does.
    snapshot = states["snapshot"]
    seen = live["fair"]["seen"]
    deal = f"{live['fair']['playing']['match']}:{live['fair']['playing']['round']}"
    assert seen["shown"][deal] == live["fair"]["playing"]["commitment"] == snapshot["table"]["fair"]["commitment"]
    assert seen["hands"][deal] and snapshot["fair"]["seen"]["shown"] == {}
    for state in (live, snapshot):
        for name in ("turnSeq", "feed", "clock", "between"):
            state.pop(name)
        for name in ("seq", "clock", "between", "fair"):
            state["table"].pop(name)
        state["fair"].pop("seen")
    assert snapshot == live


FAIR_DEALS = """import { fairDeal } from "./src/dominohall/web/static/fair.js";
import { learnGames } from "./src/dominohall/web/static/games.js";
learnGames(JSON.parse(process.argv[2])); // the descriptors' traits, as a page's data block gives them
const cases = JSON.parse(process.argv[1]);
const out = [];
for (const c of cases) out.push(await fairDeal(c.game, c.options, c.index, c.seed));
console.log(JSON.stringify(out));"""


@pytest.mark.parametrize("game", ["mexicantrain", "chickenfoot"])
def test_fair_js_deals_every_round_of_a_train_game_as_the_server_does(game: str) -> None:
    """fair.js deals a round of Mexican Train (or Chicken Foot) from a seed exactly as the server's
    ``fair_deal``: the round's double taken out of the shuffled set, the hands, the boneyard, and the opener
    drawn in the first round only; over several rounds, sets and numbers of seats."""
    chosen = [(4, None, 0), (4, None, 5), (2, 9, 1), (8, 15, 0), (6, 12, 12)]
    cases, expected = [], []
    for players, top, index in chosen:
        settings = {"players": players} | ({"set": top} if top else {})
        options = game_named(game).from_settings(settings)
        record_options = options.to_dict()
        secret = bytes(range(index, index + 32))
        contributions = tuple("ab" * 16 if seat % 2 else None for seat in range(players))
        seed = DealSeed("t-" + game, 1, index + 1, secret, contributions)
        deal = game_named(game).fair_deal(options, index, seed)
        hands = [[tile_name(t) for t in hand] for hand in deal.hands]
        boneyard = [tile_name(t) for t in deal.boneyard]
        expected.append({"hands": hands, "boneyard": boneyard, "first": deal.first})
        wire = {
            "table": seed.table,
            "match": 1,
            "round": index + 1,
            "secret": secret.hex(),
            "contributions": list(contributions),
        }
        cases.append({"game": game, "options": record_options, "index": index, "seed": wire})
    run = subprocess.run(
        [node(), "--input-type=module", "-e", FAIR_DEALS, json.dumps(cases), json.dumps(game_traits())],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-4000:]
    assert json.loads(run.stdout) == expected
