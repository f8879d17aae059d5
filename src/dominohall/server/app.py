"""The ASGI app: ``create_app(store, settings, coordinator)`` wires the hall of tables, the HTTP API and the
WebSocket."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import replace

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import __version__
from ..tables.analyses import Analyses
from ..tables.bots import BotRunner
from ..tables.hall import Hall
from ..tables.ports import Coordinator, LocalCoordinator, PlayerStore, Store
from ..tables.ratings import ladder_ratings
from ..web.pages import LADDER_FILE, read_ladder
from ..web.pages import mount as mount_site
from ..web.players import PlayerCookies
from . import admin, errors, http, metrics, ws
from . import players as player_api
from .guards import BoundedBodies
from .limits import PerAddress
from .origins import SameOriginPosts
from .protocol import PROTOCOL_VERSION
from .settings import ServerSettings

CSP = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
"""The content security policy: no inline script, nothing from elsewhere."""
DOCS_CSP = "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; " + (
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https://fastapi.tiangolo.com"
)
"""The interactive API docs (``/docs``) load Swagger UI with one inline script: the only exception."""


class SecurityHeaders:
    """ASGI middleware adding the security headers to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, adding the headers to the response's start."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_CSP if scope["path"] in ("/docs", "/docs/oauth2-redirect") else CSP

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", policy.encode()),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-content-type-options", b"nosniff"),
                    (b"x-frame-options", b"DENY"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app(
    store: Store,
    settings: ServerSettings | None = None,
    coordinator: Coordinator | None = None,
    players: PlayerStore | None = None,
) -> FastAPI:
    """The Domino Hall app on ``store`` (which it closes on shutdown).

    ``coordinator`` links the processes sharing the store (``store.backends.backend_for`` gives the one
    that goes with a store); without one the process is alone with its store. ``players`` keeps the players
    (docs/players.md): by default the store itself, when it is a ``PlayerStore`` (both stores are).
    """
    settings = settings or ServerSettings()
    config = settings.tables
    if not config.bot_ratings:  # the bots play rated matches as the ladder measured them
        config = replace(config, bot_ratings=ladder_ratings(read_ladder(LADDER_FILE)))
    if players is None and isinstance(store, PlayerStore):
        players = store

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hall = Hall(store, config, BotRunner(settings.bot_workers), coordinator or LocalCoordinator())
        app.state.hall = hall
        app.state.analyses = Analyses(store)
        app.state.watch = watch = metrics.ProcessWatch()
        await hall.open()
        watch.start()
        try:
            yield
        finally:
            await watch.stop()
            await app.state.analyses.close()
            await hall.close()
            await store.close()

    app = FastAPI(title="Domino Hall", version=__version__, lifespan=lifespan)
    app.state.settings = settings
    app.state.players = players
    app.state.protocol_version = PROTOCOL_VERSION  # the site's pages say hello in it (web is below server)
    app.state.metrics_allow = metrics.networks(settings.metrics_allow)
    app.state.limits = PerAddress(settings.max_connections_per_address, settings.tables_per_minute)
    errors.install(app)
    app.add_exception_handler(RequestValidationError, http.invalid_request)
    app.include_router(http.router)
    app.include_router(player_api.router)
    app.include_router(ws.router)
    app.include_router(admin.router)
    app.include_router(metrics.router)
    mount_site(app)
    app.add_middleware(BoundedBodies, limit=settings.max_body, timeout=settings.request_timeout)
    app.add_middleware(SameOriginPosts, allowed=settings.allowed_origins)
    app.add_middleware(PlayerCookies, secure=settings.secure_cookies)
    app.add_middleware(SecurityHeaders)
    return app
