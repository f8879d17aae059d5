"""A race between candidate plays: values on common deals, and the clearly beaten ones dropped on the way.

Every candidate still in the race is valued on every sampled deal, so two candidates' values on the same
deal differ mostly by what the plays do, not by the luck of the deal. From time to time the candidate
with the best mean leads, and any other whose mean difference from the leader stays below zero even at
``z`` standard errors is dropped: the deals left in the budget then go to the plays still in doubt.
"""

from __future__ import annotations

import math

import numpy as np

Z = 3.0
"""How many standard errors behind the leader a candidate must be to be dropped."""
FIRST_CHECK = 24
"""Deals before the first check (fewer say too little about the spread of the differences)."""
EVERY = 8
"""Deals between checks."""


class Race:
    """The running sums of ``count`` candidates' values (and their products, for the spread of
    differences) over the deals each has been valued on."""

    def __init__(self, count: int, z: float = Z) -> None:
        self.alive = list(range(count))
        """The candidates still in the race, by index."""
        self.z = z
        self.deals = 0
        self.sums = np.zeros(count)
        self.means = [0.0] * count
        """Each candidate's mean value, over the deals it was valued on (a dropped one keeps its last)."""
        self.products = np.zeros((count, count))
        self._row = np.zeros(count)

    def add(self, values: list[float]) -> None:
        """The values of the candidates in ``alive`` (in that order) on one more deal."""
        row = self._row
        row[self.alive] = values  # a dropped candidate's place stays 0: its sums no longer count
        self.sums += row
        self.products += np.outer(row, row)
        self.deals += 1
        if self.deals >= FIRST_CHECK and self.deals % EVERY == 0 and len(self.alive) > 1:
            self.drop_beaten()

    def drop_beaten(self) -> None:
        """Drop every candidate that is clearly behind the leader."""
        n, sums, products = self.deals, self.sums, self.products
        leader = self.best()
        kept = []
        for c in self.alive:
            mean = (sums[c] - sums[leader]) / n
            square = (products[c, c] - 2 * products[c, leader] + products[leader, leader]) / n
            spread = math.sqrt(max(0.0, square - mean * mean) / max(1, n - 1))
            if c == leader or mean + self.z * spread >= 0:
                kept.append(c)
            else:
                self.means[c] = float(sums[c]) / n
                self._row[c] = 0.0
        self.alive = kept

    def best(self) -> int:
        """The candidate in the race with the best mean (the first of equals)."""
        return max(self.alive, key=self.sums.__getitem__)

    def final_means(self) -> list[float]:
        """Each candidate's mean value: over every deal for those still in the race, over the deals before
        it was dropped for the others."""
        means = self.means.copy()
        for c in self.alive:
            means[c] = float(self.sums[c]) / max(1, self.deals)
        return means
