"""scripts/record_answers.py: two recordings of one commit are equal, what varies between runs
is replaced and nothing else, and a changed answer shows in the comparison."""

from __future__ import annotations

import re
import secrets
from pathlib import Path

import pytest

from scripts import record_answers as recorder


def test_what_varies_per_request_becomes_a_placeholder() -> None:
    keys = recorder.Keys()
    token = (b"IjIxODdmODAxNWFlMWIyNWM0NzI5MGMyZjlhZGQzMjhkN2E5YjVjNmMi"
             b".awfq-g.N4liXa5VrOIFiOaJna4pZOc8Dck")
    page = b'<input name="csrf_token" value="' + token + b'"><script nonce="r4nd0m+/=">'
    assert recorder.normalise(page, keys, "text/html") == (
        b'<input name="csrf_token" value="<csrf>"><script nonce-<nonce>>')
    pdf = b"/CreationDate (D:20260314193137+00'00') /ID [<0a1b><2c3d>] /Title (Sheet)"
    assert recorder.normalise(pdf, keys, "application/pdf") == (
        b"/CreationDate <varies> /ID <varies> /Title (Sheet)")


def test_links_are_named_by_the_order_they_were_drawn_and_words_are_left_alone() -> None:
    keys = recorder.Keys()
    with recorder.seeded_links(keys):
        first, second = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
    stranger = "A" * 40 + "_b9"
    body = f'{{"view": "{second}", "id": "{first}", "other": "{stranger}"}}'.encode()
    assert keys.replace(body) == b'{"view": "<link-2>", "id": "<link-1>", "other": "<key-1>"}'
    word = b"Donaudampfschifffahrtsgesellschaftskapitaen"  # 43 letters, no digit: a word
    assert keys.replace(word) == word
    assert secrets.token_urlsafe(32) not in (first, second)  # the real generator is back


def test_a_changed_answer_is_listed_with_its_diff(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    before, after = tmp_path / "before", tmp_path / "after"
    for folder, text in ((before, "Started"), (after, "Started:")):
        folder.mkdir()
        (folder / "001-GET-games.txt").write_bytes(b"GET /games\nstatus: 200\n\n<p>"
                                                   + text.encode() + b" 7:31 PM</p>")
        (folder / "002-GET-print.txt").write_bytes(b"GET /print\nstatus: 200\n\nsame")
    assert recorder.compare(before, before) == 0
    assert recorder.compare(before, after) == 1
    shown = capsys.readouterr().out
    assert "== 001-GET-games.txt" in shown and "002-GET-print" not in shown
    assert "-<p>Started 7:31 PM</p>" in shown and "+<p>Started: 7:31 PM</p>" in shown
    assert shown.rstrip().endswith("2 requests, 1 differ")


@pytest.mark.slow
def test_two_recordings_of_one_commit_are_equal(tmp_path: Path) -> None:
    counts = [recorder.record(tmp_path / name) for name in ("first", "second")]
    assert counts[0] == counts[1] > 250
    assert recorder.compare(tmp_path / "first", tmp_path / "second") == 0
    statuses = {re.search(rb"^status: (\d+)$", path.read_bytes(), re.MULTILINE).group(1)
                for path in (tmp_path / "first").glob("*.txt")}
    assert {b"200", b"201", b"303", b"400", b"404", b"409", b"422"} <= statuses
