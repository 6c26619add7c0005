// The house-rules editor in the page (templates/editions/edit.html): its add and remove
// buttons change the rows in place instead of posting the form (which they still do without
// a script), and the page says when the form differs from the stored rules, hiding what
// starts from them (a game, the checker, the blank sheet use the stored version) until saved.
// The logic is in house-rows.js; this wires it to the page.
import { edited, fill, parseAction, readForm, unsaved } from "./house-rows.js";

const form = document.querySelector("form.house-form");
const list = form && form.querySelector(".house-phase-list");

function templateOf(id) {
  const template = document.getElementById(id);
  return template ? template.content : null;
}

// A copy of a page template with its {n} and {slot} filled in, attributes and text alike.
function cloned(id, numbers) {
  const content = templateOf(id);
  const copy = content.firstElementChild.cloneNode(true);
  const walker = document.createTreeWalker(copy, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node = copy; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      node.nodeValue = fill(node.nodeValue, numbers);
    } else {
      for (const attribute of Array.from(node.attributes)) {
        attribute.value = fill(attribute.value, numbers);
      }
    }
  }
  return copy;
}

// The rows as shown, parts with an empty kind and size kept (readForm drops them, the server
// too, but a row being filled in must stay where it is).
function rowsOf() {
  return Array.from(list.querySelectorAll(".house-phase:not(.house-phase-new)"), (row) =>
    Array.from(row.querySelectorAll(".house-part"), (part) => ({
      kind: part.querySelector("select").value,
      size: part.querySelector("input").value,
    })));
}

function render(phases) {
  const mostPhases = Number(form.dataset.mostPhases);
  const mostParts = Number(form.dataset.mostParts);
  const rows = phases.map((parts, index) => {
    const n = index + 1;
    const row = cloned("house-phase-template", { n });
    const holder = row.querySelector(".house-parts");
    parts.forEach((part, at) => {
      const element = cloned("house-part-template", { n, slot: at + 1 });
      element.querySelector("select").value = part.kind;
      element.querySelector("input").value = part.size;
      holder.append(element);
    });
    row.querySelector(".house-add-kinds").hidden = parts.length >= mostParts;
    return row;
  });
  if (phases.length < mostPhases) rows.push(cloned("house-new-phase-template", { n: phases.length + 1 }));
  list.replaceChildren(...rows);
}

function marked() {
  const changed = unsaved(readForm(new FormData(form)), stored);
  form.classList.toggle("unsaved", changed);
  for (const element of document.querySelectorAll(".house-unsaved, .house-unsaved-mark")) {
    element.hidden = !changed || !stored;
  }
  const uses = document.querySelector(".house-uses");
  if (uses) uses.hidden = changed;
  // Only a preview shown says it is out of date (none is shown before the rules are whole).
  const stale = document.querySelector(".house-preview-stale");
  if (stale && touched && document.querySelector(".preview-phases")) stale.hidden = false;
}

let stored = null;
let touched = false;

if (form && list && templateOf("house-phase-template")) {
  stored = form.dataset.stored ? JSON.parse(form.dataset.stored) : null;
  form.addEventListener("click", (event) => {
    const button = event.target.closest("button[name=edit]");
    if (!button || !form.contains(button)) return;
    const action = parseAction(button.value);
    if (!action) return;  // the server knows it (or says nothing changed)
    event.preventDefault();
    const limits = { mostPhases: Number(form.dataset.mostPhases), mostParts: Number(form.dataset.mostParts) };
    const { phases, focus } = edited(rowsOf(), action, limits);
    if (!focus) return;
    // Problems named by the server were about the rows as they were.
    render(phases);
    touched = true;
    marked();
    const target = focus === "phase-new" ? document.querySelector("#phase-new .house-add-kind")
      : document.getElementById(focus);
    if (target) target.focus();
  });
  form.addEventListener("input", () => { touched = true; marked(); });
  form.addEventListener("change", () => { touched = true; marked(); });
  marked();
}
