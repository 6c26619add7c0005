"""The browser code's logic, unit-tested with Node's built-in test runner (``node --test``).

Every ``tests/js/*.test.mjs`` file runs in one Node process; a failing JS test fails this test
with Node's report. Node is Debian's ``nodejs`` (``.ci/run`` installs it; without it the test
is skipped with a message, as the browser tests are without Chromium)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

JS_TESTS = Path(__file__).resolve().parents[2] / "tests" / "js"


def test_the_browser_code_passes_its_node_unit_tests() -> None:
    node = shutil.which("node")
    if node is None:  # as the browser tests without Chromium: said, not hidden
        pytest.skip("Node.js is needed for the browser code's unit tests: apt-get install nodejs")
    files = sorted(str(path) for path in JS_TESTS.glob("*.test.mjs"))
    assert files, f"no JS unit tests found in {JS_TESTS}"
    run = subprocess.run([node, "--test", "--test-reporter=tap", *files], capture_output=True,
                         text=True, timeout=300, check=False)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-6000:]
    passed = re.search(r"^# pass (\d+)$", report, re.MULTILINE)
    assert passed and int(passed.group(1)) > 0, report[-2000:]  # a run of no tests is no pass
