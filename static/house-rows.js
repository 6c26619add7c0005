// The house-rules editor's logic (templates/editions/edit.html, wired by house-editor.js):
// what an add or remove button does to the phases, the names and ids the fields then carry,
// and whether the form differs from the stored rules. Pure: no DOM, tested under node --test.
//
// The buttons are the form's own submit buttons (name="edit"), so the server does the same
// without a script (companion/views/editions.py, `_edited`): keep the two in step.

export const KINDS = ["set", "run", "colour", "colour run"];

// "add-phase-run", "add-part-3-colour run", "remove-part-3-2", "remove-phase-3" as
// {op, phase, slot, kind} (numbers from 1); null for anything else.
export function parseAction(value) {
  const text = String(value || "");
  let found = /^add-phase-(.+)$/.exec(text);
  if (found && KINDS.includes(found[1])) return { op: "add-phase", kind: found[1] };
  found = /^add-part-([1-9][0-9]?)-(.+)$/.exec(text);
  if (found && KINDS.includes(found[2])) return { op: "add-part", phase: Number(found[1]), kind: found[2] };
  found = /^remove-part-([1-9][0-9]?)-([1-9][0-9]?)$/.exec(text);
  if (found) return { op: "remove-part", phase: Number(found[1]), slot: Number(found[2]) };
  found = /^remove-phase-([1-9][0-9]?)$/.exec(text);
  if (found) return { op: "remove-phase", phase: Number(found[1]) };
  return null;
}

// The phases after an action (a new array; the one given is left as it was), and where the
// person goes on: `focus` is the id of the field to focus, as `fieldIds` names them.
// An action out of range or past the limits changes nothing (focus null), as on the server.
export function edited(phases, action, limits) {
  const after = phases.map((parts) => parts.map((part) => ({ ...part })));
  const same = { phases: after, focus: null };
  if (!action) return same;
  const { mostPhases, mostParts } = limits;
  if (action.op === "add-phase") {
    if (after.length >= mostPhases) return same;
    after.push([{ kind: action.kind, size: "" }]);
    return { phases: after, focus: `phase-${after.length}-size-1` };
  }
  const parts = after[action.phase - 1];
  if (!parts) return same;
  if (action.op === "add-part") {
    if (parts.length >= mostParts) return same;
    parts.push({ kind: action.kind, size: "" });
    return { phases: after, focus: `phase-${action.phase}-size-${parts.length}` };
  }
  if (action.op === "remove-part") {
    if (action.slot > parts.length) return same;
    parts.splice(action.slot - 1, 1);
    if (parts.length === 0) return removedPhase(after, action.phase);
    const slot = Math.min(action.slot, parts.length);
    return { phases: after, focus: `phase-${action.phase}-kind-${slot}` };
  }
  if (action.op === "remove-phase") return removedPhase(after, action.phase);
  return same;
}

function removedPhase(phases, number) {
  phases.splice(number - 1, 1);
  // The phase that took its place, else the row that adds a phase.
  const focus = number <= phases.length ? `phase-${number}-kind-1` : "phase-new";
  return { phases, focus };
}

// A page's sentence with its numbers: "Phase {n}, group {slot}: kind" (the server renders
// the translated sentence with the placeholders in it).
export function fill(pattern, numbers) {
  return String(pattern).replace(/\{(\w+)\}/g,
    (whole, name) => (Object.hasOwn(numbers, name) ? String(numbers[name]) : whole));
}

// What the form posts, as the rules it stands for: [name, value] pairs in the form's order.
export function readForm(entries, valueFields = ["low", "high", "skip", "wild"]) {
  const fields = new Map(entries);
  const phases = [];
  for (let number = 1; fields.has(`phase-${number}-kind-1`); number += 1) {
    const parts = [];
    for (let slot = 1; fields.has(`phase-${number}-kind-${slot}`); slot += 1) {
      const kind = String(fields.get(`phase-${number}-kind-${slot}`)).trim();
      const size = number_(fields.get(`phase-${number}-size-${slot}`));
      if (kind || size !== "") parts.push({ kind, size });
    }
    if (parts.length) phases.push(parts);
  }
  const values = {};
  for (const name of valueFields) values[name] = number_(fields.get(`values-${name}`));
  return { name: String(fields.get("name") || "").trim(), phases, values,
           chooses_phase: fields.has("chooses_phase") };
}

// As the server reads a number: ASCII digits are a number, anything else stays as typed.
function number_(value) {
  const text = String(value ?? "").trim();
  return /^[+-]?[0-9]{1,9}$/.test(text) ? Number(text) : text;
}

// Whether the form's rules differ from the stored ones (the JSON the page carries); with
// nothing stored, any rules are unsaved.
export function unsaved(current, stored) {
  if (!stored) return true;
  return JSON.stringify(canonical(current)) !== JSON.stringify(canonical(stored));
}

function canonical(rules) {
  return {
    name: String(rules.name || "").trim(),
    phases: (rules.phases || []).map((parts) => parts.map(({ kind, size }) => [kind, size])),
    values: Object.keys(rules.values || {}).sort().map((name) => [name, rules.values[name]]),
    chooses_phase: Boolean(rules.chooses_phase),
  };
}
