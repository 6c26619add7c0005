// The offline queue's reconcile (static/offline-sync.js) against the cases of the one stale
// rule (tests/js/stale_rule.json): on the 409 of a write made from an older revision it sends
// the write again exactly when the server's rule (companion/services/seen.py, checked on the
// same cases by tests/pages/test_stale_rule.py) stores it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { reconcile } from "../../static/offline-sync.js";

const RULE = JSON.parse(readFileSync(new URL("./stale_rule.json", import.meta.url), "utf8"));
const named = (name) => (name === null || Array.isArray(name) ? name : RULE.rounds[name]);

function game(names) {
  return {
    status: "playing", revision: 10, next_round: names.length + 1,
    rounds: names.map((name, i) => ({ number: i + 1, results: named(name) })),
  };
}

for (const example of RULE.cases) {
  test(`reconcile: ${example.name}`, () => {
    const op = { ...example.op, results: named(example.op.results || null),
                 before: named(example.op.before), revision: 1 };
    const decided = reconcile(op, game(example.game));
    assert.equal(decided, example.reconcile);
    assert.equal(decided === "resend", example.server === "stored");
  });
}
