"""``/metrics``: a real server's figures move while a match is played, and only allowed addresses read them."""

from __future__ import annotations

import asyncio
import urllib.error
import urllib.request
from pathlib import Path

import orjson
from prometheus_client.parser import text_string_to_metric_families

from .harness import Client, Server, create_table, play_turns

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def scrape(server: Server, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """``GET /metrics``: the status and the body."""
    request = urllib.request.Request(f"{server.url}/metrics", headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def samples(server: Server) -> Samples:
    """Every sample of a scrape, by name and labels."""
    status, text = scrape(server)
    assert status == 200, text
    found: Samples = {}
    for family in text_string_to_metric_families(text):
        assert family.name.startswith("dominohall_"), family.name
        for sample in family.samples:
            found[sample.name, tuple(sorted(sample.labels.items()))] = sample.value
    return found


def total(found: Samples, name: str, **labels: str) -> float:
    """The sum of the samples of ``name`` whose labels include ``labels``."""
    wanted = set(labels.items())
    return sum(value for (sample, have), value in found.items() if sample == name and wanted <= set(have))


def test_the_counters_move_during_a_match(server: Server) -> None:
    before = samples(server)
    table_id, cookie = create_table(server, [None, "easy", "easy", "easy"], {"length": "one"})

    async def play() -> tuple[int, Samples]:
        host = await Client.open(server, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        acks = await play_turns(host, 0, limit=3)
        during = samples(server)  # the connection still open
        await host.close()
        return len(acks), during

    moves, during = asyncio.run(play())
    assert moves == 3
    assert (
        total(during, "dominohall_moves_total", by="person") - total(before, "dominohall_moves_total", by="person") == 3
    )
    assert total(during, "dominohall_moves_total", by="bot") > total(before, "dominohall_moves_total", by="bot")
    assert (
        total(during, "dominohall_commands_total", kind="start")
        == total(before, "dominohall_commands_total", kind="start") + 1
    )
    assert total(during, "dominohall_ack_seconds_count") >= total(before, "dominohall_ack_seconds_count") + 4
    assert (
        total(during, "dominohall_store_commit_seconds_count")
        > total(before, "dominohall_store_commit_seconds_count") + 4
    )
    assert total(during, "dominohall_bot_decision_seconds_count", level="easy") > 0
    assert total(during, "dominohall_tables_loaded", phase="playing") >= 1
    assert total(during, "dominohall_tables_owned") >= 1 and total(during, "dominohall_connections") >= 1
    assert total(during, "dominohall_connections_opened_total") > total(before, "dominohall_connections_opened_total")
    assert total(during, "dominohall_loop_lag_seconds_count") > total(before, "dominohall_loop_lag_seconds_count")
    assert total(during, "dominohall_processes") == 1


def test_a_visitor_forwarded_by_a_proxy_on_this_machine_is_refused(server: Server) -> None:
    """The connection comes from loopback (a proxy here), but the address it forwards is outside: refused."""
    status, body = scrape(server, {"X-Forwarded-For": "203.0.113.7"})
    assert status == 403 and orjson.loads(body)["code"] == "forbidden"
    assert scrape(server, {"X-Forwarded-For": "127.0.0.1"})[0] == 200  # a scraper here, through the proxy


def test_metrics_are_refused_to_an_address_outside_the_allow_list(tmp_path: Path) -> None:
    outside = Server(tmp_path / "db.sqlite", options=["--metrics-allow", "10.0.0.0/8"]).start()
    try:
        status, body = scrape(outside)
        allowed = scrape(outside, {"X-Forwarded-For": "10.1.2.3"})[0]  # the loopback peer itself is not allowed
    finally:
        outside.stop()
    assert status == 403 and orjson.loads(body)["code"] == "forbidden"
    assert allowed == 403
