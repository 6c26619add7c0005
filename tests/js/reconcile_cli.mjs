// The offline queue's reconcile rules as a line-by-line service for the phones simulation
// (tests/phones_sim.py): each input line is {"op": ..., "game": ...} or {"keep": op}; each
// output line the rule's answer. The rules are static/offline-sync.js itself, run in a V8
// context as in reconcile.test.mjs, so the simulation exercises the code phones run.
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import vm from "node:vm";

const STATIC = new URL("../../static/", import.meta.url);
const context = vm.createContext({ self: {} });
for (const name of ["offline-queue.js", "offline-sync.js"]) {
  vm.runInContext(readFileSync(new URL(name, STATIC), "utf8"), context, { filename: name });
}
const Q = context.self.OfflineQueue;

for await (const line of createInterface({ input: process.stdin })) {
  const asked = JSON.parse(line);
  const answer = asked.keep ? Q.canKeepMine(asked.keep) : Q.reconcile(asked.op, asked.game);
  process.stdout.write(JSON.stringify(answer) + "\n");
}
