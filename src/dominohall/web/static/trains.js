// Mexican Train's drawing, "trains": the engine at the left, a straight row per train running right from it,
// each train's name on a tab before its first tile. Loaded only by the pages of games drawn so.
import { addDrawing, el, ends, GAP, HL, HW, UNIT } from "./board.js";

const ROW = 2.4 * UNIT; // between two trains' rows
const FAN = 1.6 * UNIT; // from the engine to the trains' names
const LETTER = 6.6; // about the width of a letter of a train's name
const MARK = 20; // room for a marked train's marker between its name and its first tile

/**
 * Mexican Train's board: the engine at the left, each train a straight row running right from it (the
 * seats' in seat order, then the Mexican train), its name (``labels``, by train) before its first tile, so
 * that trains of 20 tiles read as rows on a desktop and a phone alike. {tiles, targets, rows}: each row
 * {train, y, x: where its tiles start, end: past its last tile}; each of ``extra`` ([tile, on, train]) goes
 * at the end of its train, as a target.
 * @param {View} view
 */
export function trainLayout(view, extra = [], labels = []) {
  const centre = /** @type {Tile} */ (view.centre);
  const [n] = ends(centre);
  /** @type {Spot} */
  const root = { tile: centre, x: 0, y: 0, heading: 0, root: true, double: true, near: n, far: n, children: 0, used: new Set() };
  const start = FAN + Math.max(2 * UNIT, ...labels.map((label) => label.length * LETTER)) + MARK;
  const trains = view.trains || [];
  const tiles = [root];
  const rows = trains.map((line, i) => {
    const row = { train: line.train, y: (i - (trains.length - 1) / 2) * ROW, x: start, end: start, open: n, last: centre };
    for (const tile of line.tiles) tiles.push(lay(row, tile));
    return row;
  });
  const targets = extra.map(([tile, , train]) => {
    const row = rows.find((one) => one.train === train);
    return row ? lay({ ...row }, tile) : null;
  });
  return { tiles, targets: /** @type {Spot[]} */ (targets.filter(Boolean)), rows };
}

/** The spot of ``tile`` laid at the end of ``row`` (lengthwise, a double across), the row moved on past it.
 * @returns {Spot} */
function lay(row, tile) {
  const [a, b] = ends(tile);
  const double = a === b;
  const length = double ? UNIT : 2 * UNIT;
  const spot = { tile, on: row.last, train: row.train, x: row.end + length / 2, y: row.y, heading: 0, double, near: row.open, far: a === row.open ? b : a, children: 0, used: new Set() };
  Object.assign(row, { end: row.end + length + GAP, open: spot.far, last: tile });
  return spot;
}

/**
 * Mexican Train's rows under the tiles: a line from the engine to each train and your own train on a band;
 * over the tiles, each train's name on a tab, with a marked train's marker (its ``title`` said), the tabs
 * kept in sight at the left edge of the view by ``stickNames``. ``trains``: {labels, mine (your train's index,
 * or null), marked (the marker's words)}. Returns the box the rows take and the names' group, to add last.
 */
function drawTrains(layer, rows, view, labels, trains) {
  const right = Math.max(...rows.map((row) => row.end), rows[0].x + 2 * UNIT) + GAP;
  const names = el("g", { class: "train-names", "data-x": FAN - 3 });
  rows.forEach((row, i) => {
    const line = view.trains?.[i];
    const mine = i === trains?.mine;
    const attributes = { class: `train${mine ? " mine" : ""}${line?.marked ? " marked" : ""}`, "data-train": row.train };
    const group = el("g", attributes, layer);
    if (mine) el("rect", { x: FAN - 4, y: row.y - HL - 1, width: right - FAN + 4, height: 2 * HL + 2, rx: 6, class: "band" }, group);
    el("line", { x1: HW + GAP, y1: Math.max(-HL + 4, Math.min(HL - 4, row.y)), x2: FAN - 2, y2: row.y, class: "track" }, group);
    const tab = el("g", attributes, names);
    const width = (labels[i] ?? "").length * LETTER + 6;
    el("rect", { x: FAN - 3, y: row.y - 8, width: width + (line?.marked ? MARK : 0), height: 16, rx: 4, class: "tab" }, tab);
    el("text", { x: FAN, y: row.y + 4, class: "train-name" }, tab).textContent = labels[i] ?? "";
    if (line?.marked) {
      const marker = el("g", { class: "marker", transform: `translate(${FAN - 3 + width + MARK / 2 - 2} ${row.y})` }, tab);
      el("title", {}, marker).textContent = trains?.marked ?? "";
      el("circle", { r: 6.5 }, marker);
      el("path", { d: "M-3 3V-4l6 3.5-6 3.5", fill: "#fff" }, marker);
    }
  });
  return { box: { minX: -HW, minY: rows[0].y - HL - 2, maxX: right, maxY: rows[rows.length - 1].y + HL + 2 }, names };
}

/** Mexican Train: the first box to follow stretched over every row (``bounds``: the board's), so the camera
 * keeps every train's end in view, each a place one may play. */
const allRows = (bounds, boxes) => (boxes.length ? [{ ...boxes[0], minY: bounds.minY, maxY: bounds.maxY }, ...boxes.slice(1)] : boxes);

/** Keep Mexican Train's names in sight: moved right to the left edge of the view ``box`` when it cuts them. */
function stickNames(svg, box) {
  const names = svg?.querySelector(".train-names");
  if (names && box) names.setAttribute("transform", `translate(${Math.max(0, box.x + 4 - Number(names.dataset.x)).toFixed(1)} 0)`);
}

addDrawing("trains", { layout: trainLayout, rows: drawTrains, follow: allRows, viewed: stickNames });
