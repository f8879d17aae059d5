"""The static files as they travel: scripts and stylesheets minified (``web/assets.py``) and gzipped, each module
still the same program, and validators that let a browser keep what has not changed."""

from __future__ import annotations

import gzip
import shutil
import subprocess
import urllib.error
import urllib.request
from pathlib import Path

from dominohall.web.assets import minify

from ..server.harness import Server

ROOT = Path(__file__).parents[2]
STATIC = ROOT / "src" / "dominohall" / "web" / "static"


def same_syntax(pairs: list[tuple[Path, Path]]) -> subprocess.CompletedProcess[str]:
    """``same_syntax.mjs`` run on ``pairs`` of (source, minified) scripts."""
    node = shutil.which("node")
    assert node, "Node.js is missing: make test installs it (apt-get install nodejs)"
    paths = [str(path) for pair in pairs for path in pair]
    return subprocess.run(
        [node, str(Path(__file__).with_name("same_syntax.mjs")), *paths], check=False, capture_output=True, text=True
    )


def test_every_module_minified_is_the_same_program(tmp_path: Path) -> None:
    """Each script under ``static/``, minified, parses to the very syntax tree of its source (every name and
    literal as written), so the browser runs what the source says; the comparison does tell a difference, as
    the template literal with one space more shows."""
    pairs = []
    for source in sorted(STATIC.glob("*.js")):
        small = tmp_path / source.name
        small.write_text(minify(source.name, source.read_text(encoding="utf-8")), encoding="utf-8")
        assert small.stat().st_size < source.stat().st_size, source.name
        pairs.append((source, small))
    run = same_syntax(pairs)
    assert run.returncode == 0, run.stdout + run.stderr
    spoiled = tmp_path / "spoiled.js"
    spoiled.write_text(pairs[0][1].read_text(encoding="utf-8").replace("`", "` ", 1), encoding="utf-8")
    run = same_syntax([(pairs[0][0], spoiled)])
    assert run.returncode == 1 and "differs" in run.stdout, run.stdout + run.stderr


def test_minify_drops_comments_and_keeps_literals() -> None:
    script = "// a note\nconst a = `x  ${b}  y`; /* more */\nconst c = 'd  e';\n"
    assert minify("a.js", script) == "const a=`x  ${b}  y`;const c='d  e';"
    assert minify("a.css", "/* a note */\n.a {\n  color: red;\n}\n") == ".a{color:red}"


def fetch(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    """The status, headers (lower-case names) and body of a GET of ``url``."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as answer:
        return answer.code, {k.lower(): v for k, v in answer.headers.items()}, answer.read()


def test_scripts_and_styles_travel_minified_and_gzipped_and_pages_do_not(server: Server) -> None:
    """A browser that accepts gzip gets the minified file compressed (together under a third of the source's
    size); one that does not gets it minified; the pages, which carry a visitor's own input and seat, are
    never compressed; other static files (the icon) go as they are."""
    for name in ("table.js", "site.css"):
        source = STATIC / name
        expected = minify(name, source.read_text(encoding="utf-8")).encode()
        status, headers, body = fetch(f"{server.url}/static/{name}", **{"accept-encoding": "gzip"})
        assert status == 200 and headers["content-encoding"] == "gzip", name
        assert gzip.decompress(body) == expected
        assert len(body) < 0.33 * source.stat().st_size, f"{name}: {len(body)} bytes gzipped"
        status, headers, body = fetch(f"{server.url}/static/{name}")
        assert "content-encoding" not in headers and body == expected, "minified for a client that asked no gzip"
        assert headers["content-type"].startswith("text/javascript" if name.endswith(".js") else "text/css")
    status, headers, body = fetch(f"{server.url}/static/favicon.svg")
    assert body == (STATIC / "favicon.svg").read_bytes()
    status, headers, body = fetch(f"{server.url}/en/", **{"accept-encoding": "gzip"})
    assert "content-encoding" not in headers and b"<html" in body


def test_a_browser_checks_a_module_before_using_it_again(server: Server) -> None:
    """A minified file carries a validator of its content and ``no-cache``: asked again with it, the server
    answers 304 with no body, and another file's validator does not match."""
    status, headers, _ = fetch(f"{server.url}/static/state.js")
    assert status == 200 and headers["cache-control"] == "no-cache" and headers["last-modified"]
    etag = headers["etag"]
    status, again, body = fetch(f"{server.url}/static/state.js", **{"if-none-match": etag})
    assert status == 304 and body == b"" and again["etag"] == etag
    status, _, body = fetch(f"{server.url}/static/board.js", **{"if-none-match": etag})
    assert status == 200 and body
    status, _, _ = fetch(f"{server.url}/static/no-such.js")
    assert status == 404
