// The round form's arithmetic (static/round-points.js), imported as round.js imports it: what
// "went out" fills in, when points tick "phase done", and the penalty pad's sum.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  LOWEST_WITHOUT_PHASE, padCount, padTotal, phaseDoneByPoints, readPoints, wentOutFills,
} from "../../static/round-points.js";

test("points under 50 mean the phase was laid: a player without it holds at least 50", () => {
  assert.equal(LOWEST_WITHOUT_PHASE, 50);
  for (const text of ["0", "5", "45", "49", " 20 ", "007"]) assert.equal(phaseDoneByPoints(text), true, text);
  for (const text of ["50", "55", "120", "1000"]) assert.equal(phaseDoneByPoints(text), false, text);
});

test("a points field that is not a whole number ticks nothing", () => {
  for (const text of ["", "  ", "abc", "4.5", "-5", "1e1", "20 5"]) {
    assert.ok(Number.isNaN(readPoints(text)), text);
    assert.equal(phaseDoneByPoints(text), false, text);
  }
  assert.equal(readPoints(" 25 "), 25);
});

test("whoever went out gets 0 points and the phase done, on an empty row", () => {
  assert.deepEqual(wentOutFills({ points: "", laid: false, phase: null }), { points: "0", laid: true });
});

test("going out fills in nothing the person already typed or ticked", () => {
  assert.deepEqual(wentOutFills({ points: "15", laid: true, phase: null }), {});
  assert.deepEqual(wentOutFills({ points: "15", laid: false, phase: null }), { laid: true });
});

test("Masters: going out picks the lowest open phase, unless one is picked", () => {
  assert.deepEqual(wentOutFills({ points: "", laid: null, phase: "", open: "3" }), { points: "0", phase: "3" });
  assert.deepEqual(wentOutFills({ points: "", laid: null, phase: "5", open: "3" }), { points: "0" });
  assert.deepEqual(wentOutFills({ points: "", laid: null, phase: "", open: undefined }), { points: "0" });
});

test("the board game's rows have no points: only the phase is ticked", () => {
  assert.deepEqual(wentOutFills({ points: null, laid: false, phase: null }), { laid: true });
});

// The pad's cards and their values are the page's (templates/games/_pad.html).
test("the penalty pad adds up the cards left: 5 a low card, 10 a high one, 15 a skip, 20 a wild", () => {
  assert.equal(padTotal([]), 0);
  assert.equal(padTotal([[5, 3], [10, 0], [15, 1], [20, 2]]), 70);
  assert.equal(padTotal([[5, 0], [10, 0]]), 0);
});

test("the pad's counts go up by one a tap and never below none", () => {
  assert.equal(padCount(0, 1), 1);
  assert.equal(padCount(4, 1), 5);
  assert.equal(padCount(1, -1), 0);
  assert.equal(padCount(0, -1), 0);
});

test("a house edition's values move the floor: the form's data-least is what a full hand costs", () => {
  assert.equal(phaseDoneByPoints("55", "60"), true);
  assert.equal(phaseDoneByPoints("60", "60"), false);
  assert.equal(phaseDoneByPoints("45", "50"), true);
  assert.equal(phaseDoneByPoints("45", ""), true, "no floor given: the rule book's 50");
  assert.equal(phaseDoneByPoints("0", "0"), false, "with 1–9 worth nothing no points say the phase was laid");
});
