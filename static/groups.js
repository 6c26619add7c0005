// Recent groups live in this device's localStorage only, like recent games (recent.js).
// DOM wiring only (an ES module that imports nothing).
recentGroups();

function recentGroups() {
  const KEY = "phase10.groups";
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY)) || []; } catch (e) { return []; }
  }
  const mine = document.querySelector("[data-recent-group]");
  if (mine) {
    const entry = JSON.parse(mine.getAttribute("data-recent-group"));
    entry.seen = Date.now();
    const list = load().filter(function (g) { return g.url !== entry.url; });
    list.unshift(entry);
    try { localStorage.setItem(KEY, JSON.stringify(list.slice(0, 8))); } catch (e) { /* private mode */ }
  }
  const section = document.getElementById("recent-groups");
  if (!section) return;
  const groups = load();
  if (!groups.length) return;
  const ul = section.querySelector("ul");
  groups.forEach(function (g) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = g.url;
    a.textContent = g.title;
    li.appendChild(a);
    ul.appendChild(li);
  });
  section.hidden = false;
}
