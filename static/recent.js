// Recent games live in this device's localStorage only; the server keeps no list of them.
// Each entry keeps the game's status and winners as last seen; the home page asks the API
// for fresher ones when it can (and shows the stored ones when offline).
// DOM wiring; what each game's line says is recent-words.js.
import { describe } from "./recent-words.js";

recentGames();
groupLink();
const main = document.getElementById("main");
if (main) new MutationObserver(groupLink).observe(main, { childList: true });

// A game's link to its group is the read-only one in the page; where this phone holds the
// group's edit link (kept by groups.js when the group was opened through it), the link
// becomes that one. Decided here, from this phone's storage only: the server never puts a
// group's edit link in a game's page.
function groupLink() {
  const link = document.querySelector("a[data-group-link]");
  if (!link) return;
  let groups;
  try { groups = JSON.parse(localStorage.getItem("phase10.groups")) || []; } catch (e) { return; }
  const held = groups.find(function (g) {
    return g.view && g.view === link.getAttribute("href") && g.url !== g.view;
  });
  if (held) link.href = held.url;
}

function recentGames() {
  const KEY = "phase10.recent";
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  function save(list) {
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 12))); } catch (e) { /* private mode */ }
  }
  const mine = document.querySelector("[data-recent-game]");
  if (mine) {
    const entry = JSON.parse(mine.getAttribute("data-recent-game"));
    const state = document.querySelector("[data-game-status]");
    if (state) {
      const known = JSON.parse(state.getAttribute("data-game-status"));
      entry.status = known.status; entry.winners = known.winners; entry.played = known.played;
    }
    entry.seen = Date.now();
    const list = load().filter(function (g) { return g.url !== entry.url; });
    list.unshift(entry);
    save(list);
  }
  const section = document.getElementById("recent");
  if (!section) return;
  const games = load();
  if (!games.length) return;
  const words = section.dataset;

  const ul = section.querySelector("ul");
  games.forEach(function (g) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = g.url;
    a.textContent = g.title;
    li.appendChild(a);
    const status = document.createElement("span");
    status.className = "recent-status";
    li.appendChild(status);
    const when = document.createElement("span");
    when.className = "muted";
    when.textContent = " · " + new Date(g.seen).toLocaleDateString();
    li.appendChild(when);
    ul.appendChild(li);
    function show() {
      const text = describe(g, words);
      status.textContent = text ? " · " + text : "";
      li.classList.toggle("finished", g.status === "finished");
    }
    show();
    if (typeof fetch !== "function" || g.url.indexOf("/games/") !== 0) return;
    fetch(g.url.replace("/games/", "/api/games/"), { headers: { Accept: "application/json" } })
      .then(function (response) { return response.ok ? response.json() : null; })
      .then(function (game) {
        if (!game) return;
        g.status = game.status; g.winners = game.winners; g.played = game.rounds.length;
        show();
        save(load().map(function (old) { return old.url === g.url ? Object.assign(old, {
          status: g.status, winners: g.winners, played: g.played }) : old; }));
      })
      .catch(function () { /* offline: the stored status stays */ });
  });
  section.hidden = false;
}
