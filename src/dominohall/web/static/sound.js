// A short beep when it becomes your turn (Web Audio, no sound file), muted by a remembered setting.
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
