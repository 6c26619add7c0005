// How the home page names a recent game, in the page's language (static/recent.js): its
// players and its kind ("Card game", "Board game") said in the words of the page, or house
// rules' own name. Entries kept before the players were kept on their own carry only the
// title as it was said then; its kind is said again where it was kept in English. Pure logic.

const SEPARATOR = " · ";

// entry: {title, players?, kind?, rules?}; kinds: the kinds' English words → this page's.
export function recentTitle(entry, kinds) {
  const words = kinds || {};
  if (Array.isArray(entry.players) && entry.players.length) {
    const kind = entry.rules || words[entry.kind] || entry.kind;
    return entry.players.join(", ") + (kind ? SEPARATOR + kind : "");
  }
  const title = String(entry.title || "");
  const cut = title.lastIndexOf(SEPARATOR);
  if (cut < 0) return title;
  const kind = title.slice(cut + SEPARATOR.length);
  return Object.prototype.hasOwnProperty.call(words, kind)
    ? title.slice(0, cut + SEPARATOR.length) + words[kind] : title;
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
