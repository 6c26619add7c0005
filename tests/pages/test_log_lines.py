"""The app's own log lines say no key (companion.infra.log_redaction, issue 43): Flask's line
about a request that failed names its path, and an exception's text may hold a key; both show a
digest. tests/servers/test_logs.py reads a real gunicorn's access and error log."""

from __future__ import annotations

import logging

import pytest
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from companion.infra import log_redaction
from companion.models import new_key

KEY = new_key()


def test_a_key_becomes_its_digest_and_words_stay() -> None:
    line = f'"GET /games/{KEY}/round HTTP/1.1" 200 "https://p10.example/games/{KEY}"'
    redacted = log_redaction.redact(line)
    assert KEY not in redacted
    assert redacted.count(log_redaction.redact(KEY)) == 2
    assert log_redaction.redact(KEY) == log_redaction.redact(KEY) != log_redaction.redact(new_key())
    ordinary = '"GET /static/offline-queue.js?v=3 HTTP/1.1" 304 "Mozilla/5.0 (X11; Linux)"'
    assert log_redaction.redact(ordinary) == ordinary


@given(st.sampled_from(["/games/", "?next=/groups/", "/api/games/", " "]),
       st.text(alphabet="/?#& .", max_size=3))
def test_no_key_survives_whatever_stands_around_it(before: str, after: str) -> None:
    key = new_key()
    escaped = "".join(f"%{ord(char):02X}" for char in key[:5]) + key[5:]
    for spelled in (key, escaped, key.lower()):
        redacted = log_redaction.redact(before + spelled + after)
        assert spelled not in redacted and key[5:] not in redacted


def test_a_failed_request_is_logged_without_its_key(app: Flask, caplog: pytest.LogCaptureFixture,
                                                   ) -> None:
    def fails(key: str) -> str:
        raise RuntimeError(f"no luck with {key}")

    app.add_url_rule("/fails/<key>", view_func=fails)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    with caplog.at_level(logging.ERROR):
        assert app.test_client().get(f"/fails/{KEY}").status_code == 500
    [record] = [record for record in caplog.records if record.exc_info]
    assert record.getMessage() == f"Exception on /fails/{log_redaction.redact(KEY)} [GET]"
    written = logging.Formatter().format(record)
    assert "RuntimeError: no luck with key~" in written and KEY not in written
    assert KEY not in caplog.text


def test_any_logger_of_the_process_says_no_key(app: Flask, caplog: pytest.LogCaptureFixture,
                                               ) -> None:
    """The development server's request lines (werkzeug) and a library's own."""
    with caplog.at_level(logging.INFO):
        logging.getLogger("werkzeug").info('127.0.0.1 - - "%s /games/%s HTTP/1.1" 200 -',
                                           "GET", KEY)
        logging.getLogger("sqlalchemy.engine").warning("[parameters: (%r,)]", KEY)
    assert len(caplog.records) == 2 and KEY not in caplog.text
