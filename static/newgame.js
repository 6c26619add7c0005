// New-game form: the first dealer (board game: starter) is picked by name, and only the
// variants of the chosen edition show (the board game has none; Masters only knocking).
(function () {
  "use strict";
  var form = document.querySelector("form.new-game");
  if (!form) return;
  var select = form.querySelector(".first-pick select");
  var label = form.querySelector(".first-pick label");
  var names = Array.prototype.slice.call(form.querySelectorAll(".name-input"));
  var variants = form.querySelector("details.variants");

  function edition() {
    var checked = form.querySelector("input[name=edition]:checked");
    return checked ? checked.value : "original";
  }
  function showNames() {
    names.forEach(function (input, seat) {
      var option = select.options[seat];
      if (!option) return;
      var name = input.value.trim();
      option.textContent = name || select.dataset.seatLabel.replace("{n}", String(seat + 1));
      option.disabled = !name && names.some(function (other) { return other.value.trim(); });
    });
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = "0";
  }
  function showEdition() {
    var chosen = edition();
    label.textContent = chosen === "board" ? label.dataset.board : label.dataset.card;
    variants.hidden = chosen === "board";
    variants.querySelectorAll("[data-editions]").forEach(function (part) {
      part.hidden = part.dataset.editions.split(" ").indexOf(chosen) < 0;
    });
  }
  form.addEventListener("input", function (event) {
    if (event.target.classList.contains("name-input")) showNames();
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "edition") showEdition();
  });
  showNames();
  showEdition();
})();
