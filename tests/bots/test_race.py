"""The race between candidates drops only the clearly beaten ones and keeps the best."""

from __future__ import annotations

import random

from dominohall.search.race import FIRST_CHECK, Race


def test_a_clearly_worse_candidate_is_dropped_and_the_best_kept() -> None:
    rng = random.Random(1)
    race = Race(3)
    for _ in range(200):
        luck = rng.gauss(0, 20)  # the deal's luck, common to every candidate
        values = {0: luck, 1: luck - 5 + rng.gauss(0, 1), 2: luck + 0.1 * rng.gauss(0, 1)}
        race.add([values[c] for c in race.alive])
    assert 1 not in race.alive and race.best() in (0, 2)
    means = race.final_means()
    assert means[1] < min(means[0], means[2])


def test_candidates_that_cannot_be_told_apart_all_stay() -> None:
    rng = random.Random(2)
    race = Race(4)
    for _ in range(400):
        race.add([rng.gauss(0, 10) for _ in race.alive])
    assert len(race.alive) >= 3  # at z = 3 a wrong drop is rare


def test_no_candidate_is_dropped_before_the_first_check() -> None:
    race = Race(2)
    for _ in range(FIRST_CHECK - 1):
        race.add([0.0, -100.0])
    assert race.alive == [0, 1]
    race.add([0.0, -100.0])
    assert race.alive == [0] and race.best() == 0


def test_ties_go_to_the_first_candidate() -> None:
    race = Race(3)
    race.add([1.0, 1.0, 1.0])
    assert race.best() == 0
