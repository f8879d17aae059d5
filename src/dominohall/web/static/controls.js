// The table page's plain controls: Copy the link, the chat box, the side's tabs, the sound and Leave.
import { words } from "./i18n.js";
import { isMuted, setMuted } from "./sound.js";

/** An element of the page by id (every one asked for is in table.html). @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

/** Show the sound switch as it is. */
export function renderSound() {
  const muted = isMuted();
  $("sound").setAttribute("aria-pressed", String(!muted));
  $("sound").textContent = muted ? words.sound_off : words.sound_on;
}

/** On a narrow screen the side's panels are tabs: show the panel ``name``. */
export function showTab(name) {
  /** @type {HTMLElement} */ (document.querySelector(".side")).dataset.tab = name;
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".side-tabs [data-tab]"))) {
    tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
    tab.tabIndex = tab.dataset.tab === name ? 0 : -1; // one stop in the tab order; the arrow keys go between them
    if (tab.dataset.tab === name) delete tab.dataset.unread; // read now
  }
}

/** The side's sections are tab panels, named by their tabs, while the tabs show; else named by their headings. */
export function panelRoles() {
  const tablist = /** @type {HTMLElement | null} */ (document.querySelector(".side-tabs"));
  if (!tablist) return;
  const tabbed = getComputedStyle(tablist).display !== "none";
  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (tablist.querySelectorAll("[data-tab]"))) {
    const panel = document.querySelector(`[data-panel="${tab.dataset.tab}"]`);
    if (!panel) continue;
    tab.id ||= `tab-${tab.dataset.tab}`;
    if (tabbed === (panel.getAttribute("role") === "tabpanel")) continue;
    if (tabbed) panel.setAttribute("role", "tabpanel");
    else panel.removeAttribute("role");
    panel.setAttribute("aria-labelledby", tabbed ? tab.id : /** @type {HTMLElement} */ (panel.querySelector("h2")).id);
  }
}

async function copyLink() {
  const link = /** @type {HTMLInputElement} */ ($("share-link"));
  try {
    await navigator.clipboard.writeText(link.value);
  } catch {
    link.select();
    document.execCommand("copy");
  }
  $("copy").textContent = words.copied;
}

/** Wire the controls to ``send(message)``, ``leave()`` and ``playing()`` (then Leave asks first). */
export function wireControls({ send, leave, playing }) {
  $("copy").addEventListener("click", copyLink);
  if (navigator.share) { // a phone's own share sheet: the messenger the friends are on
    $("share-native").hidden = false;
    $("share-native").addEventListener("click", () => {
      navigator.share({ url: /** @type {HTMLInputElement} */ ($("share-link")).value, title: document.title }).catch(() => {});
    });
  }
  const chat = /** @type {HTMLInputElement} */ ($("chat-text"));
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = chat.value.trim();
    if (!text) return;
    if (send({ t: "chat", text: text.slice(0, 300) })) chat.value = ""; // not connected: the words stay to send again
  });
  for (const tab of document.querySelectorAll(".side-tabs [data-tab]")) {
    tab.addEventListener("click", () => showTab(tab.dataset.tab));
  }
  addEventListener("resize", panelRoles);
  /** @type {HTMLElement | null} */ (document.querySelector(".side-tabs"))?.addEventListener("keydown", (event) => {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    const tabs = /** @type {HTMLElement[]} */ ([...document.querySelectorAll(".side-tabs [data-tab]:not([hidden])")]);
    const next = tabs[(tabs.indexOf(/** @type {HTMLElement} */ (document.activeElement)) + step + tabs.length) % tabs.length];
    event.preventDefault();
    showTab(next.dataset.tab);
    next.focus();
  });
  $("sound").addEventListener("click", () => {
    setMuted(!isMuted());
    renderSound();
  });
  const dialog = /** @type {HTMLDialogElement} */ ($("leave-dialog"));
  $("leave").addEventListener("click", () => {
    if (playing()) dialog.showModal();
    else leave();
  });
  $("leave-yes").addEventListener("click", () => {
    dialog.close();
    leave();
  });
  $("leave-no").addEventListener("click", () => dialog.close());
  renderSound();
}
