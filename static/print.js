// Print page: as many name fields as players; the others are hidden and not sent.
// DOM wiring only (an ES module that imports nothing).
printForm();

function printForm() {
  var count = document.getElementById("players");
  if (!count) return;
  var names = Array.prototype.slice.call(document.querySelectorAll(".print-form .name-input"));
  function show() {
    var players = Number(count.value);
    names.forEach(function (input, index) {
      var used = index < players;
      input.hidden = !used;
      input.disabled = !used;
    });
  }
  count.addEventListener("change", show);
  show();
}
