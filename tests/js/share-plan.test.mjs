// Sharing a finished game's result (static/share-plan.js): which way a phone shares, and what
// its share sheet is given.
import { test } from "node:test";
import assert from "node:assert/strict";
import { afterFailure, shareData, way } from "../../static/share-plan.js";

const picture = { name: "phase10-standings.png", type: "image/png" };

test("a phone with a share sheet shares; else the clipboard; else the text is copied by hand", () => {
  assert.equal(way({ share() {}, clipboard: { writeText() {} } }), "share");
  assert.equal(way({ clipboard: { writeText() {} } }), "copy");
  assert.equal(way({}), "by-hand");  // plain HTTP: neither API
  assert.equal(way(undefined), "by-hand");
});

test("the picture goes along only where canShare takes files", () => {
  assert.deepEqual(shareData("Ann wins!", picture, () => true),
                   { text: "Ann wins!", files: [picture] });
  assert.deepEqual(shareData("Ann wins!", picture, () => false), { text: "Ann wins!" });
  assert.deepEqual(shareData("Ann wins!", picture, undefined), { text: "Ann wins!" });
  assert.deepEqual(shareData("Ann wins!", null, () => true), { text: "Ann wins!" });
  const throws = () => { throw new TypeError("files"); };
  assert.deepEqual(shareData("Ann wins!", picture, throws), { text: "Ann wins!" });
});

test("closing the share sheet stops; any other failure copies the text instead", () => {
  assert.equal(afterFailure({ name: "AbortError" }), "stop");
  assert.equal(afterFailure({ name: "NotAllowedError" }), "copy");
  assert.equal(afterFailure(undefined), "copy");
});
