"""Every HTTP error in the protocol's ``error`` shape: ``{"t": "error", "id": null, "code", "message"}``.

FastAPI answers a body that does not fit its model with 422 and ``{"detail": [...]}``, and Starlette an
unknown path with ``{"detail": "Not Found"}``; a client written from docs/protocol.md reads ``code`` instead.
"""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException

from ..tables.ports import StoreError
from ..web.responses import not_found

HTTP_CODES = {404: "not-found", 405: "bad-method", 413: "too-long", 429: "rate-limited"}
"""The error code of an HTTP status the framework answers by itself (others: ``bad-request``)."""


def error_body(code: str, message: str) -> dict[str, object]:
    """The protocol's error object for an HTTP answer."""
    return {"t": "error", "id": None, "code": code, "message": message}


async def _http(request: Request, error: Exception) -> Response:
    """An HTTP error the framework raised (no such path, a method not allowed...); no such path is answered
    like every other address that leads nowhere (``web.responses.not_found``)."""
    assert isinstance(error, HTTPException)
    if error.status_code == 404:
        return not_found(request)
    if error.status_code == 400:  # a body the framework could not parse at all
        return JSONResponse(error_body("bad-json", "the body could not be read as JSON (in UTF-8)"), status_code=400)
    code = HTTP_CODES.get(error.status_code, "bad-request")
    return JSONResponse(error_body(code, str(error.detail)), status_code=error.status_code, headers=error.headers)


async def _store(request: Request, error: Exception) -> Response:
    """A store that failed under a request (the players' API): 503 ``busy``, nothing changed."""
    return JSONResponse(error_body("busy", "the store could not answer now: try again"), status_code=503)


def install(app: FastAPI) -> None:
    """Answer the framework's own HTTP errors in the protocol's shape (a body that does not fit its model is
    answered by ``server.http.invalid_request``), and a store's failure as ``busy``."""
    app.add_exception_handler(HTTPException, _http)
    app.add_exception_handler(StoreError, _store)
