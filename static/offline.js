// Offline glue on every page (DOM wiring, loaded by templates/base.html): registers the
// service worker, says calmly when there is no connection, keeps round forms and undo taps on
// the phone while offline (or while earlier changes still wait), and sends the waiting changes
// when the connection is back. The queue is offline-queue.js and offline-sync.js; what waits
// is drawn by offline-sheet.js.
import { SYNC_TAG, keepForm, listOps, loadGame, remember, saveGame } from "./offline-queue.js";
import { resolve, syncAll } from "./offline-sync.js";
import { render as draw } from "./offline-sheet.js";

// The page's offline state, with sync() to send what waits now (the browser tests use it);
// null where the page has no offline words or the browser no IndexedDB.
export const page = setup();

function setup() {
  let words = document.getElementById("offline-words");
  if (!words || !window.indexedDB || !window.fetch) return null;
  words = words.dataset;
  const match = /^\/games\/([\w-]+)(\/round|\/rounds\/(\d+)\/edit)?$/.exec(location.pathname);
  // /games/new and /games/paper are forms, not games.
  const key = match && !["new", "paper"].includes(match[1]) ? match[1] : null;
  const state = { key: key, form: match && match[2] ? match : null, game: null, ops: [],
                offline: !navigator.onLine, since: null, note: null, gone: [] };

  // A live update can redraw the sheet before this page first draws (a slow phone): the copy
  // of the game the page fetched first may then be older than the sheet, and offline-sheet.js,
  // which looks at the game again after each redraw, is not watching yet. A redraw seen that
  // early makes the page look again as it first draws.
  const main = document.getElementById("main");
  let early = null, redrawn = false;
  if (key && main && window.MutationObserver) {
    early = new MutationObserver(function () { redrawn = true; });
    early.observe(main, { childList: true });
  }

  function render() {
    if (early) {
      if (early.takeRecords().length) redrawn = true;
      early.disconnect();
      early = null;
    }
    draw(state, words);
    if (redrawn && navigator.onLine) { redrawn = false; state.update(); }
  }

  function load() {
    if (!key) return Promise.resolve();
    const before = state.ops, revision = state.game ? state.game.revision : null;
    return Promise.all([loadGame(key), listOps(key)]).then(function (found) {
      state.game = found[0] ? found[0].game : state.game;
      state.savedAt = found[0] ? found[0].savedAt : null;
      state.ops = found[1];
      // A change that waited and is gone was sent (a refused one or a conflict stays, marked).
      // It is said once the phone's copy of the game has moved on, which may be a later load
      // than the one that saw it go: the worker, the page and a live update each do their part.
      const left = state.ops.map(function (op) { return op.id; });
      state.gone = state.gone.concat(before.filter(function (op) {
        return op.state === "waiting" && left.indexOf(op.id) < 0;
      }));
      if (revision !== null && state.game && state.game.revision > revision) sentNote();
    });
  }
  function refresh() { return load().then(render); }

  function stored(url) {
    if (!window.caches) return Promise.resolve(null);
    return caches.match(url).then(function (r) { return r && r.headers.get("X-Companion-Stored"); });
  }

  // The last known game, from the network (then kept) or, without one, from the cache.
  function probe() {
    if (!key) return Promise.resolve();
    return fetch("/api/games/" + key, { cache: "no-store", headers: { "Accept": "application/json", "X-Companion-Offline": "1" } })
      .then(function (response) {
        if (!response.ok) return;
        const cachedAt = response.headers.get("X-Companion-Stored");
        return response.json().then(function (game) {
          if (cachedAt) { state.offline = true; askAgain(); return; }  // the worker's cache answered
          state.offline = false;
          pause = FIRST_PAUSE;
          return saveGame(key, game);
        });
      }, function () { state.offline = true; askAgain(); });
  }

  // The worker answers from its cache when the network fails or is slow (6 s), and the browser
  // may still call itself online: ask again in a while (5 s, doubling to a minute), so that a
  // slow moment of the line leaves neither the page saying it is offline nor the phone's copy
  // of the game behind while the live updates flow.
  const FIRST_PAUSE = 5000, LONGEST_PAUSE = 60000;
  let pause = FIRST_PAUSE, asking = null;
  function askAgain() {
    if (asking) return;
    asking = setTimeout(function () {
      asking = null;
      if (navigator.onLine) state.update();
    }, pause);
    pause = Math.min(2 * pause, LONGEST_PAUSE);
  }

  // Pages the game needs offline: this one (the worker did not see it load on a first visit),
  // the round form, and the game's JSON (probe).
  function keepPages() {
    if (!window.caches || state.offline || !key) return Promise.resolve();
    const urls = [];
    // This page, unless the worker kept it when it answered. Asking the cache, not whether a
    // worker controls the page: one that took control after the page loaded (a first visit)
    // never saw it, and keeps nothing of it.
    const page = caches.match(location.pathname).then(function (found) {
      return found ? null : location.pathname;
    });
    // The round form; a finished game has none, so the last round's edit page stands in.
    const form = document.querySelector('#main a[href$="/round"]') ||
      Array.prototype.slice.call(document.querySelectorAll('#main a[href$="/edit"]')).pop();
    if (form && !state.form) urls.push(form.getAttribute("href"));
    return page.then(function (missing) {
      return missing ? [missing].concat(urls) : urls;
    }).then(function (urls) { return Promise.all(urls.map(function (url) {
      return fetch(url, { credentials: "same-origin" }).then(function (response) {
        if (response.ok && !response.redirected) return remember(url, response);
      }).catch(function () { /* went offline meanwhile */ });
    })); });
  }

  // The page's language in the phone's own regional form (en-GB: 22 Nov 2026, 16:50).
  function locale() {
    const lang = document.documentElement.lang || "en";
    return (navigator.languages || []).filter(function (tag) {
      return tag.split("-")[0] === lang;
    })[0] || lang;
  }

  function sinceText() {
    const page = key && !state.form ? location.pathname : null;
    return (page ? stored(page) : Promise.resolve(null)).then(function (at) {
      const when = at ? new Date(at) : state.savedAt ? new Date(state.savedAt) : new Date(performance.timeOrigin);
      state.since = new Intl.DateTimeFormat(locale(),
        { dateStyle: "medium", timeStyle: "short" }).format(when);
    });
  }

  // The sheet as the server has it now (the live updates may still be reconnecting).
  function freshSheet() {
    if (!key || state.form || state.offline) return Promise.resolve();
    return fetch(location.pathname, { cache: "no-store", credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        const fresh = html && new DOMParser().parseFromString(html, "text/html").getElementById("main");
        const main = document.getElementById("main");
        if (fresh && main) main.innerHTML = fresh.innerHTML;  // offline-sheet.js redraws on it
      }).catch(function () { /* offline again */ });
  }

  // "Round 3 sent.": the changes that waited and are now on the server.
  function sentNote() {
    if (!state.gone.length) return;
    state.note = state.gone.map(function (op) {
      return (op.kind === "undo" ? words.removed : words.sent).replace("{n}", String(op.number));
    }).join(" ");
    state.gone = [];
  }

  function sync(always, wait) {
    if (!navigator.onLine) return Promise.resolve();
    const had = state.ops.length;
    return syncAll(wait === true).then(function (outcome) {
      if (outcome && outcome.offline) state.offline = true;
      if (outcome && outcome.server) state.note = words.keptServer;
      return load();
    }).then(function () {
      if (!state.ops.length && state.note === words.keptServer) state.note = null;  // sent now
      render();
    }).then(function () { return had || always === true ? freshSheet() : null; });
  }

  function askForSync() {
    if (!navigator.serviceWorker) return;
    navigator.serviceWorker.ready.then(function (registration) {
      if (registration.sync) return registration.sync.register(SYNC_TAG);
    }).catch(function () { /* Background Sync refused: the page sends when it can */ });
  }

  function mustKeep() { return !navigator.onLine || state.offline || state.ops.length > 0; }

  function keep(form) {
    const fields = new FormData(form);
    const path = form.getAttribute("action") || location.pathname;
    keepForm(key, new URL(path, location.href).pathname, fields).then(function () {
      askForSync();
      return navigator.onLine ? syncAll().catch(function () {}) : null;
    }).then(function () {
      if (state.form) location.assign("/games/" + key + "#sheet");
      else refresh();
    }, function (error) {
      state.note = error && error.invalid ? words.invalid : words.notSent;
      render();
    });
  }

  document.addEventListener("submit", function (event) {
    const form = event.target;
    const round = form.matches("form.round-form");
    const undo = /\/undo$/.test(form.getAttribute("action") || "");
    if (key && (round || undo) && mustKeep()) {
      event.preventDefault();
      event.stopImmediatePropagation();
      keep(form);
    } else if (!navigator.onLine && (form.method || "").toLowerCase() === "post") {
      event.preventDefault();
      event.stopImmediatePropagation();
      state.note = form.id === "checker" ? words.checker : words.notSent;
      render();
    }
  }, true);

  if (navigator.serviceWorker) {
    navigator.serviceWorker.addEventListener("message", function (event) {
      if (!event.data || event.data.type !== "not-sent") return;
      state.offline = true;
      state.note = event.data.reason === "invalid" ? words.invalid
        : document.getElementById("checker") ? words.checker : words.notSent;
      render();
    });
  }
  if (typeof BroadcastChannel === "function") {
    new BroadcastChannel("phase10-offline").onmessage = refresh;
  }
  window.addEventListener("offline", function () {
    state.offline = true;
    sinceText().then(render);
  });
  window.addEventListener("online", function () {
    state.offline = false;
    state.note = null;
    render();
    sync(true);
  });
  // Lost answers on a weak line: try again now and then while something waits.
  setInterval(function () {
    if (state.ops.length && state.ops[0].state === "waiting" && navigator.onLine) sync();
  }, 30000);

  state.sync = function () { return sync(false, true); };  // "Send now": after a sender at work
  state.refresh = refresh;
  state.update = function () { return probe().then(refresh); };
  state.resolve = function (op, choice) { return resolve(op, choice).then(sync).then(refresh); };
  function start() {
    if (location.hash === "#kept") {  // the worker kept a round the server failed to store
      state.note = words.keptServer;
      history.replaceState(null, "", location.pathname + location.search + "#sheet");
    }
    probe().then(load).then(sinceText).then(function () {
      render();
      return Promise.all([keepPages(), state.offline ? null : sync()]);
    }).then(function () {
      document.documentElement.setAttribute("data-offline-ready", "1");
    });
  }
  // After the page has loaded: installing the worker and its cache never slows the page down.
  function afterLoad() {
    if (navigator.serviceWorker) {
      // A module worker: it imports the queue's modules as the pages do (docs/decisions.md).
      navigator.serviceWorker.register("/sw.js", { scope: "/", type: "module", updateViaCache: "none" })
        .catch(function () { /* no worker: the page works as before */ });
    }
    start();
  }
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad);
  return state;
}
