// The home page's lobby: the list of public tables is fetched again every ten seconds while the page is in
// view (server-rendered in the page's language by /<lang>/lobby), unless the visitor is using it.

export {}; // a module, as the home page loads it

const list = document.getElementById("lobby-list");
const name = document.getElementById("lobby-name");
const EVERY = 10_000;
let shown = null;

async function refresh() {
  if (!list || !name || document.hidden || list.contains(document.activeElement)) return;
  try {
    const answer = await fetch(`/${list.dataset.lang}/lobby`, { headers: { accept: "text/html" } });
    if (!answer.ok) return;
    const html = (await answer.text()).trim();
    if (html === shown) return;
    shown = html;
    list.innerHTML = html; // our own server's markup, every text in it escaped there
    name.hidden = !list.querySelector("button.sit");
  } catch {
    // offline for a moment: the list stays as it was and the next round tries again
  }
}

if (list) {
  setInterval(refresh, EVERY);
  document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
}
