// The rules checker's card field and keypad (static/checker-cards.js), imported as checker.js
// imports it: how typed text reads as cards, what the keys add and take away, and which
// phases and group fields an edition offers.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  addCard, beyondEdition, chosenPhase, colourStep, dropLast, groupCount, groupHidden, keyCard,
  readCards,
} from "../../static/checker-cards.js";

// A part of what the page hands the script (data-colours, data-specials), as
// companion/rules/cards.py reads it.
const COLOURS = { r: "r", g: "g", b: "b", y: "y", v: "g", red: "r", blue: "b", rot: "r", blau: "b",
                  "grün": "g", gruen: "g", gelb: "y", jaune: "y", rouge: "r" };
const SPECIALS = { w: "w", j: "w", "*": "w", joker: "w", wild: "w", s: "s", a: "s", skip: "s",
                   aussetzen: "s", passe: "s" };
const read = (text) => readCards(text, COLOURS, SPECIALS).map((card) => `${card.text}:${card.kind}`);

test("number cards: 1 to 12 and a colour letter or word, any case; the chip shows the number", () => {
  assert.deepEqual(read("7r 12b 1y 10g 11v"), ["7:r", "12:b", "1:y", "10:g", "11:g"]);
  assert.deepEqual(read("12blau 3Rot 9grün 4gruen 2JAUNE"), ["12:b", "3:r", "9:g", "4:g", "2:y"]);
  assert.deepEqual(read("7R"), ["7:r"]);
});

test("wilds and skips in every language the parser reads, shown in capitals", () => {
  assert.deepEqual(read("W j * joker Wild"), ["W:w", "J:w", "*:w", "JOKER:w", "WILD:w"]);
  assert.deepEqual(read("S a Aussetzen skip passe"), ["S:s", "A:s", "AUSSETZEN:s", "SKIP:s", "PASSE:s"]);
});

test("cards are split on spaces and commas, as the server splits the field", () => {
  assert.deepEqual(read("  7r,8r , 9r\t10r  "), ["7:r", "8:r", "9:r", "10:r"]);
  assert.deepEqual(read(""), []);
  assert.deepEqual(read("   "), []);
});

test("a colour word or letter after a space belongs to the number before it, as the server reads it", () => {
  assert.deepEqual(read("4 red"), ["4:r"]);
  assert.deepEqual(read("12 blau, 4 rot 7 rouge 3 r"), ["12:b", "4:r", "7:r", "3:r"]);
  assert.deepEqual(read("4 RED 5red"), ["4:r", "5:r"]);
  // Only a colour joins: a wild or a skip after a number stays a card of its own.
  assert.deepEqual(read("7 W 3 S"), ["7:bad", "W:w", "3:bad", "S:s"]);
  assert.deepEqual(read("13 red"), ["13 RED:bad"]);
  assert.deepEqual(read("red 4"), ["RED:bad", "4:bad"]);
});

test("anything else is a bad card, shown as typed in capitals", () => {
  assert.deepEqual(read("13r 0b 7 7x r 12.5b"), ["13R:bad", "0B:bad", "7:bad", "7X:bad", "R:bad", "12.5B:bad"]);
  assert.deepEqual(read("7purple"), ["7PURPLE:bad"]);
});

test("a key adds its card at the end of the field, one space between cards", () => {
  assert.equal(addCard("", "7r"), "7r");
  assert.equal(addCard("7r 8r  ", "W"), "7r 8r W");
  assert.equal(addCard("  ", "S"), "S");
});

test("⌫ takes the last card back, and nothing from an empty field", () => {
  assert.equal(dropLast("7r 8r W"), "7r 8r");
  assert.equal(dropLast("  7r   8r  "), "7r");
  assert.equal(dropLast("7r"), "");
  assert.equal(dropLast(""), "");
  // A colour word typed after a space goes with its number.
  assert.equal(dropLast("7r 4 red", COLOURS), "7r");
  assert.equal(dropLast("4 red 7 W", COLOURS), "4 red 7");
});

test("a number key types the number in the chosen colour; a wild or skip key its card", () => {
  assert.equal(keyCard({ number: "7" }, "b"), "7b");
  assert.equal(keyCard({ number: "12" }, "y"), "12y");
  assert.equal(keyCard({ card: "W" }, "b"), "W");
  assert.equal(keyCard({ card: "A" }, "r"), "A");
});

test("the arrow keys move round the four colours, from the last back to the first", () => {
  assert.equal(colourStep(0, "ArrowRight", 4), 1);
  assert.equal(colourStep(0, "ArrowDown", 4), 1);
  assert.equal(colourStep(3, "ArrowRight", 4), 0);
  assert.equal(colourStep(0, "ArrowLeft", 4), 3);
  assert.equal(colourStep(2, "ArrowUp", 4), 1);
  assert.equal(colourStep(1, "Enter", 4), null);
  assert.equal(colourStep(1, "a", 4), null);
});

const EDITION = {
  phases: [{ name: "2 sets of 3", parts: [{ kind: "set", size: 3 }, { kind: "set", size: 3 }] },
           { name: "1 run of 7", parts: [{ kind: "run", size: 7 }] }],
};

test("the phase asked about is the edition's, the first when none is chosen", () => {
  assert.equal(chosenPhase(EDITION, "2").name, "1 run of 7");
  assert.equal(chosenPhase(EDITION, "").name, "2 sets of 3");
  assert.equal(chosenPhase(EDITION, "9"), undefined);
  assert.equal(beyondEdition(EDITION, "2"), false);
  assert.equal(beyondEdition(EDITION, "3"), true);
});

test("a lay-down shows one group field per part of the phase, and never hides typed cards", () => {
  assert.equal(groupCount(EDITION.phases[0]), 2);
  assert.equal(groupCount(EDITION.phases[1]), 1);
  assert.equal(groupCount(undefined), 1);
  assert.deepEqual([0, 1, 2, 3].map((i) => groupHidden(i, 2, false)), [false, false, true, true]);
  assert.deepEqual([0, 1, 2].map((i) => groupHidden(i, 0, false)), [false, true, true]);
  assert.deepEqual([0, 1, 2, 3].map((i) => groupHidden(i, 1, true)), [false, false, false, false]);
});
