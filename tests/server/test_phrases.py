"""Quick phrases and reactions over a real server and SQLite file: sent by a code (never words) from a seated
player and from a watcher, limited in rate per connection, refused to a person the host muted, hidden by the
operator like any chat line, and kept in a reload's snapshot."""

from __future__ import annotations

import asyncio

from dominohall.tables.phrases import PHRASES, REACTIONS

from .harness import Client, Server, admin, create_table, sit


async def a_table(server: Server) -> tuple[str, Client, Client, Client]:
    """Ann (host, seat 0) and Bo (seat 1) at a three-seat table with an easy bot, and a watcher."""
    table_id, ann_cookie = create_table(server, [None, None, "easy"], {"players": 3, "length": "one"})
    bo_cookie = sit(server, table_id, 1, "Bo")
    ann = await Client.open(server, table_id, ann_cookie)
    bo = await Client.open(server, table_id, bo_cookie)
    watcher = await Client.open(server, table_id)
    return table_id, ann, bo, watcher


def test_the_list_has_a_dozen_phrases_and_a_few_reactions() -> None:
    assert len(PHRASES) == 12 and len(set(PHRASES)) == 12
    assert 3 <= len(REACTIONS) <= 6 and not set(REACTIONS) & set(PHRASES)


def test_a_watcher_and_a_player_send_phrases_everyone_receives_as_codes(console: Server) -> None:
    async def scenario() -> None:
        table_id, ann, bo, watcher = await a_table(console)
        said = await watcher.command({"t": "phrase", "code": "good-luck"})
        assert said["t"] == "ack"
        for client in (ann, bo, watcher):
            line = await client.until(lambda f: f["t"] == "chat" and f["seq"] == said["seq"])
            assert (line["seat"], line["text"], line["phrase"]) == (None, "", "good-luck")  # a watcher's: no seat
        assert (await bo.command({"t": "phrase", "code": "clap"}))["t"] == "ack"
        line = await ann.until(lambda f: f["t"] == "chat" and f.get("phrase") == "clap")
        assert line["seat"] == 1
        refused = await watcher.command({"t": "chat", "text": "hi"})  # free words stay the seated players'
        assert refused["code"] == "not-seated"
        assert (await bo.command({"t": "phrase", "code": "Good game!"}))["code"] == "bad-phrase"
        assert (await bo.command({"t": "phrase", "code": "x" * 40}))["code"] == "too-long"
        reloaded = await Client.open(console, table_id)  # a reload's snapshot keeps them as codes
        kept = [(line["seat"], line.get("phrase")) for line in reloaded.frames[-1]["chat"]]
        assert kept == [(None, "good-luck"), (1, "clap")]
        for client in (ann, bo, watcher, reloaded):
            await client.close()

    asyncio.run(scenario())


def test_phrases_are_limited_to_a_burst_of_three_then_one_every_two_seconds(console: Server) -> None:
    async def scenario() -> None:
        _, ann, bo, watcher = await a_table(console)
        answers = [await watcher.command({"t": "phrase", "code": "wow"}) for _ in range(4)]
        assert [answer["t"] for answer in answers] == ["ack", "ack", "ack", "error"]
        assert answers[3]["code"] == "rate-limited" and "2 seconds" in answers[3]["message"]
        assert (await ann.command({"t": "phrase", "code": "thanks"}))["t"] == "ack"  # another person's budget
        await asyncio.sleep(2.1)  # the budget refills: one more
        assert (await watcher.command({"t": "phrase", "code": "wow"}))["t"] == "ack"
        for client in (ann, bo, watcher):
            await client.close()

    asyncio.run(scenario())


def test_a_muted_person_sends_no_phrase_and_the_operator_hides_one(console: Server) -> None:
    async def scenario() -> None:
        table_id, ann, bo, watcher = await a_table(console)
        assert (await ann.command({"t": "mute", "seat": 1}))["t"] == "ack"
        refused = await bo.command({"t": "phrase", "code": "oops"})
        assert refused["code"] == "muted"
        said = await watcher.command({"t": "phrase", "code": "laugh"})
        assert (await ann.command({"t": "report", "line": said["seq"]}))["code"] == "no-such-line"  # no words
        await asyncio.to_thread(admin, console, "hide", table_id, str(said["seq"]))
        for client in (ann, bo, watcher):
            assert (await client.until(lambda f: f["t"] == "hidden"))["line"] == said["seq"]
        reloaded = await Client.open(console, table_id)
        assert reloaded.frames[-1]["chat"] == []
        for client in (ann, bo, watcher, reloaded):
            await client.close()

    asyncio.run(scenario())
