// The points the replay viewer gives each move (record.js's playPoints), for the records in a file:
// `node tests/js/points.mjs RECORDS.json` prints, per record, per round, the points of each move as JSON.
import { readFileSync } from "node:fs";

import { playPoints, readRecord } from "../../src/dominohall/web/static/record.js";

const records = JSON.parse(readFileSync(process.argv[2], "utf8")).map(readRecord);
process.stdout.write(JSON.stringify(records.map((record) => record.rounds.map((round) => playPoints(record, round)))));
