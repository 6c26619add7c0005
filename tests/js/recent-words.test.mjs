// What the list of recent games says of each game (static/recent-words.js), names as typed.
import { test } from "node:test";
import assert from "node:assert/strict";
import { describe, fill, names } from "../../static/recent-words.js";

const WORDS = {
  won: "{name} won", shared: "shared win: {name}", tiebreak: "tie-break round next",
  playing: "playing, {count} rounds so far", playingOne: "playing, 1 round so far",
  new: "not started", and: "{names} and {last}",
};
// What String.replace reads in a replacement string: the match, before it, after it.
const PATTERNS = "$'$`$&";

test("a winner's name is shown as typed, whatever it holds", () => {
  assert.equal(describe({ status: "finished", winners: [PATTERNS] }, WORDS), "$'$`$& won");
  assert.equal(describe({ status: "finished", winners: ["$1 $$ $<x>"] }, WORDS), "$1 $$ $<x> won");
});

test("shared winners are named in the page's words, each as typed", () => {
  const game = { status: "finished", winners: ["Ann", PATTERNS, "{last}"] };
  assert.equal(describe(game, WORDS), "shared win: Ann, $'$`$& and {last}");
  assert.equal(names(["Ann"], WORDS), "Ann");
  assert.equal(names(["{names}", "$&"], WORDS), "{names} and $&");
});

test("a slot is filled once, and an unknown one stays", () => {
  assert.equal(fill("{a} {b} {c}", { a: "{b}", b: "$`" }), "{b} $` {c}");
  assert.equal(fill("{name} a gagné", { name: "Zoë" }), "Zoë a gagné");
});

test("a game in play says how far it is", () => {
  assert.equal(describe({ status: "playing", played: 0 }, WORDS), "not started");
  assert.equal(describe({ status: "playing", played: 1 }, WORDS), "playing, 1 round so far");
  assert.equal(describe({ status: "playing", played: 7 }, WORDS), "playing, 7 rounds so far");
  assert.equal(describe({ status: "tiebreak", played: 10 }, WORDS), "tie-break round next");
  assert.equal(describe({}, WORDS), "");
});

test("a page without the sentences says nothing rather than failing", () => {
  // The offline page once carried none: recent.js threw on every game (issue 43).
  assert.equal(describe({ status: "finished", winners: ["Ann"] }, {}), "");
  assert.equal(describe({ status: "finished", winners: ["Ann", "Ben"] }, {}), "");
  assert.equal(describe({ status: "playing", played: 3 }, {}), "");
});
