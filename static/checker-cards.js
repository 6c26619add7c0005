// The rules checker's card field and keypad, without the page: how a field's text reads as
// cards (the coloured chips under it), what a key adds or takes away, the colour keys' arrow
// steps, and which phases and group fields an edition offers. Pure functions (no DOM, nothing
// runs on import): checker.js wires them to the page, tests/js/checker.test.mjs checks them.
// The server parses the cards again and has the last word (companion/rules/cards.py).

// A field's text as chips, one per word as the server splits it (spaces or commas): each
// {text, kind}, kind a colour letter (r, g, b, y), "w" (wild), "s" (skip) or "bad". A number
// card is 1 to 12 followed by a colour letter or word of any language the parser reads
// (colourWords, "blau": "b"), with or without a space ("12blau", "12 blau"); its chip shows
// the number. specials maps what reads as a wild or a skip ("joker": "w", "aussetzen": "s").
export function readCards(text, colourWords, specials) {
  return cardWords(text, colourWords).map(function (word) {
    const number = /^(1[0-2]|[1-9])\s?(\D+)$/i.exec(word);
    const letter = number && colourWords[number[2].toLowerCase()];
    const special = specials[word.toLowerCase()];
    if (letter) return { text: number[1], kind: letter };
    return { text: word.toUpperCase(), kind: special || "bad" };
  });
}

// A field's words as the server's parse_cards takes them: split on spaces and commas, a number
// followed by a colour word or letter kept as one card ("4 red").
export function cardWords(text, colourWords) {
  return String(text).trim().split(/[\s,]+/).filter(Boolean).reduce(function (found, word) {
    const last = found[found.length - 1];
    if (last !== undefined && /^[0-9]+$/.test(last) && colourWords[word.toLowerCase()]) {
      found[found.length - 1] = last + " " + word;
    } else {
      found.push(word);
    }
    return found;
  }, []);
}

// The field after a key typed a card ("7r", "W"): added at the end, one space between.
export function addCard(text, card) {
  return (String(text).trim() + " " + card).trim();
}

// The field after ⌫: its last card gone ("4 red" is one card when colourWords are given).
export function dropLast(text, colourWords) {
  return cardWords(String(text).replace(/,/g, " "), colourWords || {}).slice(0, -1).join(" ");
}

// What a keypad key types: a number in the chosen colour ("7" and "r": "7r"), or its card.
export function keyCard(key, colour) {
  return key.number ? key.number + colour : key.card || "";
}

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

// The colour keys are one radio group: an arrow key moves the choice round the `count` keys
// (from the last to the first and back); any other key is not theirs (null).
export function colourStep(index, key, count) {
  const step = STEPS[key];
  return step ? (index + step + count) % count : null;
}

// The phase a "phase" choice stands for in an edition (the first when none is chosen), or
// undefined past the edition's last phase.
export function chosenPhase(edition, value) {
  return edition.phases[(parseInt(value, 10) || 1) - 1];
}

// Whether a phase number is beyond the edition (its option is then disabled).
export function beyondEdition(edition, value) {
  return parseInt(value, 10) > edition.phases.length;
}

// How many group fields a lay-down shows: one per part of the phase ("2 sets of 3": two).
export function groupCount(phase) {
  return phase ? phase.parts.length : 1;
}

// Whether the group field at `index` is hidden: past the phase's parts, unless it holds
// cards (what was typed is never hidden away).
export function groupHidden(index, parts, filled) {
  return index >= Math.max(parts, 1) + (filled ? 1 : 0) && !filled;
}
