"""The package as a wheel installs it: built from the checkout, installed into a folder of its own and served
from there, it serves the page whose text lives in the repository's docs (the fair deals' reference)."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

from .harness import Server

ROOT = Path(__file__).resolve().parents[2]


def test_a_server_installed_from_the_wheel_serves_the_fair_deals_reference(tmp_path: Path) -> None:
    wheels, target = tmp_path / "wheels", tmp_path / "installed"
    uv = str(Path(sys.executable).with_name("uv"))  # installed by make beside the venv's python
    subprocess.run([uv, "build", "-q", "--wheel", "--out-dir", str(wheels), str(ROOT)], check=True, cwd=tmp_path)
    (wheel,) = wheels.glob("dominohall-*.whl")
    reference = (ROOT / "docs" / "fairness.md").read_text("utf-8")
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("dominohall/web/fairness.md").decode("utf-8") == reference  # a copy, not a link
    subprocess.run([uv, "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)], check=True)
    env = {"PYTHONPATH": str(target)}
    where = subprocess.run(
        [sys.executable, "-c", "import dominohall.web.pages as p; print(p.FAIRNESS.resolve())"],
        env=os.environ | env, cwd=tmp_path, capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    assert Path(where).is_relative_to(target), "the server below would not run the installed copy"
    server = Server(tmp_path / "db.sqlite", env=env).start()
    try:
        with urllib.request.urlopen(f"{server.url}/fairness", timeout=10) as response:
            status, page = response.status, response.read().decode("utf-8")
    finally:
        server.stop()
    assert status == 200
    assert "<h3>Test vector</h3>" in page and "dominohall/fair@1" in page  # the reference, rendered
