// What sharing a result does on this phone, decided apart from the page (share.js wires it):
// pure functions, unit-tested in Node (tests/js/share-plan.test.mjs).

/** The first way this phone has: its share sheet, else the clipboard, else copying by hand. */
export function way(nav) {
  if (nav && typeof nav.share === "function") return "share";
  if (nav && nav.clipboard && typeof nav.clipboard.writeText === "function") return "copy";
  return "by-hand";
}

/** What to give the share sheet: the text, and the picture as a file where it takes files. */
export function shareData(text, file, canShare) {
  if (file && typeof canShare === "function") {
    try {
      if (canShare({ files: [file] })) return { text, files: [file] };
    } catch (error) { /* an old canShare that does not know files */ }
  }
  return { text };
}

/** After the share sheet failed: closed by the person ("stop"), or not possible ("copy"). */
export function afterFailure(error) {
  return error && error.name === "AbortError" ? "stop" : "copy";
}
