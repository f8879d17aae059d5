"""``dominohall backup`` and ``dominohall restore``: a store into a backup file, and a backup file into an
empty store (``store/backups.py``: SQLite's online backup, PostgreSQL's ``pg_dump`` and ``pg_restore``)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from ..tables.ports import StoreError
from .serve import DEFAULT_DB


def add_parsers(commands: Any) -> None:
    """Register ``backup`` and ``restore``."""
    save = commands.add_parser(
        "backup",
        help="back a store up into a new file, while servers run on it",
        description="Back the store up into FILE (a new file): SQLite's online backup (the file is a SQLite "
        "database), or for PostgreSQL pg_dump --format=custom of the URL's schema. Servers may go on playing "
        "meanwhile: the backup is the store as it stood when it began.",
    )
    save.add_argument("--db", default=DEFAULT_DB, help=f"the store's URL (default {DEFAULT_DB})")
    save.add_argument("file", type=Path, metavar="FILE", help="the backup to write (never overwritten)")
    save.set_defaults(run=run_backup)
    load = commands.add_parser(
        "restore",
        help="restore a backup file into an empty store",
        description="Restore the backup FILE into the store --db, which must hold no table yet (a SQLite file "
        "is made when missing; PostgreSQL: an empty database or schema, restored in one transaction with "
        "pg_restore). Stop the servers of that store first; start them once it is done.",
    )
    load.add_argument("--db", required=True, help="the empty store's URL: sqlite:///path or postgresql://...")
    load.add_argument("file", type=Path, metavar="FILE", help="a file written by dominohall backup")
    load.set_defaults(run=run_restore)


def run_backup(args: argparse.Namespace) -> int:
    """Write the backup; say how many tables it holds."""
    from ..store.backups import backup

    try:
        tables = backup(args.db, args.file)
    except StoreError as error:
        raise SystemExit(f"dominohall: {error}") from None
    print(f"backed up {tables} tables into {args.file}")
    return 0


def run_restore(args: argparse.Namespace) -> int:
    """Restore the backup; say how many tables the store holds now."""
    from ..store.backups import restore

    try:
        tables = restore(args.db, args.file)
    except StoreError as error:
        raise SystemExit(f"dominohall: {error}") from None
    print(f"restored {tables} tables from {args.file}")
    return 0
