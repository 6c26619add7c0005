// The new-game form's one-tap names (static/recent-names.js): what the phone remembers and
// which names it offers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { KEPT, OFFERED, offered, remembered, who } from "../../static/recent-names.js";

test("one person is one name: case, spaces and the Unicode form do not make another", () => {
  assert.equal(who(" Anna  Lena "), who("anna lena"));
  assert.equal(who("Zoe\u0308"), who("Zo\u00eb"));  // NFD and NFC
  assert.notEqual(who("Anna"), who("\u0410nna"));  // a Cyrillic А is another name
});

test("a started game's names come first, in seating order, and no person twice", () => {
  const before = ["Cleo", "anna", "Dan"];
  assert.deepEqual(remembered(before, ["Anna", "Ben ", ""]), ["Anna", "Ben", "Cleo", "Dan"]);
  assert.deepEqual(remembered(null, ["Zoe\u0308", "zo\u00eb"]), ["Zo\u00eb"]);
});

test("the phone keeps at most KEPT names, dropping the oldest", () => {
  const many = Array.from({ length: KEPT + 5 }, (_, i) => `P${i}`);
  const kept = remembered(many, ["New"]);
  assert.equal(kept.length, KEPT);
  assert.equal(kept[0], "New");
  assert.equal(kept.at(-1), `P${KEPT - 2}`);
});

test("the group's players come first, then the phone's, none already typed", () => {
  const choices = offered(["Ann", "Ben", "Cleo"], ["ben", "Dan", "Eve"], ["", "Cleo ", ""]);
  assert.deepEqual(choices, ["Ann", "Ben", "Dan", "Eve"]);
  const lots = Array.from({ length: 30 }, (_, i) => `N${i}`);
  assert.equal(offered(lots, [], []).length, OFFERED);
});

test("the phone's names are offered as the group calls that person now", () => {
  // Clara was renamed Klara, and Dave merged into David: one chip each, the current name.
  const aliases = { clara: "Klara", dave: "David" };
  const choices = offered(["Klara", "David", "Anna"], ["Clara", "anna", "Dave", "Eve"],
    ["", ""], aliases);
  assert.deepEqual(choices, ["Klara", "David", "Anna", "Eve"]);
});
