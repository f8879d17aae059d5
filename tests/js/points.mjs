// The points the replay viewer gives each move (record.js's playPoints: the record's own), for the records in a
// file: `node tests/js/points.mjs RECORDS.json` prints, per record, per round, the points of each move as JSON
// (0 for every move of a round whose record tells none).
import { readFileSync } from "node:fs";

import { playPoints, readRecord } from "../../src/dominohall/web/static/record.js";
import "./games.mjs";

const records = JSON.parse(readFileSync(process.argv[2], "utf8")).map(readRecord);
process.stdout.write(JSON.stringify(records.map((record) => record.rounds.map((round) => playPoints(round) ?? round.moves.map(() => 0)))));
