// Rules checker (DOM wiring; reading cards and the keypad's logic are checker-cards.js): a
// tap-to-add card picker over plain text fields, and verdicts fetched from the server so the
// reasons arrive in the page's language.
import {
  addCard, chosenPhase, colourStep, dropLast, groupCount, groupHidden, keyCard,
  readCards,
} from "./checker-cards.js";

checker();

function checker() {
  const form = document.getElementById("checker");
  if (!form) return;
  const picker = document.getElementById("picker");
  const verdict = document.getElementById("verdict");
  // Each edition's phases (name and parts) and which hints and cards apply, from the server.
  const editions = JSON.parse(form.getAttribute("data-editions"));
  // Colour letters and words of every language the parser reads ("rouge": "r", ...).
  const colourWords = JSON.parse(form.getAttribute("data-colours") || "{}");
  // What it reads as a wild ("w") or a skip ("s"): W, J, joker, S, A (Aussetzen), P, O, ...
  const specials = JSON.parse(form.getAttribute("data-specials") || "{}");
  let colour = "r";
  let active = null;
  picker.hidden = false;

  function inputs() { return Array.prototype.slice.call(form.querySelectorAll(".cards-input")); }
  function visible(el) { return el.offsetParent !== null; }
  function mode() { const m = form.querySelector("input[name=mode]:checked"); return m ? m.value : "hand"; }

  function chips(input) {
    let box = input.nextElementSibling;
    if (!box || !box.classList.contains("chips")) {
      box = document.createElement("div");
      box.className = "cards chips";
      box.setAttribute("aria-hidden", "true");
      input.insertAdjacentElement("afterend", box);
    }
    box.textContent = "";
    readCards(input.value, colourWords, specials).forEach(function (card) {
      const span = document.createElement("span");
      span.className = "card card-" + card.kind;
      span.textContent = card.text;
      box.appendChild(span);
    });
  }

  function setActive(input) {
    inputs().forEach(function (i) { i.classList.toggle("active", i === input); });
    active = input;
  }

  // The phase menu lists the chosen edition's phases, 1 to its last: options are added or
  // taken away (a hidden or disabled option still shows in some phones' pickers).
  function phaseOptions(select, last) {
    while (select.options.length > last) select.remove(select.options.length - 1);
    while (select.options.length < last) {
      const number = String(select.options.length + 1);
      select.add(new Option(number, number));
    }
  }

  function refresh() {
    form.setAttribute("data-mode", mode());
    const edition = editions[form.querySelector("#edition").value];
    const phaseSelect = form.querySelector("#phase");
    phaseOptions(phaseSelect, edition.phases.length);  // only this edition's phases
    const phase = chosenPhase(edition, phaseSelect.value);
    document.getElementById("phase-parts").textContent = phase ? phase.name : "";
    form.querySelector(".turned-jokers-note").hidden = !edition.turned_jokers;
    const done = form.querySelector(".done-phases");  // players who choose their phase
    if (done) done.hidden = !edition.chooses_phase;
    const saved = form.querySelector(".saved-cards");  // players who keep a save pile
    if (saved) saved.hidden = !edition.saves_cards;
    const parts = groupCount(phase);  // one group field per part of the phase
    const skip = picker.querySelector("[data-special=skip]");
    if (skip) skip.hidden = !edition.skips;  // a deck without skip cards
    form.querySelectorAll(".group-field").forEach(function (f, i) {
      f.hidden = groupHidden(i, parts, Boolean(f.querySelector("input").value));
    });
    if (!active || !visible(active)) setActive(inputs().filter(visible)[0] || null);
  }

  // The picker needs the screen, so phones' keyboards stay shut until asked for (⌨).
  const TYPING = "phase10.checker.typing";
  const typeButton = picker.querySelector("[data-type]");
  function typing(on) {
    inputs().forEach(function (input) { input.setAttribute("inputmode", on ? "text" : "none"); });
    typeButton.setAttribute("aria-pressed", String(on));
    try { localStorage.setItem(TYPING, on ? "1" : ""); } catch (e) { /* private mode */ }
  }
  let typed = false;
  try { typed = localStorage.getItem(TYPING) === "1"; } catch (e) { /* private mode */ }
  typeButton.addEventListener("click", function () {
    typing(typeButton.getAttribute("aria-pressed") !== "true");
    if (active) { active.blur(); active.focus(); }
  });

  inputs().forEach(function (input) {
    input.setAttribute("inputmode", typed ? "text" : "none");
    chips(input);
    input.addEventListener("focus", function () { setActive(input); });
    input.addEventListener("input", function () { chips(input); });
    input.addEventListener("dblclick", function () { typing(true); });
  });

  function put(text) {
    if (!active) return;
    active.value = addCard(active.value, text);
    chips(active);
  }

  const colourButtons = Array.prototype.slice.call(picker.querySelectorAll("[data-colour]"));
  function pickColour(b) {
    colour = b.dataset.colour;
    colourButtons.forEach(function (c) {
      c.setAttribute("aria-checked", String(c === b));
      c.tabIndex = c === b ? 0 : -1;  // one Tab stop for the group; arrows move within it
    });
  }
  pickColour(colourButtons[0]);
  picker.querySelector("[role=radiogroup]").addEventListener("keydown", function (event) {
    const at = colourStep(colourButtons.indexOf(event.target), event.key, colourButtons.length);
    if (at === null) return;
    event.preventDefault();
    const next = colourButtons[at];
    pickColour(next);
    next.focus();
  });

  picker.addEventListener("click", function (event) {
    const b = event.target.closest("button");
    if (!b) return;
    if (b.dataset.colour) {
      pickColour(b);
    } else if (b.dataset.number || b.dataset.card) {
      put(keyCard(b.dataset, colour));
    } else if (b.hasAttribute("data-back") && active) {
      active.value = dropLast(active.value, colourWords);
      chips(active);
    } else if (b.hasAttribute("data-clear") && active) {
      active.value = "";
      chips(active);
    }
  });

  typing(typed);
  form.addEventListener("change", function (event) {
    // Another mode, edition or phase asks another question: the old answer goes.
    if (["mode", "edition", "phase"].indexOf(event.target.name) >= 0) verdict.textContent = "";
    refresh();
  });
  // "Which phase to try" (Masters): a phase's button checks the hand for that phase.
  verdict.addEventListener("click", function (event) {
    const b = event.target.closest("[data-try-phase]");
    if (!b) return;
    form.querySelector("#phase").value = b.getAttribute("data-try-phase");
    refresh();
    if (form.requestSubmit) form.requestSubmit(); else form.submit();
  });
  form.addEventListener("submit", function (event) {
    if (!window.fetch) return;
    event.preventDefault();
    const body = new FormData(form);
    fetch(form.action + "?partial=1", { method: "POST", body: body, credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        verdict.innerHTML = html;
        form.querySelectorAll(".field-error").forEach(function (e) { e.remove(); });
        const first = verdict.querySelector(".verdict");
        if (first) first.scrollIntoView({ block: "nearest", behavior: "smooth" });
      })
      .catch(function () { form.submit(); });
  });
  refresh();
}
