// The service worker, a module worker (registered by offline.js with type "module"; why in
// docs/decisions.md). companion/views/offline.py serves it at /sw.js (scope /) and puts
// `const OFFLINE = {version, precache}` in front of this file, so every release (a new hash
// of static/ and templates/) installs afresh and drops the old shell. It imports the queue's
// modules as the pages do, by addresses relative to its own: the browser loads it from
// /sw.js, so "./static/offline-queue.js" (the pages, loaded from /static/, write
// "./offline-queue.js"). The browser fetches them again, past the HTTP cache, with every new
// worker (updateViaCache "none"), so a release never runs last release's queue.
//
// Hand-written rather than Workbox: it is three small strategies (precache, network first with
// the cache as fallback, a queue replayed with our own conflict rules), the version comes from
// Python without a build step, and the write queue must be readable by the pages (they show
// what waits to send) and replayed with the API's number and revision guards, which Workbox's
// background-sync queue (opaque stored requests, blind retries) does not do.
/* global OFFLINE */
import { PAGES, SYNC_TAG, keepForm, remember, stamped } from "./static/offline-queue.js";
import { syncAll } from "./static/offline-sync.js";

const SHELL = "shell-" + OFFLINE.version;
const NETWORK_WAIT = 6000;  // ms: bad reception at the table; after this the cache answers

// Static files all or nothing (a release is one set of them); a page that fails now is
// stored the first time it opens instead of costing the phone its whole offline shell.
self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return Promise.all(OFFLINE.precache.map(function (url) {
      const stored = fetch(new Request(url, { cache: "reload", credentials: "same-origin" }))
        .then(function (response) {
          if (!response.ok) throw new Error(url + " answered " + response.status);
          return stamped(response).then(function (copy) { return cache.put(url, copy); });
        });
      return url.indexOf("/static/") === 0 ? stored : stored.catch(function () {});
    }));
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("shell-") === 0 && name !== SHELL;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

function cacheKey(url) {
  // Empty form fields (the print page's unused names) do not make another PDF.
  const params = new URLSearchParams(url.search);
  const kept = new URLSearchParams();
  params.forEach(function (value, name) { if (value !== "") kept.append(name, value); });
  const query = kept.toString();
  return url.pathname + (query ? "?" + query : "");
}

function cached(key) {
  return caches.open(PAGES).then(function (pages) { return pages.match(key); })
    .then(function (found) { return found || caches.open(SHELL).then(function (shell) { return shell.match(key); }); });
}

function networkFirst(event, key, fallback) {
  let copy = null;
  const network = fetch(event.request).then(function (response) {
    if (response.ok && !response.redirected && response.type === "basic") copy = response.clone();
    return response;
  });
  event.waitUntil(network.then(function () {
    return copy && remember(key, copy);
  }).catch(function () { /* offline: nothing to store */ }));
  const late = new Promise(function (resolve) { setTimeout(resolve, NETWORK_WAIT); })
    .then(function () { return cached(key); })
    .then(function (found) { return found || network; });
  return Promise.race([network, late]).catch(function () {
    return cached(key).then(function (found) { return found || fallback(); });
  });
}

function anyEditPage(game) {
  return caches.open(PAGES).then(function (pages) { return pages.keys(); })
    .then(function (keys) {
      const same = keys.filter(function (request) {
        return new URL(request.url).pathname.indexOf(game + "/rounds/") === 0;
      })[0];
      return same ? caches.match(same) : null;
    });
}

function offlinePage(url) {
  // An edit page never opened here is the game's round form (or another round's edit page),
  // numbered and filled in by offline-sheet.js.
  const edit = /^(\/games\/[\w-]+)\/rounds\/\d+\/edit$/.exec(url.pathname);
  const first = edit ? cached(edit[1] + "/round").then(function (found) {
    return found || anyEditPage(edit[1]);
  }) : Promise.resolve(null);
  return first.then(function (found) { return found || cached(url.pathname); })
    .then(function (found) { return found || cached("/offline"); })
    .then(function (found) {
      return found || new Response("No connection.", { status: 503, headers: { "Content-Type": "text/plain" } });
    });
}

function notSent(reason) {
  return self.clients.matchAll({ type: "window" }).then(function (windows) {
    windows.forEach(function (client) { client.postMessage({ type: "not-sent", reason: reason }); });
    // 204: the browser stays on the page, with everything typed into it.
    return new Response(null, { status: 204 });
  });
}

// A server error or a proxy's (500, 502, 503, 504) stores nothing: what was typed is kept
// like a form posted without a network, rather than lost behind an error page.
const KEEP_ON = [500, 502, 503, 504];

function postPage(event) {
  const request = event.request;
  const copy = request.clone();
  const url = new URL(request.url);
  const match = /^\/games\/([\w-]+)\/(round|rounds\/\d+\/edit|undo)$/.exec(url.pathname);
  function keep(reason) {
    if (!match) return notSent("offline");
    return copy.formData().then(function (fields) {
      return keepForm(match[1], url.pathname, fields);
    }).then(function () {
      // The top of the sheet: its banner says the round is kept, and later that it was sent.
      return Response.redirect("/games/" + match[1] + (reason === "server" ? "#kept" : ""), 303);
    }, function (error) {
      return notSent(error && error.invalid ? "invalid" : "offline");
    });
  }
  return fetch(request).then(function (response) {
    return match && KEEP_ON.indexOf(response.status) >= 0 ? keep("server") : response;
  }, function () { return keep("offline"); });
}

self.addEventListener("fetch", function (event) {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === "POST" && request.mode === "navigate") {
    event.respondWith(postPage(event));
    return;
  }
  if (request.method !== "GET") return;
  const path = url.pathname;
  if (path.indexOf("/static/") === 0) {
    event.respondWith(cached(path).then(function (found) {
      return found || networkFirst(event, path, function () { return Response.error(); });
    }));
  } else if (/^\/api\/games\/[\w-]+$/.test(path)) {
    // Only the offline scripts ask for the last known game; live polling stays on the network.
    if (!request.headers.get("X-Companion-Offline")) return;
    event.respondWith(networkFirst(event, path, function () { return Response.error(); }));
  } else if (path.indexOf("/api/") === 0 || /\/events$/.test(path)) {
    return;
  } else if (/\.(pdf|svg)$/.test(path)) {
    const key = cacheKey(url);
    event.respondWith(networkFirst(event, key, function () { return Response.error(); }));
  } else {
    const navigation = request.mode === "navigate";
    event.respondWith(networkFirst(event, cacheKey(url), function () {
      return navigation ? offlinePage(url) : Response.error();
    }));
  }
});

self.addEventListener("sync", function (event) {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(syncAll().then(function (outcome) {
    if (outcome.offline || outcome.server) throw new Error("not sent: the browser tries again later");
  }));
});
