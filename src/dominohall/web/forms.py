"""The table forms of the site: the game pages' "Your table" and the host's settings on the table page.

A form is kept as the person's *choices*: the raw value of every field as a string, so a refused form is
shown again with everything as it was chosen. ``settings_of`` turns choices into the settings the hall
takes (the record's option names plus the table's own ``turn_seconds``, ``public`` and ``rated``: the form's
box ``casual``, docs/protocol.md);
``fields_of`` describes the fields to draw, in the page's language, with the reason next to the field at
fault. Every setting a table has is offered; a choice that follows the number of players ("by players") is
sent as no value, so the server picks it.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..tables.errors import CommandError
from ..tables.settings import (
    CHOICE,
    FLAG,
    SCORE_LIMIT,
    WHOLE,
    Setting,
    chosen_settings_of,
    default_settings,
    hands_that_fit,
    options_from_settings,
    schema_of,
    table_settings_from,
)
from . import translations
from .words import game_title

LEVELS = ("easy", "medium", "hard", "expert")
"""The bot levels a seat of the form may have (or ``person``: a free seat for a friend)."""
LIMITS = (100, 150, 200, 300)
"""The score limits a form offers by name (any other whole number is "another score")."""
TARGETS = (50, 100, 150, 250)
"""The targets (a score setting called ``target``) a form offers by name."""
TURN_SECONDS = (15, 30, 60, 120)
"""The turn timers a form offers (besides "auto" and "off")."""
HANDS = tuple(range(3, 26))
"""The hand sizes a form offers (besides "by players")."""

AUTO = "auto"
"""A choice that sends no value, so that the game's default (which follows other settings) applies."""
OFF = "off"
"""A choice of "none" for a setting whose default is no value (no score limit)."""
NONE = "none"
"""The choice of ``null`` for a setting where ``null`` is a value of its own (no target: one hand decides)."""
OTHER = "other"
"""A choice whose number is typed in the field ``<name>_other``."""
TABLE_DEFAULTS = {"turn_seconds": "auto", "public": "", "casual": ""}
"""The table's own settings as a form first shows them."""
CHECKBOXES = frozenset({"public", "casual"})
"""The table's own fields posted only when ticked (their value is then ``on``); a game's flags are too."""
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
    fits: dict[str, str] = field(default_factory=dict)
    """The choices that only some numbers of players allow: value -> those numbers (``"2 3 4"``), for the
    page's script to grey the choice out at the others (``static/form.js``)."""
    unfit: str = ""
    """Why some of its choices are greyed out (shown by the script while one is)."""


# -- choices ------------------------------------------------------------------------------------------


def choices_of(game: str, form: dict[str, str]) -> dict[str, str]:
    """What the person chose in a posted form, every field of ``game``'s form filled (defaults where absent)."""
    chosen = form_defaults(game) | TABLE_DEFAULTS | {"name": ""}
    chosen |= {f"seat{seat}": "medium" for seat in range(1, most_seats(game))}
    flags = CHECKBOXES | {setting.name for setting in schema_of(game) if setting.kind == FLAG}
    for key in chosen:
        if key in flags:
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
        "casual": "" if own.get("rated", True) else "on",
    }
    return chosen | _schema_choices(game, options)


# -- from choices to settings -------------------------------------------------------------------------


def _number(chosen: dict[str, str], key: str, field_name: str | None = None) -> int:
    value = chosen.get(key, "")
    if not NUMBER.fullmatch(value):
        raise FormError(field_name or key)
    return int(value)


def settings_of(game: str, chosen: dict[str, str]) -> dict[str, Any]:
    """The settings (record option names and the table's own) that ``chosen`` asks for; ``FormError`` when
    a field holds something that is no choice at all (the hall checks the rest)."""
    players = _number(chosen, "players")
    if not 2 <= players <= most_seats(game):
        raise FormError("players")
    settings: dict[str, Any] = {"players": players} | _schema_settings(game, chosen)
    seconds = chosen["turn_seconds"]
    settings["turn_seconds"] = None if seconds == "auto" else 0 if seconds == "off" else _number(chosen, "turn_seconds")
    settings["public"] = chosen["public"] == "on"
    settings["rated"] = chosen.get("casual") != "on"  # a box left as it is (unticked, so not posted): rated
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
            text = problem_text(language, game, error.field, error.code, trial)  # the fields mended so far too
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
    reasons = {  # the fields whose reason goes by the setting's name, whichever game has it
        "length": forms.gettext("Choose a full match, half a match or a single round."),
        "limit": forms.gettext("A score limit is a whole number from 1 to 10000."),
        "target": forms.gettext("A target score is a whole number from 1 to 10000."),
        "mode": forms.gettext("Choose the draw game, the block game, All Fives or Bergen."),
        "partners": forms.gettext("Partners need four players: two teams sitting opposite each other."),
        "turn_seconds": forms.gettext("A turn lasts 10 to 300 seconds, or the timer is off."),
        "seats": forms.gettext("Each seat takes a bot (easy, medium, hard or expert) or a person."),
    }
    shared = reasons.get(field_name or "")
    if shared is not None:
        return shared
    schema_text = _schema_problem(language, game, field_name, chosen)
    if schema_text is not None:
        return schema_text
    return forms.gettext("These settings do not make a table. Please check them.")


# -- the fields to draw -------------------------------------------------------------------------------


def fields_of(
    language: str, game: str, chosen: dict[str, str], problems: Sequence[dict[str, str]] = (), reasons: bool = False
) -> list[Field]:
    """The fields of ``game``'s table form in ``language``, set to ``chosen``, the reason on each one at fault;
    with ``reasons``, each field also carries why the server may refuse it (for a form the page's script sends:
    it shows that reason when an error names the field)."""
    built = _schema_fields(language, game) + _table_fields(language)
    unfit = translations(language).gettext("Greyed out: not possible with this many players.")
    for each in built:
        each.fits = _fitting_players(game, each.name)
        each.unfit = unfit if each.fits else ""
        if reasons:
            each.reason = problem_text(language, game, each.name, "bad-settings", {})
        each.value = chosen.get(each.name, "")
        if each.options and each.value not in {value for value, _ in each.options}:
            each.options.append((each.value, each.value))  # a value typed by hand stays as it was sent
        if any(value == "other" for value, _ in each.options):
            each.other = chosen.get(f"{each.name}_other", "")
        each.problem = next((problem["text"] for problem in problems if problem["field"] == each.name), None)
    return built


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
        Field("casual", forms.gettext("Casual: the match does not count for the players' ratings")),
    ]


def deal_rows(game: str) -> list[tuple[int, int, int, int]]:
    """The usual deal of ``game`` (one whose set follows the players) by player count, as the hall deals it
    (the game page's table): players, the set's top double, the tiles in each hand and the rounds of a full
    match (one per double)."""
    rows = []
    for players in range(_fewest_seats(game), most_seats(game) + 1):
        usual = options_from_settings(game, {"players": players}).to_dict()
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
    words += _schema_words(language, game, options)
    seconds = (settings or {}).get("turn_seconds")
    if seconds == 0:
        words.append(forms.gettext("No timer"))
    elif seconds:
        words.append(forms.ngettext("%(num)d second a turn", "%(num)d seconds a turn", seconds) % {"num": seconds})
    return " · ".join(words)


def _count(text: str, num: int) -> str:
    return text % {"num": num}


# -- the forms made from a game's settings schema -----------------------------------------------------
# Every game's form is made here from its descriptor's settings (``Setting``: kind, range or choices, its
# words) and its defaults: the fields, their checks, the reason next to a field at fault and the table's rules
# line. The words of a setting's values go by the setting (its name, unit or words), never by the game.


def most_seats(game: str) -> int:
    """The most seats a table of ``game`` has: its ``players`` setting's ``high``."""
    return next(setting.high for setting in schema_of(game) if setting.name == "players")


def _fewest_seats(game: str) -> int:
    return next(setting.low for setting in schema_of(game) if setting.name == "players")


@functools.cache
def _fixed_defaults(game: str) -> dict[str, str]:
    """The settings left out of the game's defaults (they may follow others) whose value is in fact the same
    for every number of players: the form offers that value itself rather than "by the number of players"."""
    chosen = default_settings(game)
    fixed = {}
    for setting in schema_of(game):
        if setting.name in chosen or setting.auto:
            continue  # chosen, or following a setting other than the players (a target its game's mode)
        values = {
            options_from_settings(game, {"players": players}).to_dict().get(setting.name)
            for players in range(_fewest_seats(game), most_seats(game) + 1)
        }
        if len(values) == 1:
            fixed[setting.name] = _as_choice(values.pop())
    return fixed


@functools.cache
def _fitting_players(game: str, name: str) -> dict[str, str]:
    """The choices of ``game``'s setting ``name`` that some numbers of players make impossible, each with the
    numbers that allow it (``Field.fits``): the game's own checks tried on every number, the other settings
    left to their defaults or one of them set to another of its choices (a house set allows another hand). A
    flag's choice is ``on``; a choice every number allows, and the choices that follow the others ("by the
    number of players", "another number"), are left out."""
    setting = next((setting for setting in schema_of(game) if setting.name == name), None)
    if setting is None or name == "players":
        return {}
    values: tuple[int | str | bool, ...] = (True,) if setting.kind == FLAG else setting.choices
    if setting.kind == WHOLE:
        values = _listed(setting)
    counts = range(_fewest_seats(game), most_seats(game) + 1)
    others: list[dict[str, Any]] = [{}] + [
        {other.name: choice}
        for other in schema_of(game)
        if other.kind == CHOICE and other.name != name
        for choice in other.choices
    ]
    fits = {}
    for value in values:
        allowed = [
            players
            for players in counts
            if any(_makes_a_table(game, {"players": players, name: value} | more) for more in others)
        ]
        if len(allowed) < len(counts):
            fits[_as_choice(value)] = " ".join(map(str, allowed))
    return fits


def _makes_a_table(game: str, settings: dict[str, Any]) -> bool:
    """True when ``settings`` (the others left to their defaults) make a table of ``game``."""
    try:
        options_from_settings(game, settings)
    except CommandError:
        return False
    return True


def _as_choice(value: object, nullable: bool = False) -> str:
    """A setting's value as the form posts it (``null`` is "none" where it is a value of its own)."""
    if value is None:
        return NONE if nullable else OFF
    if isinstance(value, bool):
        return "on" if value else ""
    return str(value)


def _typed(setting: Setting) -> bool:
    """True for a setting whose number may be typed ("Another number…"): a whole number other than the players."""
    return setting.kind == WHOLE and setting.name != "players"


def _in_points(setting: Setting) -> bool:
    return setting.high == SCORE_LIMIT or setting.name == "blank_double"


def _follows(setting: Setting) -> str:
    """The choice that leaves ``setting`` to its default, which follows other settings: its ``auto`` word."""
    return setting.auto or AUTO


def _listed(setting: Setting) -> tuple[int, ...]:
    """The numbers a whole-number setting's select names (any other is typed)."""
    if setting.high == SCORE_LIMIT:
        return TARGETS if setting.name == "target" else LIMITS
    if setting.name == "hand":
        return HANDS
    return tuple(range(setting.low, min(setting.high, setting.low + 20) + 1))


def form_defaults(game: str) -> dict[str, str]:
    """``game``'s form as it first shows: every field's value as the form posts it."""
    chosen, fixed = default_settings(game), _fixed_defaults(game)
    defaults = {}
    for setting in schema_of(game):
        name = setting.name
        if name in chosen:
            defaults[name] = _as_choice(chosen[name], setting.nullable)
        else:
            defaults[name] = fixed[name] if name in fixed else _follows(setting)
        if _typed(setting):
            defaults[f"{name}_other"] = ""
    return defaults


def _schema_choices(game: str, options: dict[str, Any]) -> dict[str, str]:
    """A table's game settings (its summary's ``options``) as its form shows them."""
    chosen, fixed = chosen_settings_of(game, options), _fixed_defaults(game)
    shown = {}
    for setting in schema_of(game):
        name = setting.name
        if _typed(setting):
            shown[f"{name}_other"] = ""
        if name not in chosen and name not in fixed:
            shown[name] = _follows(setting)  # it follows the others
            continue
        value = chosen[name] if name in chosen else options.get(name)
        if _typed(setting) and isinstance(value, int) and value not in _listed(setting):
            shown[name], shown[f"{name}_other"] = OTHER, str(value)
        else:
            shown[name] = _as_choice(value, setting.nullable)
    return shown


def _schema_settings(game: str, chosen: dict[str, str]) -> dict[str, Any]:
    """The game's settings (not the players) the choices ask for: a choice of "auto" is left out."""
    settings: dict[str, Any] = {}
    for setting in schema_of(game):
        name, value = setting.name, chosen.get(setting.name, "")
        if name == "players" or value == AUTO:
            continue
        if setting.kind == FLAG:
            settings[name] = value == "on"
        elif setting.auto and value == setting.auto:
            settings[name] = value  # the hall reads it as not given: the default, which follows the others
        elif value == OFF or (setting.nullable and value == NONE):
            settings[name] = None
        elif value == OTHER and _typed(setting):
            settings[name] = _number(chosen, f"{name}_other", name)
        elif setting.is_number():
            settings[name] = _number(chosen, name)
        else:
            settings[name] = value
    return settings


def _value_label(language: str, setting: Setting, value: int | str) -> str:
    """One value of a setting as its select says it."""
    forms = translations(language)
    if setting.unit == "double-{}" and isinstance(value, int):
        return set_names(language).get(value, str(value))
    if setting.name == "length":
        lengths = {
            "full": forms.gettext("Full match: every double"),
            "half": forms.gettext("Half match"),
            "one": forms.gettext("One round"),
        }
        return lengths.get(str(value), str(value))
    if setting.name == "mode":
        modes = {
            "draw": forms.gettext("Draw game"),
            "block": forms.gettext("Block game"),
            "allfives": forms.gettext("All Fives"),
            "bergen": forms.gettext("Bergen"),
        }
        return modes.get(str(value), str(value))
    if isinstance(value, int) and setting.name == "hand":
        return forms.ngettext("%(num)d tile", "%(num)d tiles", value) % {"num": value}
    if isinstance(value, int) and setting.name == "start_toes":
        return forms.ngettext("%(num)d toe", "%(num)d toes", value) % {"num": value}
    if isinstance(value, int) and _in_points(setting):
        return forms.ngettext("%(num)d point", "%(num)d points", value) % {"num": value}
    return setting.unit.format(value)


def _schema_fields(language: str, game: str) -> list[Field]:
    """The fields of ``game``'s form, one per setting of its schema, in the schema's order."""
    forms = translations(language)
    defaults = form_defaults(game)
    built = []
    for setting in schema_of(game):
        name, label = setting.name, forms.gettext(setting.label)
        note = forms.gettext(setting.note) if setting.note else None
        if setting.house:
            note = forms.gettext("A house setting: the table shows it to everyone when it is on.")
        if name == "players":
            built.append(_players(language, setting.high, setting.low))
            continue
        if setting.kind == FLAG:
            built.append(Field(name, label, note=note))
            continue
        options: list[tuple[str, str]] = []
        if defaults[name] == AUTO:
            options.append((AUTO, forms.gettext("By the number of players")))
        elif setting.auto and defaults[name] == setting.auto:
            options.append((setting.auto, forms.gettext("The game's usual target")))
        elif defaults[name] == OFF:
            options.append((OFF, forms.gettext("None: the length decides")))
        if setting.nullable:
            options.append((NONE, forms.gettext("A single hand")))
        values = setting.choices if setting.kind == CHOICE else _listed(setting)
        options += [(str(value), _value_label(language, setting, value)) for value in values]
        other_label = ""
        if _typed(setting):
            another = forms.gettext("Another score…") if _in_points(setting) else forms.gettext("Another number…")
            options.append((OTHER, another))
            other_label = forms.gettext(setting.other_label or setting.label)
        built.append(Field(name, label, options, note=note, other_label=other_label))
    return built


def _players(language: str, most: int, fewest: int = 2) -> Field:
    forms = translations(language)
    counts = [
        (str(n), forms.ngettext("%(num)d player", "%(num)d players", n) % {"num": n}) for n in range(fewest, most + 1)
    ]
    return Field("players", forms.gettext("Players"), counts)


def _schema_problem(language: str, game: str, field_name: str | None, chosen: dict[str, str]) -> str | None:
    """Why a field holds no setting of the game, in the words of its schema (the fields whose reason goes by
    the setting's name, the timer and the seats are ``problem_text``'s); ``None`` for a field not in it."""
    forms = translations(language)
    setting = next((setting for setting in schema_of(game) if setting.name == field_name), None)
    if setting is None:
        return None
    if setting.name == "players":
        text = forms.gettext("%(game)s is played by %(low)d to %(high)d players.")
        return text % {"game": game_title(language, game), "low": setting.low, "high": setting.high}
    if setting.name == "hand":
        if "players" not in chosen:  # no form to try hands on (the reason the table page's script shows)
            return forms.gettext("Tiles per hand: a whole number, no more than this set allows for this many players.")
        return _schema_hand_text(language, game, chosen)
    if setting.unit == "double-{}":
        sets = ", ".join(_value_label(language, setting, top) for top in setting.choices)
        return forms.gettext("Choose one of this game's sets: %(sets)s.") % {"sets": sets}
    label = forms.gettext(setting.label)
    if setting.kind == CHOICE:
        words = ", ".join(_value_label(language, setting, value) for value in setting.choices)
        return forms.gettext("%(label)s: choose one of %(choices)s.") % {"label": label, "choices": words}
    if setting.kind == WHOLE:
        text = forms.gettext("%(label)s: a whole number from %(low)d to %(high)d.")
        return text % {"label": label, "low": setting.low, "high": setting.high}
    return None


def _schema_hand_text(language: str, game: str, chosen: dict[str, str]) -> str:
    """Why a hand does not fit, with the hands that would (the game's own checks tried on every hand)."""
    forms = translations(language)
    names = {setting.name for setting in schema_of(game)}
    trial = form_defaults(game) | TABLE_DEFAULTS | dict(chosen) | {"hand": AUTO}
    try:
        settings = {key: value for key, value in settings_of(game, trial).items() if key in names}
        top = options_from_settings(game, settings).to_dict().get("set")
    except (FormError, CommandError):
        settings = {}
        top = options_from_settings(game, {}).to_dict().get("set")
    fits = hands_that_fit(game, settings)
    set_name = set_names(language).get(top, str(top)) if isinstance(top, int) else ""
    if not fits:
        return forms.gettext("That many tiles per hand do not fit this set for this many players.")
    if len(fits) == 1:
        text = forms.ngettext(
            "%(set)s: for this many players, every hand holds %(num)d tile; another set allows another hand.",
            "%(set)s: for this many players, every hand holds %(num)d tiles; another set allows another hand.",
            fits[0],
        )
        return text % {"set": set_name, "num": fits[0]}
    typed = chosen.get("hand_other", "") if chosen.get("hand") == OTHER else str(fits[0])
    if not NUMBER.fullmatch(typed) or int(typed) < fits[0]:
        return forms.gettext("Tiles per hand: type a whole number from 1 to %(num)d.") % {"num": fits[-1]}
    text = forms.ngettext(
        "%(set)s: for this many players, at most %(num)d tile per hand.",
        "%(set)s: for this many players, at most %(num)d tiles per hand.",
        fits[-1],
    )
    return text % {"set": set_name, "num": fits[-1]}


def _schema_words(language: str, game: str, options: dict[str, Any]) -> list[str]:
    """A table's settings in short (after the players), in the schema's order: the set and every choice of
    words (the length, the game's mode), then every other setting a host chose that is not its default; a
    score limit stands where the length would, and in a game without a length its score setting always says
    how the match ends (one hand, or to a target)."""
    forms = translations(language)
    chosen, defaults = chosen_settings_of(game, options), form_defaults(game)
    schema = schema_of(game)
    has_length = any(setting.name == "length" for setting in schema)
    words = []
    for setting in schema:
        name, value = setting.name, options.get(setting.name)
        if name == "players" or (setting.high == SCORE_LIMIT and has_length):
            continue  # a score limit stands where the length would
        if setting.unit == "double-{}" and isinstance(value, int):
            words.append(set_names(language).get(value, str(value)))
        elif name == "length":
            limit = next((options.get(s.name) for s in schema if s.high == SCORE_LIMIT), None)
            if isinstance(limit, int):
                words.append(
                    _count(forms.ngettext("Score limit: %(num)d point", "Score limit: %(num)d points", limit), limit)
                )
            else:
                full, half, one = forms.gettext("Full match"), forms.gettext("Half match"), forms.gettext("One round")
                words.append({"full": full, "half": half, "one": one}.get(str(value), str(value)))
        elif setting.kind == CHOICE and not setting.is_number() and value is not None:
            words.append(_value_label(language, setting, value))
        elif setting.high == SCORE_LIMIT and setting.nullable:
            words.append(
                forms.gettext("A single hand")
                if not isinstance(value, int)
                else _count(forms.ngettext("To %(num)d point", "To %(num)d points", value), value)
            )
        elif name in chosen and _as_choice(chosen[name]) != defaults.get(name) and value is not None:
            words.append(_setting_word(language, setting, value))
    return words


def _setting_word(language: str, setting: Setting, value: int | str | bool) -> str:
    """A setting that is not its default, as the rules line says it."""
    forms = translations(language)
    if isinstance(value, bool):
        return forms.gettext(setting.short or setting.label)
    if isinstance(value, int) and setting.name == "hand":
        return _count(forms.ngettext("%(num)d tile per hand", "%(num)d tiles per hand", value), value)
    if isinstance(value, int) and setting.name == "start_toes":
        return _count(forms.ngettext("%(num)d start toe", "%(num)d start toes", value), value)
    if isinstance(value, int) and setting.name == "blank_double":
        return _count(forms.ngettext("0-0 counts %(num)d point", "0-0 counts %(num)d points", value), value)
    if isinstance(value, int) and setting.high == SCORE_LIMIT:
        return _count(forms.ngettext("Score limit: %(num)d point", "Score limit: %(num)d points", value), value)
    return f"{forms.gettext(setting.label)}: {_value_label(language, setting, value)}"
