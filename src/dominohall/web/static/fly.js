// A tile laid flies to its place (loaded when the page is idle, never when the player asks for less motion):
// a copy of the board's new tile, over the page, from the hand (your move) or the seat's card (theirs).
const NS = "http://www.w3.org/2000/svg";
const MS = 450; // a little longer than the flight in site.css

/** The flights under way: each one's landing, to end it early. @type {Set<() => void>} */
const flying = new Set();

/** Fly the board's tile ``tile`` in from ``from``, a box on the screen. A flight still under way lands at once:
 * the board was drawn again for this move and may have moved, so its copy would land beside its tile.
 * @param {DOMRect} from @param {string} tile */
export function fly(from, tile) {
  for (const land of [...flying]) land();
  const target = /** @type {SVGGElement | null} */ (document.querySelector(`#board .tile[data-tile="${tile}"]`));
  const at = target?.getScreenCTM();
  if (!target || !at || document.hidden) return;
  const to = target.getBoundingClientRect();
  const layer = document.createElementNS(NS, "svg");
  layer.setAttribute("class", "fly");
  layer.setAttribute("aria-hidden", "true");
  const moving = layer.appendChild(document.createElementNS(NS, "g"));
  const copy = moving.appendChild(/** @type {Element} */ (target.cloneNode(true)));
  copy.setAttribute("transform", `matrix(${[at.a, at.b, at.c, at.d, at.e, at.f]})`);
  const [dx, dy] = [from.x + from.width / 2 - to.x - to.width / 2, from.y + from.height / 2 - to.y - to.height / 2];
  moving.style.setProperty("--from", `translate(${dx.toFixed(1)}px, ${dy.toFixed(1)}px)`);
  const sheet = document.styleSheets[0]; // meanwhile the tile on the board is hidden, drawn again or not
  const hidden = sheet.cssRules[sheet.insertRule(`#board [data-tile="${tile}"] { visibility: hidden }`, sheet.cssRules.length)];
  document.body.appendChild(layer);
  const land = () => {
    flying.delete(land);
    clearTimeout(timer);
    layer.remove();
    sheet.deleteRule([...sheet.cssRules].indexOf(hidden));
  };
  const timer = setTimeout(land, MS);
  flying.add(land);
}
