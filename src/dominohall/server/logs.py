"""Structured logs: one JSON object per line, with the table, seq and seat of what happened.

Only the fields named here are written, never a payload, so no tile of a hand can reach a log line.
"""

from __future__ import annotations

import logging
import sys

import orjson

FIELDS = ("table", "seq", "seat", "kind", "tables", "code", "address")
"""The extra fields a log line may carry."""


class JsonFormatter(logging.Formatter):
    """Formats a record as one JSON line: time, level, logger, message and the known extra fields."""

    def format(self, record: logging.LogRecord) -> str:
        """The record as JSON."""
        line = {
            "time": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update({name: getattr(record, name) for name in FIELDS if hasattr(record, name)})
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info).splitlines()[-1]
        return orjson.dumps(line, default=str).decode()


def configure(level: int = logging.INFO) -> None:
    """Send the server's and uvicorn's logs to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    for name in ("dominohall", "uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level)
        logger.propagate = False
