"""Requests per address (Flask-Limiter): far above what a table does, far below an abuser.

Five quotas, each a setting in requests per minute per client address (companion.config):
creating games and groups, writing rounds and players, importing, exporting, and drawing PDFs
and pictures (counted only when one is drawn: a filled sheet kept from an earlier request, or a 304,
costs nothing and counts nothing; a long game's sheet counts one more per 100 rounds, since
drawing takes time in proportion to the rounds). A refused
request gets 429 with a sentence and ``Retry-After`` (companion.http_answers) before its view runs,
so it stores nothing. The counts live in each worker's memory by default
(``RATELIMIT_STORAGE_URI = "memory://"``), so one address may reach the quota once per worker
(docs/decisions.md, issue 22); a shared store such as ``redis://host:6379`` counts exactly,
across workers and boxes (``pip install ".[redis]"`` brings its client). While that store does
not answer (within a second), each worker counts in its own memory instead, as by default,
logs one line ("falling back to in-memory storage") and looks again with growing pauses (up to
half a minute) until it is back: a request is never refused nor slowed because the store of
its count is away. The client address is ``REMOTE_ADDR``, which ProxyFix rewrites from
``X-Forwarded-For`` only when ``PROXIES`` says how many proxies to trust (companion.infra.security).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from flask import Flask, Response, current_app, g
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address

log = logging.getLogger(__name__)
WRITES = ["POST", "PUT", "PATCH", "DELETE"]
#: Setting → the endpoints it counts together, and the methods counted (None: all).
QUOTAS: dict[str, tuple[tuple[str, ...], list[str] | None]] = {
    "QUOTA_GAMES": (("api.create_game", "api_groups.create_group", "api_groups.add_game",
                     "api_groups.rematch", "games.new", "groups.new", "groups.add_game",
                     "groups.rematch", "groups.next_game", "api.create_edition",
                     "api.edit_edition", "editions.new", "editions.page"), WRITES),
    "QUOTA_WRITES": (("api.add_round", "api.undo", "api.edit", "api.add_player",
                      "api.rename_player", "api.remove_player", "api_groups.merge",
                      "api_groups.unmerge", "groups.merge", "groups.unmerge",
                      "games.add_round", "games.edit_round", "games.change_players",
                      "games.undo", "games.restore"), WRITES),
    "QUOTA_IMPORTS": (("api_groups.import_file", "groups.import_page"), WRITES),
    "QUOTA_EXPORTS": (("api_groups.export_game", "api_groups.export_game_csv",
                       "api_groups.export_group", "api_groups.export_group_csv"), None),
    "QUOTA_PRINTS": (("print.blank", "print.game_sheet", "share.standings"), None),
}
#: Quotas counted only for the requests that did the costly work (see :func:`drew`).
COUNTED_WHEN_DRAWN = frozenset({"QUOTA_PRINTS"})


#: Rounds a drawing may hold for the cost of one: a filled sheet costs one more per this many
#: rounds, so the quota bounds the time spent drawing, not the number of files.
ROUNDS_PER_PRINT = 100


def drew(rounds: int = 0) -> None:
    """This request drew what its quota counts (a PDF of ``rounds`` rounds), rather than
    sending one kept."""
    g.quota_cost = 1 + rounds // ROUNDS_PER_PRINT


def _drawn(_response: Response) -> bool:
    return "quota_cost" in g


def _cost() -> int:
    """What this request counts: before the view, 1 (is there room for any drawing?); after
    it, what the drawing cost."""
    return int(g.get("quota_cost", 1))


def _per_minute(setting: str) -> Callable[[], str]:
    """The quota read from the settings at each request, so a change needs no new code."""
    return lambda: f"{int(current_app.config[setting])} per minute"


class _Outages(logging.LoggerAdapter):  # type: ignore[type-arg]
    """Flask-Limiter's logger, whose lines about the store going and coming back are also
    said, once per outage and worker, in the app's log."""

    def __init__(self, logger: logging.Logger) -> None:
        super().__init__(logger, {})

    def log(self, level: int, msg: object, *args: Any, **kwargs: Any) -> None:
        said = str(msg)
        if said.startswith("Rate limit storage unreachable"):
            log.error("quotas: their store does not answer; each worker counts in its own "
                      "memory until it is back")
        elif said.startswith("Rate limit storage recovered"):
            log.warning("quotas: their store answers again")
        super().log(level, msg, *args, **kwargs)


def init_app(app: Flask) -> Limiter:
    """One limiter per app; every endpoint of a quota shares that quota's count."""
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", True)
    app.config.setdefault("RATELIMIT_IN_MEMORY_FALLBACK_ENABLED", True)
    if str(app.config["RATELIMIT_STORAGE_URI"]).startswith("redis"):
        # A store that does not answer must cost a request a second, not a worker's timeout.
        app.config.setdefault("RATELIMIT_STORAGE_OPTIONS",
                              {"socket_timeout": 1, "socket_connect_timeout": 1})
    limiter = Limiter(get_remote_address, app=app)
    # Its own log goes nowhere unless logging is set up: say the store's outages in ours.
    limiter.logger = _Outages(limiter.logger)  # type: ignore[assignment]
    # The wrapped views hold the limiter weakly: the app keeps it alive.
    app.extensions["companion_quotas"] = limiter
    for setting, (endpoints, methods) in QUOTAS.items():
        shared = limiter.shared_limit(
            _per_minute(setting), scope=setting.lower(), methods=methods,
            deduct_when=_drawn if setting in COUNTED_WHEN_DRAWN else None,
            cost=_cost if setting in COUNTED_WHEN_DRAWN else 1)
        for endpoint in endpoints:
            # Typed for async views too; ours are plain functions and stay so.
            app.view_functions[endpoint] = shared(  # type: ignore[assignment]
                app.view_functions[endpoint])
    return limiter
