"""The web site: server-rendered pages (Jinja2) in four languages, static ES modules and CSS.

``pages.mount(app)`` adds the pages and ``/static`` to the server's app. Translations are read from the ``.po``
files under ``locales/`` when the process starts (no compile step to forget): Babel parses each catalog,
sets its plural rule from CLDR, and it is turned into a ``gettext`` translation in memory.
"""

from __future__ import annotations

import gettext
import subprocess
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel import Locale
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from jinja2 import Environment, FileSystemLoader, select_autoescape

from .. import __version__
from ..tables.settings import GAME_SITES

HERE = Path(__file__).parent
LANGUAGES = ("en", "ru", "pl", "cs")
"""The site's languages, the first the default."""
LANGUAGE_NAMES = {"en": "English", "ru": "Русский", "pl": "Polski", "cs": "Čeština"}
COOKIE = "dh_lang"
GAME_SLUGS = tuple(site.slug for site in GAME_SITES.values())
"""The games' pages in URLs (``/<language>/<slug>``), as their descriptors name them."""


@cache
def catalog(language: str) -> Catalog:
    """The parsed ``.po`` catalog of ``language`` (its plural rule from CLDR)."""
    with (HERE / "locales" / language / "messages.po").open("rb") as po:
        return read_po(po, locale=language)


@cache
def translations(language: str) -> gettext.GNUTranslations:
    """The gettext translation of ``language``, built in memory from its catalog."""
    compiled = BytesIO()
    write_mo(compiled, catalog(language))
    compiled.seek(0)
    return gettext.GNUTranslations(compiled)


@cache
def environment(language: str) -> Environment:
    """The Jinja2 environment rendering pages in ``language``."""
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.install_gettext_translations(translations(language), newstyle=True)  # type: ignore[attr-defined]
    return env


def plural_forms(language: str, singular: str, plural: str) -> dict[str, str]:
    """A plural message as CLDR categories (``one``, ``few``, ``many``, ``other``) for ``Intl.PluralRules``."""
    locale, forms = Locale.parse(language), translations(language)
    found = {locale.plural_form(n): forms.ngettext(singular, plural, n) for n in (*range(30), 101, 111)}
    found.setdefault("other", forms.ngettext(singular, plural, 5))
    return found


@cache
def commit() -> str:
    """The short commit the code was started from, or "" outside a git checkout (an installed copy)."""
    try:
        done = subprocess.run(
            ["git", "rev-parse", "--short=7", "HEAD"], check=False, cwd=HERE, capture_output=True, text=True, timeout=5
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def chosen_language(path_language: str | None, cookie: str | None, accept: str | None) -> str:
    """The page's language: the URL's, else the cookie's, else the best of Accept-Language, else English.

    >>> chosen_language(None, None, "cs-CZ,cs;q=0.9,en;q=0.5")
    'cs'
    >>> chosen_language(None, "pl", "ru")
    'pl'
    """
    for choice in (path_language, cookie):
        if choice in LANGUAGES:
            return str(choice)
    ranked: list[tuple[float, str]] = []
    for part in (accept or "").split(","):
        tag, _, weight = part.strip().partition(";q=")
        try:
            quality = float(weight) if weight else 1.0
        except ValueError:
            continue
        base = tag.split("-")[0].lower()
        if base in LANGUAGES:
            ranked.append((quality, base))
    return max(ranked, key=lambda pair: pair[0])[1] if ranked else LANGUAGES[0]


def render(language: str, template: str, **context: Any) -> str:
    """A page of the site in ``language``."""
    page = environment(language).get_template(template)
    return page.render(
        lang=language,
        languages=LANGUAGE_NAMES,
        version=__version__,
        commit=commit(),
        **context,
    )
