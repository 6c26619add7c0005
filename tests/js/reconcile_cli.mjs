// The offline queue's reconcile rules as a line-by-line service for the phones simulation
// (tests/kits/phones_sim.py): each input line is {"op": ..., "game": ...} or {"keep": op}; each
// output line the rule's answer. The rules are imported from static/offline-sync.js itself,
// the module phones run, so the simulation exercises the code phones run.
import { createInterface } from "node:readline";
import { canKeepMine, reconcile } from "../../static/offline-sync.js";

for await (const line of createInterface({ input: process.stdin })) {
  const asked = JSON.parse(line);
  const answer = asked.keep ? canKeepMine(asked.keep) : reconcile(asked.op, asked.game);
  process.stdout.write(JSON.stringify(answer) + "\n");
}
