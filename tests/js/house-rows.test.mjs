// The house-rules editor's logic (static/house-rows.js): what its add and remove buttons do
// to the phases in the page, as the server does without a script, and when the form differs
// from the stored rules.
import { test } from "node:test";
import assert from "node:assert/strict";
import { KINDS, edited, fill, parseAction, readForm, unsaved } from "../../static/house-rows.js";

const LIMITS = { mostPhases: 12, mostParts: 5 };
const part = (kind, size) => ({ kind, size });
const TWO = [[part("set", 3), part("run", 4)], [part("colour", 7)]];

test("the buttons' values are read as the server reads them; anything else is no action", () => {
  assert.deepEqual(parseAction("add-phase-colour run"), { op: "add-phase", kind: "colour run" });
  assert.deepEqual(parseAction("add-part-3-set"), { op: "add-part", phase: 3, kind: "set" });
  assert.deepEqual(parseAction("remove-part-12-5"), { op: "remove-part", phase: 12, slot: 5 });
  assert.deepEqual(parseAction("remove-phase-2"), { op: "remove-phase", phase: 2 });
  for (const nonsense of ["", "add-phase", "add-part-3", "add-phase-wrap", "remove-phase-0",
                          "remove-phase-x", "remove-part-1", "drop-table", undefined]) {
    assert.equal(parseAction(nonsense), null, String(nonsense));
  }
});

test("an empty editor starts a phase with a group of the kind pressed, its size to type next", () => {
  const { phases, focus } = edited([], parseAction("add-phase-set"), LIMITS);
  assert.deepEqual(phases, [[part("set", "")]]);
  assert.equal(focus, "phase-1-size-1");
});

test("a group is added at the end of its phase, and its size field is next", () => {
  const { phases, focus } = edited(TWO, parseAction("add-part-2-set"), LIMITS);
  assert.deepEqual(phases[1], [part("colour", 7), part("set", "")]);
  assert.equal(focus, "phase-2-size-2");
  assert.deepEqual(TWO[1], [part("colour", 7)], "the phases given are left as they were");
});

test("removing a phase renumbers the ones after it; focus goes to the one in its place", () => {
  const three = [...TWO, [part("colour run", 4), part("set", 2)]];
  const { phases, focus } = edited(three, parseAction("remove-phase-2"), LIMITS);
  assert.deepEqual(phases, [three[0], three[2]]);
  assert.equal(focus, "phase-2-kind-1");
  const last = edited(three, parseAction("remove-phase-3"), LIMITS);
  assert.equal(last.focus, "phase-new");  // the row that adds a phase
});

test("removing a phase's last group removes the phase", () => {
  const { phases, focus } = edited(TWO, parseAction("remove-part-2-1"), LIMITS);
  assert.deepEqual(phases, [TWO[0]]);
  assert.equal(focus, "phase-new");
  const first = edited(TWO, parseAction("remove-part-1-1"), LIMITS);
  assert.deepEqual(first.phases[0], [part("run", 4)]);
  assert.equal(first.focus, "phase-1-kind-1");
  assert.equal(edited(TWO, parseAction("remove-part-1-2"), LIMITS).focus, "phase-1-kind-1");
});

test("out of range or past the limits nothing changes, as on the server", () => {
  const full = Array.from({ length: 12 }, () => [part("set", 2)]);
  const wide = [Array.from({ length: 5 }, () => part("set", 2))];
  for (const [phases, value] of [[full, "add-phase-run"], [wide, "add-part-1-run"],
                                 [TWO, "remove-phase-3"], [TWO, "remove-part-1-3"],
                                 [TWO, "add-part-3-set"], [TWO, "nonsense"]]) {
    const result = edited(phases, parseAction(value), LIMITS);
    assert.deepEqual(result, { phases, focus: null }, value);
  }
});

test("any sequence of buttons keeps 1 to 12 phases of 1 to 5 groups, numbered from 1", () => {
  // A small deterministic walk instead of a property library (none in this folder).
  let seed = 7;
  const random = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
  let phases = [];
  for (let step = 0; step < 2000; step += 1) {
    const kind = KINDS[random(KINDS.length)];
    const count = phases.length;
    const values = [`add-phase-${kind}`, `add-part-${random(count + 2) + 1}-${kind}`,
                    `remove-phase-${random(count + 2) + 1}`,
                    `remove-part-${random(count + 2) + 1}-${random(7) + 1}`];
    const before = phases.length;
    const result = edited(phases, parseAction(values[random(values.length)]), LIMITS);
    phases = result.phases;
    assert.ok(phases.length <= 12 && Math.abs(phases.length - before) <= 1);
    assert.ok(phases.every((parts) => parts.length >= 1 && parts.length <= 5));
    if (result.focus && result.focus !== "phase-new") {
      const [, n, , slot] = result.focus.split("-").map(Number);
      assert.ok(n >= 1 && n <= phases.length && slot >= 1 && slot <= phases[n - 1].length, result.focus);
    }
  }
});

test("a page's sentence gets its numbers; an unknown placeholder stays", () => {
  assert.equal(fill("Phase {n}, group {slot}: kind", { n: 3, slot: 2 }), "Phase 3, group 2: kind");
  assert.equal(fill("phase-{n}-size-{slot}", { n: 10, slot: 1 }), "phase-10-size-1");
  assert.equal(fill("Phase {n} {other}", { n: 1 }), "Phase 1 {other}");
  assert.equal(fill("Phase {n}", { n: "{slot}", slot: 2 }), "Phase {slot}", "filled once");
});

const ENTRIES = [["csrf_token", "x"], ["name", " Kitchen "], ["phase-1-kind-1", "set"],
  ["phase-1-size-1", "3"], ["phase-1-kind-2", "run"], ["phase-1-size-2", " 4"],
  ["phase-2-kind-1", ""], ["phase-2-size-1", ""], ["phase-3-kind-1", "colour"],
  ["phase-3-size-1", "٣"], ["values-low", "5"], ["values-high", "10"], ["values-skip", "15"],
  ["values-wild", "25"]];

test("the form is read as the server reads it: empty rows left out, numbers in ASCII digits", () => {
  assert.deepEqual(readForm(ENTRIES), {
    name: "Kitchen",
    phases: [[part("set", 3), part("run", 4)], [part("colour", "٣")]],
    values: { low: 5, high: 10, skip: 15, wild: 25 },
    chooses_phase: false,
  });
  assert.equal(readForm([...ENTRIES, ["chooses_phase", "y"]]).chooses_phase, true);
});

test("unsaved: anything that differs from the stored rules, in any order of keys", () => {
  const stored = { name: "Kitchen", phases: [[part("set", 3), part("run", 4)], [part("colour", 3)]],
                   values: { wild: 25, skip: 15, high: 10, low: 5 }, chooses_phase: false };
  const same = readForm(ENTRIES.map(([name, value]) => [name, name === "phase-3-size-1" ? "3" : value]));
  assert.equal(unsaved(same, stored), false);
  assert.equal(unsaved({ ...same, name: "Kitchen 2" }, stored), true);
  assert.equal(unsaved({ ...same, phases: same.phases.slice(1) }, stored), true);
  assert.equal(unsaved({ ...same, values: { ...same.values, wild: 20 } }, stored), true);
  assert.equal(unsaved({ ...same, chooses_phase: true }, stored), true);
  assert.equal(unsaved(same, null), true, "with nothing stored, all is unsaved");
});
