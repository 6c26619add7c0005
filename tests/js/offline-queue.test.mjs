// The offline queue's small rules that need no IndexedDB (static/offline-queue.js, imported as
// the pages and the service worker import it): when a send counts as lost, and what a page
// kept for offline use carries (its "last known state since" time).
import { test } from "node:test";
import assert from "node:assert/strict";
import { WAIT, sending, stamped } from "../../static/offline-queue.js";

test("a change being sent counts as sending for twice the wait, then as lost (sent again)", () => {
  const now = Date.now();
  assert.ok(!sending({ state: "waiting" }));
  assert.ok(sending({ sending: now - 1000 }));
  assert.ok(sending({ sending: now - 2 * WAIT + 1000 }));
  assert.ok(!sending({ sending: now - 2 * WAIT - 1000 }));
});

test("a page kept for offline use keeps its answer and says when it was fetched", async () => {
  const before = Date.now();
  const page = new Response("<p>sheet</p>", {
    status: 200, statusText: "OK", headers: { "Content-Type": "text/html; charset=utf-8" } });
  const copy = await stamped(page);
  assert.equal(copy.status, 200);
  assert.equal(copy.headers.get("Content-Type"), "text/html; charset=utf-8");
  assert.equal(await copy.text(), "<p>sheet</p>");
  const when = Date.parse(copy.headers.get("X-Companion-Stored"));
  assert.ok(when >= before - 1000 && when <= Date.now(), copy.headers.get("X-Companion-Stored"));
});
