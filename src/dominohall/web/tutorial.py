"""The first-game tutorial: a guided round of Chicken Foot with a prepared deal, and its words.

The round is data, ``templates/tutorial.json``: a ``dominohall/record@1`` record of one round (the hands,
the boneyard in draw order and every move, the learner's and the two bots') and the lesson's steps, each
with the message it says and how many of the record's moves it covers. A step whose first move is the
learner's waits for that move (its tile lit on the page); the bots' moves after it follow by themselves;
a step that starts with a bot's move, or has none, waits for Next. ``fits`` lists the learner's tiles
that the rules would also allow there (so a wrong tile gets the right word), and the last step states the
round's end and penalties. ``tests/web/test_tutorial.py`` replays the record through the engine and checks
every move, ``fits``, the end and the penalties against it; the page itself knows no rules.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from ..tables.names import NAMES
from . import HERE, translations
from .responses import data_block

SCRIPT = HERE / "templates" / "tutorial.json"


@cache
def script() -> dict[str, Any]:
    """The tutorial's round and steps as stored."""
    data: dict[str, Any] = json.loads(SCRIPT.read_text(encoding="utf-8"))
    return data


def tutorial_data(language: str) -> tuple[str, str]:
    """What the tutorial page's script reads, as two JSON data blocks: its words (for ``i18n.js``), and the
    round with its steps and the players' names."""
    forms = translations(language)
    names = NAMES.get(language, NAMES["en"])
    strings = {"lang": language, "words": {**lesson_words(language), **step_words(language)}, "plurals": {}}
    lesson = {**script(), "names": [forms.gettext("You"), names[0], names[1]]}
    return data_block(strings), data_block(lesson)


def lesson_words(language: str) -> dict[str, str]:
    """The words around the lesson: its progress, its buttons, the moves, the end."""
    forms = translations(language)
    return {
        "step_of": forms.gettext("Step %(num)d of %(total)d"),
        "played_on": forms.gettext("%(name)s played %(tile)s on %(on)s"),
        "drew_tile": forms.gettext("%(name)s drew %(tile)s"),
        "passed": forms.gettext("%(name)s passed"),
        "you_played_on": forms.gettext("You played %(tile)s on %(on)s"),
        "you_drew": forms.gettext("You drew %(tile)s"),
        "you_passed": forms.gettext("You passed"),
        "your_turn": forms.gettext("Your turn"),
        "turn_of": forms.gettext("Turn: %(name)s"),
        "boneyard": forms.gettext("Boneyard"),
        "waits_toes": forms.gettext("waits for toes"),
        "player": forms.gettext("Player"),
        "tiles_left": forms.gettext("Tiles left"),
        "points_round": forms.gettext("Points this round"),
    }


def step_words(language: str) -> dict[str, str]:
    """What each step of the lesson says, and the friendly words for a tile that is not the one to play.

    The names of the bots (``a``, ``b``) are the first two bot names of the language: the first a woman's,
    the second a man's, which the translations follow."""
    forms = translations(language)
    return {
        "say_intro": forms.gettext(
            "Welcome! In this short round you play Chicken Foot against two bots, %(a)s and %(b)s. The round's "
            "double, 9-9, lies in the middle. Each of you holds five tiles; the rest lie face down as the "
            "boneyard. Here every hand is shown face up, so you can follow. Press Next to begin."
        ),
        "say_first_toe": forms.gettext(
            "First the centre double grows its foot: six toes, tiles with a 9, laid on it before any line may "
            "grow. Your lit tile %(tile)s has a 9: press it to lay it on %(on)s."
        ),
        "say_second_toe": forms.gettext(
            "%(a)s and %(b)s laid toes too, one each in turn. The foot needs three more: lay %(tile)s."
        ),
        "say_foot_done": forms.gettext(
            "The foot is complete: six lines start from the centre. From now on a tile goes on the open end of "
            "any line, when it shows the number at that end."
        ),
        "say_double": forms.gettext(
            "You hold a double, %(tile)s, and a line ends in a 5. Lay the double there: it closes that line and "
            "needs three toes of its own before anyone may play anywhere else."
        ),
        "say_draw": forms.gettext(
            "%(a)s and %(b)s each laid a toe on %(pending)s, but it still waits for one more, and none of your "
            "tiles fits it. When nothing fits, you draw one tile from the boneyard: press Draw a tile."
        ),
        "say_pass": forms.gettext(
            "You drew %(drawn)s. It does not fit %(pending)s either, so it stays in your hand. You may draw only "
            "once a turn, so now you pass: press Pass."
        ),
        "say_line": forms.gettext(
            "The double has its three toes, so every open end may take a tile again. Lay %(tile)s on %(on)s."
        ),
        "say_bot_draws": forms.gettext(
            "%(a)s holds only 0-0, and no line ends in a 0. With no tile that fits she must draw, and a drawn "
            "tile that fits must be played at once. Press Next to watch."
        ),
        "say_bot_passes": forms.gettext(
            "%(b)s has no tile that fits either. He draws, and when the drawn tile does not fit, he passes. "
            "Press Next to watch."
        ),
        "say_next_play": forms.gettext(
            "%(a)s drew a tile that fits and played it at once; %(b)s drew one that does not and passed. Your "
            "turn: lay %(tile)s on %(on)s."
        ),
        "say_go_out": forms.gettext("You have one tile left. Lay %(tile)s on %(on)s to go out and end the round."),
        "say_scores": forms.gettext(
            "You went out, so the round is over. Everyone else counts the pips left in hand as penalty points; "
            "the blank double, 0-0, costs 50 on its own. You score 0. A full match plays a round for each double, "
            "from 9-9 down to 0-0, and the lowest total wins."
        ),
        "wrong_fits": forms.gettext("%(tile)s would fit too, but for this lesson lay the lit tile."),
        "wrong_toe": forms.gettext("%(tile)s has no 9, so it cannot be a toe of the centre double."),
        "wrong_end": forms.gettext("%(tile)s does not match the number at any open end."),
        "wrong_pending": forms.gettext("%(pending)s waits for its toes, and %(tile)s does not fit it."),
        "wrong_pass": forms.gettext("%(tile)s fits nowhere now: press Pass."),
        "wrong_watch": forms.gettext("It is not your turn yet: press Next."),
        "others_play": forms.gettext("Good. Now the others play…"),
        "your_tiles": forms.gettext("Your tiles are in your hand, below the board"),
        "next": forms.gettext("Next"),
    }
