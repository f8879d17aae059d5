// The table's rules in one short line, for everyone at the table: players, set, hand, length or target, then
// every setting that is not the game's default (start toes, 0-0's value, the timer, the lobby).
import { traitsOf } from "./games.js";
import { plural, words } from "./i18n.js";

/** True for a game scored by penalties (its traits' ``result``), in rounds of a fixed length or to a limit, the
 * lowest total winning (the train games, Chicken Foot and Mexican Train); false for one scored by points, in
 * hands to a target (the standard game). A game whose traits this page lacks is refused by name, never taken
 * for another. */
export function penalties(game) {
  return traitsOf(game).result === "penalties";
}

/** The number of rounds of a Chicken Foot (or Mexican Train) match of fixed length (a round per double, half, or one). */
export function roundCount(options) {
  const every = options.set + 1;
  return { full: every, half: Math.ceil(every / 2), one: 1 }[options.length] ?? null;
}

function chickenFoot(options) {
  const parts = [words[`set_${options.set}`] || `${options.set}`, plural("hand", options.hand)];
  if (options.limit !== null && options.limit !== undefined) parts.push(plural("limit", options.limit));
  else {
    const rounds = roundCount(options);
    const length = words[`length_${options.length}`] || options.length;
    parts.push(options.length === "one" || rounds === null ? length : `${length} (${plural("rounds", rounds)})`);
  }
  if ((options.start_toes ?? 6) !== 6) parts.push(plural("start_toes", options.start_toes));
  if (options.blank_double !== 50) parts.push(plural("blank_double", options.blank_double));
  return parts;
}

function standard(options) {
  const parts = [words[`mode_${options.mode}`] || options.mode, words[`set_${options.set}`] || `${options.set}`];
  parts.push(plural("hand", options.hand));
  if (options.partners) parts.push(words.partners);
  parts.push(options.target === null || options.target === undefined ? words.single_hand : plural("target", options.target));
  return parts;
}

/** The table's own settings: the turn timer as it is now, and a table listed in the lobby. */
function tableSettings(table) {
  const parts = [];
  if (table.turn_seconds > 0) parts.push(plural("turn_seconds", table.turn_seconds));
  else if (table.settings?.turn_seconds === 0) parts.push(words.no_timer);
  if (table.settings?.public) parts.push(words.public);
  return parts;
}

/** The rules line of ``table`` (a table summary) for ``game``, its parts joined by middle dots. */
export function rulesLine(table, game) {
  const { options } = table;
  const parts = [plural("players", options.players)];
  parts.push(...(penalties(game) ? chickenFoot(options) : standard(options)), ...tableSettings(table));
  return parts.join(" · ");
}
