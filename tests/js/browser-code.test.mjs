// The shape of the browser code as a whole (static/*.js): one style, and every pure module
// tested here. A module is pure when Node imports it as it is (no DOM, nothing browser-only
// run on import); the others wire pages to those and fail on import for want of a browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const STATIC = new URL("../../static/", import.meta.url);
const HERE = new URL("./", import.meta.url);
// Where the browser loads each script from: the pages take them from /static/, the service
// worker from the site's root (companion/views/offline.py serves static/sw.js as /sw.js).
const SERVED = { "sw.js": "http://site/sw.js" };
const served = (name) => SERVED[name] || `http://site/static/${name}`;

const scripts = readdirSync(STATIC).filter((name) => name.endsWith(".js")).sort();
const source = (name) => readFileSync(new URL(name, STATIC), "utf8");

// The code without comments, strings and template text: what is left are the statements.
function code(text) {
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`/g,
    (match) => (match[0] === "/" ? " " : '""'));
}
const IMPORT = /^\s*(?:import|export)\s[^;]*?\bfrom\s+["']([^"']+)["']|^\s*import\s+["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']/gm;
const specifiers = (text) => Array.from(text.matchAll(IMPORT), (m) => m[1] || m[2] || m[3]);

test("the browser code is found (the folder above is right)", () => {
  assert.ok(scripts.includes("offline-queue.js") && scripts.includes("sw.js"), scripts.join());
});

test("variables are declared with const or let, never var", () => {
  const found = scripts.filter((name) => /(^|[^\w$.])var\s/.test(code(source(name))));
  assert.deepEqual(found, []);
});

test("the stripping above still sees declarations (this test's own check)", () => {
  assert.ok(/(^|[^\w$.])var\s/.test(code('let a = "var x";\nvar b = 1;')));
  assert.ok(!/(^|[^\w$.])var\s/.test(code('let a = "var x"; // var y\n/* var z */')));
});

test("one import style: relative to the address the browser loads the module from", () => {
  const wrong = [];
  for (const name of scripts) {
    for (const specifier of specifiers(source(name))) {
      const target = new URL(specifier, served(name));
      const file = target.pathname.replace(/^\/static\//, "");
      if (!specifier.startsWith("./") || !target.pathname.startsWith("/static/")
          || !scripts.includes(file)) {
        wrong.push(`${name}: "${specifier}"`);
      }
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(specifiers(source("sw.js")).length > 0, "the import pattern above is out of date");
});

// The modules a test file here imports from static/.
function tested() {
  const names = new Set();
  for (const file of readdirSync(HERE).filter((name) => /\.m?js$/.test(name))) {
    const relative = specifiers(readFileSync(new URL(file, HERE), "utf8"))
      .filter((specifier) => specifier.startsWith("."));
    for (const specifier of relative) {
      const target = fileURLToPath(new URL(specifier, HERE));
      if (target.startsWith(fileURLToPath(STATIC))) names.add(target.slice(fileURLToPath(STATIC).length));
    }
  }
  return names;
}

// What a page script that Node cannot run fails on: a browser-only global.
const BROWSER_ONLY = /\b(document|window|navigator|self|location|caches|indexedDB|localStorage) is not defined|Cannot find module '.*static\/static\//;

test("every pure module has its tests here; every other one fails only for want of a browser", async () => {
  const covered = tested(), untested = [], broken = [];
  for (const name of scripts) {
    try {
      await import(new URL(name, STATIC));
      if (!covered.has(name)) untested.push(name);
    } catch (error) {
      if (!BROWSER_ONLY.test(String(error && error.message))) broken.push(`${name}: ${error}`);
    }
  }
  assert.deepEqual(broken, []);
  assert.deepEqual(untested, []);
  assert.ok(covered.has("offline-queue.js"), "the import pattern above is out of date");
});
