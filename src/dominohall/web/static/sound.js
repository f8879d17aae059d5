// Short sounds (Web Audio, no sound file): a beep when it becomes your turn, a warning at 10 s left of it;
// both muted by one remembered setting.
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

/** Two quick rising notes, quiet. True when it was played (not muted, audio awake). */
export function beep() {
  if (isMuted() || !context || context.state !== "running") return false;
  const now = context.currentTime;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0.0001, now);
  gain.gain.exponentialRampToValueAtTime(0.12, now + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.28);
  const tone = context.createOscillator();
  tone.type = "sine";
  tone.frequency.setValueAtTime(660, now);
  tone.frequency.setValueAtTime(880, now + 0.12);
  tone.connect(gain);
  tone.start(now);
  tone.stop(now + 0.3);
  return true;
}

/** Three short low notes: ten seconds are left of your turn. True when it was played (not muted, audio awake). */
export function warn() {
  if (isMuted() || !context || context.state !== "running") return false;
  const now = context.currentTime;
  for (let k = 0; k < 3; k++) {
    const start = now + k * 0.16;
    const gain = context.createGain();
    gain.connect(context.destination);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.1, start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.1);
    const tone = context.createOscillator();
    tone.type = "triangle";
    tone.frequency.setValueAtTime(440, start);
    tone.connect(gain);
    tone.start(start);
    tone.stop(start + 0.12);
  }
  return true;
}
