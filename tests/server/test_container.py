"""The container recipes (``Dockerfile``, ``compose.yaml``, ``deploy/nginx/site.conf``) are the commands the tests
run outside containers, so they cannot drift from them (this machine runs no container):

- the image builds the wheel from what test_installed.py copies, with its steps, and installs it the same way;
- the image's command parses as ``dominohall serve`` on every address, and run here it serves from the data
  folder the image keeps in a volume; its health check, run here against it, passes, and fails once it stops;
- the compose file's three processes run here with its options on one PostgreSQL database behind a real nginx
  given its ``site.conf`` (only addresses and the certificate's paths made local): TLS, the redirect from plain
  HTTP, a table made and watched over a secure WebSocket.
"""

from __future__ import annotations

import asyncio
import fnmatch
import json
import os
import re
import ssl
import subprocess
import sys
import time
import tomllib
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from dominohall.cli import build_parser
from dominohall.cli.serve import DEFAULT_DB
from dominohall.store.sqlite import path_from_url

from ..nginx import DEPLOY, Nginx, NginxMissingError
from .harness import Server, free_port, http
from .recipes import Instruction, read_compose, read_dockerfile
from .test_installed import ROOT, SKIPPED, SOURCES, TEST_ONLY, build_step, install_step, venv_step

IMAGE_ONLY = ("--no-cache", "--compile-bytecode")
"""Options of the image's install and not the test's: no cache kept in the image, and the bytecode compiled at
install (the user the image runs as cannot write beside the installed modules)."""
STAGES = read_dockerfile(ROOT / "Dockerfile")
COMPOSE = read_compose(ROOT / "compose.yaml")
SITE = ROOT / "deploy" / "nginx" / "site.conf"


def instructions(stage: list[Instruction], name: str) -> list[Instruction]:
    """A stage's instructions of one kind."""
    return [instruction for instruction in stage if instruction.name == name]


def image_steps(stage: list[Instruction]) -> list[list[str]]:
    """Every command the stage's ``RUN`` instructions run, in order, without the image's own options."""
    return [[w for w in step if w not in IMAGE_ONLY] for run in instructions(stage, "RUN") for step in run.steps()]


def as_tested(step: list[str]) -> list[str]:
    """A step as test_installed.py runs it, without the options only the test takes."""
    return [word for word in step if word not in TEST_ONLY]


def mounts(run: Instruction) -> dict[str, dict[str, str]]:
    """A ``RUN``'s ``--mount`` options by target: each one's fields."""
    found = [dict(field.split("=", 1) for field in mount.split(",")) for mount in run.options().get("mount", [])]
    return {mount["target"]: mount for mount in found}


def test_the_image_builds_and_installs_the_wheel_as_the_installed_test_does() -> None:
    build, runtime = STAGES
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    python = project["tool"]["mypy"]["python_version"]
    assert [stage[0].text.split()[0] for stage in STAGES] == [f"python:{python}-slim-bookworm"] * 2
    uv_version = re.search(r"^UV_VERSION := (\S+)$", (ROOT / "Makefile").read_text("utf-8"), re.M)
    assert uv_version and ["pip", "install", "--no-cache-dir", f"uv=={uv_version[1]}"] in image_steps(build)

    (workdir,) = [instruction.text for instruction in instructions(build, "WORKDIR")]
    copied: dict[str, str] = {}  # what the build stage copies, each to where (relative to its working folder)
    for copy in instructions(build, "COPY"):
        *sources, target = copy.text.split()
        copied |= {source: target.rstrip("/") + ("/" if len(sources) > 1 else "") for source in sources}
    assert sorted(copied) == sorted(SOURCES)
    source = f"{workdir}/source"
    assert all(to in (f"source/{name}", "source/") for name, to in copied.items()), copied
    wheels = f"{workdir}/wheels"
    assert image_steps(build)[-1] == as_tested(build_step("uv", source, wheels))

    (install,) = [run for run in instructions(runtime, "RUN") if "uv" in run.command()]
    mounted = mounts(install)
    assert mounted["/usr/local/bin/uv"]["from"] == "build"
    assert mounted["/wheels"] == {"from": "build", "source": wheels, "target": "/wheels"}
    assert mounted["/requirements.lock"]["source"] == "requirements.lock"  # the checkout's, as the test's
    venv = "/opt/dominohall"
    assert [as_tested([w for w in step if w not in IMAGE_ONLY]) for step in install.steps()] == [
        as_tested(venv_step("uv", "/usr/local/bin/python3", venv)),  # the base image's Python
        as_tested(install_step("uv", f"{venv}/bin/python", "/requirements.lock", "/wheels/dominohall-*.whl")),
    ]
    assert all(option in install.command() for option in IMAGE_ONLY)
    (env,) = instructions(runtime, "ENV")
    assert f"PATH={venv}/bin:$PATH" in env.text.split()  # dominohall and python: the environment's

    ignored = [line for line in (ROOT / ".dockerignore").read_text("utf-8").splitlines() if line[:1] not in "#"]
    for skipped in SKIPPED:  # what clean_copy leaves out, at any depth
        assert f"**/{skipped}" in ignored
    assert not [name for name in (*SOURCES, "requirements.lock") if any(fnmatch.fnmatch(name, p) for p in ignored)]


def test_the_image_runs_as_a_user_without_privileges_with_its_data_in_a_volume() -> None:
    runtime = STAGES[-1]
    users = instructions(runtime, "USER")
    assert users and users[-1].text not in ("root", "0") and not users[-1].text.startswith(("root:", "0:"))
    user = users[-1].text
    made = [step for step in image_steps(runtime) if step[:1] == ["useradd"]]
    assert made and made[0][-1] == user and made[0][made[0].index("--uid") + 1] != "0"
    assert [i.name for i in runtime].index("USER") > max(i for i, x in enumerate(runtime) if x.name == "RUN")
    workdir = instructions(runtime, "WORKDIR")[-1].text
    (volume,) = instructions(runtime, "VOLUME")
    assert volume.text == str(Path(workdir) / path_from_url(DEFAULT_DB).parent)  # serve's default store is there
    assert ["chown", f"{user}:{user}", volume.text] in image_steps(runtime)  # the volume starts as the user's


def image_command() -> list[str]:
    """The image's ``ENTRYPOINT`` and ``CMD``: what a container runs unless told otherwise."""
    runtime = STAGES[-1]
    (entrypoint,), (command,) = instructions(runtime, "ENTRYPOINT"), instructions(runtime, "CMD")
    return entrypoint.exec_form() + command.exec_form()


def health_check() -> str:
    """The Python code of the image's ``HEALTHCHECK``, run by the environment's ``python``."""
    (check,) = instructions(STAGES[-1], "HEALTHCHECK")
    python, flag, code = check.exec_form()
    assert (python, flag) == ("python", "-c")
    assert not re.search(r"\b(curl|wget)\b", check.text)  # the slim image has neither
    return code


@pytest.fixture
def image_server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    """The image's command run here, in a working folder of its own (the image's ``WORKDIR``), on a free port
    of loopback: the address it listens on is the one thing changed."""
    program, *arguments = image_command()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    assert program in project["project"]["scripts"]
    port = free_port()
    arguments = [("127.0.0.1" if word == "0.0.0.0" else word) for word in arguments] + ["--port", str(port)]
    log = (tmp_path / "server.log").open("ab")
    process = subprocess.Popen(
        [sys.executable, "-m", "dominohall", *arguments], cwd=tmp_path, stdout=log, stderr=log,
        env=os.environ | {"PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 20
        while process.poll() is None and time.monotonic() < deadline:
            try:
                if http("GET", f"http://127.0.0.1:{port}/healthz")[0] == 200:
                    break
            except OSError:
                time.sleep(0.05)
        yield process, port
    finally:
        process.terminate()
        process.wait(10)


def run_health_check(port: int) -> int:
    """The health check's exit status against ``port`` instead of its own."""
    code = health_check()
    assert "'http://127.0.0.1:8000/healthz'" in code
    code = code.replace(":8000/", f":{port}/")
    return subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, timeout=30).returncode


def test_the_images_command_serves_and_its_health_check_passes_until_it_stops(
    image_server: tuple[subprocess.Popen[bytes], int], tmp_path: Path
) -> None:
    args = build_parser().parse_args(image_command()[1:])
    assert args.command == "serve" and args.host == "0.0.0.0" and args.db == DEFAULT_DB
    (expose,) = instructions(STAGES[-1], "EXPOSE")
    assert int(expose.text) == args.port == 8000  # serve's default port, which the health check asks
    process, port = image_server
    assert process.poll() is None, (tmp_path / "server.log").read_text()[-2000:]
    assert (tmp_path / path_from_url(DEFAULT_DB)).is_file()  # the store is in the volume's folder
    assert run_health_check(port) == 0
    process.terminate()
    process.wait(10)
    assert run_health_check(port) != 0


def app_services() -> dict[str, dict[str, Any]]:
    """The compose file's ``serve`` processes: its services built from the Dockerfile."""
    return {name: service for name, service in COMPOSE["services"].items() if service.get("build") == "."}


def test_the_compose_files_processes_share_one_database_behind_nginx() -> None:
    services = COMPOSE["services"]
    apps = app_services()
    assert len(apps) == 3
    db, nginx = services["db"], services["nginx"]
    nginx_address = nginx["networks"]["hall"]["ipv4_address"]
    image = image_command()
    for service in apps.values():
        command = service["command"]
        assert command[: len(image) - 1] == image[1:]  # the image's command, with options added
        args = build_parser().parse_args(command)
        user, database = db["environment"]["POSTGRES_USER"], db["environment"]["POSTGRES_DB"]
        assert args.db == f"postgresql://{user}@db:5432/{database}"  # no password in the URL (ps shows it)
        assert service["environment"]["PGPASSWORD"] == db["environment"]["POSTGRES_PASSWORD"]
        assert args.forwarded_allow_ips == nginx_address and args.secure_cookies
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
    assert all(volume.endswith(":ro") for volume in nginx["volumes"])
    volumes = {target: source for source, target in (v.removesuffix(":ro").rsplit(":", 1) for v in nginx["volumes"])}
    assert volumes["/etc/nginx/conf.d/default.conf"] == "./" + str(SITE.relative_to(ROOT))
    assert volumes["/etc/nginx/dominohall"] == "./" + str(DEPLOY.relative_to(ROOT))
    assert "/etc/nginx/certs" in volumes
    site = SITE.read_text("utf-8")
    servers = re.findall(r"^\s*server (\S+) max_fails=0;$", site, re.M)
    assert servers == [f"{name}:{build_parser().parse_args(s['command']).port}" for name, s in apps.items()]
    assert re.findall(r"include /etc/nginx/dominohall/(\S+);", site) == ["websocket.conf", "locations.conf"]


def certificate(folder: Path) -> Path:
    """A self-signed certificate for 127.0.0.1 in ``folder``, named as the compose file's nginx reads them."""
    folder.mkdir()
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1",
         "-addext", "subjectAltName=IP:127.0.0.1",
         "-keyout", str(folder / "privkey.pem"), "-out", str(folder / "fullchain.pem")],
        check=True, capture_output=True,
    )  # fmt: skip
    return folder


def local_site(upstreams: dict[str, int], http_port: int, https_port: int, certs: Path) -> str:
    """deploy/nginx/site.conf with its addresses made this machine's and the certificate's paths the test's:
    each text replaced must be there (else the file changed in a way this test does not know)."""
    site = SITE.read_text("utf-8")
    changes = {
        "listen 80;": f"listen 127.0.0.1:{http_port};",
        "listen 443 ssl;": f"listen 127.0.0.1:{https_port} ssl;",
        "/etc/nginx/certs/": f"{certs}/",
        "/etc/nginx/dominohall/": f"{DEPLOY}/",
    } | {f"server {name}:8000 ": f"server 127.0.0.1:{port} " for name, port in upstreams.items()}
    for old, new in changes.items():
        assert old in site, old
        site = site.replace(old, new)
    return site


@pytest.fixture
def compose_here(tmp_path: Path, postgres_url: str) -> Iterator[tuple[Nginx, int]]:
    """The compose file's processes (its commands, on the test's database and loopback, trusting the local
    nginx) behind nginx serving its site.conf over TLS; nginx and its plain HTTP port."""
    servers = {}
    for name, service in app_services().items():
        options = list(service["command"][1:])
        for option, value in (("--host", "127.0.0.1"), ("--db", postgres_url), ("--forwarded-allow-ips", "127.0.0.1")):
            options[options.index(option) + 1] = value
        servers[name] = Server(tmp_path / name / "db", store=postgres_url, options=options)
        servers[name].db.parent.mkdir()
    https_port, http_port = free_port(), free_port()
    upstreams = {name: server.port for name, server in servers.items()}
    site = local_site(upstreams, http_port, https_port, certificate(tmp_path / "certs"))
    nginx = Nginx(tmp_path / "nginx", list(upstreams.values()), port=https_port, site=site)
    try:
        for server in servers.values():
            server.start()
        try:
            yield nginx.start(), http_port
        except NginxMissingError as error:
            pytest.fail(str(error), pytrace=False)
    finally:
        nginx.stop()
        for server in servers.values():
            server.stop()


def tls(certs: Path) -> ssl.SSLContext:
    """A client's TLS that trusts the test's certificate alone (and checks it is for 127.0.0.1)."""
    return ssl.create_default_context(cafile=str(certs / "fullchain.pem"))


def processes_seen(url: str, context: ssl.SSLContext) -> int:
    """The processes sharing the store, as ``/healthz`` at ``url`` tells, once all three see each other (each
    counts the live ones at its heartbeat, so a new one is seen a moment later) or after 20 s."""
    deadline = time.monotonic() + 20
    while True:
        with urllib.request.urlopen(url, context=context, timeout=10) as response:
            seen = int(json.loads(response.read())["processes"])
        if seen == 3 or time.monotonic() > deadline:
            return seen
        time.sleep(0.1)


class NoRedirect(urllib.request.HTTPRedirectHandler):
    """urllib without following redirects: a 301 is an answer."""

    def redirect_request(self, *args: Any) -> None:
        """Follow nothing."""
        return None


def test_the_compose_cluster_serves_over_tls_through_its_nginx(compose_here: tuple[Nginx, int], tmp_path: Path) -> None:
    nginx, http_port = compose_here
    context = tls(tmp_path / "certs")
    base = f"https://127.0.0.1:{nginx.port}"
    assert processes_seen(f"{base}/healthz", context) == 3  # three processes, one database
    plain = urllib.request.build_opener(NoRedirect())
    with pytest.raises(urllib.error.HTTPError) as moved:
        plain.open(f"http://127.0.0.1:{http_port}/en/?x=1", timeout=10)
    assert moved.value.code == 301 and moved.value.headers["location"] == "https://127.0.0.1/en/?x=1"

    spec = {"game": "chickenfoot", "settings": {"players": 2}, "bots": [None, "easy"], "name": "Ann"}
    request = urllib.request.Request(
        f"{base}/api/tables", data=json.dumps(spec).encode(), method="POST",
        headers={"content-type": "application/json", "origin": base},
    )  # fmt: skip
    with urllib.request.urlopen(request, context=context, timeout=10) as response:
        assert response.status == 201
        table_id = json.loads(response.read())["id"]
        cookies = response.headers.get_all("set-cookie")
        assert cookies and all("; secure" in cookie.lower() for cookie in cookies)  # --secure-cookies
    asyncio.run(_watch(nginx.port, table_id, context))


async def _watch(port: int, table_id: str, context: ssl.SSLContext) -> None:
    """A browser's secure WebSocket: its page's https origin matches nginx's Host and X-Forwarded-Proto."""
    url = f"wss://127.0.0.1:{port}/t/{table_id}/ws"
    async with connect(url, origin=f"https://127.0.0.1:{port}", ssl=context) as socket:  # type: ignore[arg-type]
        await socket.send(json.dumps({"t": "hello", "v": 2, "last_seq": None}))
        async with asyncio.timeout(10):
            frame = json.loads(await socket.recv())
        assert frame["t"] == "snapshot" and frame["table"]["id"] == table_id
