"""A private PostgreSQL server for the tests: ``initdb`` into a temporary folder, ``postgres`` on loopback.

The server runs with ``fsync`` on, listens on a free loopback port and keeps its socket in its own folder,
so it never meets the machine's own cluster. PostgreSQL refuses to run as root: as root (here and in CI)
``initdb`` and ``postgres`` run as the ``postgres`` user (through ``setpriv``, which does what ``runuser -u
postgres`` does and also sets the parent-death signal), in a folder given to that user. Each pytest process
(each xdist worker) starts its own server: nothing is shared, so nothing needs a lock, and a worker that
dies takes its server with it.
Every test gets a fresh schema of its own.
"""

from __future__ import annotations

import os
import pwd
import re
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psycopg

from .server.harness import free_port

DATABASE = "dominohall_tests"
"""The database every test's schema lives in."""
SUPERUSER = "dominohall"
"""The cluster's superuser (``initdb -U``); loopback connections are trusted."""


class PostgresMissingError(RuntimeError):
    """The PostgreSQL server binaries are not installed."""


def find_binaries() -> Path:
    """The newest ``/usr/lib/postgresql/<version>/bin`` with ``initdb`` and ``postgres``."""
    found = [
        path
        for path in Path("/usr/lib/postgresql").glob("*/bin")
        if (path / "postgres").is_file() and (path / "initdb").is_file()
    ]
    if not found:
        raise PostgresMissingError(
            "the PostgreSQL server is not installed (no /usr/lib/postgresql/*/bin/postgres): "
            "`make postgresql` installs it (apt-get install postgresql), and `make test` does so itself"
        )
    return max(found, key=lambda path: [int(n) for n in re.findall(r"\d+", path.parent.name)] or [0])


def short_tmp() -> str | None:
    """``/tmp`` where there is one: the ``postgres`` user can reach it (a ``$TMPDIR`` under root's home it
    could not), and its short path keeps the socket's path under the 107 characters a socket may have."""
    return "/tmp" if os.path.isdir("/tmp") else None


def as_postgres_user(command: list[str]) -> list[str]:
    """``command`` run through ``setpriv`` (util-linux): as the ``postgres`` user when we are root (the
    server refuses root), and told to stop (SIGINT: a fast shutdown) if the test process dies first."""
    user = ["--reuid=postgres", "--regid=postgres", "--init-groups"] if os.geteuid() == 0 else []
    return ["setpriv", *user, "--pdeathsig", "INT", "--", *command]


@dataclass
class PostgresServer:
    """One private cluster: ``start()``, ``new_database()`` per test, ``stop()`` at the end."""

    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="dominohall-pg-", dir=short_tmp())))
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    settings: dict[str, str] = field(default_factory=dict)
    """Server settings besides the private ones (a bench's ``shared_preload_libraries``, say)."""

    @property
    def data(self) -> Path:
        """The cluster's data folder."""
        return self.folder / "data"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.folder / "server.log"

    def url(self, database: str = "postgres") -> str:
        """The URL of ``database`` on this server."""
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    def start(self) -> PostgresServer:
        """``initdb`` and start the server; wait until it takes connections."""
        binaries = find_binaries()
        if os.geteuid() == 0:
            user = pwd.getpwnam("postgres")
            os.chown(self.folder, user.pw_uid, user.pw_gid)
        # --no-sync: initdb's own final sync is skipped (the folder is thrown away); the server runs fsync=on.
        initdb = [str(binaries / "initdb"), "-D", str(self.data), "-U", SUPERUSER, "--auth=trust", "-E", "UTF8"]
        subprocess.run(as_postgres_user([*initdb, "--no-sync"]), check=True, capture_output=True, cwd=self.folder)
        for _attempt in range(3):
            self.port = free_port()
            if self._launch(binaries):
                with psycopg.connect(self.url(), autocommit=True) as connection:
                    connection.execute(f"CREATE DATABASE {DATABASE}")
                return self
        raise RuntimeError("PostgreSQL did not start: " + self.log.read_text(errors="replace")[-3000:])

    def _launch(self, binaries: Path) -> bool:
        """Start ``postgres`` on ``self.port``: True once it answers, False if it exited (a taken port?)."""
        settings = {
            "listen_addresses": "127.0.0.1",
            "port": str(self.port),
            "unix_socket_directories": str(self.folder),
            "fsync": "on",
            "max_connections": "300",
            "shared_buffers": "32MB",
            **self.settings,
        }
        command = [str(binaries / "postgres"), "-D", str(self.data)]
        for name, value in settings.items():
            command += ["-c", f"{name}={value}"]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(as_postgres_user(command), stdout=log, stderr=log, cwd=self.folder)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                psycopg.connect(self.url(), connect_timeout=2).close()
                return True
            except psycopg.OperationalError:
                time.sleep(0.05)
        self.stop()
        return False

    def new_database(self) -> str:
        """A fresh, empty place for one test's store: its URL.

        Each test gets a schema of its own in the server's one test database (its URL sets the
        ``search_path``): creating one takes milliseconds where a database takes half a second. Tests of
        one process run one after the other, so the database-wide notifications and advisory locks of
        one test have ended before the next begins.
        """
        name = f"test_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(self.url(DATABASE), autocommit=True) as connection:
            connection.execute(f'CREATE SCHEMA "{name}"')  # a generated name, not input
        return self.url(DATABASE) + f"?options=-c%20search_path%3D{name}"

    def stop(self) -> None:
        """An immediate shutdown (no checkpoint: the data is thrown away), then remove the folder."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        shutil.rmtree(self.folder, ignore_errors=True)
