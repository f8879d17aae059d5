"""Fair deals: the code gives exactly the test vector printed in docs/fairness.md (read from the page, so the
page cannot drift), the page's own hand-check code gives it too, and records' proofs are checked round by round."""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from dominohall.engine.centre_deals import split_deal
from dominohall.engine.fair import (
    WORD,
    DealSeed,
    DealStream,
    FairDeal,
    FairError,
    block,
    check_contribution,
    commitment,
    commitment_of,
    shuffled_set,
)
from dominohall.engine.tiles import set_size, tile_name
from dominohall.games import game_of, new_match
from dominohall.games.chickenfoot.rules.match import ChickenFootRules
from dominohall.games.chickenfoot.rules.options import ChickenFootOptions
from dominohall.games.chickenfoot.rules.round import deal_round
from dominohall.games.fair_records import FAIR_ROUND, NO_PROOF, NOT_FAIR, check_fairness, proof_to_dict, read_proof
from dominohall.games.records import RecordError, SeatInfo, export_record, verify
from dominohall.games.standard.rules.match import StandardRules
from dominohall.games.standard.rules.options import StandardOptions
from dominohall.games.standard.rules.round import deal_hand, first_lead

DOC = Path(__file__).parents[2] / "docs" / "fairness.md"


def fair_deal(options: ChickenFootOptions | StandardOptions, index: int, seed: DealSeed) -> FairDeal:
    """Round ``index``'s fair deal, through the game's descriptor (games/game.py)."""
    deal: FairDeal = game_of(options).fair_deal(options, index, seed)
    return deal


def doc_section(title: str) -> str:
    """The text of docs/fairness.md under ``## title``, up to the next section."""
    text = DOC.read_text("utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def vector() -> dict[str, str]:
    """Every ``name: value`` line of the test vector's text blocks."""
    section = doc_section("Test vector")
    lines = [line for block in re.findall(r"```text\n(.*?)```", section, re.S) for line in block.splitlines()]
    pairs = [line.split(":", 1) for line in lines if ":" in line]
    return {name.strip(): value.strip() for name, value in pairs}


def vector_seed() -> DealSeed:
    v = vector()
    contributions = tuple(v.get(f"contribution {seat}") for seat in range(4))
    return DealSeed(v["table"], int(v["match"]), int(v["round"]), bytes.fromhex(v["secret"]), contributions)


def names(tiles: list[int]) -> str:
    return " ".join(tile_name(t) for t in tiles)


# -- the test vector ------------------------------------------------------------------------------------


def test_the_vector_is_complete_and_names_two_absent_seats() -> None:
    v = vector()
    for key in ("commitment", "block 0", "first numbers", "double-six", "double-nine", "boneyard", "opener"):
        assert v[key], key
    assert vector_seed().contributions[1] is None and vector_seed().contributions[3] is None


def test_the_commitment_and_the_stream_match_the_vector() -> None:
    v, seed = vector(), vector_seed()
    assert commitment_of(seed) == v["commitment"]
    assert block(seed, 0).hex() == v["block 0"]
    stream = DealStream(seed)
    assert [stream.word() for _ in range(4)] == [int(n) for n in v["first numbers"].split()]


def test_the_shuffled_sets_match_the_vector() -> None:
    v, seed = vector(), vector_seed()
    assert names(shuffled_set(DealStream(seed), 6)) == v["double-six"]
    assert names(shuffled_set(DealStream(seed), 9)) == v["double-nine"]


def test_the_chicken_foot_deal_matches_the_vector() -> None:
    v, seed = vector(), vector_seed()
    options = ChickenFootOptions.for_table(4)
    deal = fair_deal(options, 0, seed)
    assert [names(hand) for hand in deal.hands] == [v[f"hand {seat}"] for seat in range(4)]
    assert names(deal.boneyard) == v["boneyard"] and deal.first == int(v["opener"])
    rnd = ChickenFootRules(options).deal_seeded(0, None, seed)
    assert [names(list(hand)) for hand in rnd.dealt] == [v[f"hand {seat}"] for seat in range(4)]
    assert names(list(rnd.boneyard)) == v["boneyard"] and rnd.first == int(v["opener"]) and rnd.number == 9


def test_the_hand_check_code_on_the_page_gives_the_vector() -> None:
    section = doc_section("Checking a deal by hand")
    code = re.findall(r"```python\n(.*?)```", section, re.S)[0]
    scope: dict[str, Any] = {}
    exec(compile(code, str(DOC), "exec"), scope)  # the page's own code, run as a reader would
    v, seed = vector(), vector_seed()
    given = list(seed.contributions)
    assert scope["commitment"](v["table"], 1, 1, v["secret"]) == v["commitment"]
    tiles, below = scope["shuffle"](v["table"], 1, 1, v["secret"], given, 9)
    assert " ".join(tiles) == v["double-nine"]
    rest = [t for t in tiles if t != "9-9"]
    assert [" ".join(rest[s * 11 : s * 11 + 11]) for s in range(4)] == [v[f"hand {s}"] for s in range(4)]
    assert " ".join(rest[44:]) == v["boneyard"] and below(4) == int(v["opener"])
    assert " ".join(scope["shuffle"](v["table"], 1, 1, v["secret"], given, 6)[0]) == v["double-six"]


# -- the scheme's properties -----------------------------------------------------------------------------


def seed_of(rng: random.Random, contributions: tuple[str | None, ...] = (), **place: Any) -> DealSeed:
    where: dict[str, Any] = {"table": "T1", "match": 1, "round": 1} | place
    return DealSeed(where["table"], where["match"], where["round"], rng.randbytes(32), contributions)


def test_the_deal_is_a_pure_function_of_the_seed() -> None:
    seed = seed_of(random.Random(1), ("ab" * 16, None, "cd" * 32))
    options = ChickenFootOptions.for_table(3)
    assert fair_deal(options, 0, seed) == fair_deal(options, 0, copy.deepcopy(seed))
    assert shuffled_set(DealStream(seed), 12) == shuffled_set(DealStream(seed), 12)


def test_every_part_of_the_seed_changes_the_deal() -> None:
    base = seed_of(random.Random(2), ("ab" * 16, None))
    variants = [
        DealSeed(base.table, base.match, base.round, base.secret, ("ab" * 16, "00" * 16)),  # a second contribution
        DealSeed(base.table, base.match, base.round, base.secret, ("ac" * 16, None)),  # another contribution
        DealSeed(base.table, base.match, base.round, base.secret, (None, "ab" * 16)),  # at another seat
        DealSeed(base.table, base.match, base.round, base.secret, ()),  # none at all
        DealSeed(base.table, base.match, base.round + 1, base.secret, base.contributions),
        DealSeed(base.table, base.match + 1, base.round, base.secret, base.contributions),
        DealSeed("T2", base.match, base.round, base.secret, base.contributions),
        DealSeed(base.table, base.match, base.round, bytes(32), base.contributions),
    ]
    order = shuffled_set(DealStream(base), 9)
    assert all(shuffled_set(DealStream(v), 9) != order for v in variants)
    assert commitment_of(variants[0]) == commitment_of(base)  # contributions come after the commitment
    assert len({commitment_of(v) for v in variants[4:]} | {commitment_of(base)}) == 5


def test_a_draw_below_n_skips_the_words_that_would_bias_it() -> None:
    class Words(DealStream):
        def __init__(self, words: list[int]) -> None:
            super().__init__(seed_of(random.Random(3)))
            self.words = words

        def word(self) -> int:
            return self.words.pop(0)

    # 2^32 mod 3 is 1, so only the last word, 2^32 - 1, is skipped
    assert Words([WORD - 1, 7]).below(3) == 1
    assert Words([WORD - 2]).below(3) == (WORD - 2) % 3
    # 2^32 mod 10 is 6: the top six words are skipped
    assert Words([WORD - 6, WORD - 1, WORD - 7]).below(10) == (WORD - 7) % 10
    assert Words([WORD - 1]).below(WORD) == WORD - 1 and Words([5]).below(1) == 0


def test_the_shuffle_is_even_over_many_seeds() -> None:
    """Where 0-0 lands in a shuffled double-six over 2,800 seeds: each of 28 places about 100 times."""
    rng = random.Random(4)
    places = Counter(shuffled_set(DealStream(seed_of(rng)), 6).index(0) for _ in range(2800))
    chi2 = sum((places[p] - 100) ** 2 / 100 for p in range(28))
    assert len(places) == 28 and chi2 < 55  # 27 degrees of freedom: above 55 once in 1,000 runs


@pytest.mark.parametrize(
    "options",
    [
        ChickenFootOptions.for_table(2),
        ChickenFootOptions.for_table(4, length="half"),
        ChickenFootOptions.for_table(8),
        ChickenFootOptions.for_table(5, top=15),
        StandardOptions.for_table(2),
        StandardOptions.for_table(4, top=9, mode="allfives"),
        StandardOptions.for_table(3, mode="bergen"),
    ],
)
def test_a_fair_deal_has_the_shape_of_the_usual_one(options: ChickenFootOptions | StandardOptions) -> None:
    rng = random.Random(5)
    for index in range(3):
        seed = seed_of(rng, ("ab" * 16,), round=index + 1)
        deal = fair_deal(options, index, seed)
        assert [len(hand) for hand in deal.hands] == [options.hand] * options.players
        if isinstance(options, StandardOptions):
            usual = deal_hand(options, None, rng)
            dealt = sorted(t for hand in deal.hands for t in hand) + sorted(deal.boneyard)
            assert sorted(dealt) == list(range(set_size(options.top))) and deal.first is None
        else:
            number = options.round_number(index)
            usual = deal_round(options, number, 0, rng)  # type: ignore[assignment]
            assert sorted([*deal.boneyard, *(t for h in deal.hands for t in h), number * (number + 3) // 2]) == list(
                range(set_size(options.top))
            )
            assert (deal.first is not None) == (index == 0)
        assert len(deal.boneyard) == len(usual.boneyard)


def test_the_standard_hand_is_led_by_the_first_hand_rule_then_the_winner() -> None:
    options = StandardOptions.for_table(2)
    rules, seed = StandardRules(options), seed_of(random.Random(6))
    rnd = rules.deal_seeded(0, None, seed)
    assert [list(hand) for hand in rnd.dealt] == fair_deal(options, 0, seed).hands
    assert rnd.first == first_lead(rnd.dealt, options.mode)[0]


def test_a_later_chicken_foot_round_is_opened_by_the_next_seat() -> None:
    options = ChickenFootOptions.for_table(3)
    rules, rng = ChickenFootRules(options), random.Random(7)
    first = rules.deal_seeded(0, None, seed_of(rng))
    second = rules.deal_seeded(1, first, seed_of(rng, round=2))
    assert second.first == (first.first + 1) % 3 and second.number == 8


@pytest.mark.parametrize(
    ("place", "secret", "contributions", "message"),
    [
        (("T\n1", 1, 1), bytes(32), (), "table id"),
        (("", 1, 1), bytes(32), (), "table id"),
        (("T" * 65, 1, 1), bytes(32), (), "table id"),
        (("T", 0, 1), bytes(32), (), "match number"),
        (("T", 1, True), bytes(32), (), "round number"),
        (("T", 1, 1), bytes(31), (), "32 bytes"),
        (("T", 1, 1), bytes(32), ("ab" * 15,), "contribution"),
        (("T", 1, 1), bytes(32), ("ab" * 65,), "contribution"),
        (("T", 1, 1), bytes(32), ("AB" * 16,), "contribution"),
        (("T", 1, 1), bytes(32), ("ab" * 16 + "a",), "contribution"),
        (("T", 1, 1), bytes(32), ("ab" * 15 + "\nx",), "contribution"),
        (("T", 1, 1), bytes(32), (12,), "contribution"),
    ],
)
def test_a_seed_out_of_shape_is_refused_with_a_clear_error(
    place: tuple[Any, Any, Any], secret: bytes, contributions: tuple[Any, ...], message: str
) -> None:
    with pytest.raises(FairError, match=message):
        DealSeed(*place, secret, contributions)
    if not contributions:
        with pytest.raises(FairError, match=message):
            commitment(*place, secret)


def test_a_contribution_is_taken_as_given() -> None:
    assert check_contribution("0f" * 64) == "0f" * 64
    with pytest.raises(FairError):
        check_contribution(None)


def test_a_prepared_order_must_be_the_set() -> None:
    options = ChickenFootOptions.for_table(4)
    with pytest.raises(ValueError, match="every tile"):
        split_deal(options, 9, [0] * set_size(9))


# -- proofs in records -----------------------------------------------------------------------------------


def play_match(options: ChickenFootOptions | StandardOptions, rng: random.Random) -> dict[str, Any]:
    """A whole match dealt fairly and played with random moves: its record, each round with its proof."""
    match = new_match(options)
    seeds = []
    while not match.is_over():
        index = len(match.rounds)
        given = tuple(rng.randbytes(32).hex() if seat % 2 == 0 else None for seat in range(options.players))
        seed = DealSeed("Tbl_1-x", 3, index + 1, rng.randbytes(32), given)
        previous = match.rounds[-1] if match.rounds else None
        rnd = match.rules.deal_seeded(index, previous, seed)
        match.rounds.append(rnd)
        while rnd.end is None:
            rnd.apply(rng.choice(rnd.legal_moves()))
        seeds.append(seed)
    record = export_record(match, [SeatInfo(f"P{seat}") for seat in range(options.players)])
    for rnd_data, seed in zip(record["rounds"], seeds, strict=True):
        rnd_data["fair"] = proof_to_dict(seed)
    return json.loads(json.dumps(record))  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def chicken_record() -> dict[str, Any]:
    return play_match(ChickenFootOptions.for_table(3, length="half"), random.Random(8))


def verdicts(record: dict[str, Any]) -> list[str]:
    """Each round's verdict as printed, without what a fair round's players can compare (``seen``)."""
    return [str(check._replace(seen="")) for check in check_fairness(record)]


def test_a_fairly_dealt_record_is_legal_and_every_round_fair(chicken_record: dict[str, Any]) -> None:
    assert verify(chicken_record) == []
    checks = check_fairness(chicken_record)
    assert [c.verdict for c in checks] == [FAIR_ROUND] * 5 and [c.round for c in checks] == [1, 2, 3, 4, 5]
    assert verdicts(chicken_record)[0] == "round 1: fair"
    proof = chicken_record["rounds"][0]["fair"]
    given = [str(seat) for seat, value in enumerate(proof["contributions"]) if value is not None]
    assert given, "the fixture's people contributed"
    expected = f"round 1: fair (commitment {proof['commitment'][:16]}, contributions from seat"
    assert str(checks[0]).startswith(expected) and str(checks[0]).endswith(f" {', '.join(given)})")
    standard = play_match(StandardOptions.for_table(4, mode="allfives", partners=True), random.Random(9))
    assert verify(standard) == [] and {c.verdict for c in check_fairness(standard)} == {FAIR_ROUND}


def test_a_proof_written_is_read_back() -> None:
    seed = seed_of(random.Random(10), ("ab" * 16, None))
    assert read_proof(proof_to_dict(seed), 2) == (seed, commitment_of(seed))


def test_a_tampered_secret_is_named_with_its_round(chicken_record: dict[str, Any]) -> None:
    record = copy.deepcopy(chicken_record)
    secret = record["rounds"][1]["fair"]["secret"]
    record["rounds"][1]["fair"]["secret"] = ("0" if secret[0] != "0" else "1") + secret[1:]
    said = verdicts(record)
    assert said[0] == "round 1: fair" and said[2:] == [f"round {n}: fair" for n in (3, 4, 5)]
    assert said[1].startswith("round 2: the commitment does not match the secret; the deal differs at seat 0")
    assert check_fairness(record)[1].verdict == NOT_FAIR


def test_a_tampered_contribution_is_named_with_its_round(chicken_record: dict[str, Any]) -> None:
    record = copy.deepcopy(chicken_record)
    record["rounds"][2]["fair"]["contributions"][1] = "ab" * 32  # a seat that gave nothing "gave" something
    said = verdicts(record)
    assert said[2].startswith("round 3: the deal differs at seat 0; the deal differs at seat 1")
    assert "commitment" not in said[2] and said[1] == "round 2: fair"


def test_a_tampered_deal_is_named_with_its_round_and_seat(chicken_record: dict[str, Any]) -> None:
    record = copy.deepcopy(chicken_record)
    hands = record["rounds"][3]["hands"]
    hands[1][0], hands[2][0] = hands[2][0], hands[1][0]  # two seats swap a tile
    assert verdicts(record)[3] == "round 4: the deal differs at seat 1; the deal differs at seat 2"
    record = copy.deepcopy(chicken_record)
    boneyard = record["rounds"][4]["boneyard"]
    boneyard[0], boneyard[-1] = boneyard[-1], boneyard[0]
    assert verdicts(record)[4] == "round 5: the deal differs in the boneyard"
    record = copy.deepcopy(chicken_record)
    record["rounds"][0]["first"] = (record["rounds"][0]["first"] + 1) % 3
    assert verdicts(record)[0].startswith("round 1: the opener differs: the deal gives seat ")


def test_a_round_without_proof_is_no_fault_unless_an_earlier_round_has_one(chicken_record: dict[str, Any]) -> None:
    record = copy.deepcopy(chicken_record)
    del record["rounds"][0]["fair"]  # dealt before the scheme, as far as anyone can tell
    checks = check_fairness(record)
    assert checks[0].verdict == NO_PROOF and str(checks[0]) == "round 1: no proof"
    assert [c.verdict for c in checks].count(FAIR_ROUND) == 4
    del record["rounds"][2]["fair"]  # the dealer had the scheme by round 2: round 3's proof was held back
    checks = check_fairness(record)
    assert checks[2].verdict == NOT_FAIR
    assert str(checks[2]) == "round 3: no proof, though round 2 of the match has one: the proof was withheld"
    old = json.loads((Path(__file__).parent / "golden" / "cf-4p-half-4toes.json").read_text("utf-8"))
    assert {c.verdict for c in check_fairness(old)} == {NO_PROOF}


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda p: p.update(scheme="other@1"), "the scheme must be"),
        (lambda p: p.update(secret="zz" * 32), "the secret is 64"),
        (lambda p: p.update(secret=p["secret"].upper()), "the secret is 64"),
        (lambda p: p.update(contributions=[None]), "one entry per seat"),
        (lambda p: p.update(contributions=[7, None, None]), "a contribution is"),
        (lambda p: p.update(table="a b"), "table id"),
        (lambda p: p.update(match="1"), "match number"),
        (lambda p: p.update(commitment=None), "the commitment is 64"),
        (lambda p: p.clear(), "the scheme must be"),
    ],
)
def test_a_proof_out_of_shape_is_named_not_a_crash(chicken_record: dict[str, Any], change: Any, said: str) -> None:
    record = copy.deepcopy(chicken_record)
    change(record["rounds"][2]["fair"])
    check = check_fairness(record)[2]
    assert check.verdict == NOT_FAIR and check.problems[0].startswith("the proof cannot be read: ")
    assert said in check.problems[0]


def test_a_proof_for_another_place_is_named(chicken_record: dict[str, Any]) -> None:
    record = copy.deepcopy(chicken_record)
    record["rounds"][1]["fair"]["round"] = 3
    assert verdicts(record)[1].startswith("round 2: the proof is for round 3; the commitment does not match")
    record = copy.deepcopy(chicken_record)
    proof = record["rounds"][2]["fair"]
    proof["match"] = 4  # a proof of another match, internally consistent (its commitment recomputed)
    proof["commitment"] = commitment(proof["table"], 4, proof["round"], bytes.fromhex(proof["secret"]))
    said = verdicts(record)[2]
    assert said.startswith("round 3: the proof is for table Tbl_1-x match 4, the record's other rounds for table Tbl_1")


def test_a_tampered_first_round_leaves_the_genuine_rounds_after_it_fair(chicken_record: dict[str, Any]) -> None:
    record = copy.deepcopy(chicken_record)
    record["rounds"][0]["fair"]["table"] = "Other-table"  # the commitment no longer matches either
    checks = check_fairness(record)
    assert checks[0].verdict == NOT_FAIR
    assert checks[0].problems[0].startswith("the proof is for table Other-table match 3, the record's other rounds")
    assert all(check.verdict == FAIR_ROUND for check in checks[1:]), [str(check) for check in checks]


@pytest.mark.parametrize(
    ("record", "rule"),
    [
        ("not json", "json"),
        ({"game": "go"}, "game"),
        ({"game": "standard", "options": {"players": 9}}, "options"),
        ({"game": "standard", "options": []}, "format"),
        ({"game": "standard", "options": StandardOptions.for_table(2).to_dict(), "rounds": {}}, "format"),
    ],
)
def test_a_record_that_cannot_be_read_is_a_record_error(record: Any, rule: str) -> None:
    with pytest.raises(RecordError) as error:
        check_fairness(record)
    assert error.value.rule == rule
