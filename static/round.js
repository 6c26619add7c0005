// Round form helpers: whoever went out scores 0 and has their phase done.
(function () {
  "use strict";
  var form = document.querySelector(".round-form");
  if (!form) return;
  form.addEventListener("change", function (event) {
    var input = event.target;
    if (input.type !== "radio" || input.value === undefined) return;
    var row = input.closest(".result-row");
    if (!row || !input.checked) return;
    var points = row.querySelector(".points-input");
    if (points && points.value === "") points.value = "0";
    var laid = row.querySelector(".toggle input[type=checkbox]");
    if (laid) laid.checked = true;
  });
})();

// Penalty pad: tap the cards left in a hand; the pad adds them up and fills the points field.
(function () {
  "use strict";
  var pad = document.getElementById("pad");
  if (!pad || typeof pad.showModal !== "function") return;
  var target = null;
  var items = Array.prototype.slice.call(pad.querySelectorAll(".pad-item"));

  function total() {
    return items.reduce(function (sum, item) {
      return sum + Number(item.dataset.value) * Number(item.querySelector(".pad-count").textContent);
    }, 0);
  }
  function show() { pad.querySelector(".pad-total").textContent = String(total()); }

  items.forEach(function (item) {
    var count = item.querySelector(".pad-count");
    item.querySelector(".pad-add").addEventListener("click", function () {
      count.textContent = String(Number(count.textContent) + 1); show();
    });
    item.querySelector(".pad-remove").addEventListener("click", function () {
      count.textContent = String(Math.max(0, Number(count.textContent) - 1)); show();
    });
  });

  document.querySelectorAll(".pad-open").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      target = document.getElementById(button.dataset.for);
      items.forEach(function (item) { item.querySelector(".pad-count").textContent = "0"; });
      pad.querySelector(".pad-who").textContent = "· " + button.dataset.who;
      show();
      pad.showModal();
    });
  });

  pad.addEventListener("close", function () {
    if (pad.returnValue === "use" && target) {
      target.value = String(total());
      target.dispatchEvent(new Event("input", { bubbles: true }));
      target.focus();
    }
  });
})();
