// Sending what offline-queue.js kept, in order, when the connection is back; the rules for
// a 409 (reconcile) and the person's choice on a conflict. Imported by the pages (offline.js,
// offline-sheet.js) and the service worker (sw.js). No DOM: nothing runs on import, and the
// rules (reconcile, canKeepMine, keepMine) are pure functions of a change and the server's
// game, unit-tested in Node (tests/js/reconcile.test.mjs; tests/kits/phones_sim.py asks them too).
// The replay rules are written out in docs/offline.md.
import { WAIT, announce, deleteOp, listOps, putOp, sameRound, saveGame } from "./offline-queue.js";

// What to do with a change the server answered 409: "done" (it is there already), "resend"
// on the current revision exactly when the server's one stale rule (companion/services/seen.py,
// docs/decisions.md "One stale rule") would store it now, else "conflict". The cases both sides
// are tested on: tests/js/stale_rule.json.
export function reconcile(op, game) {
  const have = game.rounds.filter(function (r) { return r.number === op.number; })[0];
  const lastNumber = game.rounds.length ? game.rounds[game.rounds.length - 1].number : 0;
  if (op.kind === "add") {
    if (have) return sameRound(op.results, have.results) ? "done" : "conflict";
    return game.status !== "finished" && game.next_round === op.number ? "resend" : "conflict";
  }
  if (op.kind === "edit") {
    if (have && sameRound(op.results, have.results)) return "done";
    return have && op.before && sameRound(op.before, have.results) ? "resend" : "conflict";
  }
  if (!have) return "done";
  return lastNumber === op.number && op.before && sameRound(op.before, have.results) ? "resend" : "conflict";
}

function send(key, op) {
  let url = "/api/games/" + encodeURIComponent(key) + "/rounds";
  const init = { method: "POST", credentials: "same-origin", cache: "no-store",
               headers: { "Accept": "application/json", "Content-Type": "application/json" } };
  const body = { results: op.results, revision: op.revision || undefined, confirm: op.confirm || undefined };
  if (op.kind === "add") body.number = op.number;
  if (op.kind === "edit") { init.method = "PUT"; url += "/" + op.number; }
  if (op.kind === "undo") {
    init.method = "DELETE";
    url += "/last?number=" + op.number + (op.revision ? "&revision=" + op.revision : "");
  } else {
    init.body = JSON.stringify(body);
  }
  return call(url, init);
}
function call(url, init) {
  const controller = new AbortController();
  const timer = setTimeout(function () { controller.abort(); }, WAIT);
  init.signal = controller.signal;
  return fetch(url, init).then(function (response) {
    return response.json().catch(function () { return null; }).then(function (data) {
      return { status: response.status, data: data };
    });
  }).finally(function () { clearTimeout(timer); });
}
function currentGame(key, answer) {
  if (answer.data && answer.data.game) return Promise.resolve(answer.data.game);
  return call("/api/games/" + encodeURIComponent(key), { cache: "no-store", headers: { "Accept": "application/json" } })
    .then(function (got) { return got.status === 200 ? got.data : null; });
}

function settle(key, op, answer) {
  if (answer.status >= 200 && answer.status < 300) {
    return deleteOp(op.id).then(function () { return answer.data && saveGame(key, answer.data); })
      .then(function () { return "next"; });
  }
  // The server answered but could not store it: connected, so not "offline"; tried again.
  if (answer.status >= 500 || answer.status === 429) return putOp(op).then(function () { return "server"; });
  if (answer.status !== 409 && answer.status !== 404) return reject(op, answer);
  return currentGame(key, answer).then(function (game) {
    if (!game) return answer.status === 404 ? reject(op, answer) : "offline";
    return saveGame(key, game).then(function () {
      const decision = reconcile(op, game);
      if (decision === "done") return deleteOp(op.id).then(function () { return "next"; });
      if (decision === "resend" && (op.tries || 0) < 3) {
        op.revision = game.revision;
        op.tries = (op.tries || 0) + 1;
        return putOp(op).then(function () { return "next"; });
      }
      op.state = "conflict";
      op.server = (game.rounds.filter(function (r) { return r.number === op.number; })[0] || {}).results || null;
      op.serverRevision = game.revision;
      op.serverNext = game.status === "finished" ? null : game.next_round;
      op.serverLast = game.rounds.length ? game.rounds[game.rounds.length - 1].number : 0;
      return putOp(op).then(function () { return "blocked"; });
    });
  });
}
function reject(op, answer) {
  op.state = "rejected";
  op.message = answer.data && answer.data.error || String(answer.status);
  op.warnings = Boolean(answer.data && answer.data.warnings && answer.data.warnings.length);
  return putOp(op).then(function () { return "blocked"; });
}

function syncGame(key) {
  return listOps(key).then(function (ops) {
    const op = ops[0];
    if (!op) return "empty";
    if (op.state !== "waiting") return "blocked";
    op.sending = Date.now();
    return putOp(op).then(function () { return send(key, op); }).then(function (answer) {
      op.sending = 0;
      return putOp(op).then(function () { return settle(key, op, answer); });
    }, function () {
      op.sending = 0;
      return putOp(op).then(function () { return "offline"; });
    }).then(function (outcome) { return outcome === "next" ? syncGame(key) : outcome; });
  });
}

// Send everything waiting, game by game, in order; one sender at a time per browser. A
// sender at work is enough for the page's own occasions (the connection back, a timer, the
// worker's Background Sync); with ``wait`` (the person's "Send now") this one goes after it,
// so what that sender could not send a moment ago is tried again now.
export function syncAll(wait) {
  const run = function () {
    return listOps().then(function (ops) {
      const keys = Array.from(new Set(ops.map(function (op) { return op.key; })));
      return keys.reduce(function (done, key) {
        return done.then(function (outcome) {
          return syncGame(key).then(function (result) {
            outcome[result] = true;
            return outcome;
          });
        });
      }, Promise.resolve({}));
    }).then(function (outcome) { announce(); return outcome; });
  };
  const locks = globalThis.navigator && globalThis.navigator.locks;
  if (!locks) return run();
  if (wait) return locks.request("phase10-sync", run);
  return locks.request("phase10-sync", { ifAvailable: true }, function (lock) {
    return lock ? run() : { busy: true };
  });
}

// The person's choice on a conflict or a refused round.
export function resolve(op, choice) {
  if (choice === "theirs" || choice === "discard") return deleteOp(op.id).then(announce);
  if (choice === "anyway") { op.confirm = true; } else if (!keepMine(op)) return Promise.resolve(false);
  op.state = "waiting";
  op.tries = 0;
  return putOp(op).then(announce).then(function () { return true; });
}
export function canKeepMine(op) {
  if (op.kind === "add") return Boolean(op.server || op.serverNext);
  if (op.kind === "edit") return Boolean(op.server);
  return Boolean(op.server) && op.serverLast === op.number;
}
export function keepMine(op) {
  if (!canKeepMine(op)) return false;
  if (op.kind === "add" && !op.server) {
    op.number = op.serverNext;
  } else {
    if (op.kind === "add") op.kind = "edit";
    op.before = op.server;
  }
  op.revision = op.serverRevision;
  return true;
}
