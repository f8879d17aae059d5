"""First paint of the table page: Playwright on Debian's Chromium against a real server. Prints one JSON line.

Starts ``python -m dominohall serve`` on a free loopback port (SQLite in a temporary folder, bots moving at
once), creates a four-seat Chicken Foot table over HTTP (the host a person, three medium bots) and starts its
match from the host's browser. Then it loads the host's table page ``--loads`` times, each in a fresh
browser context (an empty cache, the host's seat cookie), and takes the medians of:

- ``first_paint_ms``, ``first_contentful_paint_ms``: Chromium's paint timings of the page;
- ``hand_ms``: until the host's hand is on the page (the WebSocket's snapshot drawn);
- ``page_kb``: the page's own weight, uncompressed: the HTML, its scripts and its stylesheet (no fonts;
  the site has no images), with ``html_kb``, ``js_kb``, ``css_kb``;
- ``transfer_kb``: the same responses' bodies as they travelled (the scripts and styles gzipped).

The goals: first paint under 1 s on loopback, the page under 250 KB.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Response, sync_playwright

from serving import free_port, start_server

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
KINDS = {"document": "html_kb", "script": "js_kb", "stylesheet": "css_kb"}


def create_table(base: str) -> tuple[str, str, str]:
    """A table hosted by a person with three medium bots: (its id, the cookie's name, its value)."""
    body = {"game": "chickenfoot", "bots": [None, "medium", "medium", "medium"], "name": "Ann"}
    headers = {"content-type": "application/json"}
    request = urllib.request.Request(f"{base}/api/tables", data=json.dumps(body).encode(), headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        table_id = json.loads(response.read())["id"]
        name, _, value = response.headers["set-cookie"].split(";")[0].partition("=")
    return table_id, name, value


def load(browser: Browser, base: str, path: str, cookie: tuple[str, str]) -> dict[str, float]:
    """Open ``path`` in a fresh context holding the seat cookie: its paint timings and its weight."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": cookie[0], "value": cookie[1], "url": base}])
    page = context.new_page()
    responses: list[Response] = []

    def keep(response: Response) -> None:
        responses.append(response)

    page.on("response", keep)
    started = time.perf_counter()
    page.goto(base + path, wait_until="load")
    page.wait_for_selector("#hand .tile", timeout=15_000)
    hand_ms = (time.perf_counter() - started) * 1000
    paints = page.evaluate("Object.fromEntries(performance.getEntriesByType('paint').map(p => [p.name, p.startTime]))")
    figures = {"first_paint_ms": paints.get("first-paint", -1.0), "hand_ms": hand_ms}
    figures["first_contentful_paint_ms"] = paints.get("first-contentful-paint", -1.0)
    weights = dict.fromkeys([*KINDS.values(), "transfer_kb"], 0.0)
    for response in responses:
        kind = KINDS.get(response.request.resource_type)
        if kind and response.ok:
            weights[kind] += len(response.body()) / 1000
            weights["transfer_kb"] += response.request.sizes()["responseBodySize"] / 1000
    context.close()
    return figures | weights


def measure(base: str, table_id: str, cookie: tuple[str, str], loads: int) -> dict[str, Any]:
    """Start the match from the host's page, then load the page ``loads`` times: the medians."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        load(browser, base, f"/t/{table_id}?start=1", cookie)  # starts the match (and warms the server)
        runs = [load(browser, base, f"/t/{table_id}", cookie) for _ in range(loads)]
        browser.close()
    figures: dict[str, Any] = {key: round(statistics.median(run[key] for run in runs), 1) for key in runs[0]}
    figures["page_kb"] = round(figures["html_kb"] + figures["js_kb"] + figures["css_kb"], 1)
    return figures | {"loads": loads}


def main() -> None:
    """Measure and print one JSON line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=9, help="page loads to take the median of")
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder), port)
        try:
            base = f"http://127.0.0.1:{port}"
            table_id, name, value = create_table(base)
            figures = measure(base, table_id, (name, value), args.loads)
        finally:
            server.terminate()
            server.wait(10)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
