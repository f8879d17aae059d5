// Short sounds (Web Audio, no sound file): a beep when it becomes your turn, a warning at 10 s left of it, the
// click of a tile laid; all muted by one remembered setting.
const KEY = "dh_sound";
let context = null;

export const isMuted = () => localStorage.getItem(KEY) === "off";

export function setMuted(muted) {
  localStorage.setItem(KEY, muted ? "off" : "on");
}

/** Browsers start audio only after a gesture: the first press or key on the page wakes it. */
export function unlockOnGesture() {
  const wake = () => {
    const Audio = window.AudioContext || window.webkitAudioContext;
    if (!context && Audio) context = new Audio();
    context?.resume?.();
  };
  document.addEventListener("pointerdown", wake, { once: true, capture: true });
  document.addEventListener("keydown", wake, { once: true, capture: true });
}

/** Sound may play now: not muted, audio awake. */
const awake = () => !isMuted() && context?.state === "running";

/** One note ``start`` s from now, ``length`` s long: a ``type`` wave at ``hz`` that rises to ``peak`` at once
 * and fades. Returns its oscillator. */
function note(start, length, peak, type, hz) {
  const at = context.currentTime + start;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(peak, at + 0.015);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  const tone = context.createOscillator();
  tone.type = type;
  tone.frequency.setValueAtTime(hz, at);
  tone.connect(gain);
  tone.start(at);
  tone.stop(at + length + 0.02);
  return tone;
}

/** Two quick rising notes, quiet. True when it was played (not muted, audio awake). */
export function beep() {
  if (!awake()) return false;
  note(0, 0.28, 0.12, "sine", 660).frequency.setValueAtTime(880, context.currentTime + 0.12);
  return true;
}

/** Three short low notes: ten seconds are left of your turn. True when it was played (not muted, audio awake). */
export function warn() {
  if (!awake()) return false;
  for (let k = 0; k < 3; k++) note(k * 0.16, 0.1, 0.1, "triangle", 440);
  return true;
}

/** The click of a tile laid: a very short high note, falling at once. True when it was played. */
export function click() {
  if (!awake()) return false;
  note(0, 0.05, 0.2, "triangle", 2400).frequency.exponentialRampToValueAtTime(900, context.currentTime + 0.04);
  return true;
}
