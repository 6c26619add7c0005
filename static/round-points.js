// The round form's arithmetic, without the page: what "went out" fills in, when points tick
// "phase done", and the penalty pad's sum. Pure functions (no DOM, nothing runs on import):
// round.js wires them to the form, and tests/js/round.test.mjs checks them in Node.

// Without the phase a player still holds 10 cards, at least 50 points with the rule book's
// values (docs/decisions.md): fewer points than this mean the phase was laid. A house edition's
// values give another floor; the form says which (data-least).
export const LOWEST_WITHOUT_PHASE = 50;

// A points field's text as a number, or NaN when it is not a whole number of points.
export function readPoints(text) {
  const trimmed = String(text).trim();
  return /^[0-9]+$/.test(trimmed) ? Number(trimmed) : NaN;
}

// Whether the points typed say the phase was done (ticked at once); otherwise a tick the form
// made by itself is taken back, and one the person made stays. `least`: the fewest points a
// full hand is worth in the game's edition.
export function phaseDoneByPoints(text, least) {
  const floor = least === undefined || least === "" || Number.isNaN(Number(least)) ? LOWEST_WITHOUT_PHASE : Number(least);
  return readPoints(text) < floor;
}

// What marking a player as gone out fills in, given the row as it is: {points: the field's
// text, laid: the tick, phase: the picked phase ("" for none), open: their lowest open phase
// (Masters)}; a part the row lacks is null. Whoever went out scores 0 and has their phase
// done; nothing the person already filled in is changed.
export function wentOutFills(row) {
  const fills = {};
  if (row.points === "") fills.points = "0";
  if (row.laid === false) fills.laid = true;
  if (row.phase === "" && row.open) fills.phase = row.open;
  return fills;
}

// The penalty pad: cards left in a hand, as [value, count] pairs, added up.
export function padTotal(cards) {
  return cards.reduce(function (sum, card) { return sum + card[0] * card[1]; }, 0);
}

// A card's count on the pad after a tap on + (1) or − (-1): never below none.
export function padCount(count, step) {
  return Math.max(0, count + step);
}
