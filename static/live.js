// Live sheet: asks the API every 1.5 s whether the game changed (a conditional request that
// costs a 304 when nothing did) and swaps in the new sheet without reloading the page.
(function () {
  "use strict";
  var box = document.querySelector("[data-live]");
  if (!box || !window.fetch || !window.DOMParser) return;
  var api = box.getAttribute("data-live");
  var etag = '"' + box.getAttribute("data-etag") + '"';
  var busy = false;

  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var fresh = doc.getElementById("main");
    var main = document.getElementById("main");
    if (!fresh || !main) return;
    var focused = document.activeElement && document.activeElement.id;
    main.innerHTML = fresh.innerHTML;
    document.title = doc.title;
    var announce = document.getElementById("live-status");
    if (announce) announce.textContent = announce.getAttribute("data-text");
    if (focused && document.getElementById(focused)) document.getElementById(focused).focus();
  }

  function poll() {
    if (busy || document.hidden) return;
    busy = true;
    fetch(api, { headers: { "If-None-Match": etag, "Accept": "application/json" }, cache: "no-store" })
      .then(function (r) {
        if (r.status !== 200) return null;
        etag = r.headers.get("ETag") || etag;
        return fetch(location.pathname, { cache: "no-store" }).then(function (p) { return p.text(); });
      })
      .then(function (html) { if (html) swap(html); })
      .catch(function () { /* offline for a moment: try again on the next tick */ })
      .then(function () { busy = false; });
  }
  setInterval(poll, 1500);
  document.addEventListener("visibilitychange", poll);
})();
