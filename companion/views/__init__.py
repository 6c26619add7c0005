"""Page blueprints: thin views over the services and the rules engine."""

from flask import Flask


def register(app: Flask) -> None:
    from companion.views import (
        checker,
        editions,
        evening,
        games,
        main,
        offline,
        printing,
        sharing,
    )

    for module in (main, checker, games, printing, sharing, offline, editions, evening):
        app.register_blueprint(module.bp)
