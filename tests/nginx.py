"""A private nginx for the tests: Debian's ``/usr/sbin/nginx`` on a free loopback port, with its own
configuration, logs and temporary files in a test's folder, as a child process in the foreground
(``daemon off``, ``master_process off``: one process, stopped with the test).

Its ``location /`` is docs/cluster.md's recipe for running ``serve`` behind nginx, included from ``deploy/nginx`` as
the compose file deploys it: WebSocket upgrades, the browser's ``Host``, and ``X-Forwarded-For``/``X-Forwarded-Proto``
for the server to believe.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from .server.harness import free_port

BINARY = "/usr/sbin/nginx"

DEPLOY = Path(__file__).resolve().parents[1] / "deploy" / "nginx"
"""The nginx configuration deployed (docs/cluster.md, the compose file): its files are included, not copied."""

CONFIG = """
daemon off;
master_process off;
worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log warn;
events {{ worker_connections 256; }}
http {{
    access_log {folder}/access.log;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
{site}
}}
"""
"""nginx as a child of the test, with its files in the test's folder, serving the ``http`` context ``site``."""

SITE = """
    upstream dominohall {{
{servers}
    }}
    include {deploy}/websocket.conf;
    server {{
        listen 127.0.0.1:{port};
        include {deploy}/locations.conf;
    }}
"""
"""The tests' site: docs/cluster.md's, the deployed ``websocket.conf`` and ``locations.conf`` in front of an upstream
of ``serve`` processes (``UPSTREAM``) on loopback."""


UPSTREAM = "        server 127.0.0.1:{port} max_fails=0;"
"""One ``serve`` process of the upstream, as docs/cluster.md writes it."""


class NginxMissingError(RuntimeError):
    """nginx is not installed."""


@dataclass
class Nginx:
    """nginx on ``port`` in front of ``upstreams`` (loopback ports), round robin."""

    folder: Path
    upstreams: list[int]
    port: int = field(default_factory=free_port)
    site: str | None = None
    """The ``http`` context to serve (the deployed ``site.conf`` made local); by default ``SITE`` on ``port``."""
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """nginx's base URL."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Nginx:
        """Write the configuration, start nginx and wait until it listens."""
        if shutil.which(BINARY) is None:
            raise NginxMissingError(f"nginx is not installed ({BINARY}): `make nginx` installs it, `make test` too")
        self.folder.mkdir(parents=True, exist_ok=True)
        servers = "\n".join(UPSTREAM.format(port=port) for port in self.upstreams)
        config = self.folder / "nginx.conf"
        site = self.site or SITE.format(servers=servers, deploy=DEPLOY, port=self.port)
        config.write_text(CONFIG.format(folder=self.folder, site=site))
        log = (self.folder / "nginx.out").open("ab")
        command = [BINARY, "-p", str(self.folder), "-e", str(self.folder / "error.log"), "-c", str(config)]
        self.process = subprocess.Popen(command, stdout=log, stderr=log)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("nginx did not start: " + (self.folder / "error.log").read_text()[-2000:])

    def stop(self) -> None:
        """Stop nginx (a fast shutdown)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
