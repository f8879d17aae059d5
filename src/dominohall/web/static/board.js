// The board and the tiles as SVG: no library, no build step.
//
// `drawBoard(container, view, drawing)` draws every tile on the table where the drawing lays it, so a tile
// never moves once it is down. Each drawing is a module of its own that adds itself here (`addDrawing`):
// feet.js (Chicken Foot) and line.js (the standard game), both trees of tiles laid on tiles (tree.js), and
// trains.js (Mexican Train). A page loads only the drawings it shows (the table page the one of its game,
// table.html), and refuses by name a drawing it has not loaded, never drawing another.
const SVG = "http://www.w3.org/2000/svg";
export const UNIT = 20; // a tile is UNIT wide and 2 UNIT long
export const HW = UNIT / 2; // half its width
export const HL = UNIT; // half its length
export const GAP = 2; // between touching tiles
// The drawings, by their names (a game's traits name its drawing, games.js), each in its module of that name:
// "feet": doubles' toes round a centre double (Chicken Foot); "line": one line from the lead, or a spinner's
// arms, winding round the middle (the standard game); "trains": a row per train from the engine (Mexican Train).
export const DRAWINGS = ["feet", "line", "trains"];
const INK = "#1d2321";
// Coloured pips: a colour for each number from 1 to 15, each at least 3:1 on the ivory tile and told apart from
// the others with any of the three kinds of colour blindness (tests/web/test_colours.py); the pips still count.
const HUES = ["#0072b2", "#d55e00", "#005a00", "#a52d78", "#2d2d78", INK, "#96874b", "#8778f0", "#b46969", "#b41e3c",
  "#5a1e4b", "#0f96a5", "#691e1e", "#69961e", "#00784b"];
/** How the tiles are drawn, as the browser keeps it (``dh_tiles``): "" classic pips, "colour" coloured pips,
 * "numbers" large numerals. */
export const look = { style: globalThis.localStorage?.getItem("dh_tiles") || "" };
const PIPS = {
  1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  7: [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [2, 2]],
  8: [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  9: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
};

/** A new SVG element with its attributes, added to ``parent``. @param {string} name @param {object} [attributes]
 * @param {Element | null} [parent] */
export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

export const ends = (tile) => tile.split("-").map(Number);
const rad = (degrees) => (degrees * Math.PI) / 180;
/** The unit vector at ``degrees``: [cos, sin]. @returns {[number, number]} */
export const unit = (degrees) => [Math.cos(rad(degrees)), Math.sin(rad(degrees))];
/** @returns {[number, number]} */
export const along = (x, y, heading, distance) => {
  const [ux, uy] = unit(heading);
  return [x + ux * distance, y + uy * distance];
};
/** The angle of a tile's long side: along its line, across it for a double (the root lies level). */
export const angleOf = (s) => (s.root ? 0 : s.heading) + (s.double ? 90 : 0);

/** One half of a tile, its top-left corner at (x, y), showing n: pips, or a numeral kept upright (a number over
 * 9, or any but the blank in large numbers), in ink or its colour (``look``). */
function half(group, x, y, n, turn = 0) {
  const fill = look.style === "colour" && n ? HUES[n - 1] : INK;
  if (n > 9 || (look.style === "numbers" && n)) {
    const [cx, cy] = [x + UNIT / 2, y + UNIT / 2];
    const size = look.style !== "numbers" ? 13 : n > 9 ? 15 : 19;
    const text = el("text", { x: cx, y: cy + size * 0.35, "text-anchor": "middle", "font-size": size, "font-weight": 700, fill, class: "pip" }, group);
    if (turn) text.setAttribute("transform", `rotate(${-turn} ${cx} ${cy})`);
    text.textContent = String(n);
    return;
  }
  for (const [col, row] of PIPS[n] || []) el("circle", { cx: x + 4.5 + col * 5.5, cy: y + 4.5 + row * 5.5, r: 1.9, fill, class: "pip" }, group);
}

/** A tile standing upright, ``top`` over ``bottom``, its centre at the group's origin (turned by ``turn``). */
export function tileFace(top, bottom, turn = 0) {
  const group = el("g", { class: "face" });
  el("rect", { x: -HW, y: -HL, width: UNIT, height: 2 * UNIT, rx: 3, fill: "#fffdf7", stroke: "#57534e", "stroke-width": 1, class: "body" }, group);
  el("line", { x1: -HW + 3, y1: 0, x2: HW - 3, y2: 0, stroke: "#a8a29e", "stroke-width": 1, class: "bar" }, group);
  half(group, -HW, -HL, top, turn);
  half(group, -HW, 0, bottom, turn);
  return group;
}

/** A tile for the hand: an upright SVG of its own. */
export function handTile(tile) {
  const [high, low] = ends(tile);
  const svg = el("svg", { viewBox: `${-HW - 1} ${-HL - 1} ${UNIT + 2} ${2 * UNIT + 2}`, "aria-hidden": "true", class: "domino" });
  svg.appendChild(tileFace(high, low));
  return svg;
}

// -- geometry ------------------------------------------------------------------------------------------


/**
 * A drawing as its module adds it: ``layout(view, extra, labels, room)``, every tile on the table with its place
 * ({tiles, targets, rows?}: see ``layout``; ``room``, the board's [across, down] in units at a legible scale,
 * if known), ``ends``, true when the camera keeps every place you can play in view at your turn, and ``rows(layer, rows, view, labels, trains)`` if it draws rows
 * under the tiles (returning the box they take and the names to add over the tiles); ``follow(bounds, boxes)``,
 * what the camera follows of the ``boxes`` asked, and ``viewed(svg, box)``, told each new view, if it has a say.
 * @typedef {{layout: (view: View, extra: any[], labels: string[], room?: number[]) => {tiles: Spot[], targets: any[], rows?: any[]}, ends?: boolean,
 *   rows?: (layer: Element, rows: any[], view: View, labels: string[], trains: any) => {box: any, names: Element},
 *   follow?: (bounds: any, boxes: any[]) => any[], viewed?: (svg: Element | null, box: any) => void}} Drawing
 */
/** The drawings this page has loaded, by name. @type {{[name: string]: Drawing}} */
const loaded = {};

/** Add the drawing ``name`` (one of ``DRAWINGS``), from its module. @param {string} name @param {Drawing} drawing */
export function addDrawing(name, drawing) {
  loaded[name] = drawing;
}

/** The drawing ``name``: one this page has not loaded (or that does not exist) is refused by name.
 * @param {string} name @returns {Drawing} */
function drawingOf(name) {
  if (!DRAWINGS.includes(name)) throw new Error(`board.js has no drawing ${JSON.stringify(name)}`);
  if (!Object.hasOwn(loaded, name)) throw new Error(`the drawing ${JSON.stringify(name)} is not loaded on this page (static/${name}.js)`);
  return loaded[name];
}

/**
 * Every tile on the table with its place in the drawing ``drawing``: {tiles: [{tile, on, x, y, heading,
 * double, root, near, far, link}], targets, rows?}, the root first; each of ``extra`` (a tile, the tile it
 * would be laid on, and its train if any) is placed as if it came next, as a target; ``labels``, the names
 * of Mexican Train's trains.
 */
export const layout = (view, drawing, extra = [], labels = []) => drawingOf(drawing).layout(view, extra, labels);

/** The corners of every tile, for the board's bounds. */
export function bounds(spots) {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const s of spots) {
    const [ux, uy] = unit(angleOf(s));
    for (const [l, w] of [[HL, HW], [HL, -HW], [-HL, HW], [-HL, -HW]]) {
      const [cx, cy] = [s.x + ux * l - uy * w, s.y + uy * l + ux * w];
      [minX, minY, maxX, maxY] = [Math.min(minX, cx), Math.min(minY, cy), Math.max(maxX, cx), Math.max(maxY, cy)];
    }
  }
  return spots.length ? { minX, minY, maxX, maxY } : { minX: -5 * UNIT, minY: -3 * UNIT, maxX: 5 * UNIT, maxY: 3 * UNIT };
}

/** The rotation of a spot's upright face: the far end points along the line; a double lies across it. */
const rotation = (s) => angleOf(s) + (s.double ? -90 : 90);

/** The pending double's mark: an outline round the tile and "play here" beside it, kept upright, on the side
 * of the outline (above, below, right, left, in that order of preference, nearest first) where it covers the
 * fewest tiles. (Drawn the same, ``kind`` "lead-mark": where the first tile goes on an empty board.) */
function pendingMark(layer, s, label, portrait, tiles, kind = "pending-mark") {
  const group = el("g", { class: kind, transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)})` }, layer);
  el("rect", { x: -HW - 4, y: -HL - 4, width: UNIT + 8, height: 2 * UNIT + 8, rx: 6, transform: `rotate(${rotation(s)})` }, group);
  const { at: [x, y], box } = captionPlace(s, label, portrait, tiles);
  const text = el("text", { x, y, "text-anchor": "middle", "dominant-baseline": "central", transform: portrait ? `rotate(-90 ${x} ${y})` : "" }, group);
  text.textContent = label;
  return box;
}

/** Where a caption of ``label`` beside the tile ``s`` covers the fewest ``tiles``: its centre from the tile's
 * (``at``), and the box it takes as the page turns the board (``box``), which the board's view keeps in sight. */
function captionPlace(s, label, portrait, tiles) {
  const screen = (x, y) => (portrait ? [-y, x] : [x, y]); // the layer as the page turns it
  const boxOf = (t) => {
    const b = bounds([t]);
    const [x1, y1] = screen(b.minX, b.minY);
    const [x2, y2] = screen(b.maxX, b.maxY);
    return { minX: Math.min(x1, x2), minY: Math.min(y1, y2), maxX: Math.max(x1, x2), maxY: Math.max(y1, y2) };
  };
  const own = boxOf(s);
  const [w, h, gap] = [textWidth(label) + 6, 13, 8];
  const [cx, cy] = [(own.minX + own.maxX) / 2, (own.minY + own.maxY) / 2];
  /** @type {[number, number][]} the four sides, then each a step farther out where the nearer places are taken */
  const places = [0, 1, 2, 3].flatMap((k) => {
    const far = gap + k * (h + 4);
    return [[cx, own.minY - far - h / 2], [cx, own.maxY + far + h / 2], [own.maxX + far + w / 2, cy], [own.minX - far - w / 2, cy]];
  });
  const others = tiles.filter((t) => t !== s).map(boxOf);
  /** @param {[number, number]} place */
  const covered = ([x, y]) => others.filter((o) => o.minX < x + w / 2 && x - w / 2 < o.maxX && o.minY < y + h / 2 && y - h / 2 < o.maxY).length;
  const [bx, by] = places.reduce((best, place) => (covered(place) < covered(best) ? place : best));
  const [sx, sy] = screen(s.x, s.y);
  const [dx, dy] = [bx - sx, by - sy];
  const at = /** @type {[number, number]} */ ((portrait ? [dy, -dx] : [dx, dy]).map((v) => Number(v.toFixed(1))));
  return { at, box: { minX: bx - w / 2, minY: by - h / 2, maxX: bx + w / 2, maxY: by + h / 2 } };
}

/** @type {CanvasRenderingContext2D | null} */
let pen = null;

/** How wide ``label`` is in the captions' type (site.css: bold, 11 px, the page's font), as the browser draws
 * it: Cyrillic letters run wider than Latin ones, and each system has its own font. @param {string} label */
function textWidth(label) {
  pen ??= /** @type {CanvasRenderingContext2D} */ (document.createElement("canvas").getContext("2d"));
  pen.font = `700 11px ${getComputedStyle(document.body).fontFamily}`;
  return pen.measureText(label).width;
}

/** The smallest box holding ``a`` (or nothing) and ``b``. */
export const union = (a, b) => (a ? { minX: Math.min(a.minX, b.minX), minY: Math.min(a.minY, b.minY), maxX: Math.max(a.maxX, b.maxX), maxY: Math.max(a.maxY, b.maxY) } : b);

/**
 * Draw the table into ``container``: every tile (the last one played marked, ``fresh`` animated as it is
 * laid, the ``recent`` ones the others laid since your last turn outlined, the ``pending`` double marked
 * with ``playHere``, an empty board's middle with ``lead``) and, for ``choice`` (the moves of one tile of the
 * hand), a lit target where each would go. A
 * ``portrait`` board (a phone held upright) shows the layout a quarter turn round, its lines running up and
 * down, so the tiles come out larger; ``room``, the board's [across, down] in units at a legible scale, which a
 * drawing may fit its lines to. Returns the SVG, its content's bounds and ``areaOf(key)``, the box of a
 * tile on the board (by name) or of a target (by index), as the page shows it, and the drawing (its hooks).
 * @param {{choice?: Move[], current?: number | null, fresh?: Tile | null, portrait?: boolean, room?: number[], recent?: Set<Tile>,
 *   pending?: Tile | null, playHere?: string, lead?: string, trains?: {labels: string[], mine: number | null, marked: string} | null}} [options]
 */
export function drawBoard(container, view, drawing, options = {}) {
  const { choice = [], current = null, fresh = null, recent = new Set(), pending = null, playHere = "", lead = "", trains = null } = options;
  const labels = trains?.labels ?? [];
  const drawn = drawingOf(drawing);
  const room = options.portrait ? options.room?.slice().reverse() : options.room; // as the layout lies
  const { tiles, targets, rows = [] } = drawn.layout(view, choice.map((move) => [move.tile, move.on ?? null, move.train]), labels, room);
  const portrait = Boolean(options.portrait) && !rows.length; // trains keep their rows level, their names upright
  const svg = el("svg", { role: "img", "aria-label": container.dataset.label || "", class: "board-svg" });
  const layer = el("g", portrait ? { class: "layer", transform: "rotate(90)" } : { class: "layer" }, svg);
  const lines = rows.length && drawn.rows ? drawn.rows(layer, rows, view, labels, trains) : null; // under the tiles, names over them
  const turn = (s) => rotation(s) + (portrait ? 90 : 0); // how far the page turns a tile's face
  const last = [...(view.history || [])].reverse().find((entry) => entry.kind === "play");
  for (const s of tiles) {
    if (s.link) {
      const [x2, y2] = along(s.x, s.y, s.heading + 180, s.double ? HW : HL);
      el("line", { x1: s.link[0], y1: s.link[1], x2, y2, class: "link" }, layer);
    }
    const classes = ["tile", last && last.tile === s.tile ? "last" : "", fresh === s.tile ? "new" : "", recent.has(s.tile) ? "recent" : ""].filter(Boolean);
    const group = el("g", { class: classes.join(" "), "data-tile": s.tile, ...(s.train === undefined ? {} : { "data-train": s.train }), transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)}) rotate(${rotation(s)})` }, layer);
    group.appendChild(tileFace(s.far, s.near, turn(s)));
  }
  if (lines) layer.appendChild(lines.names);
  const waiting = pending && tiles.find((s) => s.tile === pending);
  const caption = waiting ? pendingMark(layer, waiting, playHere, portrait, [...tiles, ...targets]) : null;
  container.dataset.pending = waiting ? pending : "";
  // an empty board on your lead: where the first tile goes (until a tile is chosen and its place is lit there)
  const slot = lead && !tiles.length && !targets.length ? { x: 0, y: 0, heading: 0, root: true, double: false } : null;
  const leadBox = slot ? pendingMark(layer, slot, lead, portrait, [], "lead-mark") : null;
  container.dataset.lead = slot ? lead : "";
  targets.forEach((s, index) => {
    const move = choice[index];
    const group = el("g", {
      class: `target${current === index ? " current" : ""}`,
      "data-on": move.on ?? "",
      "data-index": index,
      transform: `translate(${s.x.toFixed(1)} ${s.y.toFixed(1)}) rotate(${rotation(s)})`,
    }, layer);
    el("rect", { x: -HW, y: -HL, width: UNIT, height: 2 * UNIT, rx: 3 }, group);
    const label = el("text", { x: 0, y: 5, "text-anchor": "middle", transform: `rotate(${-turn(s)})` }, group);
    label.textContent = String(index + 1);
  });
  container.replaceChildren(svg);
  container.dataset.tiles = String(tiles.length);
  container.dataset.feet = String(tiles.filter((s) => s.double && !s.root && s.children >= 3).length); // whole later feet
  const frame = (b) => (portrait ? { minX: -b.maxY, maxX: -b.minY, minY: b.minX, maxY: b.maxX } : b); // as the page turns it
  const spots = new Map(tiles.map((s) => /** @type {const} */ ([s.tile, s])));
  const areaOf = (key) => { // the waiting double with its caption
    const s = typeof key === "number" ? targets[key] : spots.get(key);
    return s ? (s === waiting && caption ? union(caption, frame(bounds([s]))) : frame(bounds([s]))) : null;
  };
  const all = union(leadBox, union(caption, frame(bounds([...tiles, ...targets]))));
  return { svg, bounds: union(lines?.box, all), areaOf, drawing: drawn };
}

/**
 * What the camera follows on a dense board, the most important first: the ``pending`` double, the last tile
 * laid, then the ``recent`` tiles (the others' since your turn, latest first), by name. (The places of a tile
 * in hand come before them, all in view together: ``table.js``.)
 * @param {View} view @param {{pending?: Tile | null, recent?: Set<Tile>}} [marks]
 */
export function focusKeys(view, { pending = null, recent = new Set() } = {}) {
  const last = [...(view.history || [])].reverse().find((entry) => entry.kind === "play")?.tile;
  const keys = [pending, last, ...[...recent].reverse()];
  return keys.filter((key) => key !== null && key !== undefined);
}
