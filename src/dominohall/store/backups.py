"""Backups of a store, and restoring one into an empty store: ``dominohall backup`` and ``dominohall restore``.

- **SQLite**: SQLite's online backup API copies the database in one step, inside one read transaction: in
  WAL mode the servers go on writing meanwhile, and the copy is the database as it stood when the step
  began (copied in several steps, any write between two of them would start the copy again, and a busy
  server might never let it end). The backup is a SQLite database itself; restoring copies it the same way
  into the store's file.
- **PostgreSQL**: ``pg_dump --format=custom`` of the store's schema (the URL's ``current_schema()``, by
  default ``public``), a consistent snapshot taken while the servers write; the processes' registry and the
  lobby's listings are left out as data (they describe the processes live at the time). Restoring runs
  ``pg_restore`` in one transaction (all or nothing), owners and privileges left out: the restoring user
  owns what it makes. The binaries are Debian's newest ``/usr/lib/postgresql/<version>/bin``, else the
  ``PATH``'s; ``pg_dump`` must be at least as new as the server.

Either way the store restored into must hold no table yet (a store that already has tables is refused,
nothing is changed), and a backup file is never overwritten: each is written beside its name and moved
into place once whole.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import subprocess
from pathlib import Path

import psycopg

from ..tables.ports import StoreError
from .postgres import is_postgres_url
from .sqlite import SCHEMA, path_from_url

TRANSIENT = ("processes", "listings")
"""The PostgreSQL coordinator's tables, whose rows describe the processes live when the backup was taken."""


def backup(url: str, file: Path) -> int:
    """Back the store ``url`` up into ``file`` (a new file): the number of tables in the backup."""
    if file.exists():
        raise StoreError(f"{file} exists already: a backup never overwrites a file")
    partial = file.with_name(file.name + ".partial")
    partial.unlink(missing_ok=True)
    try:
        tables = _backup_postgres(url, partial) if is_postgres_url(url) else _backup_sqlite(path_from_url(url), partial)
        partial.rename(file)
    finally:
        partial.unlink(missing_ok=True)
    return tables


def restore(url: str, file: Path) -> int:
    """Restore the backup ``file`` into the store ``url``, which must hold no table: the tables restored."""
    if not file.is_file():
        raise StoreError(f"no backup file {file}")
    if is_postgres_url(url):
        return _restore_postgres(url, file)
    return _restore_sqlite(path_from_url(url), file)


# -- SQLite ----------------------------------------------------------------------------------------------


def _backup_sqlite(path: Path, file: Path) -> int:
    """The online backup of the SQLite store in ``path`` into ``file``."""
    if not path.is_file():
        raise StoreError(f"no SQLite store at {path}")
    source = sqlite3.connect(path)
    try:
        target = sqlite3.connect(file)
        try:
            source.backup(target)
            return _sqlite_tables(target, file)
        finally:
            target.close()
    finally:
        source.close()


def _restore_sqlite(path: Path, file: Path) -> int:
    """Copy the SQLite backup ``file`` into the store in ``path`` (made when missing; refused with tables)."""
    source = sqlite3.connect(f"file:{file}?mode=ro", uri=True)
    try:
        tables = _sqlite_tables(source, file)
        path.parent.mkdir(parents=True, exist_ok=True)
        target = sqlite3.connect(path)
        try:
            target.executescript(SCHEMA)  # what an empty store holds (nothing, when it is new)
            held = target.execute("SELECT count(*) FROM tables").fetchone()[0]
            if held:
                raise StoreError(f"the store at {path} holds {held} tables: restore into an empty store")
            source.backup(target)
            target.execute("PRAGMA journal_mode=WAL")
        finally:
            target.close()
    finally:
        source.close()
    return tables


def _sqlite_tables(connection: sqlite3.Connection, file: Path) -> int:
    """How many tables a SQLite store holds (``StoreError`` for a file that is not one)."""
    try:
        return int(connection.execute("SELECT count(*) FROM tables").fetchone()[0])
    except sqlite3.DatabaseError as error:
        raise StoreError(f"{file} is not a Domino Hall SQLite store: {error}") from None


# -- PostgreSQL ------------------------------------------------------------------------------------------


def pg_binary(name: str) -> str:
    """The path of PostgreSQL's ``name`` (``pg_dump``, ``pg_restore``): Debian's newest, else the ``PATH``'s."""
    found = [path for path in Path("/usr/lib/postgresql").glob(f"*/bin/{name}") if os.access(path, os.X_OK)]
    if found:
        newest = max(found, key=lambda path: [int(n) for n in re.findall(r"\d+", path.parent.parent.name)] or [0])
        return str(newest)
    on_path = shutil.which(name)
    if on_path is None:
        raise StoreError(f"{name} is not installed: apt-get install postgresql-client")
    return on_path


def _schema_and_tables(url: str) -> tuple[str, int | None]:
    """The store's schema (the session's ``current_schema()``) and how many tables it holds (``None``: no
    store there yet)."""
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as connection:
            schema, made = connection.execute("SELECT current_schema(), to_regclass('tables') IS NOT NULL").fetchone()  # type: ignore[misc]
            if not made:
                return str(schema), None
            return str(schema), int(connection.execute("SELECT count(*) FROM tables").fetchone()[0])  # type: ignore[index]
    except psycopg.Error as error:
        raise StoreError(f"cannot read the PostgreSQL store: {error}") from None


def _run(command: list[str]) -> str:
    """Run a PostgreSQL program: what it wrote; ``StoreError`` with what it said when it fails."""
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise StoreError(f"{Path(command[0]).name} failed: {done.stderr.strip()[-2000:]}")
    return done.stdout


def _schemas(url: str) -> set[str]:
    """The schemas the database has already (``public`` in a new one)."""
    try:
        with psycopg.connect(url, autocommit=True, connect_timeout=10) as connection:
            return {row[0] for row in connection.execute("SELECT nspname FROM pg_namespace").fetchall()}
    except psycopg.Error as error:
        raise StoreError(f"cannot read the PostgreSQL store: {error}") from None


def without_schemas(contents: str, existing: set[str]) -> str:
    r"""A dump's table of contents (``pg_restore --list``) without making (or commenting on) the schemas that
    exist already: a dump of one schema makes it, and a new database has ``public``.

    >>> print(without_schemas("5; 2615 2200 SCHEMA - public owner\n6; 0 0 COMMENT - SCHEMA public owner\n"
    ...                       "7; 1259 16390 TABLE public events owner\n", {"public"}))
    ;5; 2615 2200 SCHEMA - public owner
    ;6; 0 0 COMMENT - SCHEMA public owner
    7; 1259 16390 TABLE public events owner
    <BLANKLINE>
    """
    kept = []
    for line in contents.splitlines():
        made = re.match(r"\d+; \d+ \d+ (?:SCHEMA - |COMMENT - SCHEMA )(\S+) ", line)
        kept.append(f";{line}" if made and made.group(1) in existing else line)
    return "\n".join(kept) + "\n"


def _backup_postgres(url: str, file: Path) -> int:
    """``pg_dump`` of the store's schema into ``file``."""
    schema, tables = _schema_and_tables(url)
    if tables is None:
        raise StoreError(f"no Domino Hall store in schema {schema} of that database")
    excluded = [f"--exclude-table-data={schema}.{name}" for name in TRANSIENT]
    _run(
        [pg_binary("pg_dump"), "--format=custom", f"--schema={schema}", *excluded, f"--file={file}", f"--dbname={url}"]
    )
    return tables


def _restore_postgres(url: str, file: Path) -> int:
    """``pg_restore`` of ``file`` into the empty database ``url``, in one transaction."""
    contents = _run([pg_binary("pg_restore"), "--list", str(file)])  # a dump it can read, before any change
    schema, tables = _schema_and_tables(url)
    if tables is not None:
        raise StoreError(f"schema {schema} of that database holds a store ({tables} tables): restore into an empty one")
    chosen = file.with_name(file.name + ".list")
    chosen.write_text(without_schemas(contents, _schemas(url)))
    command = [pg_binary("pg_restore"), "--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges"]
    try:
        _run([*command, f"--use-list={chosen}", f"--dbname={url}", str(file)])
    finally:
        chosen.unlink(missing_ok=True)
    restored = _schema_and_tables(url)[1]
    if restored is None:
        raise StoreError(f"the backup restored no store into schema {schema}: was it taken from another schema?")
    return restored
