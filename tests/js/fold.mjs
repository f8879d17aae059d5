// Fold lists of frames through the table page's reduce (state.js) and print the states as JSON:
// `node tests/js/fold.mjs FRAMES.json`, FRAMES.json being {"name": [frame, ...], ...}; every frame is
// folded at the same moment (now = 0), so the states differ only by what the frames said.
import { readFileSync } from "node:fs";

import { initialState, reduce } from "../../src/dominohall/web/static/state.js";

const lists = JSON.parse(readFileSync(process.argv[2], "utf8"));
const states = Object.fromEntries(
  Object.entries(lists).map(([name, frames]) => [name, frames.reduce((state, frame) => reduce(state, frame, 0), initialState())]),
);
process.stdout.write(JSON.stringify(states));
