"""The JSON API (docs/API.md): one package, a module per feature.

``common`` holds the ``api`` blueprint, the request body, the locked game and the answer
after a write (refusals are answered by companion.http_answers); ``checker``, ``outs``, ``games``
and ``players`` add their routes to it; ``groups`` is the ``api_groups`` blueprint;
``openapi`` documents them all."""

from __future__ import annotations

from flask import Flask


def register(app: Flask) -> None:
    """Both JSON blueprints, with every route of every module on them."""
    from companion.api import checker, common, editions, games, groups, openapi, outs, players

    del checker, editions, games, openapi, outs, players  # imported for the routes they add
    app.register_blueprint(common.bp)
    app.register_blueprint(groups.bp)
