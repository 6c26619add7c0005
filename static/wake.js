// Keeps the screen on while a sheet or the round form is open (the Screen Wake Lock API),
// with a switch remembered on this device (templates/games/_awake.html). Where the API is
// missing the switch stays hidden and nothing happens. The sheet is swapped in live
// (live.js), so the switch is found again whenever the page's content changes.
// DOM wiring only; what to do is decided in wake-plan.js.
import { remember, step, wanted } from "./wake-plan.js";

const api = navigator.wakeLock;
let sentinel = null;
let busy = false, again = false;

function storage() {
  try { return window.localStorage; } catch (error) { return null; }
}

function control() { return document.querySelector("[data-awake]"); }

function show(state) {
  const box = control();
  if (!box) return;
  box.hidden = !api;
  box.querySelector("input").checked = wanted(storage());
  box.dataset.state = state || (sentinel ? "held" : "off");
}

async function sync() {
  if (busy) { again = true; return; }
  busy = true; again = false;
  let state = null;
  try {
    const todo = step({ supported: Boolean(api), asked: Boolean(control()), on: wanted(storage()),
                        visible: document.visibilityState === "visible", held: Boolean(sentinel) });
    if (todo === "take") {
      try {
        const taken = await api.request("screen");
        sentinel = taken;
        // The browser lets go by itself when the page is hidden; visibilitychange takes it again.
        taken.addEventListener("release", function () {
          if (sentinel === taken) { sentinel = null; show(); }
        });
      } catch (error) {
        state = "refused";  // a battery saver, a browser policy: the screen sleeps as before
      }
    } else if (todo === "release") {
      const held = sentinel;
      sentinel = null;
      await held.release();
    }
  } finally {
    busy = false;
  }
  show(state);
  if (again) sync();
}

document.addEventListener("change", function (event) {
  if (!event.target.closest || !event.target.closest("[data-awake]")) return;
  remember(storage(), event.target.checked);
  sync();
});
document.addEventListener("visibilitychange", sync);
const main = document.getElementById("main");
if (main && window.MutationObserver) new MutationObserver(sync).observe(main, { childList: true });
sync();
