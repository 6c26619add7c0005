// Keeping the screen on (static/wake-plan.js): when a wake lock is taken and let go, and the
// switch this device remembers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { KEY, remember, step, wanted } from "../../static/wake-plan.js";

function memory(values = {}) {
  return { getItem: (key) => (key in values ? values[key] : null),
           setItem: (key, value) => { values[key] = String(value); }, values };
}

const seen = { supported: true, asked: true, on: true, visible: true };

test("a seen sheet with the switch on takes the lock once", () => {
  assert.equal(step({ ...seen, held: false }), "take");
  assert.equal(step({ ...seen, held: true }), "keep");
});

test("the lock is let go when the switch is off or the page has no sheet", () => {
  assert.equal(step({ ...seen, on: false, held: true }), "release");
  assert.equal(step({ ...seen, asked: false, held: true }), "release");
  assert.equal(step({ ...seen, on: false, held: false }), "keep");
});

test("a hidden page takes nothing; shown again it takes the lock again", () => {
  assert.equal(step({ ...seen, visible: false, held: false }), "keep");
  assert.equal(step({ ...seen, visible: true, held: false }), "take");
});

test("without the API nothing happens", () => {
  assert.equal(step({ ...seen, supported: false, held: false }), "keep");
});

test("the switch is on until this device turns it off, and is remembered", () => {
  const storage = memory();
  assert.equal(wanted(storage), true);
  remember(storage, false);
  assert.equal(storage.values[KEY], "off");
  assert.equal(wanted(storage), false);
  remember(storage, true);
  assert.equal(wanted(storage), true);
});

test("a storage that refuses counts as on and forgets quietly", () => {
  const refusing = { getItem() { throw new Error("denied"); }, setItem() { throw new Error("full"); } };
  assert.equal(wanted(refusing), true);
  assert.doesNotThrow(() => remember(refusing, false));
  assert.equal(wanted(null), true);
});
