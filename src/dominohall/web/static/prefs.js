// The table page's "Hand and tiles" control (table.html), loaded when it is first used: sorting your hand by
// number, by pips or as dealt, and the tiles' style (board.js's ``look``), which the browser keeps.
import { look } from "./board.js";

/**
 * Act on an ``event`` (a click or a change) in the control: a tile style chosen draws the tiles so, and is
 * kept; a sort button sorts the hand of the page's ``state`` and keeps it (``actions.keep``, table.js),
 * saying the new order.
 * @param {Event} event @param {State} state @param {{keep: (order: Tile[] | null, text: string | null) => void}} actions
 */
export function pick(event, state, actions) {
  const target = /** @type {HTMLInputElement} */ (event.target);
  if (target.name === "tile-style" && event.type === "change") {
    look.style = target.value;
    localStorage.setItem("dh_tiles", look.style);
    actions.keep(null, null); // drawn again
  }
  const by = event.type === "click" && target.dataset.sort;
  const hand = state.view?.hand || [];
  if (!by || !hand.length) return;
  // as dealt: the tiles dealt as the server lists them, then those you drew, in the order drawn
  const drawn = state.view?.history.flatMap((entry) => (entry.kind === "draw" && entry.seat === state.you && entry.tile) || []) || [];
  const order = by === "dealt" ? [...hand.filter((tile) => !drawn.includes(tile)), ...drawn.filter((tile) => hand.includes(tile))] : sortHand(hand, by);
  actions.keep(order, `${target.textContent}: ${order.join(", ")}`);
}

/** ``hand`` sorted ``by`` "number" (by the larger end, then the smaller, highest first: each number's tiles
 * together, its double first) or "pips" (the heaviest first), else as it is. @param {Tile[]} hand
 * @param {string} [by] @returns {Tile[]} */
export function sortHand(hand, by) {
  const key = (/** @type {Tile} */ tile) => {
    const [high, low] = tile.split("-").map(Number); // larger end first
    return { number: high * 16 + low, pips: (high + low) * 16 + high }[by ?? ""] ?? 0;
  };
  return [...hand].sort((a, b) => key(b) - key(a)); // stable: else as it is
}
