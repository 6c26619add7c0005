// How the home page names a recent game, in the page's language (static/recent.js): its
// players and its kind ("Card game", "Board game") said in the words of the page (kinds: an
// edition's key → its kind), or house rules by their own name. An entry kept before the
// players and the edition were kept with it shows its title as it was kept. Pure logic.

const SEPARATOR = " · ";

// entry: {title, players?, kind? (the edition's key), rules? (house rules' name)}.
export function recentTitle(entry, kinds) {
  if (!Array.isArray(entry.players) || !entry.players.length) return String(entry.title || "");
  const words = kinds || {};
  const kind = entry.rules ||
    (Object.prototype.hasOwnProperty.call(words, entry.kind) ? words[entry.kind] : "");
  return entry.players.join(", ") + (kind ? SEPARATOR + kind : "");
}

// A day as the page's language writes it, as the server does (Babel's "medium" date):
// "Nov 28, 2026" in English, "28.11.2026" in German, "28 nov. 2026" in French.
export function dayOf(time, lang) {
  const day = new Date(time);
  try {
    return new Intl.DateTimeFormat(lang || "en", { dateStyle: "medium" }).format(day);
  } catch (error) {
    return day.toLocaleDateString();
  }
}
