// Print page: as many name fields as players; the others are hidden and not sent.
// DOM wiring only (an ES module that imports nothing).
printForm();

function printForm() {
  const count = document.getElementById("players");
  if (!count) return;
  const names = Array.prototype.slice.call(document.querySelectorAll(".print-form .name-input"));
  function show() {
    const players = Number(count.value);
    names.forEach(function (input, index) {
      const used = index < players;
      input.hidden = !used;
      input.disabled = !used;
    });
  }
  count.addEventListener("change", show);
  show();
}
