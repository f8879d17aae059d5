// The games' traits for the tests under Node, as a page's "games" data block gives them (games.js): the server's
// own (tests/js/games.json, which tests/web/test_traits.py holds equal to the descriptors').
import { readFileSync } from "node:fs";

import { learnGames } from "../../src/dominohall/web/static/games.js";

export const TRAITS = JSON.parse(readFileSync(new URL("./games.json", import.meta.url), "utf8"));
learnGames(TRAITS);
