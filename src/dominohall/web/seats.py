"""What the site's pages share with the server's HTTP API and WebSocket: the hall behind a request and the
seat cookie.

A seat's token travels only in an HttpOnly, SameSite=Lax cookie named ``dh_<table id>``; the server keeps
only its SHA-256. This module sits below the server (``create_app`` mounts the site), so the server imports
it and the site never imports the server.
"""

from __future__ import annotations

from starlette.requests import HTTPConnection
from starlette.responses import Response

from ..tables.hall import Hall


def cookie_name(table_id: str) -> str:
    """The cookie holding the seat token for a table.

    >>> cookie_name("KjYuHsOHbRA")
    'dh_KjYuHsOHbRA'
    """
    return f"dh_{table_id}"


def hall_of(connection: HTTPConnection) -> Hall:
    """The hall of tables of the app serving ``connection`` (a request or a WebSocket)."""
    hall: Hall = connection.app.state.hall
    return hall


def set_seat_cookie(connection: HTTPConnection, response: Response, table_id: str, token: str) -> None:
    """Give the browser its seat token: HttpOnly, SameSite=Lax, for the whole site (and ``Secure`` when the
    server's settings say so, behind HTTPS)."""
    secure = bool(connection.app.state.settings.secure_cookies)
    response.set_cookie(cookie_name(table_id), token, httponly=True, samesite="lax", secure=secure, path="/")
