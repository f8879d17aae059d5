// The host's settings form on the table page, before the start (table-settings.html): what the host changed,
// sent as a `settings` command, and the server's refusal shown beside its field. table.js loads it (and with it
// form.js, which keeps the fields in step with the number of players) only when the table is waiting.
import { control } from "./form.js";
import { make } from "./i18n.js";

/** What the host changed in the settings form (before the start), in the record's option names and the
 * table's own settings: the server changes only the fields a `settings` command carries (docs/protocol.md).
 * A field counts as changed when its value differs from the table's (as the page drew it) or the host
 * touched it; "By the number of players" is sent as null, so the set and hand follow the players again. */
export function settingsOf(form, game) {
  clearSettingsProblem(form);
  const changed = {};
  for (const name of SETTINGS) {
    const field = control(form, name);
    const other = control(form, `${name}_other`);
    if (!field || !(isChanged(field) || (field.value === "other" && other && isChanged(other)))) continue;
    changed[name] = settingValue(name, field, other);
  }
  return changed;
}

const SETTINGS = ["players", "mode", "set", "hand", "length", "start_toes", "blank_double", "limit", "partners",
  "target", "turn_seconds", "public"];

/** A whole number as a number; anything else as typed, for the server to refuse with its field. */
const whole = (text) => (/^\d{1,5}$/.test(text.trim()) ? Number(text) : text);

function isChanged(field) {
  if (field.dataset.touched) return true;
  if (field.type === "checkbox") return field.checked !== field.defaultChecked;
  if (field.tagName === "SELECT") return [...field.options].some((option) => option.selected !== option.defaultSelected);
  return field.value !== field.defaultValue;
}

/** Show why the server refused the host's settings next to the field its error names (the reason the page
 * drew on that field, in the page's language); false when the form has no such field. */
export function showSettingsProblem(form, field) {
  const label = field ? form.querySelector(`[data-field="${CSS.escape(field)}"]`) : null;
  if (!label?.dataset.problem) return false;
  const id = `problem-${field}`;
  const note = label.querySelector(".field-problem") ?? label.appendChild(make("span", null, { class: "field-problem", id }));
  note.textContent = label.dataset.problem;
  label.classList.add("wrong");
  const input = label.querySelector("select, input");
  input.setAttribute("aria-invalid", "true");
  input.setAttribute("aria-describedby", id);
  input.focus();
  return true;
}

function clearSettingsProblem(form) {
  for (const label of form.querySelectorAll(".wrong")) {
    label.classList.remove("wrong");
    label.querySelector(".field-problem")?.remove();
    const input = label.querySelector("select, input");
    input?.removeAttribute("aria-invalid");
    input?.removeAttribute("aria-describedby");
  }
}

function settingValue(name, field, other) {
  const value = field.value;
  if (field.type === "checkbox") return field.checked && !field.disabled;
  if (name === "mode" || name === "length") return value;
  if (value === "other") return whole(other?.value ?? "");
  const named = { auto: null, off: name === "turn_seconds" ? 0 : null, none: null, "by-mode": "by-mode" };
  if (value in named) return named[value];
  return whole(value);
}
