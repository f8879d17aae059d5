// The board and the tiles as SVG: no library, no build step.
const SVG = "http://www.w3.org/2000/svg";
const UNIT = 20; // half a tile is UNIT x UNIT
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

const CENTRE_ANGLES = { 6: [0, 180, -30, 150, 30, 210], 4: [0, 180, 90, 270] };

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
  const grow = (tile, x, y, angle, near, depth) => {
    const { far, isDouble } = put(tile, x, y, angle, near);
    const next = children.get(tile) || [];
    next.forEach((child, index) => {
      let childAngle = angle;
      if (isDouble && game === "chickenfoot") childAngle = angle + [0, -50, 50][index % 3];
      const rad = (childAngle * Math.PI) / 180;
      const step = isDouble ? 1.55 * UNIT : 2.05 * UNIT;
      const childStep = ends(child)[0] === ends(child)[1] ? 1.55 * UNIT : 2.05 * UNIT;
      const distance = (isDouble ? UNIT / 2 : UNIT) + (childStep === 1.55 * UNIT ? UNIT / 2 : UNIT) + 0.1 * UNIT;
      void step;
      grow(child, x + Math.cos(rad) * distance, y + Math.sin(rad) * distance, childAngle, far, depth + 1);
    });
  };
  const [ra, rb] = ends(root);
  put(root, 0, 0, 0, null);
  const rootChildren = children.get(root) || [];
  const angles = game === "chickenfoot" ? CENTRE_ANGLES[view.options?.start_toes === 4 ? 4 : 6] : [0, 180, 90, 270];
  rootChildren.forEach((child, index) => {
    const angle = angles[index % angles.length];
    const rad = (angle * Math.PI) / 180;
    const isDouble = ends(child)[0] === ends(child)[1];
    const rootHalf = ra === rb ? (Math.abs(Math.sin(rad)) > 0.3 ? UNIT * 1.1 : UNIT / 2) : UNIT;
    const distance = rootHalf + (isDouble ? UNIT / 2 : UNIT) + 0.1 * UNIT;
    const near = ra === rb ? ra : angle === 180 ? ra : rb;
    grow(child, Math.cos(rad) * distance, Math.sin(rad) * distance, angle, near, 1);
  });
  const xs = boxes.map(([x]) => x);
  const ys = boxes.map(([, y]) => y);
  const pad = 1.6 * UNIT;
  const minX = Math.min(...xs) - pad;
  const minY = Math.min(...ys) - pad;
  const width = Math.max(Math.max(...xs) - minX + pad, 10 * UNIT);
  const height = Math.max(Math.max(...ys) - minY + pad, 6 * UNIT);
  svg.setAttribute("viewBox", `${minX} ${minY} ${width} ${height}`);
}
