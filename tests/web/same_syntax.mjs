// Whether minified scripts are the same programs as their sources: each pair of files given (source, minified)
// is parsed by TypeScript's parser (node_modules, make lint's checker) and the two syntax trees compared node
// by node, with every name and literal as written (a template literal's raw text included, so white space
// collapsed inside one is a difference). Prints one line a pair that differs, and exits 1 if any does.
// Usage: node tests/web/same_syntax.mjs SOURCE MINIFIED [SOURCE MINIFIED ...]
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const ts = createRequire(import.meta.url)("../../node_modules/typescript");

/** The syntax tree of the script at ``path`` as a list of lines: each node's kind, and a leaf's text. */
function tree(path) {
  const source = ts.createSourceFile(path, readFileSync(path, "utf8"), ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const lines = source.parseDiagnostics.map((problem) => `error: ${problem.messageText}`);
  const visit = (node, depth) => {
    const raw = node.rawText !== undefined ? ` raw=${JSON.stringify(node.rawText)}` : "";
    const text = node.text !== undefined ? ` ${JSON.stringify(node.text)}` : "";
    lines.push(`${depth} ${ts.SyntaxKind[node.kind]}${text}${raw}`);
    ts.forEachChild(node, (child) => visit(child, depth + 1));
  };
  source.statements.forEach((statement) => visit(statement, 0));
  return lines;
}

let differ = false;
const paths = process.argv.slice(2);
for (let i = 0; i + 1 < paths.length; i += 2) {
  const [a, b] = [tree(paths[i]), tree(paths[i + 1])];
  const at = a.findIndex((line, k) => line !== b[k]);
  if (at >= 0 || a.length !== b.length) {
    differ = true;
    const k = at >= 0 ? at : Math.min(a.length, b.length);
    console.log(`${paths[i]}: differs at node ${k}: ${a[k] ?? "(end)"} | ${b[k] ?? "(end)"}`);
  }
}
process.exit(differ ? 1 : 0);
