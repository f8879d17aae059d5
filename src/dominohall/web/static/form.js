// The table forms (the game pages' "Your table" and the host's settings on the table page): a setting that
// cannot apply is not offered (Partners below four players, the seats a table does not have, the length
// when a score limit decides), and "Another score…" shows its number box. Without this script the server
// still refuses what cannot apply, with the reason next to the field.

/** The control named ``name`` of ``form`` (``form.elements.length`` is a count, not the Length field). */
export const control = (form, name) => form.elements.namedItem(name);

/** Keep ``form``'s fields in step with its choices, now and at every change. */
export function follow(form) {
  const update = () => {
    const players = Number(control(form, "players")?.value);
    const partners = control(form, "partners");
    if (partners) {
      const fits = players === 4;
      if (!fits && !partners.disabled) {
        partners.dataset.was = partners.checked ? "on" : "";
        partners.checked = false;
      } else if (fits && partners.disabled) {
        partners.checked = partners.dataset.was === "on";
      }
      partners.disabled = !fits;
      partners.closest("label")?.classList.toggle("off", !fits);
    }
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
    if (event.target.name) event.target.dataset.touched = "1"; // the host's form sends what was touched
    update();
  });
  update();
}

for (const form of document.querySelectorAll("form.settings")) follow(form);
