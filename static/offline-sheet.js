// What waits to send, shown where the person looks: the connection banner, pending rounds on
// the sheet with the totals they will give (points added up and phases counted, nothing more:
// the server applies the rules when they arrive; the board game lists them without moving
// markers), both versions of a conflict, and the round form numbered for the next round.
// DOM wiring: offline.js calls render(state, words) whenever what waits changes.
import { keepForm, project } from "./offline-queue.js";
import { canKeepMine } from "./offline-sync.js";

export const render = setup();

// Sets up the page's listeners and returns the function that draws what waits on it.
function setup() {
  const main = document.getElementById("main");
  if (!main) return function () {};
  let observer = null, last = null, shownChoice = null;
  // Styles for these states only: loaded beside the page, never in its critical path.
  document.head.append(Object.assign(document.createElement("link"),
    { rel: "stylesheet", href: "/static/offline.css" }));

  function fill(text, values) {
    return String(text || "").replace(/\{(\w+)\}/g, function (whole, name) {
      return values[name] === undefined ? whole : values[name];
    });
  }
  function el(tag, attrs, children) {
    const node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) { node.setAttribute(name, attrs[name]); });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.append(child);
    });
    return node;
  }
  function ui(node) { node.setAttribute("data-offline-ui", ""); return node; }

  function editable(state) {
    return state.game ? Boolean(state.game.id) : Boolean(main.querySelector('a[href$="/round"]'));
  }

  function banner(state, w) {
    if (!state.offline && !state.note) return null;
    if (main.querySelector("[data-offline-page]") && !state.note) return null;  // says it already
    const text = [];
    if (state.offline) {
      const path = location.pathname;
      if (state.key && !state.form) {
        text.push(fill(w.since, { when: state.since || "" }));
        if (editable(state)) text.push(w.keep);
      } else if (state.form) {
        text.push(w.keep);
      } else if (path === "/") text.push(w.home);
      else if (path === "/checker") text.push(w.checker);
      else if (path === "/print") text.push(w.print);
    }
    if (state.note && text.indexOf(state.note) < 0) text.push(state.note);
    return ui(el("div", { "class": "offline-banner", role: "status" },
      [state.offline ? el("strong", {}, [w.offline]) : null, " " + text.join(" ")]));
  }

  function describe(results, w) {
    return (results || []).map(function (r) {
      const parts = [r.player];
      if (r.points !== undefined && r.points !== null) parts.push(String(r.points));
      if (r.phase) parts.push("✕" + (typeof r.phase === "number" ? " " + r.phase : ""));
      if (r.went_out) parts.push("(" + w.wentOut + ")");
      return el("li", {}, [parts.join(" ")]);
    });
  }

  function pendingPanel(state, w, view) {
    const items = state.ops.map(function (op) {
      const label = fill(w.round, { n: op.number }) + " · " + (op.kind === "undo" ? w.removal : w.waiting);
      return el("li", {}, [el("strong", {}, [label]),
        op.kind === "undo" ? null : el("ul", { "class": "offline-results" }, describe(op.results, w))]);
    });
    const buttons = [];
    // While a choice waits (a conflict, a refused round) nothing is sent: no button says so.
    if (navigator.onLine && !blocked(state)) {
      buttons.push(el("button", { type: "button", "data-offline-action": "send" }, [w.send]));
    }
    const newest = state.ops[state.ops.length - 1];
    if (!main.querySelector('form[action$="/undo"]') && view.last && newest.state === "waiting") {
      buttons.push(el("button", { type: "button", "class": "danger", "data-offline-action": "undo" },
        [fill(w.undoRound, { n: view.last })]));
    }
    return ui(el("section", { "class": "panel offline-pending", "aria-labelledby": "offline-pending-title" }, [
      el("h2", { id: "offline-pending-title" }, [fill(w.pending, { count: state.ops.length })]),
      el("p", { "class": "muted" }, [blocked(state) ? w.blocked : w.pendingText]),
      el("ul", { "class": "offline-list" }, items),
      buttons.length ? el("div", { "class": "actions" }, buttons) : null]));
  }

  // A conflict (or a refused round) waits for the person's choice: nothing after it is sent.
  function blocked(state) {
    return state.ops.some(function (op) { return op.state !== "waiting"; });
  }

  function choice(op, name, text, css) {
    return el("button", { type: "button", "class": css || "", "data-offline-action": name, "data-op": op.id }, [text]);
  }

  function conflictPanel(op, w) {
    if (op.state === "rejected") {
      return ui(el("section", { "class": "panel offline-conflict", role: "alert" }, [
        el("h2", {}, [fill(w.rejected, { n: op.number })]), el("p", {}, [op.message]),
        el("ul", {}, describe(op.results, w)),
        el("div", { "class": "actions" }, [op.warnings ? choice(op, "anyway", w.anyway, "primary") : null,
                                           choice(op, "discard", w.discard, "danger")])]));
    }
    const mine = op.kind === "undo" ? [el("li", {}, [w.removal])] : describe(op.results, w);
    const theirs = op.server ? describe(op.server, w) : [el("li", {}, [fill(w.none, { n: op.number })])];
    return ui(el("section", { "class": "panel offline-conflict", role: "alert", "aria-labelledby": "offline-conflict-title" }, [
      el("h2", { id: "offline-conflict-title" }, [fill(w.conflict, { n: op.number })]),
      el("p", {}, [w.conflictText]),
      el("div", { "class": "offline-versions" }, [
        el("div", { "class": "offline-version mine" }, [el("h3", {}, [w.mine]), el("ul", {}, mine),
          canKeepMine(op) ? choice(op, "mine", w.keepMine, "primary") : el("p", { "class": "muted" }, [w.cannot])]),
        el("div", { "class": "offline-version theirs" }, [el("h3", {}, [w.theirs]), el("ul", {}, theirs),
          choice(op, "theirs", w.keepTheirs)])])]));
  }

  function rowOf(table, number) {
    return Array.prototype.filter.call(table.querySelectorAll("tbody.rounds tr"), function (row) {
      return row.cells.length > 1 && parseInt(row.cells[0].textContent, 10) === number;
    })[0];
  }

  function sheetRows(state, w, view) {
    const table = main.querySelector("table.sheet");
    if (!table) return;
    const names = Array.prototype.slice.call(table.tHead.rows[0].cells, 1).map(function (cell) {
      return cell.getAttribute("title") || cell.textContent.trim();
    });
    const body = table.querySelector("tbody.rounds");
    state.ops.forEach(function (op) {
      const shown = rowOf(table, op.number);
      if (shown) shown.classList.add(op.kind === "undo" ? "offline-removed" : "offline-replaced");
      if (op.kind === "undo") return;
      const by = {};
      op.results.forEach(function (r) { by[r.player] = r; });
      const cells = names.map(function (name) {
        const r = by[name];
        if (!r) return el("td", { "class": "absent" }, ["–"]);
        const css = [r.went_out ? "out" : "", r.phase ? "laid" : ""].join(" ").trim();
        return el("td", { "class": css }, [r.points === undefined || r.points === null ? (r.phase ? "✕" : "") : String(r.points)]);
      });
      const row = ui(el("tr", { "class": "offline-row" + (op.state === "waiting" ? "" : " offline-stuck") }, [
        el("th", { scope: "row", title: w.waiting }, [String(op.number),
          el("span", { "class": "visually-hidden" }, [" " + w.waiting])])].concat(cells)));
      if (shown && op.kind === "edit") shown.after(row); else body.append(row);
    });
    const empty = body.querySelector("td.empty");
    if (empty && view.last) empty.parentNode.classList.add("offline-hidden");
    // One Σ row: the server's totals give way to those with what waits.
    Array.prototype.forEach.call(table.tFoot.rows, function (row) { row.classList.add("offline-hidden"); });
    table.tFoot.append(ui(el("tr", { "class": "offline-totals" }, [
      el("th", { scope: "row", title: w.totals }, ["Σ", el("span", { "class": "visually-hidden" }, [" " + w.totals])])
    ].concat(names.map(function (name) {
      const line = view.players.get(name) || { points: "", phases: "" };
      return el("td", {}, [String(line.points), " ", el("small", {}, [line.phases + " ✕"])]);
    })))));
  }

  // The grid's phase marks with the rounds that wait: a player's phases done are the first
  // rows in play order, so the count the rounds give (as the Σ row's) marks them, the next
  // row their current phase. Masters (phases chosen) and the 10-rounds variant (the round
  // says the phase) are left as the server drew them.
  function phaseMarks(state, w, view) {
    const table = main.querySelector("table.sheet");
    const body = table && table.querySelector("tbody.phases");
    if (!body || !state.game || state.game.ten_rounds) return;
    const chosen = state.ops.some(function (op) {
      return (op.results || []).some(function (r) { return typeof r.phase === "number"; });
    });
    if (chosen) return;
    const names = Array.prototype.slice.call(table.tHead.rows[0].cells, 1).map(function (cell) {
      return cell.getAttribute("title") || cell.textContent.trim();
    });
    Array.prototype.forEach.call(body.rows, function (row, index) {
      names.forEach(function (name, column) {
        const cell = row.cells[column + 1], line = view.players.get(name);
        if (!cell || !line) return;
        const done = index < line.phases, current = index === line.phases;
        if (done && !cell.classList.contains("done")) {
          cell.classList.add("offline-done");
          cell.append(ui(el("span", { "aria-hidden": "true" }, ["✕"])),
                      ui(el("span", { "class": "visually-hidden" }, [w.waiting])));
        }
        if (!done && cell.classList.contains("done")) cell.classList.add("offline-undone");
        if (current !== cell.classList.contains("current")) {
          cell.classList.add(current ? "offline-current" : "offline-not-current");
        }
      });
    });
  }

  // The standings at a glance with the rounds that wait (the card game: points added up and
  // phases counted, as the Σ row), their rows in the order the sheet's rule gives, and a
  // line saying which rounds they include. The server's rows come back once all is sent.
  function standings(state, w, view) {
    const table = main.querySelector(".glance table.standings");
    if (!table || !state.game || !main.querySelector("table.sheet")) return;
    const body = table.tBodies[0];
    const game = state.game;
    const rows = Array.prototype.slice.call(body.rows).map(function (row) {
      const name = row.getAttribute("data-player");
      const line = view.players.get(name) || { points: 0, phases: 0 };
      return { row: row, name: name, points: line.points, phases: line.phases,
               gone: row.classList.contains("gone") };
    });
    function key(r) {
      return game.ten_rounds ? [r.gone ? 1 : 0, r.points, -r.phases] : [r.gone ? 1 : 0, -r.phases, r.points];
    }
    function compare(a, b) {
      const ka = key(a), kb = key(b);
      for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return ka[i] - kb[i];
      return 0;
    }
    rows.sort(compare);
    const word = table.getAttribute("data-phase-word");
    const fresh = ui(el("tbody", { "class": "offline-standings" }, rows.map(function (r, i) {
      const place = i && !compare(rows[i - 1], r) ? rows[i - 1].place : i + 1;
      r.place = place;
      const copy = r.row.cloneNode(true);
      copy.querySelector(".place").textContent = place + ".";
      copy.querySelector(".points").textContent = String(r.points);
      const phases = game.phases || [];
      if (word && !r.gone) {
        copy.querySelector(".phase").textContent = r.phases < phases.length
          ? fill(word, { n: phases[r.phases] }) : "✓";
      }
      return copy;
    })));
    body.classList.add("offline-hidden");
    body.after(fresh);
    const numbers = state.ops.filter(function (op) { return op.kind !== "undo"; })
      .map(function (op) { return op.number; });
    if (numbers.length) {
      const words = numbers.length === 1 ? w.withWaitingOne : w.withWaiting;
      table.before(ui(el("p", { "class": "offline-note" }, [fill(words, { list: numbers.join(", ") })])));
    }
  }

  // The dealer's dot follows the rounds that wait: one seat on per round added in a card game
  // (one back per round undone), and in the board game, where it marks who starts, the seat
  // left of whoever ended the last round. Counted from the server's dealer every time, so
  // drawing the sheet again never moves it twice; hidden when it cannot be known.
  function dealerSeat(state, view, seats) {
    const here = seats.filter(function (cell) { return !cell.classList.contains("gone"); });
    function after(cell, steps) {
      const at = here.indexOf(cell);
      if (at < 0) return null;
      return here[(((at + steps) % here.length) + here.length) % here.length];
    }
    function named(name) {
      return seats.filter(function (cell) { return cell.getAttribute("title") === name; })[0] || null;
    }
    const steps = view.next - state.game.next_round;
    if (!main.querySelector(".track")) return after(named(state.game.dealer), steps);
    if (!steps) return named(state.game.starter);
    const added = state.ops.filter(function (op) { return op.kind !== "undo"; });
    const ended = steps > 0 && added.length ? added[added.length - 1].results.filter(function (r) {
      return r.went_out;
    })[0] : null;
    return ended ? after(named(ended.player), 1) : null;
  }

  function moveDealer(state, view) {
    const table = main.querySelector("table.sheet");
    const mark = table && table.tHead.querySelector(".deal-mark");
    if (!mark || !state.game) return;
    const seats = Array.prototype.slice.call(table.tHead.rows[0].cells, 1);
    const seat = dealerSeat(state, view, seats);
    mark.hidden = !seat;
    if (!seat) return;
    seats.forEach(function (cell) { cell.classList.toggle("dealer", cell === seat); });
    seat.append(mark);
  }

  function sheet(state, w) {
    const view = project(state.game, state.ops);
    moveDealer(state, view);
    const first = state.ops.filter(function (op) { return op.state !== "waiting"; })[0];
    const place = main.querySelector("#sheet") || main.querySelector("h1");
    if (first) {
      const panel = conflictPanel(first, w);
      main.querySelector("h1").after(panel);
      // A choice the person must make is brought into view once, where they are looking.
      if (shownChoice !== first.id + first.state) {
        shownChoice = first.id + first.state;
        panel.setAttribute("tabindex", "-1");
        panel.scrollIntoView({ block: "start" });
        panel.focus({ preventScroll: true });
      }
    }
    if (state.ops.length && place) place.before(pendingPanel(state, w, view));
    if (!state.ops.length) return;
    sheetRows(state, w, view);
    phaseMarks(state, w, view);
    // Who deals next follows from the rules: the server says so once the rounds arrive.
    main.querySelectorAll(".round-line").forEach(function (line) { line.classList.add("offline-hidden"); });
    standings(state, w, view);
    const board = Boolean(main.querySelector(".track"));
    const enter = main.querySelector('a[href$="/round"]');
    if (enter) enter.textContent = fill(board ? w.boardEnter : w.enterRound, { n: view.next });
    if (enter && first) {
      // The next round waits for the choice: entering it now would be judged against a
      // sheet nobody has settled yet.
      enter.setAttribute("data-offline-href", enter.getAttribute("href"));
      enter.removeAttribute("href");
      enter.setAttribute("aria-disabled", "true");
      enter.classList.add("offline-blocked");
    }
    const undo = main.querySelector('form[action$="/undo"]');
    if (undo) {
      undo.hidden = !view.last;
      undo.querySelector("button").textContent = fill(w.undoRound, { n: view.last });
    }
  }

  // A round form opened offline may be a kept page older than the phone's copy of the game
  // (or another round's page): it is renumbered for the round asked for and refilled from
  // that copy, and its hidden revision and "before" say what the person now sees, so a
  // queued change is judged against that (never against a state they did not see).
  function roundForm(state, w) {
    const form = main.querySelector("form.round-form");
    if (!form || form.dataset.offlineAdapted || form.dataset.typed) return;
    if (!state.offline && !state.ops.length) return;  // a page fresh from the server is right
    const field = function (name) { return form.querySelector("input[name=" + name + "]"); };
    const shown = Number(field("number") && field("number").value);
    const view = project(state.game, state.ops);
    const edit = state.form[3] ? Number(state.form[3]) : null;
    const known = state.game ? state.game.revision + state.ops.length : null;
    const older = known !== null && Number(field("revision") && field("revision").value) < known;
    const number = edit || (state.game ? view.next : shown);
    if (number === shown && !older) return;
    form.dataset.offlineAdapted = "1";
    if (field("number")) field("number").value = String(number);
    if (field("revision") && known !== null) field("revision").value = String(known);
    const board = form.classList.contains("markers");  // a round form for phase markers
    main.querySelector("h1").textContent = fill(edit ? w.editRound : board ? w.boardRound : w.round, { n: number });
    const store = form.querySelector("button[type=submit]");
    if (store && !board) store.textContent = fill(w.storeRound, { n: number });
    form.querySelectorAll("label.toggle").forEach(function (label) {
      if (board || number === shown) return;
      Array.prototype.slice.call(label.childNodes).forEach(function (node) { if (node.nodeType === 3) node.remove(); });
      label.append(" " + w.phaseDone);
    });
    if (!edit) return;
    const was = view.rounds.get(edit) || [];
    prefill(form, was);
    if (field("before")) field("before").value = JSON.stringify(was);
  }

  function prefill(form, results) {
    results.forEach(function (r) {
      const row = Array.prototype.filter.call(form.querySelectorAll(".result-row"), function (x) {
        return x.getAttribute("data-player") === r.player;
      })[0];
      if (!row) return;
      const points = row.querySelector(".points-input");
      if (points) points.value = r.points === null || r.points === undefined ? "" : String(r.points);
      const laid = row.querySelector(".toggle input[type=checkbox]");
      if (laid) laid.checked = Boolean(r.phase);
      const pick = row.querySelector(".phase-pick select");
      if (pick) pick.value = typeof r.phase === "number" ? String(r.phase) : "";
      const out = row.querySelector("input[type=radio]");
      if (out) out.checked = Boolean(r.went_out);
    });
  }

  function render(state, w) {
    last = [state, w];
    if (observer) observer.disconnect();
    main.querySelectorAll("[data-offline-ui]").forEach(function (node) { node.remove(); });
    const marks = ["offline-removed", "offline-replaced", "offline-hidden", "offline-done",
                   "offline-undone", "offline-current", "offline-not-current"];
    main.querySelectorAll("." + marks.join(", .")).forEach(function (node) {
      node.classList.remove.apply(node.classList, marks);
    });
    main.querySelectorAll("a[data-offline-href]").forEach(function (link) {
      link.setAttribute("href", link.getAttribute("data-offline-href"));
      link.removeAttribute("data-offline-href");
      link.removeAttribute("aria-disabled");
      link.classList.remove("offline-blocked");
    });
    main.querySelectorAll(".flash").forEach(function (flash) { flash.hidden = state.offline; });
    const note = banner(state, w);
    if (note) main.prepend(note);
    // The "no connection" page stands in for a sheet never kept here: nothing to draw on.
    if (state.key && !state.form && !main.querySelector("[data-offline-page]")) sheet(state, w);
    if (state.form) roundForm(state, w);
    if (!observer) {
      // Live updates replace the page's content: put what waits back on the new sheet.
      observer = new MutationObserver(function () {
        if (!last) return;
        render(last[0], last[1]);  // at once: no moment without what waits
        if (navigator.onLine && last[0].update) last[0].update();
      });
    }
    observer.observe(main, { childList: true });
  }

  // What the person has begun to type is never refilled under their fingers.
  main.addEventListener("input", function (event) {
    const form = event.target.closest && event.target.closest("form.round-form");
    if (form) form.dataset.typed = "1";
  });

  main.addEventListener("click", function (event) {
    const button = event.target.closest("[data-offline-action]");
    if (!button || !last) return;
    const state = last[0], action = button.getAttribute("data-offline-action");
    if (action === "send") { state.sync(); return; }
    if (action === "undo") {
      keepForm(state.key, "/games/" + state.key + "/undo", new FormData()).then(state.refresh);
      return;
    }
    const op = state.ops.filter(function (o) { return String(o.id) === button.getAttribute("data-op"); })[0];
    if (op) state.resolve(op, action);
  });

  return render;
}
