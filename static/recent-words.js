// What the list of recent games says of each game (static/recent.js draws it): pure, tested
// in Node (tests/js/recent-words.test.mjs). The sentences come from the page's data-*
// attributes, already translated, with {name}-style slots.

// `text` with each {slot} replaced by its value, in one pass and taken as it is: a name
// holding "$&", "$'" or "$`" stays that name (a replacement string would read those as
// patterns), and one holding "{last}" is not filled in again.
export function fill(text, values) {
  return (text || "").replace(/\{(\w+)\}/g, function (slot, name) {
    return Object.hasOwn(values, name) ? values[name] : slot;
  });
}

// "Ann", "Ann and Ben", "Ann, Ben and Cem", in the page's words.
export function names(list, words) {
  if (list.length < 2) return list.join("");
  return fill(words.and, { names: list.slice(0, -1).join(", "), last: list[list.length - 1] });
}

// A game as the list shows it: who won, a tie-break, rounds played, or nothing; a sentence
// the page does not carry is left out rather than drawn as "undefined".
export function describe(game, words) {
  const finished = game.status === "finished" && game.winners;
  let said;
  if (finished && game.winners.length === 1) said = fill(words.won, { name: game.winners[0] });
  else if (finished) said = fill(words.shared, { name: names(game.winners, words) });
  else if (game.status === "tiebreak") said = words.tiebreak;
  else if (game.played === 0) said = words["new"];
  else if (game.played === 1) said = words.playingOne;
  else if (game.played) said = fill(words.playing, { count: String(game.played) });
  return said || "";
}
