"""The words of the table page, in the page's language: the JSON data block its script reads (no inline
script: the CSP allows a data block), and the names its seats are shown with."""

from __future__ import annotations

import json
from typing import Any

from ..tables.phrases import PHRASES, REACTIONS
from ..tables.ports import FORMER_PLAYER
from ..tables.settings import DEFAULT_GAME, GAME_SITES, game_traits
from . import plural_forms, translations
from .responses import data_block


def game_title(language: str, game: str) -> str:
    """A game's name as the site says it in ``language`` (the table page, the lobby, the forms' reasons): its
    descriptor's title, or the name itself for a game the site does not know."""
    site = GAME_SITES.get(game)
    return translations(language).gettext(site.title) if site else game


def game_traits_block() -> str:
    """Every game's traits (``Game.traits``: how its results count, its drawing, its centre...) as the page
    scripts' data block (``static/games.js`` reads it): a script finds a game's, or says it cannot show it."""
    return data_block(game_traits())


def bot_names(language: str) -> dict[str, str]:
    """How a bot's seat is named in ``language``."""
    forms = translations(language)
    return {
        "easy": forms.gettext("Easy bot"),
        "medium": forms.gettext("Medium bot"),
        "hard": forms.gettext("Hard bot"),
        "expert": forms.gettext("Expert bot"),
    }


def table_strings(language: str, protocol: int | None = None, game: str = DEFAULT_GAME) -> str:
    """The table page's data block for its script, as JSON (a data block, not a script: the CSP allows it): its
    words in ``language`` (a hand's for a game whose rounds are hands, the trains' for a game of trains: its
    traits say) and the version of the table protocol its socket is to speak (``protocol``: the server's,
    passed in by the page; ``None`` for the words alone)."""
    forms, traits = translations(language), game_traits()[game]
    words = {
        "connecting": forms.gettext("Connecting…"),
        "connected": forms.gettext("Connected"),
        "reconnecting": forms.gettext("Connection lost: reconnecting…"),
        "connection_lost": forms.gettext(
            "The connection to the server is lost. Reconnecting… No move can be made until it is back."
        ),
        "copied": forms.gettext("Copied"),
        "free": forms.gettext("Free seat"),
        "you": forms.gettext("you"),
        "host": forms.gettext("host"),
        **{f"seat_{level}": name for level, name in bot_names(language).items()},
        "waiting": forms.gettext("Waiting for players"),
        "seat_for_you": forms.gettext("A seat is waiting for you"),
        "playing": forms.gettext("The match is on"),
        "over": forms.gettext("The match is over"),
        "start": forms.gettext("Start the match"),
        "your_turn": forms.gettext("Your turn"),
        "turn_of": forms.gettext("Turn: %(name)s"),
        "draw": forms.gettext("Draw a tile"),
        "pass": forms.gettext("Pass"),
        "boneyard": forms.gettext("Boneyard"),
        "your_hand": forms.gettext("Your hand"),
        "round_over": forms.gettext("The round is over"),
        "pick_target": forms.gettext("Choose where to lay %(tile)s"),
        "watching": forms.gettext("You are watching this table"),
        "take_seat": forms.gettext("Take this seat"),
        "played": forms.gettext("%(name)s played %(tile)s"),
        "drew": forms.gettext("%(name)s drew a tile"),
        "passed": forms.gettext("%(name)s passed"),
        "tiles_left": forms.gettext("Tiles left"),
        "points": forms.gettext("Points this round"),
        "total": forms.gettext("Total"),
        "continue": forms.gettext("Continue"),
        "winners": forms.gettext("Winner: %(names)s"),
        "player": forms.gettext("Player"),
        **scoring_words(language),
        **control_words(language),
        **error_words(language),
        **life_words(language),
        **layout_words(language),
        **fair_words(language),
        **reader_words(language),
        **phrase_words(language),
        **legend_words(language),
        **(hand_words(language) if traits["noun"] == "hand" else {}),
        **(train_words(language) if traits["trains"] else {}),
    }
    plurals = {
        "tiles": plural_forms(language, "%(num)d tile", "%(num)d tiles"),
        "toes": plural_forms(language, "needs %(num)d more toe", "needs %(num)d more toes"),
        "places": plural_forms(language, "fits in %(num)d place", "fits in %(num)d places"),
        "scored": plural_forms(language, "%(name)s scored %(num)d point", "%(name)s scored %(num)d points"),
        "seconds_left": plural_forms(language, "%(num)d second left to play.", "%(num)d seconds left to play."),
        **life_plurals(language),
        **layout_plurals(language),
        "read_hand": plural_forms(
            language, "Your hand, %(num)d tile: %(tiles)s.", "Your hand, %(num)d tiles: %(tiles)s."
        ),
    }
    block: dict[str, Any] = {"lang": language, "words": words, "plurals": plurals, "phrases": list(PHRASES)}
    block["reactions"] = REACTIONS
    if protocol is not None:
        block["protocol"] = protocol
    return json.dumps(block, ensure_ascii=False)


def train_words(language: str) -> dict[str, str]:
    """Mexican Train's words on its board (the table page's and the replay viewer's): the trains' names, a marked
    train, the double that waits for its cover, a place to play named by its train."""
    forms = translations(language)
    return {
        "mexican_train": forms.gettext("Mexican train"),
        "train_yours": forms.gettext("%(name)s (you)"),
        "train_marked": forms.gettext("Marked: anyone may play on this train"),
        "trains_marked": forms.gettext("Marked trains: %(names)s."),
        "cover_first": forms.gettext("must be covered first"),
        "uncovered_line": forms.gettext("%(tile)s must be covered first"),
        "on_train": forms.gettext("%(train)s, on %(tile)s"),
        "played_on_mexican": forms.gettext("%(name)s played %(tile)s on %(on)s, on the Mexican train"),
        "played_on_yours": forms.gettext("%(name)s played %(tile)s on %(on)s, on your train"),
        "played_on_own": forms.gettext("%(name)s played %(tile)s on %(on)s, on their own train"),
        "played_on_of": forms.gettext("%(name)s played %(tile)s on %(on)s, on %(owner)s's train"),
        "you_played_on_mexican": forms.gettext("You played %(tile)s on %(on)s, on the Mexican train"),
        "you_played_on_yours": forms.gettext("You played %(tile)s on %(on)s, on your train"),
        "you_played_on_of": forms.gettext("You played %(tile)s on %(on)s, on %(owner)s's train"),
        "hint_play_mexican": forms.gettext("Hint: play %(tile)s on %(on)s, on the Mexican train"),
        "hint_play_yours": forms.gettext("Hint: play %(tile)s on %(on)s, on your train"),
        "hint_play_of": forms.gettext("Hint: play %(tile)s on %(on)s, on %(owner)s's train"),
        "train_open": forms.gettext("train open to all"),
        "train_open_short": forms.gettext("open to all"),
        "double_uncovered": forms.gettext("%(tile)s not yet covered"),
        "double_to_cover": forms.gettext("%(tile)s to cover"),
    }


def hand_words(language: str) -> dict[str, str]:
    """The standard game's deals are hands, not rounds: the words that say so in its table page."""
    forms = translations(language)
    return {
        "round_over": forms.gettext("The hand is over"),
        "round_n_over": forms.gettext("Hand %(num)d is over"),
        "by_round": forms.gettext("Points hand by hand"),
        "round": forms.gettext("Hand"),
        "chart_title": forms.gettext("Running totals after each hand"),
        "chart_note": forms.gettext("The highest total wins."),
        "next_deal": forms.gettext("Next hand in %(num)d s"),
        "why_over": forms.gettext("This hand is over."),
        "no_moves_yet": forms.gettext("No moves yet this hand."),
        "ended_blocked": forms.gettext("The hand is blocked: nobody can play."),
        "coach": forms.gettext("Replay this hand, and let the hard bot rate your moves"),
        "award_fewest": forms.gettext("%(name)s holds the fewest pips (%(num)d) and wins the hand."),
        "award_level": forms.gettext("The fewest pips are level (%(num)d): nobody wins the hand or scores for it."),
        "award_pips": forms.gettext("The winner scores %(points)s: the pips left in the other hands."),
        "award_five": forms.gettext(
            "The winner scores %(points)s: the pips left in the other hands (%(num)d), rounded to the nearest 5."
        ),
        "award_bergen": forms.gettext("The winner scores %(points)s for winning the hand."),
        "one_hand_decides": forms.gettext(
            "One hand decides the match: the hand's winner wins it, whatever the points scored in play."
        ),
    }


def scoring_words(language: str) -> dict[str, str]:
    """The words of a round's end, the scoreboard and its chart."""
    forms = translations(language)
    return {
        "round_n_over": forms.gettext("Round %(num)d is over"),
        "points_hand": forms.gettext("Points this hand"),
        "by_round": forms.gettext("Points round by round"),
        "round": forms.gettext("Round"),
        "chart_title": forms.gettext("Running totals after each round"),
        "chart_note": forms.gettext("The lowest total wins."),
        "shared_win": forms.gettext("A shared win: %(names)s"),
        "winners_team": forms.gettext("The winning team: %(names)s"),
        "drawn_match": forms.gettext("A draw: nobody wins this match alone"),
        "coach": forms.gettext("Replay this round, and let the hard bot rate your moves"),
        "rematch": forms.gettext("Play again"),
    }


def legend_words(language: str) -> dict[str, str]:
    """What the board's outlined tiles are, for a player and for a watcher."""
    forms = translations(language)
    return {
        "laid_since": forms.gettext("laid since your last turn"),
        "laid_lately": forms.gettext("laid in the last round of moves"),
    }


def phrase_words(language: str) -> dict[str, str]:
    """The quick phrases (``phrase_<code>``) and the reactions' names (``reaction_<code>``, for screen readers),
    and the words around them: a phrase travels as its code, and each page says it in its own language."""
    forms = translations(language)
    said = {
        "hello": forms.gettext("Hello!"),
        "good-luck": forms.gettext("Good luck!"),
        "your-turn": forms.gettext("Your turn!"),
        "one-moment": forms.gettext("One moment, please."),
        "nice-move": forms.gettext("Nice move!"),
        "well-played": forms.gettext("Well played!"),
        "oops": forms.gettext("Oops!"),
        "sorry": forms.gettext("Sorry!"),
        "thanks": forms.gettext("Thanks!"),
        "good-game": forms.gettext("Good game!"),
        "again": forms.gettext("One more match?"),
        "bye": forms.gettext("Bye!"),
    }
    named = {
        "thumbs-up": forms.gettext("thumbs up"),
        "clap": forms.gettext("applause"),
        "laugh": forms.gettext("laughter"),
        "wow": forms.gettext("wow"),
        "sad": forms.gettext("sadness"),
    }
    return {
        **{f"phrase_{code}": said[code] for code in PHRASES},
        **{f"reaction_{code}": named[code] for code in REACTIONS},
        "phrases": forms.gettext("Quick phrases"),
        "a_watcher": forms.gettext("A watcher"),
        "unmute_watchers": forms.gettext("Show the watchers' messages again"),
        "phrase_rate": forms.gettext("One quick phrase every 2 seconds: wait a moment."),
    }


def control_words(language: str) -> dict[str, str]:
    """The words of the board's tools, the hand, the host's controls and the chat."""
    forms = translations(language)
    return {
        "on_tile": forms.gettext("on %(tile)s"),
        "cancel": forms.gettext("Cancel"),
        "drawn_no_fit": forms.gettext("You drew %(tile)s. It fits nowhere, so your turn passes."),
        "hand_place": forms.gettext("%(tile)s: place %(num)d of %(total)d in your hand"),
        "sound_on": forms.gettext("Sound: on"),
        "sound_off": forms.gettext("Sound: off"),
        "notify_turn": forms.gettext("Your turn at %(table)s"),
        "notify_blocked": forms.gettext(
            "This browser blocks notifications from this site: its site settings can allow them."
        ),
        "away": forms.gettext("away: a bot plays meanwhile"),
        "offline": forms.gettext("offline"),
        "bot_level_for": forms.gettext("Bot level for seat %(num)d"),
        "put_bot": forms.gettext("Seat a bot"),
        "change_bot": forms.gettext("Change the bot"),
        "kick": forms.gettext("Ask to leave"),
        "free_seat": forms.gettext("Free this seat"),
        "bot_plays": forms.gettext("Let a bot play"),
        "report": forms.gettext("Report"),
        "reported": forms.gettext("Reported"),
        "mute": forms.gettext("Mute"),
        "unmute": forms.gettext("Show %(name)s's messages again"),
        "mute_here": forms.gettext("Mute at this table"),
        "unmute_here": forms.gettext("Let them chat"),
        "closed": forms.gettext("The site's operator closed this table."),
    }


UNREADABLE = (
    "bad-json", "bad-message", "unknown-type", "bad-tile", "bad-train", "not-found", "bad-method", "bad-request",
    "too-slow", "bad-phrase",
)  # fmt: skip
"""Error codes of messages a page of this site never sends as they were: one sentence serves them all."""


def error_words(language: str) -> dict[str, str]:
    """The errors a person may run into, in their own words (the server's messages are for programs): every
    error code of docs/protocol.md has one."""
    forms = translations(language)
    unreadable = forms.gettext("The server could not read that. Reload the page and try again.")
    return {
        "error_illegal-move": forms.gettext("That move is not allowed."),
        "error_not-your-turn": forms.gettext("Wait for your turn."),
        "error_stale": forms.gettext("The table moved on meanwhile. Look again and retry."),
        "error_seat-taken": forms.gettext("That seat is taken."),
        "error_already-seated": forms.gettext("You already have a seat here."),
        "error_seats-empty": forms.gettext("Every seat needs a player or a bot first."),
        "error_not-host": forms.gettext("Only the host can do that."),
        "error_not-seated": forms.gettext("Take a seat first."),
        "error_bad-settings": forms.gettext("These settings do not make a table. Please check them."),
        "error_bad-name": forms.gettext("A name is 1 to 24 letters, digits or signs."),
        "error_started": forms.gettext("The match has already started."),
        "error_rate-limited": forms.gettext("Too many requests: wait a moment."),
        "error_busy": forms.gettext("The table is busy: try again."),
        "error_no-table": forms.gettext("There is no such table. Please check the link."),
        "error_no-such-seat": forms.gettext("This table has no such seat."),
        "error_bad-bot": forms.gettext("There is no bot of that level."),
        "error_not-started": forms.gettext("The match has not started yet."),
        "error_match-over": forms.gettext("The match is over."),
        "error_too-long": forms.gettext("That message is too long."),
        "error_bad-token": forms.gettext("Your seat key is not for this table, so you are watching."),
        "error_not-over": forms.gettext("The match is still being played."),
        "error_not-finished": forms.gettext("That round is not over yet."),
        "error_bad-version": forms.gettext("This page is out of date. Reload it to play on."),
        "error_already-contributed": forms.gettext("Your page's contribution to this deal is in already."),
        "error_bad-contribution": forms.gettext("That contribution to the deal is not valid."),
        "error_no-deal-waiting": forms.gettext("The next deal opens when this round ends."),
        "error_foreign-origin": forms.gettext("Only this site's own pages may do that."),
        "error_closed": forms.gettext("The site's operator closed this table."),
        "error_muted": forms.gettext("The host has muted you at this table: you cannot chat here."),
        "error_no-such-line": forms.gettext("That message is no longer there."),
        "error_already-reported": forms.gettext("You have reported that message already."),
        **{f"error_{code}": unreadable for code in UNREADABLE},
        "error_other": forms.gettext("That did not work. Please try again."),
        **rule_words(language),
    }


def rule_words(language: str) -> dict[str, str]:
    """Why a move is not allowed, one line per rule code of the engine (``rule`` of an ``illegal-move``)."""
    forms = translations(language)
    return {
        "rule_round-over": forms.gettext("This round is over."),
        "rule_not-your-turn": forms.gettext("Wait for your turn."),
        "rule_unknown-move": forms.gettext("A move is a play, a draw or a pass."),
        "rule_no-trains": forms.gettext("This game has no trains: a play names none."),
        "rule_not-in-hand": forms.gettext("That tile is not in your hand."),
        "rule_first-foot": forms.gettext("The centre double needs all its first toes before anything else."),
        "rule_pending-double": forms.gettext("A double is waiting for its toes: cover it first."),
        "rule_no-such-end": forms.gettext("A tile goes on an open end of a line."),
        "rule_no-match": forms.gettext("That tile does not match that end."),
        "rule_must-play": forms.gettext("You hold a tile that fits: play it."),
        "rule_must-play-drawn": forms.gettext("The tile you just drew fits: play it."),
        "rule_one-draw": forms.gettext("You have drawn once this turn already."),
        "rule_boneyard-empty": forms.gettext("The boneyard is empty."),
        "rule_must-draw": forms.gettext("Draw a tile before you pass."),
        "rule_wrong-draw": forms.gettext("A draw takes the next tile of the boneyard."),
        "rule_lead": forms.gettext("The hand opens with a tile laid on the empty table."),
        "rule_lead-tile": forms.gettext("This hand opens with the highest double, or the heaviest tile."),
        "rule_no-drawing": forms.gettext("Nobody draws in the block game: pass instead."),
        "rule_spinner-closed": forms.gettext("The spinner takes no more tiles there."),
        "rule_no-such-train": forms.gettext("Name a train of this table: a player's own, or the Mexican train."),
        "rule_train-closed": forms.gettext("That train is not marked: only its owner may play on it."),
        "rule_uncovered-double": forms.gettext("A double waits for its cover: play on it first."),
    }


def bot_seat_names(language: str) -> dict[str, str]:
    """How a bot's seat is named in ``language``: its own name and its level, e.g. "Clara (medium bot)"."""
    forms = translations(language)
    return {
        "easy": forms.gettext("%(name)s (easy bot)"),
        "medium": forms.gettext("%(name)s (medium bot)"),
        "hard": forms.gettext("%(name)s (hard bot)"),
        "expert": forms.gettext("%(name)s (expert bot)"),
    }


def seat_labels(language: str, seats: list[dict[str, Any]]) -> list[str]:
    """Each seat's name as the table page first shows it (the script keeps it so): a free seat, a person, a bot
    with its name and level, or the level alone for a bot of a table made before bots had names."""
    forms, named, plain = translations(language), bot_seat_names(language), bot_names(language)
    labels = []
    for index, seat in enumerate(seats):
        bot, name = seat.get("bot"), seat.get("name")
        if seat.get("free"):
            labels.append(forms.gettext("Free seat"))
        elif bot in named and not seat.get("away"):
            old = not name or name in ("Easy bot", "Medium bot", "Hard bot")
            labels.append(plain[bot] if old else named[bot] % {"name": name})
        else:
            labels.append(name or f"#{index + 1}")
    return labels


def life_words(language: str) -> dict[str, str]:
    """The words of a table's life: the waiting room, the turn timer, leaving and coming back, the rules line,
    the pause between rounds and the records."""
    forms = translations(language)
    return {
        **{f"bot_{level}": text for level, text in bot_seat_names(language).items()},
        "wait_host": forms.gettext("Waiting for the host to start the match."),
        "sit_invite": forms.gettext("Type your name and take a seat to play."),
        "no_host": forms.gettext("Nobody hosts this table now: the next person to sit down will."),
        "all_seated": forms.gettext("Every seat is taken."),
        "ready_to_start": forms.gettext("Ready to start"),
        "host_start": forms.gettext("Every seat is taken: start the match when you are ready."),
        "host_fill": forms.gettext("Invite friends with the link, or let bots take the free seats."),
        "fill_start": forms.gettext("Fill the free seats with bots and start"),
        "timed_out": forms.gettext("%(name)s ran out of time: a bot made that move."),
        "you_timed_out": forms.gettext("Your time ran out: a bot made that move for you."),
        "you_kicked": forms.gettext("The host asked you to leave your seat: you are watching now."),
        "time_left": forms.gettext("Time left: %(time)s"),
        "bot_for_you": forms.gettext("A bot is playing for you."),
        "you_left": forms.gettext("You left the match: a bot plays your seat until you come back."),
        "bot_by_host": forms.gettext("The host let a bot play your seat until you come back."),
        "im_back": forms.gettext("I'm back"),
        "leave": forms.gettext("Leave the table"),
        "leave_ask": forms.gettext("Leave the match? A bot will play your seat; this table's link brings you back."),
        "leave_yes": forms.gettext("Leave"),
        "leave_no": forms.gettext("Stay"),
        "ended_domino": forms.gettext("%(name)s went out."),
        "ended_blocked": forms.gettext("The round is blocked: nobody can play."),
        "ready_names": forms.gettext("Ready: %(names)s"),
        "next_deal": forms.gettext("Next round in %(num)d s"),
        "waiting_others": forms.gettext("Waiting for the others…"),
        "fold": forms.gettext("Show the board"),
        "unfold": forms.gettext("Show the summary"),
        "records": forms.gettext("Records"),
        "record_match": forms.gettext("Match %(num)d (record, JSON)"),
        "record_so_far": forms.gettext("Match %(num)d so far (record, JSON)"),
        "record_download": forms.gettext("Download the record (JSON)"),
        "record_download_so_far": forms.gettext("Download the record so far (JSON)"),
        "record_replay": forms.gettext("Replay"),
        "error_not-between": forms.gettext("The next round has been dealt already."),
        "error_not-away": forms.gettext("You are playing your seat yourself already."),
        "error_already-away": forms.gettext("You have left this match already: a bot plays your seat."),
        "error_no-hints": forms.gettext("Hints are only for a table where you play the bots alone."),
        "hint_thinking": forms.gettext("The hard bot is thinking…"),
        "hint_play": forms.gettext("Hint: play %(tile)s on %(on)s"),
        "hint_lead": forms.gettext("Hint: lead with %(tile)s"),
        **rules_words(language),
    }


def rules_words(language: str) -> dict[str, str]:
    """The words of the table's rules line (the same messages as the lobby's line)."""
    forms = translations(language)
    return {
        "set_6": forms.gettext("Double-six"),
        "set_9": forms.gettext("Double-nine"),
        "set_12": forms.gettext("Double-twelve"),
        "set_15": forms.gettext("Double-fifteen"),
        "length_full": forms.gettext("Full match"),
        "length_half": forms.gettext("Half match"),
        "length_one": forms.gettext("One round"),
        "mode_draw": forms.gettext("Draw game"),
        "mode_block": forms.gettext("Block game"),
        "mode_allfives": forms.gettext("All Fives"),
        "mode_bergen": forms.gettext("Bergen"),
        "partners": forms.gettext("Partners"),
        "single_hand": forms.gettext("A single hand"),
        "no_timer": forms.gettext("No timer"),
        "public": forms.gettext("Listed in the lobby"),
        "rules_label": forms.gettext("The table's rules"),
    }


def life_plurals(language: str) -> dict[str, dict[str, str]]:
    """The plural messages of the waiting room and the rules line, as CLDR categories."""
    return {
        "seats_free": plural_forms(language, "%(num)d seat is free.", "%(num)d seats are free."),
        "players": plural_forms(language, "%(num)d player", "%(num)d players"),
        "hand": plural_forms(language, "%(num)d tile per hand", "%(num)d tiles per hand"),
        "rounds": plural_forms(language, "%(num)d round", "%(num)d rounds"),
        "limit": plural_forms(language, "Score limit: %(num)d point", "Score limit: %(num)d points"),
        "target": plural_forms(language, "To %(num)d point", "To %(num)d points"),
        "start_toes": plural_forms(language, "%(num)d start toe", "%(num)d start toes"),
        "blank_double": plural_forms(language, "0-0 counts %(num)d point", "0-0 counts %(num)d points"),
        "turn_seconds": plural_forms(language, "%(num)d second a turn", "%(num)d seconds a turn"),
    }


def layout_words(language: str) -> dict[str, str]:
    """The words of the table's layout: the status bar, the action feed, the seats around the board, why a
    tile is dimmed and the pending double on the board."""
    forms = translations(language)
    return {
        "round_of": forms.gettext("Round %(num)d of %(total)d"),
        "round_num": forms.gettext("Round %(num)d"),
        "hand_num": forms.gettext("Hand %(num)d"),
        "your_total": forms.gettext("Your total: %(num)d"),
        "played_on": forms.gettext("%(name)s played %(tile)s on %(on)s"),
        "led": forms.gettext("%(name)s led %(tile)s"),
        "you_led": forms.gettext("You led %(tile)s"),
        "you_played_on": forms.gettext("You played %(tile)s on %(on)s"),
        "you_drew": forms.gettext("You drew %(tile)s"),
        "you_passed": forms.gettext("You passed"),
        "timed_out_move": forms.gettext("%(name)s ran out of time"),
        "timed_out_drew_passed": forms.gettext("%(name)s ran out of time: drew a tile and passed"),
        "stand_in": forms.gettext("%(name)s (bot)"),
        "said_play": forms.gettext("played %(tile)s"),
        "said_draw": forms.gettext("drew"),
        "said_pass": forms.gettext("passed"),
        "said_scored": forms.gettext("+%(num)d"),
        "no_moves_yet": forms.gettext("No moves yet this round."),
        "play_here": forms.gettext("play here"),
        "lead_here": forms.gettext("your first tile goes here"),
        "waits_toes": forms.gettext("waits for toes"),
        "why_wait": forms.gettext("Wait for your turn."),
        "why_offline": forms.gettext("Waiting for the connection: your move can be made once it is back."),
        "why_over": forms.gettext("This round is over."),
        "why_pending": forms.gettext("%(tile)s needs its toes first."),
        "why_no_match": forms.gettext("Nothing matches %(tile)s: the open ends show %(ends)s."),
        "ends_shown": forms.gettext("The open ends show %(ends)s."),
        "why_drawn": forms.gettext("Only the tile you drew, %(tile)s, may be played now."),
        "why_lead": forms.gettext("This hand opens with %(tile)s."),
        "why_other": forms.gettext("This tile cannot be laid now."),
    }


def reader_words(language: str) -> dict[str, str]:
    """What the screen-reader keys of the table page say (static/readout.js), besides the words of the board and
    the feed that they share."""
    forms = translations(language)
    return {
        "read_no_round": forms.gettext("No round is being played."),
        "read_no_ends": forms.gettext("No tile is laid yet."),
        "read_trains": forms.gettext("Trains and their open numbers: %(trains)s."),
        "read_fits": forms.gettext("Your tiles fit: %(moves)s."),
        "read_playable": forms.gettext("You can lay %(tiles)s."),
        "read_draw": forms.gettext("Nothing fits: draw a tile."),
        "read_pass": forms.gettext("Nothing fits: pass."),
        "read_no_hand": forms.gettext("You hold no tiles."),
        "read_last": forms.gettext("Last moves: %(moves)s."),
    }


def fair_words(language: str) -> dict[str, str]:
    """The words of fair deals (docs/fairness.md): the commitment shown during a round, and checking a deal."""
    forms = translations(language)
    return {
        "fair_sealed": forms.gettext("Deal commitment: %(hash)s"),
        "fair_check": forms.gettext("Check this deal"),
        "fair_how": forms.gettext("How fair deals work"),
        "fair_checking": forms.gettext("Checking the deal…"),
        "fair_failed": forms.gettext("The deal could not be checked: its record did not load. Try again."),
        "fair_none": forms.gettext("This round has no proof: it was dealt before deals could be checked."),
        "fair_ok": forms.gettext(
            "This deal is fair: the revealed secret matches its commitment, and with the contributions it gives "
            "exactly these hands and this boneyard."
        ),
        "fair_given": forms.gettext("Mixed in by the pages of: %(names)s."),
        "fair_given_none": forms.gettext(
            "No player's page mixed anything in, so the server could have picked this deal."
        ),
        "fair_seen": forms.gettext("The commitment is the one this page was given before the deal."),
        "fair_mine": forms.gettext("Your page's contribution was used."),
        "fair_late": forms.gettext("Your page's contribution came after the deal was made, so it was not used."),
        "fair_foreign": forms.gettext(
            "The value in your seat's place did not come from this page: unless you gave it from another tab or"
            " device, the server chose it, and this deal is not proven."
        ),
        "fair_unseen": forms.gettext(
            "This page saw nothing of this deal before it was made, so the check shows only that the record agrees"
            " with itself."
        ),
        "fair_bad": forms.gettext("This deal does not match its proof:"),
        "fair_problem_commitment": forms.gettext("the secret does not match the commitment"),
        "fair_problem_seat": forms.gettext("the hand of %(name)s differs"),
        "fair_problem_hands": forms.gettext("there are more hands than seats"),
        "fair_problem_boneyard": forms.gettext("the boneyard differs"),
        "fair_problem_opener": forms.gettext("another seat should have opened"),
        "fair_problem_round": forms.gettext("the proof is for another round"),
        "fair_problem_proof": forms.gettext("the proof cannot be read"),
        "fair_problem_shown": forms.gettext("the commitment is not the one shown before the deal"),
        "fair_problem_mine": forms.gettext("your page's contribution is missing"),
        "fair_problem_my-hand": forms.gettext("your hand is not the one you were dealt"),
        "fair_problem_table": forms.gettext("the proof is for another table or match"),
        "fair_problem_withheld": forms.gettext("the table committed to this deal before it was made but gave no proof"),
        "fair_problem_dropped": forms.gettext(
            "the contribution of %(name)s, listed before the deal, is not the one it was made with"
        ),
    }


def layout_plurals(language: str) -> dict[str, dict[str, str]]:
    """The plural messages of the seats around the board and the status bar."""
    return {
        "tiles_held": plural_forms(language, "%(num)d tile in hand", "%(num)d tiles in hand"),
        "points_total": plural_forms(language, "%(num)d point", "%(num)d points"),
        "points_short": plural_forms(language, "%(num)d pt", "%(num)d pts"),  # a phone's grid of 9 to 12 seats
    }


def shown_name(language: str, name: str | None) -> str | None:
    """A stored name as a page shows it in ``language``: a forgotten player's marker (``FORMER_PLAYER``) is "a
    former player" in that language, any other name itself."""
    if name == FORMER_PLAYER:
        return translations(language).gettext("a former player")
    return name
