// Keeping the screen on (static/wake.js): whether the page should hold a screen wake lock,
// and what the switch remembered on this device says. Pure logic, unit-tested under node.

export const KEY = "companion.awake";

// The switch is on unless this device turned it off: the screen sleeping mid-round is what
// it is there to stop. A storage that cannot be read (private mode) counts as on.
export function wanted(storage) {
  try {
    return !storage || storage.getItem(KEY) !== "off";
  } catch (error) {
    return true;
  }
}

export function remember(storage, on) {
  try {
    if (storage) storage.setItem(KEY, on ? "on" : "off");
  } catch (error) { /* a full or closed storage: the switch holds for this page only */ }
}

// "take", "release" or "keep" (nothing to do). A lock is held only where the browser has the
// API, the page shows a sheet or round form that asks for it, the switch is on and the page is
// seen: the browser drops the lock when the page is hidden, and it is taken again on return.
export function step({ supported, asked, on, visible, held }) {
  const hold = Boolean(supported && asked && on && visible);
  if (hold && !held) return "take";
  if (!hold && held) return "release";
  return "keep";
}
