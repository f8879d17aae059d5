// The page's words, from the JSON data block the server renders into the table page (no inline script),
// and the version of the table protocol its server speaks.
const block = JSON.parse(/** @type {string} */ (document.getElementById("strings")?.textContent));

export const { lang, words, plurals, protocol, phrases, reactions } = block;
const rules = new Intl.PluralRules(lang);

/** Fill the ``%(name)s`` and ``%(num)d`` places of a message. */
export const format = (text, params = {}) => text.replace(/%\((\w+)\)[sd]/g, (_, key) => String(params[key] ?? ""));

/** A plural message in the page's language for ``num`` (its other places filled from ``params``). */
export function plural(key, num, params = {}) {
  const forms = plurals[key];
  return format(forms[rules.select(num)] ?? forms.other, { ...params, num });
}

/** A new HTML element with its text (always as text, never as markup) and attributes.
 * @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string | null} [text] @param {object} [attributes] */
export function make(tag, text = null, attributes = {}) {
  const node = document.createElement(tag);
  if (text !== null) node.textContent = text;
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  return node;
}
