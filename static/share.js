// Share a finished game's result (templates/games/_result.html): the phone's share sheet
// (Web Share API) with the summary text and the standings as a PNG file where the phone can
// share files; elsewhere the text is copied to the clipboard, or shown selected to copy by
// hand (plain HTTP on a home network has neither API). Without this module the picture's link
// and the text in the page still work. The sheet is swapped in live (live.js), so the clicks
// are caught on the document and a new panel is shown when it arrives.
// DOM wiring only; what to do is decided in share-plan.js.
import { afterFailure, shareData, way } from "./share-plan.js";

let picture = null; // {url, file: Promise<File | null>} of the panel on the page

function reveal() {
  const button = document.querySelector("[data-share]");
  if (!button) return;
  button.hidden = false;
  // Fetched before the tap: a share sheet must open while the tap still counts as one.
  if (way(navigator) === "share" && (!picture || picture.url !== button.dataset.picture)) {
    picture = { url: button.dataset.picture, file: fetchPicture(button) };
  }
}

async function fetchPicture(button) {
  try {
    const response = await fetch(button.dataset.picture, { credentials: "same-origin" });
    if (!response.ok) return null;
    const blob = await response.blob();
    return new File([blob], button.dataset.file, { type: "image/png" });
  } catch (error) {
    return null; // offline for a moment: the text goes alone
  }
}

async function share(button) {
  const panel = button.closest("[data-share-panel]");
  const text = panel.querySelector("[data-share-text]").value;
  const status = panel.querySelector("[data-share-status]");
  status.textContent = "";
  if (way(navigator) === "share") {
    const file = picture && picture.url === button.dataset.picture ? await picture.file : null;
    const canShare = navigator.canShare && navigator.canShare.bind(navigator);
    try {
      await navigator.share(shareData(text, file, canShare));
      status.textContent = status.dataset.shared;
      return;
    } catch (error) {
      if (afterFailure(error) === "stop") return; // the person closed the share sheet
    }
  }
  if (way(navigator) !== "by-hand") {
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = status.dataset.copied;
      return;
    } catch (error) { /* not allowed here: copied by hand below */ }
  }
  byHand(panel, status);
}

function byHand(panel, status) {
  const details = panel.querySelector("[data-share-details]");
  const area = panel.querySelector("[data-share-text]");
  details.open = true;
  area.focus();
  area.select();
  status.textContent = status.dataset.byHand;
}

// "Let another phone keep score": the edit link through the phone's share sheet, where there
// is one (elsewhere the link and its QR code above it are the way).
function revealLinks() {
  if (typeof navigator.share !== "function") return;
  document.querySelectorAll("[data-share-link]").forEach((button) => { button.hidden = false; });
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-share]");
  if (button) share(button);
  const link = event.target.closest && event.target.closest("[data-share-link]");
  if (link) {
    navigator.share({ title: link.dataset.title, url: link.dataset.shareLink })
      .catch(() => { /* closed or refused: the link is on the page */ });
  }
});
reveal();
revealLinks();
const main = document.getElementById("main");
if (main) new MutationObserver(() => { reveal(); revealLinks(); }).observe(main, { childList: true });
