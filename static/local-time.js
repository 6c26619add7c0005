// Times of day in the phone's own time zone: the server writes them in UTC (all it knows)
// inside <time datetime="…Z" data-local="time">, here shown as the phone's clock would.
// Again whenever the page's content is swapped in (live updates, the offline sheet).
// DOM wiring only (an ES module that imports nothing).
localTimes();

function localTimes() {
  if (!window.Intl || !Intl.DateTimeFormat) return;
  const lang = document.documentElement.lang || "en";
  const tag = (navigator.languages || []).filter(function (t) { return t.split("-")[0] === lang; })[0] || lang;
  const format = new Intl.DateTimeFormat(tag, { timeStyle: "short" });

  function show(root) {
    root.querySelectorAll("time[data-local=time]").forEach(function (el) {
      const when = new Date(el.getAttribute("datetime"));
      if (isNaN(when)) return;
      const text = format.format(when);
      if (el.textContent !== text) el.textContent = text;
    });
  }

  show(document);
  const main = document.getElementById("main");
  if (main && window.MutationObserver) {
    new MutationObserver(function () { show(main); }).observe(main, { childList: true, subtree: true });
  }
}
