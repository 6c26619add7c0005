// Recent games live in this device's localStorage only; the server keeps no list of them.
(function () {
  "use strict";
  var KEY = "phase10.recent";
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  var mine = document.querySelector("[data-recent-game]");
  if (mine) {
    var entry = JSON.parse(mine.getAttribute("data-recent-game"));
    entry.seen = Date.now();
    var list = load().filter(function (g) { return g.url !== entry.url; });
    list.unshift(entry);
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 12))); } catch (e) { /* private mode */ }
  }
  var section = document.getElementById("recent");
  if (!section) return;
  var games = load();
  if (!games.length) return;
  var ul = section.querySelector("ul");
  games.forEach(function (g) {
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = g.url;
    a.textContent = g.title;
    li.appendChild(a);
    var when = document.createElement("span");
    when.className = "muted";
    when.textContent = " · " + new Date(g.seen).toLocaleDateString();
    li.appendChild(when);
    ul.appendChild(li);
  });
  section.hidden = false;
})();
