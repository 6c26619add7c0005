// Live sheet: the server tells this page when the game changed (Server-Sent Events), and the
// page then fetches only the sheet's content and swaps it in without a reload. Where the stream
// cannot be had (an old browser, a proxy that cuts it), the page asks the API every 1.5 s
// whether the game changed: a conditional request that costs a 304 while nothing did. A broken
// stream reconnects by itself; meanwhile the page polls.
// What the live region then says is worked out in live-news.js; DOM wiring only here.
import { news, roundsOf } from "./live-news.js";

followGame();
announceFlash();

// A message the page arrived with ("Round 4 stored.") is read out: the focus goes to it (a
// live region speaks up when its text changes after the page loaded, not for what it held
// from the start), and the next Tab goes on from there into the sheet.
function announceFlash() {
  const flash = document.querySelector("#main .flash[role=status]");
  if (!flash || (document.activeElement && document.activeElement !== document.body)) return;
  flash.tabIndex = -1;
  flash.focus({ preventScroll: true });
}

function resultLine(root) {
  const line = root.querySelector(".banner[role=status]");
  return line ? line.textContent.replace(/\s+/g, " ").trim() : "";
}

// The sentence of the way to the game that followed this one ("" while there is none).
function rematchLine(root) {
  const line = root.querySelector("[data-rematch-said]");
  return line ? line.getAttribute("data-rematch-said").replace(/\s+/g, " ").trim() : "";
}

// The live region is moved out of the content that is swapped: a region put in afresh with
// its text already in it is not read out by every screen reader.
function liveRegion() {
  const region = document.getElementById("live-status");
  const main = document.getElementById("main");
  if (region && main && main.contains(region)) main.after(region);
  return region;
}

function followGame() {
  let box = document.querySelector("[data-live]");
  if (!box || !window.fetch) return;
  const announce = liveRegion();
  const api = box.getAttribute("data-live");
  const events = box.getAttribute("data-events");
  const content = box.getAttribute("data-content");
  let revision = Number(box.getAttribute("data-revision"));
  let etag = '"' + box.getAttribute("data-etag") + '"';
  let source = null, streaming = false, busy = false, again = false, stale = false;
  let closedTicks = 0;

  function swap(html) {
    const main = document.getElementById("main");
    if (!main) return;
    const focused = document.activeElement && document.activeElement.id;
    const before = roundsOf(main), status = resultLine(main), follow = rematchLine(main);
    main.innerHTML = html;
    const fresh = main.querySelector("[data-live]");
    if (fresh) {
      box = fresh;
      revision = Number(box.getAttribute("data-revision"));
      etag = '"' + box.getAttribute("data-etag") + '"';
      mark();
    }
    const copy = main.querySelector("#live-status");
    if (copy) copy.remove();
    if (announce) {
      const words = { updated: announce.getAttribute("data-text"),
                      corrected: announce.getAttribute("data-corrected"),
                      undone: announce.getAttribute("data-undone") };
      announce.textContent = news(before, roundsOf(main), words,
                                  { before: status, after: resultLine(main) },
                                  { before: follow, after: rematchLine(main) });
    }
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  // The stream's state, for people debugging a phone (and for the browser tests).
  function mark() { box.setAttribute("data-stream", streaming ? "open" : "closed"); }

  function refresh() {
    if (busy) { again = true; return; }
    busy = true; again = false; stale = false;
    fetch(content, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) swap(html); else stale = true; })
      .catch(function () { stale = true; /* offline for a moment: try again on the next tick */ })
      .then(function () { busy = false; if (again) refresh(); });
  }

  function poll() {
    if (busy || document.hidden) return;
    fetch(api, { headers: { "If-None-Match": etag, "Accept": "application/json" }, cache: "no-store" })
      .then(function (r) { if (r.status === 200) refresh(); })
      .catch(function () { /* offline for a moment: try again on the next tick */ });
  }

  function connect() {
    source = new EventSource(events);
    source.addEventListener("open", function () { streaming = true; closedTicks = 0; mark(); });
    source.addEventListener("revision", function (e) {
      streaming = true; mark();
      const seen = JSON.parse(e.data).revision;
      // A phone in a pocket redraws when it is looked at again, not now.
      if (seen !== revision) { if (document.hidden) stale = true; else refresh(); }
    });
    // The browser reconnects by itself (the server asks for 1 s); until then the page polls.
    source.addEventListener("error", function () { streaming = false; mark(); });
  }

  function tick() {
    if (stale && !document.hidden) refresh();
    if (streaming) return;
    poll();
    // A stream the browser gave up on (it got an error answer) is tried again every 15 s.
    if (source && source.readyState === 2 && ++closedTicks >= 10) {
      closedTicks = 0;
      connect();
    }
  }

  if (window.EventSource && events) connect();
  setInterval(tick, 1500);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    if (stale) refresh();
    if (!streaming) poll();
  });
}
