"""Quick phrases and reactions: a short list of codes that anyone at a table may send, seated or watching.

A phrase travels as its code, never as words: each page says it in its own reader's language (the site's
words, ``web/words.py``), so a Russian page reads a watcher's English "Good game" in Russian. A reaction is
an emoji, the same everywhere, with a name in each language for screen readers.
"""

from __future__ import annotations

PHRASES = (
    "hello",
    "good-luck",
    "your-turn",
    "one-moment",
    "nice-move",
    "well-played",
    "oops",
    "sorry",
    "thanks",
    "good-game",
    "again",
    "bye",
)
"""The quick phrases, in the order the picker offers them."""

REACTIONS = {"thumbs-up": "👍", "clap": "👏", "laugh": "😄", "wow": "😮", "sad": "😢"}
"""The reactions and the emoji each one shows."""

CODES = frozenset(PHRASES) | frozenset(REACTIONS)
"""Every code a ``phrase`` command may carry."""

PHRASE_RATE, PHRASE_BURST = 0.5, 3
"""A connection's phrases and reactions: a burst of 3, then one every 2 seconds."""
