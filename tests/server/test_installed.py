"""The package as a wheel installs it: built from the checkout, installed with its pinned dependencies
(``requirements.lock``) into a new virtual environment, and served by that environment's ``dominohall
serve``, it serves the whole site (templates, scripts, the docs' pages, the fair deals' reference) and plays a
table to the end of its match.

uv builds and installs (it is installed beside the test's Python by ``make``), from its cache and offline:
``make`` has installed every pinned package through uv, so nothing is downloaded and this takes seconds.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import sys
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from dominohall.games.records import verify

from .harness import Client, Server, create_table, http, play_turns

ROOT = Path(__file__).resolve().parents[2]
UV = str(Path(sys.executable).with_name("uv"))
"""uv, installed by ``make`` beside the virtual environment's Python."""


SOURCES = ("src", "docs", "pyproject.toml", "README.md")
"""What a build reads (docs: web/fairness.md links to docs/fairness.md); the Dockerfile copies the same."""
SKIPPED = ("*.egg-info", "__pycache__")
"""Never copied: an ``egg-info`` of an earlier build, whose list of files setuptools would add to the wheel (a
template left out of the package's data would still be in it), and bytecode. .dockerignore leaves them out too."""
TEST_ONLY = ("-q", "--offline")
"""The options the steps below take here and not in the Dockerfile: quiet, and from uv's cache (``make`` has
installed every pinned package through uv; the image's build downloads them)."""


def build_step(uv: str, source: str, out: str) -> list[str]:
    """Build the wheel of the copy ``source`` into the folder ``out``."""
    return [uv, "build", "-q", "--wheel", "--out-dir", out, source]


def venv_step(uv: str, base: str, venv: str) -> list[str]:
    """A new virtual environment ``venv`` of the Python ``base``."""
    return [uv, "venv", "-q", "--python", base, venv]


def install_step(uv: str, python: str, lock: str, wheel: str) -> list[str]:
    """Install ``wheel`` into the environment of ``python``, its dependencies pinned by ``lock``."""
    return [uv, "pip", "install", "-q", "--offline", "--python", python, "-c", lock, wheel]


def clean_copy(folder: Path) -> Path:
    """What a build reads (``SOURCES``), copied from the checkout into ``folder / "source"`` without ``SKIPPED``."""
    source = folder / "source"
    skip = shutil.ignore_patterns(*SKIPPED)
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, symlinks=True, ignore=skip)
        else:
            shutil.copy2(ROOT / name, source / name)
    return source


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server run by ``dominohall serve`` of a new virtual environment holding the wheel and its pinned
    dependencies, and nothing of the checkout."""
    folder = tmp_path_factory.mktemp("installed")
    wheels, venv = folder / "wheels", folder / "venv"
    subprocess.run(build_step(UV, str(clean_copy(folder)), str(wheels)), check=True, cwd=folder)
    (wheel,) = wheels.glob("dominohall-*.whl")
    reference = (ROOT / "docs" / "fairness.md").read_text("utf-8")
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("dominohall/web/fairness.md").decode("utf-8") == reference  # a copy, not a link
    base = Path(sys.base_prefix) / "bin" / "python3"
    subprocess.run(venv_step(UV, str(base), str(venv)), check=True, cwd=folder)
    python = str(venv / "bin" / "python")
    subprocess.run(install_step(UV, python, str(ROOT / "requirements.lock"), str(wheel)), check=True, cwd=folder)
    env = {"PYTHONPATH": ""}  # none of the checkout's src (empty: unset for Python)
    where = subprocess.run(
        [python, "-c", "import dominohall.web.pages as p; print(p.__file__, p.FAIRNESS.resolve())"],
        env=os.environ | env, cwd=folder, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert all(Path(path).is_relative_to(venv) for path in where), f"not the installed copy: {where}"
    server = Server(folder / "db.sqlite", env=env, program=[str(venv / "bin" / "dominohall")]).start()
    yield server
    server.stop()


def get(server: Server, path: str) -> tuple[int, str, str]:
    """``GET path``: the status, the content type and the text."""
    with urllib.request.urlopen(f"{server.url}{path}", timeout=10) as response:
        return response.status, response.headers["content-type"], response.read().decode("utf-8")


def test_the_installed_server_serves_the_pages_scripts_and_docs(installed: Server) -> None:
    status, kind, home = get(installed, "/en/")
    assert status == 200 and kind.startswith("text/html") and "/static/site.css" in home
    assert "Chicken Foot" in get(installed, "/en/chicken-foot")[2]  # a game's page: its rules, from the docs
    assert "Mexican Train" in get(installed, "/en/mexican-train")[2]
    assert get(installed, "/pl/bots")[0] == 200  # the ladder of the bots' strength, ladder.json
    status, _, script = get(installed, "/static/table.js")
    assert status == 200 and "import" in script
    status, _, page = get(installed, "/fairness")
    assert status == 200
    assert "<h3>Test vector</h3>" in page and "dominohall/fair@1" in page  # the reference, rendered


def test_the_installed_server_plays_a_table_to_the_end(installed: Server) -> None:
    table_id, cookie = create_table(installed, [None, "easy"], {"players": 2, "length": "one"})
    request = urllib.request.Request(f"{installed.url}/t/{table_id}", headers={"cookie": cookie})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200 and "/static/table.js" in response.read().decode("utf-8")

    async def play() -> None:
        host = await Client.open(installed, table_id, cookie)
        assert (await host.command({"t": "start"}))["t"] == "ack"
        assert await play_turns(host, 0)
        assert host.is_over()
        await host.close()

    asyncio.run(play())
    status, record, _ = http("GET", f"{installed.url}/api/tables/{table_id}/record?match=1")
    assert status == 200 and verify(record) == []
