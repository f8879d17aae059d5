"""The names bots sit under: a short list of first names per language, so that three medium bots at one table
are three players a person can tell apart ("Clara", "Boris"), each shown with its level.

>>> bot_name("en", ["Ann"], random.Random(1)) in NAMES["en"]
True
>>> bot_name("xx", NAMES["en"][:-1], random.Random(1)) == NAMES["en"][-1]
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable

NAMES: dict[str, tuple[str, ...]] = {
    "en": ("Ada", "Boris", "Clara", "Dexter", "Edith", "Felix", "Greta", "Hugo", "Iris", "Jasper", "Lena"),
    "ru": ("Алина", "Борис", "Вера", "Глеб", "Дарья", "Егор", "Жанна", "Захар", "Ирина", "Кирилл", "Лиза"),  # noqa: RUF001
    "pl": ("Ada", "Bartek", "Celina", "Darek", "Ewa", "Franek", "Gosia", "Henryk", "Iga", "Jacek", "Kasia"),
    "cs": ("Adéla", "Bohouš", "Cecílie", "Dušan", "Eliška", "František", "Hana", "Ivan", "Jitka", "Karel", "Lída"),
}
"""First names for bots, per language of the page that made the table (at least 11 each: the seats beside the
host at a table of twelve)."""


def bot_name(language: str, taken: Iterable[str | None], rng: random.Random) -> str:
    """A name of ``language`` (English when it has none) that no seat in ``taken`` has yet."""
    names = NAMES.get(language, NAMES["en"])
    used = {name for name in taken if name}
    free = [name for name in names if name not in used]
    return rng.choice(free) if free else f"{names[0]} {len(used) + 1}"
