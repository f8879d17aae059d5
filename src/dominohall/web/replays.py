"""Looking back and learning: the replay viewer of a table's match (``/r/<table>/<match>``), the page that
opens a record file the visitor picks (``/<lang>/replay``), and the first-game tutorial
(``/<lang>/chicken-foot/tutorial``).

The viewer reads the match's ``dominohall/record@1`` record (docs/records.md) in the browser and replays it
there (``static/replay.js``); the server only renders the page and its words. Like the table page, a
table's replay link carries no language (``?lang=`` or the cookie pick one), while the picker and the
tutorial are pages of the site in each language.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse, Response

from ..tables.settings import GAME_SITES
from . import LANGUAGES, plural_forms, translations
from .responses import data_block, language_of, not_found, page
from .seats import hall_of
from .tutorial import tutorial_data
from .words import bot_names, game_traits_block, layout_plurals, life_plurals, rules_words, train_words

router = APIRouter(include_in_schema=False)


@router.get("/r/{table_id}/{match}")
async def table_replay(table_id: str, match: int, request: Request) -> Response:
    """The replay of a table's match ``match`` (1-based): its record is fetched by the page's script."""
    language = language_of(request)
    actor = await hall_of(request).actor(table_id)
    if actor is None or match < 1:
        return page(request, language, "not-found.html", status=404, table_link=True)
    summary = actor.state.summary()
    source = {"table": table_id, "match": match, "record": f"/api/tables/{table_id}/record?match={match}"}
    return page(
        request,
        language,
        "replay.html",
        game=summary["game"],
        title=replay_title(language, summary["game"]),
        games=game_traits_block(),
        source=data_block(source),
        strings=replay_strings(language),
        table_link=f"/t/{table_id}",
    )


@router.get("/replay")
async def file_replay_here(request: Request) -> Response:
    """The record file page in the visitor's language."""
    return RedirectResponse(f"/{language_of(request)}/replay", status_code=302)


@router.get("/{language}/replay")
async def file_replay(language: str, request: Request) -> Response:
    """The viewer for a record file the visitor picks: read in the browser, never uploaded."""
    if language not in LANGUAGES:
        return not_found(request)
    title, games, strings = replay_title(language, None), game_traits_block(), replay_strings(language)
    return page(request, language, "replay.html", game=None, title=title, games=games, source="{}", strings=strings)


@router.get("/{language}/chicken-foot/tutorial")
async def tutorial(language: str, request: Request) -> Response:
    """The first-game tutorial: a guided Chicken Foot round with a prepared deal."""
    if language not in LANGUAGES:
        return not_found(request)
    strings, lesson = tutorial_data(language)
    return page(request, language, "tutorial.html", strings=strings, lesson=lesson, games=game_traits_block())


def replay_title(language: str, game: str | None) -> str:
    """The viewer's heading before its script reads the record: the game's replay title (its descriptor's),
    or, with no game yet (a file to pick), the picker's."""
    forms = translations(language)
    site = GAME_SITES.get(game or "")
    return forms.gettext(site.replay_title if site else "Replay a game record")


def replay_strings(language: str) -> str:
    """The viewer's words for its script, as JSON (a data block, like the table page's)."""
    words = {
        **viewer_words(language),
        **rules_words(language),
        **train_words(language),
        **{f"seat_{level}": name for level, name in bot_names(language).items()},
    }
    plurals = {
        **life_plurals(language),
        **layout_plurals(language),
        "pips": plural_forms(language, "%(num)d pip", "%(num)d pips"),
        "marked": plural_forms(language, "%(num)d move marked", "%(num)d moves marked"),
    }
    words_and_problems = {**words, "record_problems": record_problems(language)}
    return data_block({"lang": language, "words": words_and_problems, "plurals": plurals})


def record_problems(language: str) -> dict[str, str]:
    """Why a record does not hold together, by the codes of ``static/record.js`` (its ``PROBLEMS``)."""
    forms = translations(language)
    return {
        "players": forms.gettext("the options must name the players"),
        "seats": forms.gettext("there must be one named seat per player"),
        "rounds": forms.gettext("the rounds must be a list"),
        "round": forms.gettext("it must be an object"),
        "hands": forms.gettext("one hand per seat"),
        "hand": forms.gettext("the hand of seat %(seat)d must be a list of tiles such as 9-3"),
        "boneyard": forms.gettext("the boneyard must be a list of tiles such as 9-3"),
        "moves": forms.gettext("the moves must be a list"),
        "centre": forms.gettext("the centre double is missing"),
        "results": forms.gettext("an ended round has its results"),
        "move_seat": forms.gettext("a move names its seat"),
        "move_play": forms.gettext("a play names its tile and where it goes"),
        "move_train": forms.gettext("a play names its train: a seat's number, or mexican"),
        "move_draw": forms.gettext("a draw names the tile drawn"),
        "move_kind": forms.gettext("a move is a play, a draw or a pass"),
        "not_held": forms.gettext("%(tile)s is not in the hand of seat %(seat)d"),
        "wrong_draw": forms.gettext("the draw names %(tile)s, but the boneyard's next tile is %(next)s"),
    }


def viewer_words(language: str) -> dict[str, str]:
    """The words of the viewer itself: where it stands, its controls, the moves, a round's end, the analysis."""
    forms = translations(language)
    return {
        "fair_record": forms.gettext(
            "Fair deals: %(fair)d of %(total)d rounds match their proofs. A record alone shows only that it agrees"
            " with itself: compare each round's commitment with the one your table showed."
        ),
        "fair_record_bad": forms.gettext("Round %(num)d: the deal does not match its proof."),
        "fair_record_withheld": forms.gettext(
            "Round %(num)d has no proof, though an earlier round has one: it was withheld."
        ),
        "fair_record_none": forms.gettext("This record carries no proofs of its deals."),
        "fair_round": forms.gettext("This round's deal commitment: %(hash)s"),
        **{f"title_{name}": forms.gettext(site.replay_title) for name, site in GAME_SITES.items()},
        "round_of": forms.gettext("Round %(num)d of %(total)d"),
        "hand_of": forms.gettext("Hand %(num)d of %(total)d"),
        "move_of": forms.gettext("Move %(num)d of %(total)d"),
        "previous_round": forms.gettext("Previous round"),
        "next_round": forms.gettext("Next round"),
        "previous_hand": forms.gettext("Previous hand"),
        "next_hand": forms.gettext("Next hand"),
        "as_dealt": forms.gettext("As dealt"),
        "turn_of": forms.gettext("Turn: %(name)s"),
        "boneyard": forms.gettext("Boneyard"),
        "played_on": forms.gettext("%(name)s played %(tile)s on %(on)s"),
        "led": forms.gettext("%(name)s led %(tile)s"),
        "drew_tile": forms.gettext("%(name)s drew %(tile)s"),
        "passed": forms.gettext("%(name)s passed"),
        "said_scored": forms.gettext("+%(num)d"),
        "ended_domino": forms.gettext("%(name)s went out."),
        "ended_blocked": forms.gettext("The round is blocked: nobody can play."),
        "hand_blocked": forms.gettext("The hand is blocked: nobody can play."),
        "keys_hands": forms.gettext("Keys: ← → a move, ↑ ↓ a hand, Home and End the start and end of the hand."),
        "hand_start": forms.gettext("Start of the hand"),
        "hand_end": forms.gettext("End of the hand"),
        "round_n_over": forms.gettext("Round %(num)d is over"),
        "hand_n_over": forms.gettext("Hand %(num)d is over"),
        "waits_toes": forms.gettext("waits for toes"),
        "points_round": forms.gettext("Points this round"),
        "points_hand": forms.gettext("Points this hand"),
        "total": forms.gettext("Total"),
        "tiles_left": forms.gettext("Tiles left"),
        "player": forms.gettext("Player"),
        "winners": forms.gettext("Winner: %(names)s"),
        "shared_win": forms.gettext("A shared win: %(names)s"),
        "unfinished": forms.gettext("The match was not finished when this record was made."),
        "no_rounds": forms.gettext("This record has no finished round to show."),
        "loading": forms.gettext("Loading the record…"),
        "no_match": forms.gettext("This table has not played that match."),
        "load_failed": forms.gettext("The record could not be loaded. Please try again."),
        "not_json": forms.gettext("This file is not JSON, so it is not a game record."),
        "not_record": forms.gettext("This file is not a Domino Hall record (dominohall/record@1)."),
        "no_game": forms.gettext("This record does not say which game it is of."),
        "unknown_game": forms.gettext('This record is of a game this viewer does not know: "%(game)s".'),
        "bad_record": forms.gettext("This record does not hold together: %(detail)s"),
        "problem_at_move": forms.gettext("round %(round)d, move %(move)d: %(problem)s"),
        "problem_at_round": forms.gettext("round %(round)d: %(problem)s"),
        "too_big": forms.gettext("This file is too large for a game record."),
        "opened": forms.gettext("Opened %(file)s"),
        "copied": forms.gettext("Copied"),
        "analyse": forms.gettext("Analyse %(name)s"),
        "analysing": forms.gettext("Analysing %(name)s's moves…"),
        "analysis_busy": forms.gettext("The analysis is busy right now. Please try again in a minute."),
        "analysis_slow": forms.gettext("The analysis is taking too long. Please try again later."),
        "analysis_failed": forms.gettext("The analysis could not be made."),
        "best_was": forms.gettext("Better: %(move)s (%(loss)s points lost on average)"),
        "verdict_inaccuracy": forms.gettext("Inaccuracy"),
        "verdict_mistake": forms.gettext("Mistake"),
        "verdict_blunder": forms.gettext("Blunder"),
        "move_play": forms.gettext("%(tile)s on %(on)s"),
        "move_lead": forms.gettext("lead %(tile)s"),
        "move_draw": forms.gettext("a draw"),
        "move_pass": forms.gettext("a pass"),
    }
