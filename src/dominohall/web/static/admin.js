// The operator's console (/admin): asks for the operator's token, keeps it in this tab, and lists the live
// tables, the reported chat lines and the limits in force, with their actions. Every request carries the token
// in the X-Admin-Token header (never a cookie): another site's page cannot send it.
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
const KEY = "dh_admin_token";

/** One request to the console's API: its JSON, or an Error saying what the server answered.
 * @param {string} path @param {object} [body] @returns {Promise<any>} */
async function api(path, body) {
  const answer = await fetch(`/admin/api/${path}`, {
    method: body ? "POST" : "GET",
    headers: { "x-admin-token": sessionStorage.getItem(KEY) || "", "content-type": "application/json" },
    body: body ? JSON.stringify(body) : undefined,
  });
  const data = await answer.json().catch(() => ({}));
  if (!answer.ok) throw new Error(`${answer.status}: ${data.message || data.code || "refused"}`);
  return data;
}

/** A table row of text cells and, last, an action button (none when ``act`` is null).
 * @param {(string | number)[]} cells @param {string} label @param {(() => Promise<unknown>) | null} act */
function row(cells, label, act) {
  const tr = document.createElement("tr");
  for (const cell of cells) tr.appendChild(document.createElement("td")).textContent = String(cell);
  const last = tr.appendChild(document.createElement("td"));
  if (act) {
    const button = last.appendChild(document.createElement("button"));
    button.type = "button";
    button.textContent = label;
    button.addEventListener("click", () => act().then(show, problem));
  }
  return tr;
}

const when = (seconds) => new Date(seconds * 1000).toLocaleString();

/** Read the three lists again and show them. */
async function show() {
  const [tables, reports, limits] = await Promise.all([api("tables"), api("reports"), api("limits")]);
  $("admin-tables").replaceChildren(...tables.tables.map((t) =>
    row([t.id, t.game, t.phase, t.people, t.bots, t.seq, t.process], "Close", () => api("close", { table: t.id }))));
  $("admin-reports").replaceChildren(...reports.reports.map((r) =>
    row([when(r.time), r.table, r.line, r.name ?? "", r.text ?? "", r.by === null ? "a watcher" : `seat ${r.by}`], "Hide",
      () => api("hide", { table: r.table, line: r.line }))));
  $("admin-limits").replaceChildren(...limits.limits.map((l) =>
    row([l.address, l.limit, `${l.count}/${l.most}`], "Lift", l.limit === "lifted" ? null : () => api("lift", { address: l.address }))));
  $("admin-lists").hidden = false;
  $("admin-problem").textContent = "";
}

/** @param {Error} error */
function problem(error) {
  $("admin-problem").textContent = error.message;
}

$("admin-login").addEventListener("submit", (event) => {
  event.preventDefault();
  sessionStorage.setItem(KEY, /** @type {HTMLInputElement} */ ($("admin-token")).value);
  show().catch(problem);
});
if (sessionStorage.getItem(KEY)) show().catch(problem);
