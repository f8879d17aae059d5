// Your hand: lit tiles are played by a press (or Enter), dragged onto a lit place on the board, or, when a
// tile fits in several places, the place is picked with the arrow keys (or a press on the board). On a touch
// screen a first tap only shows the places and a second tap on one lays the tile. A dimmed tile says why it
// cannot be laid when it is hovered, focused or tapped. The hand is one stop in the tab order (the first lit
// tile, else the one last visited); the arrow keys, Home and End go from tile to tile. The hand is in your
// order (the page keeps it): any tile dragged along the hand, or moved with Shift and the left or right arrow,
// takes its new place there.
import { handTile, look } from "./board.js";
import { format, make, plural, words } from "./i18n.js";

const NEXT = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
const SHIFT = { ArrowRight: 1, ArrowLeft: -1 };
const DRAG = 6; // pixels a press moves before it is a drag

/** Why a tile of the hand cannot be laid now, in words. */
export function whyDimmed(tile, view) {
  const moves = view.legal_moves || [];
  const plays = moves.filter((move) => move.kind === "play");
  if (view.offline) return words.why_offline;
  if (view.end) return words.why_over;
  if (view.turn !== view.seat || !moves.length) return words.why_wait;
  if (view.drawn && plays.some((move) => move.tile === view.drawn)) return format(words.why_drawn, { tile: view.drawn });
  if (view.pending && view.pending_needs > 0) return format(words.why_pending, { tile: view.pending });
  if (view.uncovered) return format(words.uncovered_line, { tile: view.uncovered });
  if (!(view.placed || []).length && plays.length && !view.trains) return format(words.why_lead, { tile: plays[0].tile });
  // Mexican Train: only the trains you may play on (yours, the Mexican train, the marked ones) count
  const open = view.trains?.filter((line) => line.train === view.seat || line.train === "mexican" || line.marked).map((line) => [line.end, line.number]);
  const shown = [...new Set((open || view.open_ends || []).map(([, pips]) => pips))];
  return shown.length ? format(words.why_no_match, { tile, ends: shown.join(", ") }) : words.why_other;
}

/**
 * Fill ``box`` with the hand of ``view``: ``ctx.play(move)`` lays a tile, ``ctx.choose(tile, moves, index,
 * focus)`` shows where a tile may go, ``ctx.hover(index)`` marks one place, ``ctx.cancel()`` forgets it,
 * ``ctx.why(text)`` says why a dimmed tile cannot be laid (nothing: hide it), ``ctx.order(view)`` is the hand
 * in your order and ``ctx.keep(order, text)`` keeps a new one, saying ``text``.
 */
export function renderHand(box, view, ctx) {
  const moves = view.legal_moves || [];
  const focused = document.activeElement?.closest?.("#hand .tile")?.dataset.tile;
  const hand = ctx.order(view);
  const lit = hand.find((tile) => moves.some((move) => move.kind === "play" && move.tile === tile));
  const stop = focused ?? lit ?? (hand.includes(box.dataset.stop) ? box.dataset.stop : hand[0]);
  box.replaceChildren();
  box.dataset.style = look.style;
  for (const tile of hand) {
    const mine = moves.filter((move) => move.kind === "play" && move.tile === tile);
    const button = make("button", null, { type: "button", class: "tile", "data-tile": tile });
    button.classList.toggle("lit", mine.length > 0);
    button.classList.toggle("drawn", view.drawn === tile);
    if (!mine.length) dimmed(button, whyDimmed(tile, view), ctx);
    button.dataset.targets = String(mine.length);
    // named by words of its own, not aria-label: the numbers drawn on a tile of 10 pips and more are part of its name
    const name = mine.length > 1 ? `${tile} (${plural("places", mine.length)})` : tile;
    button.append(make("span", name, { class: "visually-hidden" }), handTile(tile));
    if (mine.length) button.addEventListener("click", (event) => {
      if (button.dataset.dragged) return void delete button.dataset.dragged;
      // On a touch screen a first tap shows the places (on the board and as buttons); a tap on one lays the tile.
      if (event.pointerType === "touch") return void ctx.choose(tile, mine, 0, false);
      if (mine.length === 1) ctx.play(mine[0]);
      else ctx.choose(tile, mine, 0, true);
    });
    button.tabIndex = tile === stop ? 0 : -1;
    button.addEventListener("focus", () => rove(box, button));
    button.addEventListener("keydown", (event) => step(box, button, event, ctx));
    draggable(box, button, tile, mine, ctx);
    box.appendChild(button);
    if (tile === focused) button.focus({ preventScroll: true });
  }
  if (stop) box.dataset.stop = stop;
}

/** ``button`` is the hand's stop in the tab order (the one Tab comes back to). */
function rove(box, button) {
  for (const other of box.querySelectorAll(".tile")) other.tabIndex = other === button ? 0 : -1;
  box.dataset.stop = button.dataset.tile;
}

/** The arrow keys go to the tile before or after (round the hand), Home and End to the first and the last;
 * Shift with the left or right arrow moves the tile one place along the hand. */
function step(box, button, event, ctx) {
  const tiles = [...box.querySelectorAll(".tile")];
  const at = tiles.indexOf(button);
  if (event.shiftKey && event.key in SHIFT) {
    event.preventDefault();
    const other = tiles[at + SHIFT[event.key]];
    if (other) slide(box, button, other, SHIFT[event.key] > 0);
    return reordered(box, button, ctx, tiles);
  }
  const to = { Home: 0, End: tiles.length - 1 }[event.key] ?? (event.key in NEXT ? (at + NEXT[event.key] + tiles.length) % tiles.length : null);
  if (to === null) return;
  event.preventDefault();
  tiles[to].focus();
}

/** After ``button`` moved along the hand (``before``, the tiles before): the new order kept, and its place said. */
function reordered(box, button, ctx, before) {
  const tiles = [...box.children];
  const moved = tiles.some((one, index) => one !== before[index]);
  const said = format(words.hand_place, { tile: button.dataset.tile, num: tiles.indexOf(button) + 1, total: tiles.length });
  ctx.keep(moved ? tiles.map((one) => /** @type {HTMLElement} */ (one).dataset.tile) : null, moved ? said : null);
}

/** A tile that cannot be laid now: dimmed, still reachable, saying why on hover, focus or a tap. */
function dimmed(button, why, ctx) {
  button.setAttribute("aria-disabled", "true");
  button.setAttribute("aria-describedby", "why");
  button.title = why;
  button.dataset.why = why;
  // "Wait for your turn" only when asked (a tap, a pointer moved onto the tile), not from a focus the page moved
  // nor a tile drawn afresh under a resting pointer after each move
  const ask = (event) => { if (event.type === "click" || why !== words.why_wait) ctx.why(why); };
  button.addEventListener("click", ask);
  button.addEventListener("focus", ask);
  button.addEventListener("mouseenter", ask);
  button.addEventListener("pointermove", () => { if (document.getElementById("why")?.hidden) ctx.why(why); });
  for (const kind of ["blur", "mouseleave"]) button.addEventListener(kind, () => ctx.why(null));
}

/** The row of places for the chosen tile: one button per place, the arrow keys move between them. */
export function renderTargets(box, choice, ctx) {
  box.hidden = !choice;
  if (!choice) {
    delete box.dataset.tile;
    return box.replaceChildren();
  }
  const shown = [...box.querySelectorAll("button[data-index]")];
  if (box.dataset.tile === choice.tile && shown.length === choice.moves.length) {
    for (const button of shown) mark(button, Number(button.dataset.index), choice.current);
    return;
  }
  box.dataset.tile = choice.tile;
  const label = make("span", format(words.pick_target, { tile: choice.tile }), { id: "targets-label" });
  box.setAttribute("aria-labelledby", "targets-label");
  const buttons = choice.moves.map((move, index) => {
    const on = move.train === undefined ? format(words.on_tile, { tile: move.on ?? "—" }) : format(words.on_train, { train: ctx.trainName(move.train), tile: move.on });
    const button = make("button", `${index + 1} · ${on}`, { type: "button", "data-index": index, "data-train": move.train ?? "" });
    mark(button, index, choice.current);
    button.addEventListener("click", () => ctx.play(move));
    button.addEventListener("mouseenter", () => ctx.hover(index));
    button.addEventListener("keydown", (event) => {
      if (event.key === "Escape") return ctx.cancel(true);
      if (!(event.key in NEXT)) return;
      event.preventDefault();
      ctx.hover((index + NEXT[event.key] + choice.moves.length) % choice.moves.length, true);
    });
    return button;
  });
  const cancel = make("button", words.cancel, { type: "button", class: "quiet" });
  cancel.addEventListener("click", () => ctx.cancel(true));
  box.replaceChildren(label, ...buttons, cancel);
}

/** The chosen place's button is marked and is the one Tab reaches. */
function mark(button, index, current) {
  button.classList.toggle("current", index === current);
  button.tabIndex = index === (current ?? 0) ? 0 : -1;
}

/** A tile follows the pointer once pressed and moved: along the hand it takes the place it is dragged to; a
 * lit one (``moves``) let go over a lit place on the board is laid there. */
function draggable(box, button, tile, moves, ctx) {
  button.addEventListener("pointerdown", (down) => {
    if (down.button !== 0) return;
    button.setPointerCapture(down.pointerId); // a quick flick leaves the tile before it counts as a drag
    let ghost = null;
    const before = [...box.children];
    const over = (event) => document.elementFromPoint(event.clientX, event.clientY);
    const move = (event) => {
      if (!ghost && Math.hypot(event.clientX - down.clientX, event.clientY - down.clientY) < DRAG) return;
      if (!ghost) {
        ghost = make("div", null, { class: "drag-ghost", "aria-hidden": "true" });
        ghost.appendChild(handTile(tile));
        document.body.appendChild(ghost);
        button.classList.add("dragging");
        if (moves.length) ctx.choose(tile, moves, null, false);
      }
      ghost.style.left = `${event.clientX}px`;
      ghost.style.top = `${event.clientY}px`;
      const place = over(event);
      const other = place?.closest?.(".tile");
      if (other && other.parentElement === box && other !== button) {
        const { left, width } = other.getBoundingClientRect();
        slide(box, button, other, event.clientX > left + width / 2);
      }
      const target = place?.closest?.(".target");
      if (moves.length) ctx.hover(target ? Number(target.dataset.index) : null);
    };
    const up = (event) => {
      button.removeEventListener("pointermove", move);
      button.removeEventListener("pointerup", up);
      button.removeEventListener("pointercancel", up);
      if (!ghost) return;
      ghost.remove();
      button.classList.remove("dragging");
      button.dataset.dragged = "1";
      setTimeout(() => delete button.dataset.dragged, 0);
      const place = over(event);
      const target = moves.length && place?.closest?.(".target");
      if (target) return ctx.play(moves[Number(target.dataset.index)]);
      if (moves.length === 1 && place?.closest?.("#board")) return ctx.play(moves[0]);
      if (moves.length === 1 || place?.closest?.(".hand-row")) ctx.cancel(false); // not laid: its places go
      reordered(box, button, ctx, before);
    };
    button.addEventListener("pointermove", move);
    button.addEventListener("pointerup", up);
    button.addEventListener("pointercancel", up);
  });
}

/** Put ``button`` before ``other`` in ``box`` (after it when ``after``) by moving the tiles between them:
 * ``button`` itself stays put in the page, keeping the pointer. */
function slide(box, button, other, after) {
  const tiles = [...box.children];
  const [from, to] = [tiles.indexOf(button), tiles.indexOf(other) + (after ? 1 : 0)];
  const next = button.nextSibling;
  for (const one of tiles.slice(from + 1, to)) box.insertBefore(one, button);
  for (const one of tiles.slice(to, from)) box.insertBefore(one, next);
}
