// Zoom and pan over the board: the wheel zooms at the pointer, a drag pans, two fingers pinch. Left alone the
// camera follows the play: the whole board while it is legible, else the part that matters now at a legible
// scale (a dense board: eight players on double-twelve). "Fit" shows it all until "follow" is asked.
import { UNIT, union } from "./board.js";

const MAX_FIT_SCALE = 2.1; // screen pixels per unit when fitted: a small layout is not blown up
const LEGIBLE_SCALE = 1.4; // the least the camera picks itself: pips 5.3 px, tiles 28 px wide
const MAX_SCALE = 5;
const PAD = 1.2 * UNIT;
const MARGIN = 3 * UNIT; // between a followed tile and the frame's edge (and the tools)
const TOOLS_PX = 48; // the board's tools over its top edge, when there are none to measure: a fitted board starts below them

const { min, max } = Math;

/** Where a window of ``size`` starts along one axis: over [from, to] with MARGIN, else centred on it; over
 * the board [low, high] as far as that allows (more tiles, less felt). */
function slide(size, from, to, low, high) {
  if (to - from + 2 * MARGIN >= size) return (from + to - size) / 2;
  const start = size >= high - low ? (low + high - size) / 2 : min(max((from + to - size) / 2, low), high - size);
  return min(max(start, to + MARGIN - size), from - MARGIN);
}

export class Camera {
  /** @param {HTMLElement} container @param {(camera: Camera) => void} [onChange] */
  constructor(container, onChange = () => {}) {
    this.container = container;
    this.onChange = onChange;
    this.svg = null;
    this.bounds = null;
    this.box = null; // the viewBox: {x, y, w, h}
    this.mode = "follow"; // "follow" the play, show the "whole" board, or "free" where the player moved it
    this.focus = [];
    this.together = 0; // how many of the first focus boxes are shown together, however far apart
    this.pointers = new Map();
    this.origins = new Map();
    this.moved = false;
    /** The board's tools (zoom, fit, sound) laid over its top edge, measured: they wrap on a narrow board. */
    this.tools = container.parentElement?.querySelector(":scope > .board-tools") ?? null;
    this.strip = TOOLS_PX; // their height over the board when the frame was chosen
    this.reframing = false;
    container.addEventListener("wheel", (event) => this.wheel(event), { passive: false });
    container.addEventListener("pointerdown", (event) => this.down(event));
    container.addEventListener("pointermove", (event) => this.move(event));
    for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) {
      container.addEventListener(kind, (event) => this.up(event));
    }
    if (window.ResizeObserver) new ResizeObserver(() => this.resize()).observe(container);
  }

  /** True unless the player zoomed or panned: the camera then frames the board by itself. */
  get fitted() {
    return this.mode !== "free";
  }

  /** Show a fresh ``svg`` spanning ``bounds``; ``focus``: the boxes to follow, the most important first, the
   * first ``together`` of them all in view (the places a tile may go: a smaller scale if need be). */
  attach(svg, bounds, focus = [], together = 0) {
    this.svg = svg;
    this.bounds = bounds;
    this.focus = focus;
    this.together = Math.min(together, focus.length);
    if (this.fitted || !this.box) this.box = this.autoBox();
    this.apply();
  }

  /** A new round is framed afresh (or whole, if asked). */
  restart() {
    if (this.mode === "free") this.mode = "follow";
  }

  /** The frame the camera picks itself. */
  autoBox() {
    return this.mode === "whole" ? this.fitBox() : this.followBox();
  }

  /** True when the whole board is shown only below the legible scale. */
  dense() {
    return this.size()[0] / this.fitBox().w < LEGIBLE_SCALE - 0.001;
  }

  /** The whole board when legible; else a window at the legible scale round as many focus boxes as it holds
   * (in order, the first always), zoomed out as far as the first ``together`` boxes need to be seen at once;
   * the boxes below the board's tools. */
  followBox() {
    if (!this.dense() || !this.focus.length) return this.fitBox();
    const [width, height] = this.size();
    const room = Math.max(height - this.toolsHeight(), height / 2);
    let area = null;
    for (const box of this.focus.slice(0, this.together)) area = union(area, box);
    let scale = LEGIBLE_SCALE;
    if (area) {
      const needed = min(width / (area.maxX - area.minX + 2 * MARGIN), room / (area.maxY - area.minY + 2 * MARGIN));
      scale = max(min(scale, needed), width / this.fitBox().w); // never smaller than the whole board
    }
    const [w, h, top] = [width / scale, height / scale, (height - room) / scale];
    for (const box of this.focus.slice(this.together)) {
      const next = union(area, box);
      if (!area || (next.maxX - next.minX + 2 * MARGIN <= w && next.maxY - next.minY + 2 * MARGIN <= h - top)) area = next;
    }
    const b = this.bounds;
    return { x: slide(w, area.minX, area.maxX, b.minX - PAD, b.maxX + PAD), y: slide(h - top, area.minY, area.maxY, b.minY - PAD, b.maxY + PAD) - top, w, h };
  }

  /** The board's size in units at the legible scale, below its tools: [across, down]. @returns {[number, number]} */
  room() {
    const [width, height] = this.size();
    return [width / LEGIBLE_SCALE, (height - this.toolsHeight()) / LEGIBLE_SCALE];
  }

  /** How far down the board its tools reach, and a little gap (screen pixels): one row of buttons, or two or
   * three when they wrap on a narrow board or in longer words. */
  toolsHeight() {
    const tools = this.tools?.getBoundingClientRect();
    if (!tools?.height) return TOOLS_PX;
    return Math.max(0, tools.bottom - this.container.getBoundingClientRect().top) + 6;
  }

  size() {
    const { width, height } = this.container.getBoundingClientRect();
    return [Math.max(width, 50), Math.max(height, 50)];
  }

  /** The view of the whole layout, never larger than MAX_FIT_SCALE pixels a unit, centred below the board's
   * tools (the zoom and sound buttons over its top edge). */
  fitBox() {
    const [width, height] = this.size();
    const room = Math.max(height - this.toolsHeight(), height / 2);
    const b = this.bounds || { minX: -100, minY: -60, maxX: 100, maxY: 60 };
    let w = Math.max(b.maxX - b.minX + 2 * PAD, width / MAX_FIT_SCALE);
    let h = Math.max(b.maxY - b.minY + 2 * PAD, room / MAX_FIT_SCALE);
    if (w / h < width / room) w = (h * width) / room;
    else h = (w * room) / width;
    const top = ((height - room) * w) / width; // the strip under the tools, in units
    return { x: (b.minX + b.maxX - w) / 2, y: (b.minY + b.maxY - h) / 2 - top, w, h: h + top };
  }

  apply() {
    if (!this.svg || !this.box) return;
    const { x, y, w, h } = this.box;
    this.svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    this.container.dataset.zoom = (this.size()[0] / w).toFixed(3);
    this.container.classList.toggle("moved", !this.fitted);
    const part = this.mode === "follow" && this.focus.length > 0 && this.dense(); // "part" of a dense board
    this.container.dataset.camera = part ? "part" : this.mode;
    this.onChange(this);
    const strip = this.toolsHeight(); // "Fit" and "Follow the play" take turns: the tools may wrap anew
    if (this.fitted && strip !== this.strip && !this.reframing) {
      this.strip = strip;
      this.reframing = true; // once: the tools' new height frames the board, whatever it changes then
      this.box = this.autoBox();
      this.apply();
      this.reframing = false;
    }
  }

  /** Show the whole board, however small, until ``follow`` is asked. */
  fit() {
    this.mode = "whole";
    this.box = this.fitBox();
    this.apply();
  }

  /** Follow the play again (see ``followBox``). */
  follow() {
    this.mode = "follow";
    this.box = this.followBox();
    this.apply();
  }

  resize() {
    if (!this.box) return;
    if (this.fitted) {
      this.box = this.autoBox();
      return this.apply();
    }
    const [width, height] = this.size();
    this.box.h = (this.box.w * height) / width; // keep the scale across, follow the new shape
    this.apply();
  }

  /** Zoom by ``factor`` keeping the point at (clientX, clientY) still; the centre without a point.
   * @param {number} factor @param {number | null} [clientX] @param {number | null} [clientY] */
  zoom(factor, clientX = null, clientY = null) {
    if (!this.box) return;
    const rect = this.container.getBoundingClientRect();
    const fx = clientX === null ? 0.5 : (clientX - rect.left) / rect.width;
    const fy = clientY === null ? 0.5 : (clientY - rect.top) / rect.height;
    const fit = this.fitBox();
    const w = Math.min(Math.max(this.box.w / factor, rect.width / MAX_SCALE), fit.w * 2);
    const h = (w * this.box.h) / this.box.w;
    this.box = { x: this.box.x + fx * (this.box.w - w), y: this.box.y + fy * (this.box.h - h), w, h };
    this.mode = "free";
    this.apply();
  }

  /** Move the view by (dx, dy) screen pixels. */
  pan(dx, dy) {
    if (!this.box) return;
    const [width] = this.size();
    const k = this.box.w / width;
    this.box = { ...this.box, x: this.box.x - dx * k, y: this.box.y - dy * k };
    this.mode = "free";
    this.apply();
  }

  wheel(event) {
    event.preventDefault();
    this.zoom(Math.exp(-event.deltaY * (event.deltaMode === 1 ? 0.05 : 0.0015)), event.clientX, event.clientY);
  }

  down(event) {
    if (event.button !== undefined && event.button !== 0) return;
    this.pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
    this.origins.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pointers.size === 1) this.moved = false;
  }

  move(event) {
    const last = this.pointers.get(event.pointerId);
    if (!last) return;
    const now = { x: event.clientX, y: event.clientY };
    if (this.pointers.size === 1) {
      const origin = this.origins.get(event.pointerId);
      if (!this.moved && Math.hypot(now.x - origin.x, now.y - origin.y) < 5) return;
      if (!this.moved) this.container.setPointerCapture?.(event.pointerId);
      this.moved = true;
      this.pan(now.x - last.x, now.y - last.y);
    } else if (this.pointers.size === 2) {
      const [, other] = [...this.pointers.entries()].find(([id]) => id !== event.pointerId) ?? [];
      const before = Math.hypot(last.x - other.x, last.y - other.y);
      const after = Math.hypot(now.x - other.x, now.y - other.y);
      this.moved = true;
      if (before > 0) this.zoom(after / before, (now.x + other.x) / 2, (now.y + other.y) / 2);
      this.pan((now.x - last.x) / 2, (now.y - last.y) / 2);
    }
    this.pointers.set(event.pointerId, now);
  }

  up(event) {
    this.pointers.delete(event.pointerId);
    this.origins.delete(event.pointerId);
  }

  /** True right after a drag or a pinch: the click that ends it is not a choice. */
  wasDragged() {
    return this.moved;
  }
}
