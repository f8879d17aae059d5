"""A private nginx for the tests: Debian's ``/usr/sbin/nginx`` on a free loopback port, with its own
configuration, logs and temporary files in a test's folder, as a child process in the foreground
(``daemon off``, ``master_process off``: one process, stopped with the test).

Its ``location /`` is docs/cluster.md's recipe for running ``serve`` behind nginx: WebSocket upgrades, the
browser's ``Host``, and ``X-Forwarded-For``/``X-Forwarded-Proto`` for the server to believe.
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
    upstream dominohall {{
{servers}
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ''      close;
    }}
    server {{
        listen 127.0.0.1:{port};
        client_max_body_size 64k;
        error_page 413 = @too_long;
        location @too_long {{
            default_type application/json;
            return 413 '{{"t":"error","id":null,"code":"too-long","message":"a request body has at most 65536 bytes"}}';
        }}
        location / {{
            proxy_pass http://dominohall;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
        }}
    }}
}}
"""
"""The configuration: docs/cluster.md's ``server`` in front of an upstream of ``serve`` processes (``UPSTREAM``)."""


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
        config.write_text(CONFIG.format(folder=self.folder, servers=servers, port=self.port))
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
