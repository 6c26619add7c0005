// New-game form: the first dealer (board game: starter) is picked by name, and only the
// variants of the chosen edition show. Each edition's radio button carries, from the server,
// the label of the first seat's choice, which variants apply and how many phases it has
// (data-first, data-variants, data-knocking, data-phases); nothing here knows an edition by
// name.
// Names are one tap away: the group's players (from the server, on the buttons it renders)
// and the names this phone used recently (recent-names.js; localStorage only).
// DOM wiring only; the name logic is in recent-names.js.
import { offered, remembered } from "./recent-names.js";

const NAMES_KEY = "phase10.names";
const BEFORE_KEY = "phase10.names.before";
newGameForm();

function newGameForm() {
  const form = document.querySelector("form.new-game");
  if (!form) return;
  const select = form.querySelector(".first-pick select");
  const label = form.querySelector(".first-pick label");
  const names = Array.prototype.slice.call(form.querySelectorAll(".name-input"));
  const variants = form.querySelector("details.variants");

  function edition() {
    return form.querySelector("input[name=edition]:checked") ||
      form.querySelector("input[name=edition]");
  }
  function showNames() {
    names.forEach(function (input, seat) {
      const option = select.options[seat];
      if (!option) return;
      const name = input.value.trim();
      option.textContent = name || select.dataset.seatLabel.replace("{n}", String(seat + 1));
      option.disabled = !name && names.some(function (other) { return other.value.trim(); });
    });
    if (select.selectedOptions[0] && select.selectedOptions[0].disabled) select.value = "0";
  }
  function showEdition() {
    const chosen = edition();
    if (!chosen) return;
    const choosePhases = Boolean(chosen.dataset.variants);
    const knocking = Boolean(chosen.dataset.knocking);
    label.textContent = chosen.dataset.first;
    variants.hidden = !choosePhases && !knocking;
    variants.querySelector(".chosen-phases").hidden = !choosePhases;
    variants.querySelector(".knocking").hidden = !knocking;
    const last = Number(chosen.dataset.phases) || 0;
    form.querySelectorAll(".phase-picks [data-phase]").forEach(function (pick) {
      const beyond = Number(pick.dataset.phase) > last;
      pick.hidden = beyond;  // variant 2 offers only the chosen edition's phases
      if (beyond) pick.querySelector("input").checked = false;
    });
  }
  const picks = form.querySelector(".name-picks");
  const roster = picks ? Array.prototype.map.call(picks.querySelectorAll("[data-name]"),
    function (button) { return button.dataset.name; }) : [];
  let aliases = {};
  try { aliases = picks ? JSON.parse(picks.dataset.aliases || "{}") : {}; } catch (e) { /* none */ }
  function recent() {
    try { return JSON.parse(localStorage.getItem(NAMES_KEY)) || []; } catch (e) { return []; }
  }
  function showPicks() {
    if (!picks) return;
    const list = picks.querySelector(".picks");
    const typed = names.map(function (input) { return input.value; });
    const choices = offered(roster, recent(), typed, aliases);
    list.textContent = "";
    choices.forEach(function (name) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "pick";
      button.dataset.name = name;
      button.textContent = name;
      list.appendChild(button);
    });
    const free = names.some(function (input) { return !input.value.trim(); });
    picks.hidden = !choices.length || !free;
  }
  if (picks) {
    picks.addEventListener("click", function (event) {
      const button = event.target.closest("button[data-name]");
      if (!button) return;
      const empty = names.find(function (input) { return !input.value.trim(); });
      if (!empty) return;
      empty.value = button.dataset.name;
      showNames();
      showPicks();  // no focus moved: a phone's keyboard would cover the names left to tap
    });
  }
  // The names are kept when the form is sent; the phone's list as it was before goes into
  // this tab's session, and a form sent back with problems (a name too long, one typed twice)
  // puts it back: a name the server refused never becomes a chip.
  try {
    const before = sessionStorage.getItem(BEFORE_KEY);
    sessionStorage.removeItem(BEFORE_KEY);
    if (before !== null && form.querySelector(".field-error, .field-note")) {
      localStorage.setItem(NAMES_KEY, before);
    }
  } catch (e) { /* private mode */ }
  form.addEventListener("submit", function () {
    const typed = names.map(function (input) { return input.value; });
    try {
      sessionStorage.setItem(BEFORE_KEY, JSON.stringify(recent()));
      localStorage.setItem(NAMES_KEY, JSON.stringify(remembered(recent(), typed)));
    } catch (e) { /* private mode */ }
  });
  form.addEventListener("input", function (event) {
    if (event.target.classList.contains("name-input")) { showNames(); showPicks(); }
  });
  showPicks();
  form.addEventListener("change", function (event) {
    if (event.target.name === "edition") showEdition();
    // Ticking a phase is choosing them: "My choice" is selected, so what starts is what shows.
    if (event.target.name === "custom_phases" && event.target.checked) {
      const mine = form.querySelector("input[name=phase_set][value=custom]");
      if (mine) mine.checked = true;
    }
  });
  showNames();
  showEdition();
}
