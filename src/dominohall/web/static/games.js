// The games' traits, by name, as the server tells them (games/game.py's ``Game.traits``, in the page's "games"
// data block): how a game's results count, what it calls a round, its board's drawing, its centre double, its
// trains... The scripts meet a game by these facts, never by its name; a game with none here is refused.

/** @typedef {{result: "penalties" | "points", noun: "round" | "hand", board: string, centre: boolean,
 *   draws_opener: boolean, trains: boolean, waits: "toes" | "cover" | null, partners: boolean}} Traits */

/** @type {{[game: string]: Traits}} */
const known = {};

/** Learn the traits of the games in ``games`` (by name): the page's data block, or a test's. */
export function learnGames(games) {
  Object.assign(known, games);
}

const block = typeof document === "undefined" ? null : document.getElementById("games");
if (block?.textContent) learnGames(JSON.parse(block.textContent));

/** True when the traits of ``game`` are known here. @param {unknown} game */
export const knows = (game) => typeof game === "string" && Object.hasOwn(known, game);

/** The traits of ``game``; a game this page was not told of is refused by name, never taken for another.
 * @param {string} game @returns {Traits} */
export function traitsOf(game) {
  if (!knows(game)) throw new Error(`no game ${JSON.stringify(game)} here: the games are ${Object.keys(known).join(", ")}`);
  return known[game];
}
