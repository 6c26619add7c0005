// How the home page names a recent game (static/recent-title.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { dayOf, recentTitle } from "../../static/recent-title.js";

const german = { original: "Kartenspiel", masters: "Kartenspiel", board: "Brettspiel" };

test("a game's kind is said in the page's language", () => {
  const entry = { title: "Anna, Ben · Card game", players: ["Anna", "Ben"], kind: "original" };
  assert.equal(recentTitle(entry, german), "Anna, Ben · Kartenspiel");
  assert.equal(recentTitle({ ...entry, kind: "board" }, german), "Anna, Ben · Brettspiel");
  assert.equal(recentTitle({ ...entry, kind: "gone" }, german), "Anna, Ben");
  assert.equal(recentTitle({ ...entry, kind: "constructor" }, german), "Anna, Ben");
});

test("a house game is named by its rules, as typed", () => {
  const entry = { title: "Anna, Ben · House rules", players: ["Anna", "Ben"],
                  kind: "h1a2b3", rules: "Omas $& Regeln" };
  assert.equal(recentTitle(entry, german), "Anna, Ben · Omas $& Regeln");
});

test("an entry kept before the players were shows its title as kept", () => {
  assert.equal(recentTitle({ title: "Anna, Ben · Card game" }, german), "Anna, Ben · Card game");
  assert.equal(recentTitle({}, german), "");
});

test("the day is written as the page's language writes it", () => {
  const day = Date.UTC(2026, 10, 28, 12);
  assert.equal(dayOf(day, "en"), "Nov 28, 2026");
  assert.equal(dayOf(day, "de"), "28.11.2026");
  assert.equal(dayOf(day, "fr"), "28 nov. 2026");
  assert.equal(dayOf(day, "not a language tag!"), new Date(day).toLocaleDateString());
});
