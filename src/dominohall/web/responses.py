"""What every page of the site answers with: the page rendered in its language (remembered in a cookie), the
language a page without one in its address is shown in, the answer to an address that leads nowhere, and JSON
data blocks for the pages' scripts.

The game pages (``pages.py``) and the replay viewer and tutorial (``replays.py``) both render through here.
"""

from __future__ import annotations

import functools
import json
from typing import Any

import segno
from fastapi import Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from ..tables.errors import CommandError
from . import COOKIE, LANGUAGES, chosen_language, render

ONE_YEAR = 365 * 24 * 3600


def page(request: Request, language: str, template: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A rendered page; the language it is in is remembered in a cookie."""
    path = request.url.path
    if path.startswith(f"/{language}/"):
        rest = path[len(language) + 1 :].removesuffix("/play")
        switch = {code: f"/{code}{rest}" for code in LANGUAGES}
    else:
        switch = {code: f"{path}?lang={code}" for code in LANGUAGES}
    html = render(language, template, switch=switch, **context)
    response = HTMLResponse(html, status_code=status)
    response.set_cookie(COOKIE, language, max_age=ONE_YEAR, samesite="lax", path="/")
    return response


API = "/api/"
"""Where the HTTP API's paths begin: their errors are the protocol's error object (docs/protocol.md)."""


def not_found(request: Request) -> Response:
    """404 for an address that leads nowhere: a page saying so in the visitor's language, or under ``/api/``
    the protocol's error object (``not-found``)."""
    if request.url.path.startswith(API):
        refused = CommandError("not-found", "there is no such path in the API: see docs/protocol.md")
        return JSONResponse(refused.to_frame(None), status_code=404)
    return page(request, language_of(request), "not-found.html", status=404)


def language_of(request: Request) -> str:
    """The language a page without one in its URL is shown in."""
    return chosen_language(
        request.query_params.get("lang"), request.cookies.get(COOKIE), request.headers.get("accept-language")
    )


def data_block(value: Any) -> str:
    r"""``value`` as JSON for a ``<script type="application/json">`` block: no ``<``, ``>`` or ``&`` in it, so
    nothing inside can close the block.

    >>> data_block({"a": "</script>"})
    '{"a": "\\u003c/script\\u003e"}'
    """
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@functools.lru_cache(maxsize=1024)
def share_qr(link: str, title: str) -> str:
    """The table's link as a QR code in inline SVG markup: no script, no image to fetch, sized by the CSS.
    Kept for the links asked lately (a code takes about 5 ms to make, and a table's page is asked often).

    >>> share_qr("http://127.0.0.1:8000/t/KjYuHsOHbRA", "QR")[:61]
    '<svg role="img" viewBox="0 0 33 33" class="qr-code"><title>QR'
    """
    code = segno.make(link, error="m")
    svg = code.svg_inline(border=2, dark="#1d2321", light="#ffffff", title=title, omitsize=True, svgclass="qr-code")
    return '<svg role="img" ' + str(svg).removeprefix("<svg ")
