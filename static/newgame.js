// New-game form: the first dealer (board game: starter) is picked by name, and only the
// variants of the chosen edition show. Each edition's radio button carries, from the server,
// the label of the first seat's choice and which variants apply (data-first, data-variants,
// data-knocking); nothing here knows an edition by name.
// DOM wiring only (an ES module that imports nothing).
newGameForm();

function newGameForm() {
  var form = document.querySelector("form.new-game");
  if (!form) return;
  var select = form.querySelector(".first-pick select");
  var label = form.querySelector(".first-pick label");
  var names = Array.prototype.slice.call(form.querySelectorAll(".name-input"));
  var variants = form.querySelector("details.variants");

  function edition() {
    return form.querySelector("input[name=edition]:checked") ||
      form.querySelector("input[name=edition]");
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
    if (!chosen) return;
    var choosePhases = Boolean(chosen.dataset.variants);
    var knocking = Boolean(chosen.dataset.knocking);
    label.textContent = chosen.dataset.first;
    variants.hidden = !choosePhases && !knocking;
    variants.querySelector(".chosen-phases").hidden = !choosePhases;
    variants.querySelector(".knocking").hidden = !knocking;
  }
  form.addEventListener("input", function (event) {
    if (event.target.classList.contains("name-input")) showNames();
  });
  form.addEventListener("change", function (event) {
    if (event.target.name === "edition") showEdition();
  });
  showNames();
  showEdition();
}
