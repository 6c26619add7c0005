// The offline queue's reconcile rules (static/offline-sync.js) and the arithmetic the sheet
// shows while changes wait (static/offline-queue.js), without a browser: the modules are
// imported as the pages and the service worker import them. Nothing here touches IndexedDB;
// the rules are pure functions of a change and the server's game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { project, readRound, sameRound } from "../../static/offline-queue.js";
import { canKeepMine, keepMine, reconcile } from "../../static/offline-sync.js";

const result = (player, points, phase = points < 50, went_out = points === 0) =>
  ({ player, points, phase, went_out });
const ROUND_1 = [result("Anna", 0), result("Ben", 25), result("Cem", 60)];
const CORRECTED = [result("Anna", 0), result("Ben", 25), result("Cem", 85)];
const MINE = [result("Anna", 0), result("Ben", 35), result("Cem", 60)];

function game(rounds, { status = "playing", revision = 1 + rounds.length } = {}) {
  return {
    status, revision, next_round: rounds.length + 1,
    rounds: rounds.map((results, i) => ({ number: i + 1, results })),
  };
}

test("a new round already stored as sent is done: its answer was lost, not the round", () => {
  assert.equal(reconcile({ kind: "add", number: 1, results: ROUND_1 }, game([ROUND_1])), "done");
});

test("a new round whose number another phone took is a conflict, never the next round", () => {
  assert.equal(reconcile({ kind: "add", number: 1, results: MINE }, game([ROUND_1])), "conflict");
});

test("a new round whose number is still next is sent again on the new revision", () => {
  const moved = game([ROUND_1], { revision: 7 });  // an earlier round was corrected meanwhile
  assert.equal(reconcile({ kind: "add", number: 2, results: MINE }, moved), "resend");
});

test("a new round typed for a number the game has not reached is a conflict", () => {
  assert.equal(reconcile({ kind: "add", number: 3, results: MINE }, game([ROUND_1])), "conflict");
  assert.equal(reconcile({ kind: "add", number: 2, results: MINE },
    game([ROUND_1], { status: "finished" })), "conflict");
});

test("an edit made on the round as the server still has it is sent again", () => {
  const op = { kind: "edit", number: 1, results: MINE, before: ROUND_1 };
  assert.equal(reconcile(op, game([ROUND_1])), "resend");
});

test("an edit made on a version another phone has since corrected is a conflict", () => {
  // The phone saw Cem 60; the server now says 85: sending would revert the correction.
  const op = { kind: "edit", number: 1, results: MINE, before: ROUND_1 };
  assert.equal(reconcile(op, game([CORRECTED])), "conflict");
  assert.equal(reconcile({ ...op, before: null }, game([ROUND_1])), "conflict");
});

test("an edit the server already has is done", () => {
  const op = { kind: "edit", number: 1, results: MINE, before: ROUND_1 };
  assert.equal(reconcile(op, game([MINE])), "done");
});

test("an undo is done when the round is gone, sent again only on the last round unchanged", () => {
  const undo = { kind: "undo", number: 2, before: MINE };
  assert.equal(reconcile(undo, game([ROUND_1])), "done");
  assert.equal(reconcile(undo, game([ROUND_1, MINE])), "resend");
  assert.equal(reconcile(undo, game([ROUND_1, CORRECTED])), "conflict");
  assert.equal(reconcile(undo, game([ROUND_1, MINE, ROUND_1])), "conflict");  // not the last
});

test("the same round is the same whatever the order, and a missing 'went out' is not news", () => {
  assert.ok(sameRound(ROUND_1, [...ROUND_1].reverse()));
  const unnamed = ROUND_1.map((r) => ({ ...r, went_out: false }));
  assert.ok(sameRound(unnamed, ROUND_1));
  assert.ok(!sameRound(MINE, ROUND_1));
  assert.ok(!sameRound(ROUND_1.slice(1), ROUND_1));
  assert.ok(!sameRound(null, ROUND_1));
});

test("keeping mine is offered only where it can be stored", () => {
  assert.ok(canKeepMine({ kind: "add", server: ROUND_1 }));
  assert.ok(canKeepMine({ kind: "add", server: null, serverNext: 2 }));
  assert.ok(!canKeepMine({ kind: "add", server: null, serverNext: null }));
  assert.ok(!canKeepMine({ kind: "edit", server: null }));
  assert.ok(canKeepMine({ kind: "undo", number: 2, server: MINE, serverLast: 2 }));
  assert.ok(!canKeepMine({ kind: "undo", number: 2, server: MINE, serverLast: 3 }));
});

test("the sheet while changes wait: rounds replaced, removed and added, totals to match", () => {
  const known = {
    ...game([ROUND_1]),
    players: [{ name: "Anna", points: 0, phases_done: [1] }, { name: "Ben", points: 25, phases_done: [1] },
              { name: "Cem", points: 60, phases_done: [] }],
  };
  const second = [result("Anna", 10), result("Ben", 0), result("Cem", 70)];
  const view = project(known, [{ kind: "edit", number: 1, results: MINE },
                                 { kind: "add", number: 2, results: second }]);
  assert.equal(view.last, 2);
  assert.equal(view.next, 3);
  assert.equal(view.players.get("Ben").points, 35);
  assert.equal(view.players.get("Cem").points, 130);
  assert.equal(view.players.get("Anna").phases, 2);
  const undone = project(known, [{ kind: "undo", number: 1 }]);
  assert.equal(undone.next, 1);
  assert.equal(undone.players.get("Cem").points, 0);
  assert.equal(project(known, []).next, 2);
});

test("keeping mine on a taken number sends it as the next round, on the server's revision", () => {
  const op = { kind: "add", number: 2, revision: 3, results: MINE, server: null, serverNext: 3,
               serverRevision: 5 };
  assert.equal(keepMine(op), true);
  assert.deepEqual([op.kind, op.number, op.revision], ["add", 3, 5]);
});

test("keeping mine over another phone's round corrects that round, knowing what it replaces", () => {
  const added = { kind: "add", number: 1, results: MINE, server: ROUND_1, serverRevision: 4 };
  assert.equal(keepMine(added), true);
  assert.deepEqual([added.kind, added.number, added.before, added.revision], ["edit", 1, ROUND_1, 4]);
  const edit = { kind: "edit", number: 1, results: MINE, before: ROUND_1, server: CORRECTED,
                 serverRevision: 6 };
  assert.equal(keepMine(edit), true);
  assert.deepEqual([edit.kind, edit.before, edit.revision], ["edit", CORRECTED, 6]);
});

test("keeping mine where it cannot be stored changes nothing", () => {
  const undo = { kind: "undo", number: 2, before: MINE, server: MINE, serverLast: 3, serverRevision: 8 };
  const before = structuredClone(undo);
  assert.equal(keepMine(undo), false);
  assert.deepEqual(undo, before);
});

// The round form's fields as the browser posts them (FormData has has() and get()).
function form(rows, extra = {}) {
  const fields = new FormData();
  rows.forEach((row, i) => {
    for (const [name, value] of Object.entries(row)) fields.append(`results-${i}-${name}`, value);
  });
  for (const [name, value] of Object.entries(extra)) fields.append(name, value);
  return fields;
}

test("a round form kept offline reads as the API's results", () => {
  const round = readRound(form([{ player: "Anna", points: "0", laid: "y" },
                                { player: "Ben", points: " 25 " }, { player: "Cem", points: "1000" }],
                               { went_out: "Anna", confirm: "y" }));
  assert.deepEqual(round, {
    confirm: true,
    results: [{ player: "Anna", went_out: true, phase: true, points: 0 },
              { player: "Ben", went_out: false, phase: false, points: 25 },
              { player: "Cem", went_out: false, phase: false, points: 1000 }],
  });
});

test("a picked phase (Masters) is kept as its number, none picked as not done", () => {
  const round = readRound(form([{ player: "Anna", phase: "4" }, { player: "Ben", phase: "" }]));
  assert.deepEqual(round.results.map((r) => r.phase), [4, false]);
  assert.equal(round.confirm, false);
  assert.ok(!("points" in round.results[0]));  // the board game has no points field
});

test("points that are not 0 to 1000, or a form without players, are refused before keeping", () => {
  for (const points of ["", "abc", "12.5", "-3", "1001", "12345"]) {
    assert.throws(() => readRound(form([{ player: "Anna", points }])), (error) => error.invalid === true,
      `points ${JSON.stringify(points)}`);
  }
  assert.throws(() => readRound(form([])), (error) => error.invalid === true);
});

test("a picked phase is part of the round: another phase is another round", () => {
  const fourth = [{ player: "Anna", phase: 4, points: 0, went_out: true }];
  assert.ok(sameRound(fourth, [{ ...fourth[0] }]));
  assert.ok(!sameRound(fourth, [{ ...fourth[0], phase: 5 }]));
  assert.ok(!sameRound(fourth, [{ ...fourth[0], phase: true }]));
});
