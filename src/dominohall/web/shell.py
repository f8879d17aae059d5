"""The site as an installable app: the web manifest in each language (``/<lang>/manifest.webmanifest``), the
offline page (``/<lang>/offline``) and the service worker (``/sw.js``) that keeps the page shell for when the
connection is gone.

The shell is every script, stylesheet and icon under ``static/`` and the offline page in each language. The
service worker is ``static/sw.js`` served from the site's root (so that its scope is the whole site without a
``Service-Worker-Allowed`` header) with the shell's files and version written before it: the version is a hash
of everything the shell is made of, so any change to it (a deploy) is a new service worker, which the browser
installs in place of the old one, and whose cache replaces the old cache. It keeps no page with seat data, no
API answer and no WebSocket: only the files listed here (``static/sw.js`` says how it uses them).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from .. import __version__
from . import HERE, LANGUAGES, render, translations
from .assets import minify
from .responses import not_found

router = APIRouter(include_in_schema=False)

SHELL_SUFFIXES = (".js", ".css", ".svg", ".png")
"""The kinds of file under ``static/`` that make the page shell."""
WORKER = "sw.js"
"""The service worker's own source, under ``static/`` (served as ``/sw.js``, not part of the shell)."""
THEME = "#1f5e46"
"""The felt green of the site's header (``--felt`` in site.css), the colour of an installed app's title bar."""
PAPER = "#f6f3ec"
"""The page's background (``--paper``), shown while an installed app starts."""


def shell_files() -> list[str]:
    """The paths the service worker keeps: the static scripts, stylesheets and icons, then each language's
    offline page."""
    static = sorted(
        path.name
        for path in (HERE / "static").iterdir()
        if path.suffix in SHELL_SUFFIXES and path.name != WORKER and path.is_file()
    )
    return [f"/static/{name}" for name in static] + [f"/{language}/offline" for language in LANGUAGES]


def shell_sources() -> list[tuple[str, int, int]]:
    """What the shell is made of, each file with its time and size: the static files, the offline page's
    templates and the catalogs that give its words."""
    paths = [HERE / "static" / name.removeprefix("/static/") for name in shell_files() if name.startswith("/static/")]
    paths += [HERE / "templates" / "base.html", HERE / "templates" / "offline.html", HERE / "static" / WORKER]
    paths += [HERE / "locales" / language / "messages.po" for language in LANGUAGES]
    return [(str(path), path.stat().st_mtime_ns, path.stat().st_size) for path in paths]


@lru_cache(maxsize=4)
def worker_body(sources: tuple[tuple[str, int, int], ...]) -> bytes:
    """The service worker as served: the shell's version and files, then ``static/sw.js`` minified. Kept while
    no source of the shell changes (``sources``, from ``shell_sources``)."""
    digest = hashlib.sha256(__version__.encode())
    for name, _mtime, _size in sources:
        with open(name, "rb") as source:
            digest.update(name.encode() + b"\0" + source.read())
    shell = {"version": digest.hexdigest()[:16], "files": shell_files()}
    code = minify(WORKER, (HERE / "static" / WORKER).read_text(encoding="utf-8"))
    return f"self.SHELL = {json.dumps(shell)};\n{code}".encode()


@router.get("/sw.js")
async def service_worker() -> Response:
    """The service worker, checked by the browser at each visit (``no-cache``): a new version replaces it."""
    body = worker_body(tuple(shell_sources()))
    return Response(body, media_type="text/javascript; charset=utf-8", headers={"cache-control": "no-cache"})


@router.get("/{language}/manifest.webmanifest")
async def manifest(language: str, request: Request) -> Response:
    """The web manifest in ``language``: the app's name, where it starts, its colours and its icons."""
    if language not in LANGUAGES:
        return not_found(request)
    words = translations(language)
    body = {
        "name": words.gettext("Domino Hall"),
        "short_name": words.gettext("Domino Hall"),
        "description": words.gettext("No sign-up: create a table, share its link, and play."),
        "lang": language,
        "dir": "ltr",
        "id": "/",
        "start_url": f"/{language}/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME,
        "background_color": PAPER,
        "icons": [
            {"src": "/static/favicon.svg", "sizes": "any", "type": "image/svg+xml"},
            {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png"},
            {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png"},
        ],
    }
    return Response(
        json.dumps(body, ensure_ascii=False),
        media_type="application/manifest+json",
        headers={"cache-control": "no-cache"},
    )


@router.get("/{language}/offline")
async def offline(language: str, request: Request) -> Response:
    """The page the service worker shows for a page that could not be fetched: the connection is gone."""
    if language not in LANGUAGES:
        return not_found(request)
    switch = {code: f"/{code}/" for code in LANGUAGES}  # no language cookie: the worker asks for all four
    return HTMLResponse(render(language, "offline.html", switch=switch), headers={"cache-control": "no-cache"})
