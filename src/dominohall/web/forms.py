"""The table forms of the site: the game pages' "Your table" and the host's settings on the table page.

A form is kept as the person's *choices*: the raw value of every field as a string, so a refused form is
shown again with everything as it was chosen. ``settings_of`` turns choices into the settings the hall
takes (the record's option names plus the table's own ``turn_seconds`` and ``public``, docs/protocol.md);
``fields_of`` describes the fields to draw, in the page's language, with the reason next to the field at
fault. Every setting a table has is offered; a choice that follows the number of players ("by players") is
sent as no value, so the server picks it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..tables.errors import CommandError
from ..tables.settings import options_from_settings, table_settings_from
from . import translations

MAX_SEATS = {"chickenfoot": 12, "standard": 4}
"""The most seats a table of each game has."""
LEVELS = ("easy", "medium", "hard", "expert")
"""The bot levels a seat of the form may have (or ``person``: a free seat for a friend)."""
LIMITS = (100, 150, 200, 300)
"""The score limits a Chicken Foot form offers by name (any other whole number is "another score")."""
TARGETS = (50, 100, 150, 250)
"""The targets a standard form offers by name."""
TURN_SECONDS = (15, 30, 60, 120)
"""The turn timers a form offers (besides "auto" and "off")."""
HANDS = tuple(range(3, 26))
"""The hand sizes a Chicken Foot form offers (besides "by players")."""

GAME_DEFAULTS: dict[str, dict[str, str]] = {
    "chickenfoot": {
        "players": "4",
        "set": "auto",
        "hand": "auto",
        "hand_other": "",
        "length": "full",
        "start_toes": "6",
        "blank_double": "50",
        "limit": "off",
        "limit_other": "",
    },
    "standard": {"mode": "draw", "players": "2", "set": "6", "partners": "", "target": "by-mode", "target_other": ""},
}
"""Each game's form as it first shows: every field's value as the form posts it."""
TABLE_DEFAULTS = {"turn_seconds": "auto", "public": ""}
"""The table's own settings as a form first shows them."""
CHECKBOXES = frozenset({"partners", "public"})
"""Fields posted only when ticked (their value is then ``on``)."""
NUMBER = re.compile(r"\d{1,5}")


class FormError(ValueError):
    """A form that makes no table: ``field`` names the form's field at fault (``None``: no one field)."""

    def __init__(self, field: str | None, code: str = "bad-settings") -> None:
        super().__init__(f"{code}: {field}")
        self.field = field
        self.code = code


@dataclass
class Field:
    """One field of a table form as the template draws it."""

    name: str
    label: str
    options: list[tuple[str, str]] = field(default_factory=list)
    """(value, label) of a select; empty for a checkbox."""
    value: str = ""
    problem: str | None = None
    note: str | None = None
    """A line under the field that says more of its choices."""
    other: str | None = None
    """The number typed for "another score" (a select whose options include ``other``)."""
    other_label: str = ""
    reason: str = ""
    """Why the server may refuse this field, for the page's script to show (the host's form on the table page)."""


# -- choices ------------------------------------------------------------------------------------------


def choices_of(game: str, form: dict[str, str]) -> dict[str, str]:
    """What the person chose in a posted form, every field of ``game``'s form filled (defaults where absent)."""
    chosen = GAME_DEFAULTS[game] | TABLE_DEFAULTS | {"name": ""}
    chosen |= {f"seat{seat}": "medium" for seat in range(1, MAX_SEATS[game])}
    for key in chosen:
        if key in CHECKBOXES:
            chosen[key] = "on" if form.get(key) == "on" else ""
        elif key in form:
            chosen[key] = form[key].strip()[:40]
    return chosen


def table_choices(summary: dict[str, Any]) -> dict[str, str]:
    """A table's settings as the host's form shows them (``summary``: the table's public summary)."""
    game, options = summary["game"], summary["options"]
    own = summary.get("settings") or {}
    seconds = own.get("turn_seconds")
    chosen = {
        "turn_seconds": "auto" if seconds is None else "off" if seconds == 0 else str(seconds),
        "public": "on" if own.get("public") else "",
    }
    if game == "chickenfoot":
        return chosen | _chicken_foot_choices(options)
    usual = options_from_settings("standard", {"mode": options["mode"]}).to_dict()["target"]
    target, named = options["target"], "by-mode"
    if target != usual:
        named = "none" if target is None else str(target) if target in TARGETS else "other"
    return chosen | {
        "mode": options["mode"],
        "players": str(options["players"]),
        "set": str(options["set"]),
        "partners": "on" if options["partners"] else "",
        "target": named,
        "target_other": str(target) if named == "other" else "",
    }


def _chicken_foot_choices(options: dict[str, Any]) -> dict[str, str]:
    players, top, hand, limit = options["players"], options["set"], options["hand"], options["limit"]
    usual_top = options_from_settings("chickenfoot", {"players": players}).to_dict()["set"]
    usual_hand = options_from_settings("chickenfoot", {"players": players, "set": top}).to_dict()["hand"]
    named_limit = "off" if limit is None else str(limit) if limit in LIMITS else "other"
    return {
        "players": str(players),
        "set": "auto" if top == usual_top else str(top),
        "hand": "auto" if hand == usual_hand else str(hand) if hand in HANDS else "other",
        "hand_other": str(hand) if hand != usual_hand and hand not in HANDS else "",
        "length": options["length"],
        "start_toes": str(options["start_toes"]),
        "blank_double": str(options["blank_double"]),
        "limit": named_limit,
        "limit_other": str(limit) if named_limit == "other" else "",
    }


# -- from choices to settings -------------------------------------------------------------------------


def _number(chosen: dict[str, str], key: str, field_name: str | None = None) -> int:
    value = chosen.get(key, "")
    if not NUMBER.fullmatch(value):
        raise FormError(field_name or key)
    return int(value)


def _listed_or_typed(chosen: dict[str, str], key: str) -> int:
    """A number (a score, a hand) chosen from the list or typed as "another"."""
    return _number(chosen, f"{key}_other", key) if chosen[key] == "other" else _number(chosen, key)


def settings_of(game: str, chosen: dict[str, str]) -> dict[str, Any]:
    """The settings (record option names and the table's own) that ``chosen`` asks for; ``FormError`` when
    a field holds something that is no choice at all (the hall checks the rest)."""
    players = _number(chosen, "players")
    if not 2 <= players <= MAX_SEATS[game]:
        raise FormError("players")
    settings: dict[str, Any] = {"players": players}
    if game == "chickenfoot":
        if chosen["set"] != "auto":
            settings["set"] = _number(chosen, "set")
        if chosen["hand"] != "auto":
            settings["hand"] = (
                _number(chosen, "hand_other", "hand") if chosen["hand"] == "other" else _number(chosen, "hand")
            )
        settings["length"] = chosen["length"]
        settings["start_toes"] = _number(chosen, "start_toes")
        settings["blank_double"] = _number(chosen, "blank_double")
        settings["limit"] = None if chosen["limit"] == "off" else _listed_or_typed(chosen, "limit")
    else:
        settings["mode"] = chosen["mode"]
        settings["set"] = _number(chosen, "set")
        settings["partners"] = chosen["partners"] == "on"
        target = chosen["target"]
        named = {"by-mode": "by-mode", "none": None}
        settings["target"] = named[target] if target in named else _listed_or_typed(chosen, "target")
    seconds = chosen["turn_seconds"]
    settings["turn_seconds"] = None if seconds == "auto" else 0 if seconds == "off" else _number(chosen, "turn_seconds")
    settings["public"] = chosen["public"] == "on"
    return settings


def bots_of(game: str, chosen: dict[str, str], players: int) -> list[str | None]:
    """A bot level per seat, ``None`` for a person: the host in seat 1, then what each seat's select says."""
    bots: list[str | None] = [None]
    for seat in range(1, players):
        level = chosen.get(f"seat{seat}", "medium")
        if level != "person" and level not in LEVELS:
            raise FormError("seats", "bad-bot")
        bots.append(None if level == "person" else level)
    return bots


# -- what went wrong, in the page's language ----------------------------------------------------------


def problems_of(language: str, game: str, chosen: dict[str, str]) -> list[dict[str, str]]:
    """Every field of the form at fault, each with its ``code`` and ``text`` (why, in ``language``): the checks
    stop at a field, so each field found at fault is put back to its default before the next check, and a form
    with two wrong fields is told of both at once."""
    problems: list[dict[str, str]] = []
    trial, defaults = dict(chosen), choices_of(game, {})
    while True:
        try:
            settings = settings_of(game, trial)
            bots_of(game, trial, settings["players"])
            options_from_settings(game, settings)
            table_settings_from(settings)
            return problems
        except (FormError, CommandError) as error:
            field = error.field or ""
            if any(problem["field"] == field for problem in problems):
                return problems  # a field the defaults cannot mend: said once
            text = problem_text(language, game, error.field, error.code, chosen)
            problems.append({"field": field, "code": error.code, "text": text})
            seats = field == "seats"  # the seats' bots are one fault: every seat put back
            mended = [key for key in defaults if key in (field, f"{field}_other") or (seats and key[:4] == "seat")]
            if not mended:
                return problems
            trial |= {key: defaults[key] for key in mended}


def problem_text(language: str, game: str, field_name: str | None, code: str, chosen: dict[str, str]) -> str:
    """Why the form makes no table, said for the person in ``language`` (next to the field at fault)."""
    forms = translations(language)
    if code == "rate-limited":
        return forms.gettext("Too many new tables from your address: wait a minute and press Play again.")
    if code == "bad-name" or field_name == "name":
        return forms.gettext("A name is 1 to 24 letters, digits or signs.")
    if field_name == "hand" and game == "chickenfoot" and "players" in chosen:
        return _hand_text(language, chosen)
    reasons = {
        "players": forms.gettext("Chicken Foot is played by 2 to 12 players.")
        if game == "chickenfoot"
        else forms.gettext("The standard game is played by 2 to 4 players."),
        "set": forms.gettext("Chicken Foot uses a double-nine, double-twelve or double-fifteen set.")
        if game == "chickenfoot"
        else forms.gettext("Choose a double-six, double-nine or double-twelve set."),
        "hand": forms.gettext("Tiles per hand: a whole number, no more than this set allows for this many players.")
        if game == "chickenfoot"
        else forms.gettext("This game deals its own number of tiles per hand."),
        "length": forms.gettext("Choose a full match, half a match or a single round."),
        "start_toes": forms.gettext("The first double takes four or six toes."),
        "blank_double": forms.gettext("The 0-0 left in a hand counts 25 or 50 points."),
        "limit": forms.gettext("A score limit is a whole number from 1 to 10000."),
        "target": forms.gettext("A target score is a whole number from 1 to 10000."),
        "mode": forms.gettext("Choose the draw game, the block game, All Fives or Bergen."),
        "partners": forms.gettext("Partners need four players: two teams sitting opposite each other."),
        "turn_seconds": forms.gettext("A turn lasts 10 to 300 seconds, or the timer is off."),
        "seats": forms.gettext("Each seat takes a bot (easy, medium, hard or expert) or a person."),
    }
    return reasons.get(field_name or "", forms.gettext("These settings do not make a table. Please check them."))


def _hand_text(language: str, chosen: dict[str, str]) -> str:
    """Why a Chicken Foot hand does not fit, with the largest hand that would."""
    forms = translations(language)
    players = int(chosen["players"]) if NUMBER.fullmatch(chosen["players"]) else 0
    top = chosen["set"]
    if not 2 <= players <= MAX_SEATS["chickenfoot"] or top == "auto" or not NUMBER.fullmatch(top):
        top = "9" if players <= 6 else "12" if players <= 8 else "15"
    tiles = (int(top) + 1) * (int(top) + 2) // 2
    most = (tiles - 1) // players if players else 0
    if most < 1:
        return forms.gettext("That many tiles per hand do not fit this set for this many players.")
    typed = chosen.get("hand_other", "") if chosen.get("hand") == "other" else "1"
    if not NUMBER.fullmatch(typed) or int(typed) < 1:
        return forms.gettext("Tiles per hand: type a whole number from 1 to %(num)d.") % {"num": most}
    text = forms.ngettext(
        "%(set)s: for this many players, at most %(num)d tile per hand.",
        "%(set)s: for this many players, at most %(num)d tiles per hand.",
        most,
    )
    return text % {"set": set_names(language)[int(top)], "num": most}


# -- the fields to draw -------------------------------------------------------------------------------


def fields_of(
    language: str, game: str, chosen: dict[str, str], problems: Sequence[dict[str, str]] = (), reasons: bool = False
) -> list[Field]:
    """The fields of ``game``'s table form in ``language``, set to ``chosen``, the reason on each one at fault;
    with ``reasons``, each field also carries why the server may refuse it (for a form the page's script sends:
    it shows that reason when an error names the field)."""
    built = _chicken_foot_fields(language) if game == "chickenfoot" else _standard_fields(language)
    built += _table_fields(language)
    for each in built:
        if reasons:
            each.reason = problem_text(language, game, each.name, "bad-settings", {})
        each.value = chosen.get(each.name, "")
        if each.options and each.value not in {value for value, _ in each.options}:
            each.options.append((each.value, each.value))  # a value typed by hand stays as it was sent
        if any(value == "other" for value, _ in each.options):
            each.other = chosen.get(f"{each.name}_other", "")
        each.problem = next((problem["text"] for problem in problems if problem["field"] == each.name), None)
    return built


def _points(language: str, values: tuple[int, ...]) -> list[tuple[str, str]]:
    forms = translations(language)
    return [(str(n), forms.ngettext("%(num)d point", "%(num)d points", n) % {"num": n}) for n in values]


def _players(language: str, most: int) -> Field:
    forms = translations(language)
    counts = [(str(n), forms.ngettext("%(num)d player", "%(num)d players", n) % {"num": n}) for n in range(2, most + 1)]
    return Field("players", forms.gettext("Players"), counts)


def _chicken_foot_fields(language: str) -> list[Field]:
    forms = translations(language)
    by_players = forms.gettext("By the number of players")
    tiles = [(str(n), forms.ngettext("%(num)d tile", "%(num)d tiles", n) % {"num": n}) for n in HANDS]
    toes = [(str(n), forms.ngettext("%(num)d toe", "%(num)d toes", n) % {"num": n}) for n in (6, 4)]
    limits = [("off", forms.gettext("None: the length decides")), *_points(language, LIMITS)]
    return [
        _players(language, MAX_SEATS["chickenfoot"]),
        Field(
            "set",
            forms.gettext("Set"),
            [
                ("auto", by_players),
                *((str(top), set_names(language)[top]) for top in (9, 12, 15)),
            ],
        ),
        Field(
            "hand",
            forms.gettext("Tiles in each hand"),
            [("auto", by_players), *tiles, ("other", forms.gettext("Another number…"))],
            other_label=forms.gettext("Tiles in each hand"),
        ),
        Field(
            "length",
            forms.gettext("Length"),
            [
                ("full", forms.gettext("Full match: every double")),
                ("half", forms.gettext("Half match")),
                ("one", forms.gettext("One round")),
            ],
        ),
        Field("start_toes", forms.gettext("Toes around the first double"), toes),
        Field("blank_double", forms.gettext("0-0 left in hand counts"), _points(language, (50, 25))),
        Field(
            "limit",
            forms.gettext("Score limit: the match ends once someone's total goes over it (instead of a length)"),
            [*limits, ("other", forms.gettext("Another score…"))],
            other_label=forms.gettext("Score limit in points"),
        ),
    ]


def _standard_fields(language: str) -> list[Field]:
    forms = translations(language)
    targets = [
        ("by-mode", forms.gettext("The game's usual target")),
        ("none", forms.gettext("A single hand")),
        *_points(language, TARGETS),
        ("other", forms.gettext("Another score…")),
    ]
    return [
        Field(
            "mode",
            forms.gettext("Game"),
            [
                ("draw", forms.gettext("Draw game")),
                ("block", forms.gettext("Block game")),
                ("allfives", forms.gettext("All Fives")),
                ("bergen", forms.gettext("Bergen")),
            ],
        ),
        _players(language, 4),
        Field(
            "set",
            forms.gettext("Set"),
            [(str(top), set_names(language)[top]) for top in (6, 9, 12)],
        ),
        Field("partners", forms.gettext("Partners (four players, opposite seats)")),
        Field(
            "target",
            forms.gettext("Target"),
            targets,
            other_label=forms.gettext("Target in points"),
            note=forms.gettext("Usually one hand in the draw and block games, 150 points in All Fives, 15 in Bergen."),
        ),
    ]


def _table_fields(language: str) -> list[Field]:
    forms = translations(language)
    seconds = [(str(n), forms.ngettext("%(num)d second", "%(num)d seconds", n) % {"num": n}) for n in TURN_SECONDS]
    return [
        Field(
            "turn_seconds",
            forms.gettext("Time for a turn"),
            [
                ("auto", forms.gettext("Auto: 60 s, off against bots")),
                ("off", forms.gettext("No timer")),
                *seconds,
            ],
        ),
        Field("public", forms.gettext("List this table in the lobby on the home page")),
    ]


def deal_rows() -> list[tuple[int, int, int, int]]:
    """The usual Chicken Foot deal by player count, as the hall deals it (the game page's table): players,
    the set's top double, the tiles in each hand and the rounds of a full match (one per double)."""
    rows = []
    for players in range(2, MAX_SEATS["chickenfoot"] + 1):
        usual = options_from_settings("chickenfoot", {"players": players}).to_dict()
        rows.append((players, usual["set"], usual["hand"], usual["set"] + 1))
    return rows


# -- a table's settings in one short line (the lobby) -------------------------------------------------


def set_names(language: str) -> dict[int, str]:
    """Each set's name, as the forms and the lobby say it, by its highest number."""
    forms = translations(language)
    return {
        6: forms.gettext("Double-six"),
        9: forms.gettext("Double-nine"),
        12: forms.gettext("Double-twelve"),
        15: forms.gettext("Double-fifteen"),
    }


def rules_line(language: str, game: str, options: dict[str, Any], settings: dict[str, Any] | None) -> str:
    """A table's game settings in short, in ``language``: players, set, length or target, and every setting
    that is not the game's default, then the turn timer when it is not automatic."""
    forms = translations(language)
    words = [forms.ngettext("%(num)d player", "%(num)d players", options["players"]) % {"num": options["players"]}]
    sets = set_names(language)
    if game == "chickenfoot":
        words += _chicken_foot_words(language, options, sets)
    else:
        words += _standard_words(language, options, sets)
    seconds = (settings or {}).get("turn_seconds")
    if seconds == 0:
        words.append(forms.gettext("No timer"))
    elif seconds:
        words.append(forms.ngettext("%(num)d second a turn", "%(num)d seconds a turn", seconds) % {"num": seconds})
    return " · ".join(words)


def _chicken_foot_words(language: str, options: dict[str, Any], sets: dict[int, str]) -> list[str]:
    forms = translations(language)
    chosen = _chicken_foot_choices(options)
    words = [sets.get(options["set"], str(options["set"]))]
    if chosen["hand"] != "auto":
        words.append(
            _count(forms.ngettext("%(num)d tile per hand", "%(num)d tiles per hand", options["hand"]), options["hand"])
        )
    limit = options["limit"]
    if limit is not None:
        words.append(_count(forms.ngettext("Score limit: %(num)d point", "Score limit: %(num)d points", limit), limit))
    else:
        full, half, one = forms.gettext("Full match"), forms.gettext("Half match"), forms.gettext("One round")
        words.append({"full": full, "half": half, "one": one}.get(options["length"], options["length"]))
    toes, blank = options["start_toes"], options["blank_double"]
    if toes != 6:
        words.append(_count(forms.ngettext("%(num)d start toe", "%(num)d start toes", toes), toes))
    if blank != 50:
        words.append(_count(forms.ngettext("0-0 counts %(num)d point", "0-0 counts %(num)d points", blank), blank))
    return words


def _count(text: str, num: int) -> str:
    return text % {"num": num}


def _standard_words(language: str, options: dict[str, Any], sets: dict[int, str]) -> list[str]:
    forms = translations(language)
    modes = {
        "draw": forms.gettext("Draw game"),
        "block": forms.gettext("Block game"),
        "allfives": forms.gettext("All Fives"),
        "bergen": forms.gettext("Bergen"),
    }
    words = [modes.get(options["mode"], options["mode"]), sets.get(options["set"], str(options["set"]))]
    if options["partners"]:
        words.append(forms.gettext("Partners"))
    target = options["target"]
    words.append(
        forms.gettext("A single hand")
        if target is None
        else forms.ngettext("To %(num)d point", "To %(num)d points", target) % {"num": target}
    )
    return words
