"""Draw the site's PNG icons from its SVG icon with Debian's Chromium: ``make icons`` runs this, and the PNGs it
writes (``static/icon-192.png``, ``static/icon-512.png``, named by the web manifest for the devices that want a
bitmap) are committed. The test of the manifest draws them again and compares."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image
from playwright.sync_api import Browser, sync_playwright

from .conftest import CHROMIUM, CHROMIUM_ARGS

STATIC = Path(__file__).parents[2] / "src" / "dominohall" / "web" / "static"
SIZES = (192, 512)
"""The square sizes in pixels of the PNG icons, as the manifest names them (``icon-<size>.png``)."""


def draw(browser: Browser, size: int) -> Image.Image:
    """``favicon.svg`` drawn ``size`` pixels square on a transparent background, as an RGBA image."""
    page = browser.new_page(viewport={"width": size, "height": size})
    svg = (STATIC / "favicon.svg").read_text(encoding="utf-8")
    page.set_content(
        f"<style>html, body {{ margin: 0; background: transparent; }} svg {{ display: block; width: {size}px; "
        f"height: {size}px; }}</style>{svg}"
    )
    png = page.screenshot(omit_background=True)
    page.close()
    return Image.open(io.BytesIO(png)).convert("RGBA")


def main() -> None:
    """Write ``icon-<size>.png`` for each of ``SIZES`` next to ``favicon.svg``."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        for size in SIZES:
            draw(browser, size).save(STATIC / f"icon-{size}.png", optimize=True)
            print(f"icon-{size}.png")
        browser.close()


if __name__ == "__main__":
    main()
