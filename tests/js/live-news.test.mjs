// What the live region says when another phone changed the sheet (static/live-news.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { news } from "../../static/live-news.js";

const words = { updated: "The sheet was updated.", corrected: "Round {n} was corrected.",
                undone: "Round {n} was undone." };
const three = new Map([[1, "Round 1: Anna went out, Ben 10, Cem 55"],
                       [2, "Round 2: Ben went out, Anna 20, Cem 5"]]);

test("a new round is said with its results", () => {
  const after = new Map([...three, [3, "Round 3: Cem went out, Anna 15, Ben 30"]]);
  assert.equal(news(three, after, words), "Round 3: Cem went out, Anna 15, Ben 30.");
});

test("a corrected round and an undone round are named", () => {
  const corrected = new Map([[1, three.get(1)], [2, "Round 2: Ben went out, Anna 25, Cem 5"]]);
  assert.equal(news(three, corrected, words), "Round 2 was corrected.");
  assert.equal(news(three, new Map([[1, three.get(1)]]), words), "Round 2 was undone.");
});

test("several changes at once are said in round order, and a new result after them", () => {
  const after = new Map([[1, "Round 1: Anna went out, Ben 10, Cem 60"], [2, three.get(2)],
                         [3, "Round 3: Anna went out, Ben 5, Cem 10"]]);
  assert.equal(news(three, after, words, { before: "", after: "★ Anna wins!" }),
               "Round 1 was corrected. Round 3: Anna went out, Ben 5, Cem 10. ★ Anna wins!");
});

test("anything else (a rename, a player who joined) is the general sentence", () => {
  assert.equal(news(three, new Map(three), words), "The sheet was updated.");
  assert.equal(news(three, new Map(three), words, { before: "x", after: "x" }),
               "The sheet was updated.");
});

test("names with replacement patterns are said as written", () => {
  const after = new Map([[1, "Round 1: $& went out, $1 10"]]);
  assert.equal(news(new Map(), after, { ...words, corrected: "Runde {n} wurde korrigiert." }),
               "Round 1: $& went out, $1 10.");
  assert.equal(news(new Map([[12, "a"]]), new Map([[12, "b"]]),
                    { ...words, corrected: "{n}: $& corrigée" }), "12: $& corrigée.");
});

test("the way to a rematch another phone started is said when it appears, once", () => {
  const follow = "The next game at this table has started. Go to the rematch";
  assert.equal(news(three, new Map(three), words, { before: "★ Anna wins!", after: "★ Anna wins!" },
                    { before: "", after: follow }),
               "The next game at this table has started. Go to the rematch.");
  assert.equal(news(three, new Map(three), words, undefined, { before: follow, after: follow }),
               "The sheet was updated.");
});
