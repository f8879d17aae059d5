// The board and the tiles as SVG: no library, no build step.
const SVG = "http://www.w3.org/2000/svg";
const UNIT = 20; // half a tile is UNIT x UNIT
const SCALE = 1.8; // screen pixels per unit at most: a small layout is not blown up
const PIPS = {
  1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
  5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]],
  7: [[0, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [2, 2]],
  8: [[0, 0], [1, 0], [2, 0], [0, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
  9: [[0, 0], [1, 0], [2, 0], [0, 1], [1, 1], [2, 1], [0, 2], [1, 2], [2, 2]],
};

export function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.appendChild(node);
  return node;
}

export const ends = (tile) => tile.split("-").map(Number);

/** One half of a tile, its top-left corner at (x, y), showing n. */
function half(group, x, y, n) {
  if (n > 9) {
    const text = el("text", { x: x + UNIT / 2, y: y + UNIT * 0.72, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#1d2321" }, group);
    text.textContent = String(n);
    return;
  }
  for (const [col, row] of PIPS[n] || []) {
    el("circle", { cx: x + 4.5 + col * 5.5, cy: y + 4.5 + row * 5.5, r: 1.9, fill: "#1d2321" }, group);
  }
}

/** A tile standing upright, ``top`` over ``bottom``, its centre at the group's origin. */
export function tileGroup(top, bottom, attributes = {}) {
  const group = el("g", attributes);
  el("rect", { x: -UNIT / 2, y: -UNIT, width: UNIT, height: 2 * UNIT, rx: 3, fill: "#fffdf7", stroke: "#57534e", "stroke-width": 1 }, group);
  el("line", { x1: -UNIT / 2 + 3, y1: 0, x2: UNIT / 2 - 3, y2: 0, stroke: "#a8a29e", "stroke-width": 1 }, group);
  half(group, -UNIT / 2, -UNIT, top);
  half(group, -UNIT / 2, 0, bottom);
  return group;
}

/** A tile for the hand: an upright SVG of its own. */
export function handTile(tile) {
  const [high, low] = ends(tile);
  const svg = el("svg", { viewBox: `${-UNIT / 2 - 1} ${-UNIT - 1} ${UNIT + 2} ${2 * UNIT + 2}`, "aria-hidden": "true" });
  svg.appendChild(tileGroup(high, low));
  return svg;
}


/**
 * Draw the table: the root (the centre double, or the standard game's lead) in the middle, each line
 * growing outward from the tile it was laid on; a Chicken Foot double fans its three toes.
 */
export function drawBoard(container, view, game) {
  container.replaceChildren();
  const placed = view.placed || [];
  const children = new Map();
  const tiles = new Set(placed.map(([tile]) => tile));
  let root = game === "chickenfoot" ? view.centre : null;
  for (const [tile, on] of placed) {
    if (on === null || on === undefined || (!tiles.has(on) && on !== root)) {
      root = root ?? tile;
      if (tile === root) continue;
    }
    const key = on ?? root;
    if (!children.has(key)) children.set(key, []);
    children.get(key).push(tile);
  }
  const svg = el("svg", { role: "img", "aria-label": container.dataset.label || "" }, container);
  if (!root) {
    svg.setAttribute("viewBox", "0 0 200 100");
    return;
  }
  const layer = el("g", {}, svg);
  const last = [...(view.history || [])].reverse().find((entry) => entry.kind === "play");
  const boxes = [];
  const put = (tile, x, y, angle, near) => {
    const [a, b] = ends(tile);
    const isDouble = a === b;
    const far = near === null ? b : a === near ? b : a;
    const shownNear = near === null ? a : near;
    // upright tile: top is the far end; rotate so "up" points along the line's direction
    const rotation = isDouble ? angle : angle + 90;
    const highlight = last && last.tile === tile ? { class: "last" } : {};
    const group = tileGroup(far, shownNear, { transform: `translate(${x} ${y}) rotate(${rotation})`, ...highlight });
    if (highlight.class) group.querySelector("rect").setAttribute("stroke", "#c2410c"), group.querySelector("rect").setAttribute("stroke-width", 3);
    layer.appendChild(group);
    boxes.push([x, y]);
    return { far, isDouble };
  };
  const isDouble = (tile) => ends(tile)[0] === ends(tile)[1];
  // where the k-th tile laid on `tile` (at x, y, its line heading `angle`) goes: [x, y, angle]
  const spot = (tile, x, y, angle, k, isRoot) => {
    const double = isDouble(tile);
    let side = 0;
    let row = 0;
    if (game === "chickenfoot" && double) {
      if (isRoot && (view.options?.start_toes ?? 6) === 4) return fan(x, y, [0, 180, -90, 90][k % 4], UNIT);
      if (isRoot) [side, row] = [k % 2, [0, -1, 1][Math.floor(k / 2) % 3]];
      else row = [0, -1, 1][k % 3];
    } else if (isRoot) {
      return fan(x, y, [0, 180, -90, 90][k % 4], double ? (k < 2 ? UNIT / 2 : UNIT) : UNIT);
    }
    const heading = side ? angle + 180 : angle;
    const rad = (heading * Math.PI) / 180;
    const across = rad + Math.PI / 2;
    const reach = (double ? UNIT / 2 : UNIT) + 1.1 * UNIT + Math.abs(row) * 0.6 * UNIT;
    const turn = side ? -row * 35 : row * 35;
    return [x + Math.cos(rad) * reach + Math.cos(across) * row * 1.3 * UNIT,
            y + Math.sin(rad) * reach + Math.sin(across) * row * 1.3 * UNIT, heading + turn];
  };
  const fan = (x, y, heading, base) => {
    const rad = (heading * Math.PI) / 180;
    const reach = base + 1.1 * UNIT;
    return [x + Math.cos(rad) * reach, y + Math.sin(rad) * reach, heading];
  };
  const grow = (tile, x, y, angle, near, isRoot) => {
    const { far } = put(tile, x, y, angle, near);
    let rightUsed = false;
    (children.get(tile) || []).forEach((child, k) => {
      let slot = k;
      if (isRoot && game !== "chickenfoot" && k < 2) {
        // the lead's two ends: a tile goes on the side whose number it matches
        slot = !rightUsed && ends(child).includes(ends(tile)[1]) ? 0 : 1;
        rightUsed ||= slot === 0;
      }
      // a line that would run into tiles already down bends (up to 90 degrees either way) to find room
      const free = ([px, py]) => !boxes.some(([bx, by]) => Math.hypot(bx - px, by - py) < 1.35 * UNIT);
      let [cx, cy, heading] = spot(tile, x, y, angle, slot, isRoot);
      if (!isRoot && !free([cx, cy])) {
        for (const bend of [40, -40, 80, -80]) {
          const candidate = spot(tile, x, y, angle + bend, slot, false);
          if (free(candidate)) {
            [cx, cy, heading] = candidate;
            break;
          }
        }
      }
      const [ra, rb] = ends(tile);
      const open = isRoot && ra !== rb ? (Math.cos((heading * Math.PI) / 180) < 0 ? ra : rb) : far;
      grow(child, cx, cy, heading, open, false);
    });
  };
  grow(root, 0, 0, 0, null, true);
  const xs = boxes.map(([x]) => x);
  const ys = boxes.map(([, y]) => y);
  const pad = 1.6 * UNIT;
  const spanX = Math.max(...xs) - Math.min(...xs) + 2 * pad;
  const spanY = Math.max(...ys) - Math.min(...ys) + 2 * pad;
  const width = Math.max(spanX, 10 * UNIT);
  const height = Math.max(spanY, 6 * UNIT);
  const minX = Math.min(...xs) - pad - (width - spanX) / 2;
  const minY = Math.min(...ys) - pad - (height - spanY) / 2;
  svg.setAttribute("viewBox", `${minX} ${minY} ${width} ${height}`);
  svg.setAttribute("width", String(Math.round(width * SCALE)));
  svg.setAttribute("height", String(Math.round(height * SCALE)));
}
