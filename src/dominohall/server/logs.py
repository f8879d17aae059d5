"""Structured logs: one JSON object per line, with the table, seq and seat of what happened.

Only the fields named here are written, never a payload, so no tile of a hand can reach a log line.
"""

from __future__ import annotations

import logging
import sys

import orjson

FIELDS = ("table", "seq", "seat", "kind", "tables", "processes", "code", "address")
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


CLIENT_FAULTS = frozenset({"Invalid UTF-8 sequence received from client."})
"""uvicorn's messages that report a client's fault as an error of the server (the connection is closed with
1007, nothing is wrong here)."""


class ClientFaults(logging.Filter):
    """Writes uvicorn's reports of a client's fault as warnings without the exception, so that no client can
    put error lines in the server's log at will (errors are kept for the server's own faults)."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Lower a client's fault to a warning; keep every record."""
        if record.name.startswith("uvicorn") and record.getMessage() in CLIENT_FAULTS:
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.exc_info, record.exc_text = None, None
        return True


def configure(level: int = logging.INFO) -> None:
    """Send the server's and uvicorn's logs to stderr as JSON lines, and the warnings of every other library
    (psycopg's pool, when the database is out of reach) as JSON lines too."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    handler.addFilter(ClientFaults())
    for name in ("dominohall", "uvicorn", "uvicorn.error", "uvicorn.access"):
        logger = logging.getLogger(name)
        logger.handlers = [handler]
        logger.setLevel(level)
        logger.propagate = False
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(logging.WARNING)
