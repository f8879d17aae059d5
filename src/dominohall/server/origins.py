"""Where a request comes from: the server's own origin, and refusing state-changing requests from other sites.

An origin is a scheme, a host and a port. The server's own is the request's scheme (``http`` or ``https``;
a WebSocket's ``ws``/``wss`` counts as its HTTP twin) and its ``Host`` header; the ones named with
``serve --origin`` are allowed too. ``https://host`` is not ``http://host``.

A browser says where a request comes from in ``Origin`` (every POST, every WebSocket handshake), in
``Sec-Fetch-Site``, and sometimes only in ``Referer``. ``SameOriginPosts`` refuses a POST (or any method
that changes something) that any of them says came from another site, with 403 ``foreign-origin``: a
page elsewhere cannot make a visitor's browser create a table or take a seat. A request that names no
origin at all is not a browser's cross-site request (programs and tests send none) and passes.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send

from ..tables.errors import CommandError

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
"""Methods that change nothing; every other one is checked."""
SCHEMES = {"ws": "http", "wss": "https", "http": "http", "https": "https"}
"""A request's scheme as the scheme of the origin it belongs to."""
FETCH_SITES = frozenset({"same-origin", "none"})
"""``Sec-Fetch-Site`` values of a request from the server's own pages (``none``: the person typed it)."""


def header(scope: Scope, name: bytes) -> str | None:
    """A request header's value (the first), decoded as Latin-1 like HTTP itself."""
    for key, value in scope.get("headers", ()):
        if key == name:
            return bytes(value).decode("latin-1")
    return None


def own_origin(scope: Scope) -> str:
    """The origin the request was sent to: its scheme and its ``Host``."""
    scheme = SCHEMES.get(str(scope.get("scheme", "http")), "http")
    return f"{scheme}://{(header(scope, b'host') or '').lower()}"


def origin_of(url: str) -> str:
    """The origin of a URL (``scheme://host:port``), lower-cased; empty when it has none."""
    try:
        parts = urlsplit(url.strip())
    except ValueError:
        return ""
    if not parts.scheme or not parts.netloc:
        return ""
    return f"{parts.scheme.lower()}://{parts.netloc.lower()}"


def is_own(origin: str, scope: Scope, allowed: Iterable[str] = ()) -> bool:
    """True when ``origin`` is the server's own (scheme included) or one of ``allowed``."""
    found = origin_of(origin)
    if not found:
        return False
    return found == own_origin(scope) or found in {origin_of(other) for other in allowed}


def is_foreign(scope: Scope, allowed: Iterable[str] = ()) -> bool:
    """True when a browser says the request comes from another site (``Sec-Fetch-Site``, ``Origin``, or
    lacking an Origin, ``Referer``); a request naming no origin is not foreign."""
    site = header(scope, b"sec-fetch-site")
    if site is not None and site.lower() not in FETCH_SITES:
        return True
    origin = header(scope, b"origin")
    if origin is not None:
        if origin.strip() == "null":  # an opaque origin: trusted only when the browser says same-origin
            return (site or "").lower() != "same-origin"
        return not is_own(origin, scope, allowed)
    referer = header(scope, b"referer")
    return referer is not None and not is_own(referer, scope, allowed)


class SameOriginPosts:
    """ASGI middleware: a request that changes something and comes from another site gets 403."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = tuple(allowed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Refuse a foreign state-changing request; pass every other request on."""
        if scope["type"] == "http" and scope["method"] not in SAFE_METHODS and is_foreign(scope, self.allowed):
            await refuse(send, 403, CommandError("foreign-origin", "this request came from another site's page"))
            return
        await self.app(scope, receive, send)


async def refuse(send: Send, status: int, error: CommandError) -> None:
    """Answer an HTTP request with ``error`` in the protocol's shape, and close the connection."""
    body = orjson.dumps(error.to_frame(None))
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
