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
