// The table forms (the game pages' "Your table" and the host's settings on the table page): a setting that
// cannot apply is not offered (the seats a table does not have, the length when a score limit decides), a
// choice the number of players makes impossible is greyed out with the reason (the choices' data-players,
// web/forms.py: Partners below four players, too many tiles a hand), and "Another score…" shows its number
// box. Without this script the server still refuses what cannot apply, with the reason next to the field.

/** The control named ``name`` of ``form`` (``form.elements.length`` is a count, not the Length field). */
export const control = (form, name) => form.elements.namedItem(name);

/** Keep ``form``'s fields in step with its choices, now and at every change. */
export function follow(form) {
  const update = () => {
    const players = Number(control(form, "players")?.value);
    /** @type {NodeListOf<HTMLInputElement | HTMLOptionElement>} */
    const limited = form.querySelectorAll("[data-players]");
    for (const item of limited) { // a choice these players cannot have: greyed out, given up and kept to come back
      const off = !item.dataset.players?.split(" ").includes(String(players));
      const option = item instanceof HTMLOptionElement;
      const box = option ? /** @type {HTMLElement} */ (item.parentElement) : item;
      const was = box.dataset.was === item.value;
      if (off ? (option ? item.selected : item.checked) : was) { // given up (the select's first choice then), or back
        if (option) item.selected = !off; else item.checked = !off;
        if (off) box.dataset.was = item.value; else delete box.dataset.was;
      }
      item.disabled = off;
      if (!option) item.closest("label")?.classList.toggle("off", off);
    }
    for (const note of form.querySelectorAll(".unfit")) note.hidden = !note.parentElement?.querySelector("[data-players]:disabled");
    const partners = control(form, "partners");
    const partner = /** @type {HTMLElement | null} */ (form.querySelector(".partner-note")); // seat 3 sits opposite
    if (partner) partner.hidden = !(partners instanceof HTMLInputElement && partners.checked && !partners.disabled);
    for (const label of form.querySelectorAll("[data-seat]")) {
      const off = Number(label.dataset.seat) >= players;
      label.hidden = off;
      label.querySelector("select").disabled = off;
    }
    for (const name of ["limit", "target", "hand"]) {
      const select = control(form, name);
      const other = control(form, `${name}_other`);
      if (select && other) other.hidden = other.disabled = select.value !== "other";
    }
    const limit = control(form, "limit");
    const length = control(form, "length");
    if (limit && length) {
      length.disabled = limit.value !== "off";
      length.closest("label")?.classList.toggle("off", length.disabled);
    }
  };
  form.addEventListener("change", (event) => {
    delete event.target.dataset.was; // a choice made: no earlier one comes back
    if (event.target.name) event.target.dataset.touched = "1"; // the host's form sends what was touched
    update();
  });
  update();
}

for (const form of document.querySelectorAll("form.settings")) follow(form);
