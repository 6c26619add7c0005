// Recent groups live in this device's localStorage only, like recent games (recent.js).
// DOM wiring only (an ES module that imports nothing).
recentGroups();

function recentGroups() {
  var KEY = "phase10.groups";
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  var mine = document.querySelector("[data-recent-group]");
  if (mine) {
    var entry = JSON.parse(mine.getAttribute("data-recent-group"));
    entry.seen = Date.now();
    var list = load().filter(function (g) { return g.url !== entry.url; });
    list.unshift(entry);
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 8))); } catch (e) { /* private mode */ }
  }
  var section = document.getElementById("recent-groups");
  if (!section) return;
  var groups = load();
  if (!groups.length) return;
  var ul = section.querySelector("ul");
  groups.forEach(function (g) {
    var li = document.createElement("li");
    var a = document.createElement("a");
    a.href = g.url;
    a.textContent = g.title;
    li.appendChild(a);
    ul.appendChild(li);
  });
  section.hidden = false;
}
