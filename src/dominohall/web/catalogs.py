"""The site's messages, extracted from its templates and page code, and the ``.po`` catalogs kept in step.

``python -m dominohall.web.catalogs`` rewrites every catalog with every message, keeping the translations
it has (a new message gets an empty translation, which the catalog test then points out).
"""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from ..tables.settings import GAME_NAMES, GAME_SITES, schema_of
from . import HERE, LANGUAGES, catalog

KEYWORDS = {"_": None, "gettext": None, "ngettext": (1, 2), "plural_forms": (2, 3)}


def messages() -> dict[str, str | None]:
    """Every message of the site: its msgid and, for a plural message, its plural msgid."""
    found: dict[str, str | None] = {}
    sources = [(path, "jinja2.ext:babel_extract") for path in sorted((HERE / "templates").glob("*.html"))]
    modules = ("pages.py", "forms.py", "words.py", "replays.py", "tutorial.py", "me.py")
    sources += [(HERE / name, "python") for name in modules]
    for path, method in sources:
        options = {"extensions": "jinja2.ext.i18n"} if method != "python" else {}
        for _line, message, _comments, _context in extract_from_file(method, path, KEYWORDS, options=options):
            if isinstance(message, tuple):
                found[message[0]] = message[1]
            else:
                found[message] = None
    for site in GAME_SITES.values():  # the games' names, from their descriptors
        for words in site.words:
            found.setdefault(words, None)
    for game in GAME_NAMES:  # the settings' words: the forms made from a game's schema say them
        for setting in schema_of(game):
            for words in (setting.label, setting.note, setting.other_label, setting.short):
                if words:
                    found.setdefault(words, None)
    return found


def update() -> None:
    """Rewrite each language's catalog with every message, keeping existing translations."""
    wanted = messages()
    for language in LANGUAGES:
        old = catalog(language)
        new = Catalog(locale=language, project="Domino Hall", fuzzy=False)
        for msgid, plural in wanted.items():
            before = old.get((msgid, plural) if plural else msgid) or old.get(msgid)
            string: str | tuple[str, ...] | list[str] = ""
            if before is not None and before.string:
                string = before.string
            elif plural:
                string = ("",) * new.num_plurals
            new.add((msgid, plural) if plural else msgid, string)
        with (HERE / "locales" / language / "messages.po").open("wb") as po:
            write_po(po, new, width=116, omit_header=False, no_location=True)


if __name__ == "__main__":
    for language in LANGUAGES:
        path = HERE / "locales" / language / "messages.po"
        if not path.exists():
            path.write_text(f'msgid ""\nmsgstr ""\n"Language: {language}\\n"\n', encoding="utf-8")
    update()
