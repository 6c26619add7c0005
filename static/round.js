// Round form helpers (DOM wiring; the arithmetic is round-points.js). Whoever went out scores
// 0 and has their phase done (Masters: their lowest open phase is picked, to change if they
// laid another); moving "went out" to another player takes back what was filled in for the
// first. Points under 50 tick "phase done": without the phase a player holds 10 cards, at
// least 50 points (docs/decisions.md). Below: the penalty pad, which adds up a hand.
import { padCount, padTotal, phaseDoneByPoints, wentOutFills } from "./round-points.js";

roundForm();
penaltyPad();
focusFirstProblem();

// A form sent back with problems puts the focus on the first field at fault, whose error a
// screen reader then reads (aria-describedby); a problem of the whole round (a conflict, an
// impossible deal to confirm) is focused itself.
function focusFirstProblem() {
  const form = document.querySelector(".round-form");
  if (!form) return;
  const invalid = form.querySelector("[aria-invalid=true]");
  if (invalid) { invalid.focus(); return; }
  const verdict = document.querySelector(".verdict[role=alert]");
  if (verdict) { verdict.tabIndex = -1; verdict.focus(); }
}

function roundForm() {
  const form = document.querySelector(".round-form");
  if (!form) return;

  function parts(row) {
    return {
      points: row.querySelector(".points-input"),
      laid: row.querySelector(".toggle input[type=checkbox]"),
      phase: row.querySelector(".phase-pick select")
    };
  }
  function set(input, prop, value) {
    if (!input) return;
    input[prop] = value;
    input.dataset.auto = "1";
  }
  function unset(input, prop, value) {
    if (input && input.dataset.auto === "1") { input[prop] = value; delete input.dataset.auto; }
  }
  function wentOut(row) {
    const p = parts(row);
    const fills = wentOutFills({ points: p.points ? p.points.value : null, laid: p.laid ? p.laid.checked : null,
                               phase: p.phase ? p.phase.value : null, open: row.dataset.open });
    if ("points" in fills) set(p.points, "value", fills.points);
    if ("laid" in fills) set(p.laid, "checked", fills.laid);
    if ("phase" in fills) set(p.phase, "value", fills.phase);
  }
  function notOut(row) {
    const p = parts(row);
    unset(p.points, "value", "");
    unset(p.laid, "checked", false);
    unset(p.phase, "value", "");
  }
  let current = form.querySelector(".went-out-pick input:checked");
  // A tap made before this script ran (a slow phone, a slow line) is caught up with: a
  // "went out" that the page did not arrive with fills in as if tapped now.
  if (current && !current.defaultChecked) wentOut(current.closest(".result-row"));
  form.addEventListener("change", function (event) {
    const input = event.target;
    if (input.type === "radio" && input.checked && input.closest(".went-out-pick")) {
      if (current && current !== input) notOut(current.closest(".result-row"));
      current = input;
      wentOut(input.closest(".result-row"));
    } else if (input.dataset) {
      delete input.dataset.auto;  // the person chose: leave it alone from now on
    }
  });
  form.addEventListener("input", function (event) {
    const input = event.target;
    if (!input.classList.contains("points-input")) return;
    delete input.dataset.auto;
    const laid = parts(input.closest(".result-row")).laid;
    if (!laid) return;
    const done = phaseDoneByPoints(input.value, form.dataset.least);
    if (done && !laid.checked) set(laid, "checked", true);
    else if (!done) unset(laid, "checked", false);
  });
}

// Penalty pad: tap the cards left in a hand; the pad adds them up and fills the points field.
function penaltyPad() {
  const pad = document.getElementById("pad");
  if (!pad || typeof pad.showModal !== "function") return;
  let target = null;
  const items = Array.prototype.slice.call(pad.querySelectorAll(".pad-item"));

  function total() {
    return padTotal(items.map(function (item) {
      return [Number(item.dataset.value), Number(item.querySelector(".pad-count").textContent)];
    }));
  }
  function show() { pad.querySelector(".pad-total").textContent = String(total()); }

  items.forEach(function (item) {
    const count = item.querySelector(".pad-count");
    item.querySelector(".pad-add").addEventListener("click", function () {
      count.textContent = String(padCount(Number(count.textContent), 1)); show();
    });
    item.querySelector(".pad-remove").addEventListener("click", function () {
      count.textContent = String(padCount(Number(count.textContent), -1)); show();
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
}
