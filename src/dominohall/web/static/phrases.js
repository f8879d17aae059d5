// The quick phrases and reactions, loaded the first time their picker opens (the table page's weight stays
// low): a button per phrase in this page's language and one per reaction; each sends only its code, and every
// page says it in its own language. Watchers may send them too; the server limits how often.
import { make, phrases, reactions, words } from "./i18n.js";

let sent = 0;

/** Open the picker (filled the first time) or close it again.
 * @param {HTMLElement} box @param {HTMLElement} opener @param {(message: object) => void} send */
export function toggle(box, opener, send) {
  if (!box.childElementCount) {
    for (const code of [...phrases, ...Object.keys(reactions)]) {
      const emoji = reactions[code];
      const label = emoji ? { "aria-label": words[`reaction_${code}`], title: words[`reaction_${code}`] } : {};
      const node = make("button", emoji ?? words[`phrase_${code}`], { type: "button", class: "quiet", "data-phrase": code, ...label });
      node.addEventListener("click", () => send({ t: "phrase", id: `phrase-${Date.now().toString(36)}${sent++}`, code }));
      box.append(node);
    }
  }
  box.hidden = !box.hidden;
  opener.setAttribute("aria-expanded", String(!box.hidden));
}
