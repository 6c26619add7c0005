// Rounds kept on the phone while there is no connection (offline-sync.js sends them).
// Imported by the pages (offline.js, offline-sheet.js) and by the service worker (sw.js).
// Logic and storage, no DOM: nothing runs on import (IndexedDB and the caches are opened by
// the functions that need them), so Node imports it too (tests/js/reconcile.test.mjs).
//
// IndexedDB "phase10-offline": "games" holds the last known game (the API's JSON) per link,
// "ops" the changes waiting to send, in the order they were made. Each change is a call of
// the JSON API every client uses: add = POST rounds {number, revision}, edit = PUT rounds/N
// {revision}, undo = DELETE rounds/last?number=N&revision=R. The guards make a resend safe.
// On 409 the current game decides (reconcile): a change already on the server is dropped
// silently (its answer was lost), one that overwrites nothing is sent again on the new
// revision, anything else waits as a conflict showing both versions until the person picks.
export const PAGES = "pages-v1";
export const SYNC_TAG = "phase10-queue";
export const WAIT = 15000;  // ms before a send counts as lost (it is safe to send again)
let dbPromise = null;

function request(r) {
  return new Promise(function (resolve, reject) {
    r.onsuccess = function () { resolve(r.result); };
    r.onerror = function () { reject(r.error); };
  });
}
function db() {
  if (!dbPromise) {
    const opening = indexedDB.open("phase10-offline", 1);
    opening.onupgradeneeded = function () {
      opening.result.createObjectStore("games", { keyPath: "key" });
      opening.result.createObjectStore("ops", { keyPath: "id", autoIncrement: true })
        .createIndex("key", "key");
    };
    dbPromise = request(opening);
  }
  return dbPromise;
}
function store(name, mode) {
  return db().then(function (d) { return d.transaction(name, mode).objectStore(name); });
}
export function saveGame(key, game) {
  return store("games", "readwrite").then(function (s) {
    return request(s.put({ key: key, game: game, savedAt: Date.now() }));
  });
}
export function loadGame(key) {
  return store("games", "readonly").then(function (s) { return request(s.get(key)); });
}
export function listOps(key) {
  return store("ops", "readonly").then(function (s) {
    return request(key ? s.index("key").getAll(key) : s.getAll());
  }).then(function (ops) { return ops.sort(function (a, b) { return a.id - b.id; }); });
}
export function putOp(op) { return store("ops", "readwrite").then(function (s) { return request(s.put(op)); }); }
export function deleteOp(id) { return store("ops", "readwrite").then(function (s) { return request(s.delete(id)); }); }

function invalid() { const e = new Error("invalid round"); e.invalid = true; return e; }

// The round form's fields (FormData) as the API's results.
export function readRound(fields) {
  const results = [];
  for (let i = 0; fields.has("results-" + i + "-player"); i++) {
    const p = "results-" + i + "-";
    const player = String(fields.get(p + "player"));
    const result = { player: player, went_out: fields.get("went_out") === player };
    if (fields.has(p + "phase")) {
      result.phase = fields.get(p + "phase") ? Number(fields.get(p + "phase")) : false;
    } else {
      result.phase = fields.has(p + "laid");
    }
    if (fields.has(p + "points")) {
      const text = String(fields.get(p + "points")).trim();
      if (!/^\d{1,4}$/.test(text) || Number(text) > 1000) throw invalid();
      result.points = Number(text);
    }
    results.push(result);
  }
  if (!results.length) throw invalid();
  return { results: results, confirm: fields.get("confirm") === "y" };
}

function laid(result) { return Boolean(result.phase); }
function norm(results) {
  const anyOut = results.some(function (r) { return r.went_out; });
  return results.map(function (r) {
    return [r.player, r.phase === true ? true : r.phase || false,
            r.points === undefined || r.points === null ? null : Number(r.points),
            anyOut ? Boolean(r.went_out) : null];
  }).sort().map(function (row) { return JSON.stringify(row); });
}
export function sameRound(a, b) {
  if (!a || !b) return false;
  const x = norm(a), y = norm(b);
  // A form left "went out" empty; the server then names the player with 0 points.
  if (x.length !== y.length) return false;
  return x.every(function (row, i) {
    const left = JSON.parse(row), right = JSON.parse(y[i]);
    if (left[3] === null || right[3] === null) { left[3] = right[3] = null; }
    return JSON.stringify(left) === JSON.stringify(right);
  });
}

// The sheet as it will be once everything waiting is sent: rounds by number and each
// player's points and phases done (added up, no rules: the server has the last word).
export function project(game, ops) {
  const rounds = new Map(), players = new Map();
  (game ? game.rounds : []).forEach(function (r) { rounds.set(r.number, r.results); });
  (game ? game.players : []).forEach(function (line) {
    players.set(line.name, { points: line.points, phases: line.phases_done.length });
  });
  function apply(results, sign) {
    (results || []).forEach(function (r) {
      const line = players.get(r.player);
      if (!line) return;
      line.points += sign * (Number(r.points) || 0);
      line.phases += sign * (laid(r) ? 1 : 0);
    });
  }
  ops.forEach(function (op) {
    apply(rounds.get(op.number), -1);
    if (op.kind === "undo") { rounds.delete(op.number); return; }
    rounds.set(op.number, op.results);
    apply(op.results, 1);
  });
  const last = rounds.size ? Math.max.apply(null, Array.from(rounds.keys())) : 0;
  const next = !ops.length && game ? game.next_round : last + 1;
  return { rounds: rounds, players: players, last: last, next: next };
}

function base(game, ops, fields) {
  const number = fields && Number(fields.get("number")), revision = fields && Number(fields.get("revision"));
  if (!ops.length && number) return { number: number, revision: revision || null };
  const known = game ? game.revision : revision;
  return { number: null, revision: known ? known + ops.length : null };
}

// A stored round form (or undo button) becomes a change waiting to send.
export function keepForm(key, path, fields) {
  return Promise.all([loadGame(key), listOps(key)]).then(function (found) {
    const game = found[0] && found[0].game, ops = found[1], view = project(game, ops);
    const guard = base(game, ops, fields);
    const edit = /\/rounds\/(\d+)\/edit$/.exec(path);
    if (/\/undo$/.test(path)) return undoLast(key, ops, view, guard);
    const round = readRound(fields);
    const number = edit ? Number(edit[1]) : guard.number || view.next;
    const pending = ops.filter(function (op) { return op.kind === "add" && op.number === number; })[0];
    if (edit && pending && pending.state === "waiting" && !sending(pending)) {
      pending.results = round.results;
      pending.confirm = round.confirm;
      return putOp(pending);
    }
    return putOp({ key: key, kind: edit ? "edit" : "add", number: number, revision: guard.revision,
                   results: round.results, confirm: round.confirm,
                   before: edit ? seen(fields) || view.rounds.get(number) || null : null,
                   state: "waiting", created: Date.now() });
  });
}

// The round as the edit form showed it (its hidden "before"): what the change was made on.
function seen(fields) {
  try {
    const before = JSON.parse(String(fields.get("before") || "null"));
    return Array.isArray(before) && before.length ? before : null;
  } catch (e) { return null; }
}

export function sending(op) { return op.sending && Date.now() - op.sending < 2 * WAIT; }

function undoLast(key, ops, view, guard) {
  const number = ops.length ? view.last : guard.number || view.last;
  if (!number) return Promise.resolve(null);
  const last = ops.filter(function (op) { return op.number === number && op.kind === "add"; }).pop();
  if (last && last === ops[ops.length - 1] && last.state === "waiting" && !sending(last)) {
    return deleteOp(last.id);
  }
  return putOp({ key: key, kind: "undo", number: number, revision: guard.revision,
                 before: view.rounds.get(number) || null, state: "waiting", created: Date.now() });
}

export function announce() {
  if (typeof BroadcastChannel !== "function") return;
  const channel = new BroadcastChannel("phase10-offline");
  channel.postMessage("changed");
  channel.close();
}

// A page kept for offline use, with the time it was fetched ("last known state since").
export function stamped(response) {
  return response.blob().then(function (body) {
    const headers = new Headers(response.headers);
    headers.set("X-Companion-Stored", new Date().toISOString());
    return new Response(body, { status: response.status, statusText: response.statusText, headers: headers });
  });
}
export function remember(key, response) {
  return Promise.all([caches.open(PAGES), stamped(response)]).then(function (both) {
    return both[0].put(key, both[1]).then(function () { return both[0].keys(); });
  }).then(function (keys) {
    // Pages of old games go first once a few hundred are kept.
    return Promise.all(keys.slice(0, Math.max(0, keys.length - 300)).map(function (old) {
      return caches.open(PAGES).then(function (c) { return c.delete(old); });
    }));
  });
}
