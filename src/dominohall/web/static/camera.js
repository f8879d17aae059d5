// Zoom and pan over the board: the wheel zooms at the pointer, a drag pans, two fingers pinch; the board's
// SVG is redrawn on every move, and the camera keeps looking where the player left it until "fit" is asked.
import { UNIT } from "./board.js";

const MAX_FIT_SCALE = 2.1; // screen pixels per unit when fitted: a small layout is not blown up
const MAX_SCALE = 5;
const PAD = 1.2 * UNIT;

export class Camera {
  constructor(container, onChange = () => {}) {
    this.container = container;
    this.onChange = onChange;
    this.svg = null;
    this.bounds = null;
    this.box = null; // the viewBox: {x, y, w, h}
    this.fitted = true;
    this.pointers = new Map();
    this.origins = new Map();
    this.moved = false;
    container.addEventListener("wheel", (event) => this.wheel(event), { passive: false });
    container.addEventListener("pointerdown", (event) => this.down(event));
    container.addEventListener("pointermove", (event) => this.move(event));
    for (const kind of ["pointerup", "pointercancel", "lostpointercapture"]) {
      container.addEventListener(kind, (event) => this.up(event));
    }
    if (window.ResizeObserver) new ResizeObserver(() => this.resize()).observe(container);
  }

  /** Show a freshly drawn ``svg`` whose content spans ``bounds``. */
  attach(svg, bounds) {
    this.svg = svg;
    this.bounds = bounds;
    if (this.fitted || !this.box) this.box = this.fitBox();
    this.apply();
  }

  size() {
    const { width, height } = this.container.getBoundingClientRect();
    return [Math.max(width, 50), Math.max(height, 50)];
  }

  /** The view of the whole layout, never larger than MAX_FIT_SCALE pixels a unit, centred. */
  fitBox() {
    const [width, height] = this.size();
    const b = this.bounds || { minX: -100, minY: -60, maxX: 100, maxY: 60 };
    let w = Math.max(b.maxX - b.minX + 2 * PAD, width / MAX_FIT_SCALE);
    let h = Math.max(b.maxY - b.minY + 2 * PAD, height / MAX_FIT_SCALE);
    if (w / h < width / height) w = (h * width) / height;
    else h = (w * height) / width;
    return { x: (b.minX + b.maxX - w) / 2, y: (b.minY + b.maxY - h) / 2, w, h };
  }

  apply() {
    if (!this.svg || !this.box) return;
    const { x, y, w, h } = this.box;
    this.svg.setAttribute("viewBox", `${x.toFixed(1)} ${y.toFixed(1)} ${w.toFixed(1)} ${h.toFixed(1)}`);
    this.container.dataset.zoom = (this.size()[0] / w).toFixed(3);
    this.container.classList.toggle("moved", !this.fitted);
    this.onChange(this);
  }

  fit() {
    this.fitted = true;
    this.box = this.fitBox();
    this.apply();
  }

  resize() {
    if (!this.box) return;
    if (this.fitted) return this.fit();
    const [width, height] = this.size();
    this.box.h = (this.box.w * height) / width; // keep the scale across, follow the new shape
    this.apply();
  }

  /** Zoom by ``factor`` keeping the point at (clientX, clientY) still; the centre without a point. */
  zoom(factor, clientX = null, clientY = null) {
    if (!this.box) return;
    const rect = this.container.getBoundingClientRect();
    const fx = clientX === null ? 0.5 : (clientX - rect.left) / rect.width;
    const fy = clientY === null ? 0.5 : (clientY - rect.top) / rect.height;
    const fit = this.fitBox();
    const w = Math.min(Math.max(this.box.w / factor, rect.width / MAX_SCALE), fit.w * 2);
    const h = (w * this.box.h) / this.box.w;
    this.box = { x: this.box.x + fx * (this.box.w - w), y: this.box.y + fy * (this.box.h - h), w, h };
    this.fitted = false;
    this.apply();
  }

  /** Move the view by (dx, dy) screen pixels. */
  pan(dx, dy) {
    if (!this.box) return;
    const [width] = this.size();
    const k = this.box.w / width;
    this.box = { ...this.box, x: this.box.x - dx * k, y: this.box.y - dy * k };
    this.fitted = false;
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
      const other = [...this.pointers.entries()].find(([id]) => id !== event.pointerId)[1];
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
