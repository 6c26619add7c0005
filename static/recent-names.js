// The names a table offers as one-tap choices on the new-game form: those this phone used
// recently (kept in this phone's localStorage only, never sent anywhere) and, for a game of
// a group, the group's players. Pure logic, no DOM: newgame.js wires it to the form.
//
// Two spellings are the same person when they are the same after Unicode normalisation
// (NFC), trimming, one space for a run of spaces, and lower case: as the server compares
// names (companion/player_names.py), so "Anna" and "anna " are offered once.

export const KEPT = 16;  // names this phone remembers
export const OFFERED = 12;  // choices shown at once

export function who(name) {
  return String(name).normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
}

// The phone's list after a game with ``names`` started: those first, in seating order, then
// the names remembered before that were not at this table; at most KEPT.
export function remembered(list, names) {
  const seen = new Set();
  const result = [];
  names.concat(list || []).forEach(function (name) {
    const clean = String(name).normalize("NFC").trim();
    if (!clean || seen.has(who(clean))) return;
    seen.add(who(clean));
    result.push(clean);
  });
  return result.slice(0, KEPT);
}

// The choices to show: the group's players first (in the order given: the last game's table,
// then the rest), then this phone's recent names, each as the group calls that person now
// (``aliases``: who(spelling) → name, after a rename or a merge); one chip per person, none
// that is typed in a field already.
export function offered(roster, recent, typed, aliases) {
  const taken = new Set(typed.filter(function (name) { return String(name).trim(); }).map(who));
  const result = [];
  const named = function (name) { return (aliases && aliases[who(name)]) || name; };
  roster.concat(recent.map(named)).forEach(function (name) {
    if (taken.has(who(name))) return;
    taken.add(who(name));
    result.push(name);
  });
  return result.slice(0, OFFERED);
}
