"""The site's static files as they travel: scripts and stylesheets minified as they are served.

The modules under ``static/`` are written to be read (comments, JSDoc types for the checker, clear names);
a browser needs none of the comments and little of the white space. ``Assets`` serves each ``.js`` and
``.css`` file minified (rjsmin and rcssmin, which remove comments and white space and leave every name and
literal as written; ``tests/web/test_assets.py`` checks that each module parses to the same syntax tree
minified), so there is still no build step: the files on disk are the source, and an edited file is served
again minified at its next request. Everything else under ``static/`` is served as it is.

A minified file's validator (ETag) is a hash of what is sent, so that several server processes behind one
proxy give a browser the same one, and ``no-cache`` makes a browser check it before each use: a page of a
newer version never runs with modules it kept from an older one.
"""

from __future__ import annotations

import hashlib
import os
from email.utils import formatdate
from functools import lru_cache
from pathlib import Path

import rcssmin  # type: ignore[import-untyped]
import rjsmin  # type: ignore[import-untyped]
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

MEDIA_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
"""The kinds of file served minified, with their media types."""


def minify(name: str, text: str) -> str:
    """``text``, the content of the file ``name`` (a ``.js`` or ``.css`` file), without its comments and the
    white space nothing needs."""
    if name.endswith(".js"):
        return str(rjsmin.jsmin(text))
    return str(rcssmin.cssmin(text))


@lru_cache(maxsize=128)
def minified(path: Path, mtime_ns: int, size: int) -> tuple[bytes, str]:
    """The file at ``path`` minified, and its ETag; kept while the file's time and size stay the same."""
    body = minify(path.name, path.read_text(encoding="utf-8")).encode()
    return body, f'"{hashlib.sha256(body).hexdigest()[:32]}"'


class Assets(StaticFiles):
    """``StaticFiles`` that sends scripts and stylesheets minified (``minified``), with ``no-cache``."""

    def file_response(
        self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope, status_code: int = 200
    ) -> Response:
        """The file's response: minified for a script or a stylesheet, as it is otherwise."""
        path = Path(full_path)
        media_type = MEDIA_TYPES.get(path.suffix)
        if media_type is None:
            return super().file_response(full_path, stat_result, scope, status_code)
        body, etag = minified(path, stat_result.st_mtime_ns, stat_result.st_size)
        headers = {
            "etag": etag,
            "last-modified": formatdate(stat_result.st_mtime, usegmt=True),
            "cache-control": "no-cache",
        }
        if self.is_not_modified(Headers(headers), Headers(scope=scope)):
            return NotModifiedResponse(Headers(headers))
        return Response(body, status_code=status_code, headers=headers, media_type=media_type)
