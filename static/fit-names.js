// The sheet's column heads on a phone show a shortened name: companion/display/naming.py
// guesses the room from the number of players, before any phone drew the page. Where a
// column, as this phone draws it, has room for the whole name, the whole name shows instead
// ("Dmitri", not "Dmit…"). Measured again when the sheet is swapped in live or the window
// changes size. DOM wiring only (an ES module that imports nothing).
fitNames();

function fitNames() {
  const main = document.getElementById("main");
  if (!main) return;

  function roomIn(cell) {
    const style = getComputedStyle(cell);
    return cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  }
  // The whole name's width in the cell's font, drawn on one line beside the layout.
  function widthOf(cell, text) {
    const probe = document.createElement("span");
    probe.textContent = text;
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap;left:0;top:0";
    cell.append(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  }
  function fit() {
    const cells = main.querySelectorAll(".sheet thead th");
    cells.forEach(function (cell) { cell.classList.remove("name-fits"); });
    // All measured before any is changed: a whole name shown never narrows another column.
    const fitting = Array.prototype.filter.call(cells, function (cell) {
      const full = cell.querySelector(".name-full");
      return full && widthOf(cell, full.textContent) <= roomIn(cell);
    });
    fitting.forEach(function (cell) { cell.classList.add("name-fits"); });
  }

  fit();
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(fit);
  window.addEventListener("resize", fit);
  if (window.MutationObserver) new MutationObserver(fit).observe(main, { childList: true });
}
