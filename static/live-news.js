// What the live region says when the sheet is swapped in live (static/live.js): the rounds
// another phone stored, corrected or undid since this page last drew, and a new result line
// ("Anna wins!"), instead of only "the sheet was updated". Pure logic, unit-tested under node.

// The rounds a sheet shows, by number: the sentence each says (card games write it in
// data-said; the board game's log entries say it in their text).
export function roundsOf(root) {
  const rounds = new Map();
  if (!root) return rounds;
  root.querySelectorAll("[data-round]").forEach(function (row) {
    const text = row.getAttribute("data-said") || row.textContent;
    rounds.set(Number(row.getAttribute("data-round")), text.replace(/\s+/g, " ").trim());
  });
  return rounds;
}

function filled(template, number) {
  return template.split("{n}").join(String(number));  // a number only: no replacement patterns
}

// before, after: Maps of round number → sentence; words: {updated, corrected, undone} with
// "{n}" for the round's number; status: the result line before and after ("" if none);
// follow: the same for the way to the game that followed this one at its table ("The next
// game at this table has started. Go to the rematch"), said when it appears.
export function news(before, after, words, status, follow) {
  const said = [];
  const numbers = Array.from(new Set([...before.keys(), ...after.keys()])).sort((a, b) => a - b);
  for (const number of numbers) {
    if (!before.has(number)) said.push(after.get(number));
    else if (!after.has(number)) said.push(filled(words.undone, number));
    else if (before.get(number) !== after.get(number)) said.push(filled(words.corrected, number));
  }
  if (status && status.after && status.after !== status.before) said.push(status.after);
  if (follow && follow.after && follow.after !== follow.before) said.push(follow.after);
  if (!said.length) return words.updated;
  return said.map(function (sentence) {
    return /[.!?…。！？]$/.test(sentence) ? sentence : sentence + ".";
  }).join(" ");
}
