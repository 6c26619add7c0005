"""The app factory: configuration, extensions and blueprints."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from flask import Flask, Request, Response, request
from flask.ctx import AppContext, _sentinel
from werkzeug.routing import MapAdapter

from companion import config
from companion.cache.url_rules import KeptRule
from companion.editions import resolving as edition_resolving
from companion.infra import log_redaction, security
from companion.infra.extensions import babel, compress, csrf, db

PACKAGE = Path(__file__).resolve().parent
#: A built wheel carries the templates and static files inside the package (setup.py maps the
#: top-level folders there); a checkout, editable install included, keeps them beside it.
BUNDLED = (PACKAGE / "templates").is_dir()
HOME = PACKAGE if BUNDLED else PACKAGE.parent


def _buffer_static_files(response: Response) -> Response:
    """Read small static files into memory so they are compressed as a whole.

    Flask streams static files from an open file; compressing that stream would leave the file
    open. Our CSS and JS are a few kilobytes, so reading them is cheaper than streaming anyway.
    """
    if request.endpoint == "static" and response.status_code == 200:
        response.direct_passthrough = False
        response.make_sequence()
    return response


def _private_folder(path: Path) -> None:
    """The instance folder for the app's user alone (0700), also when it was there already
    (a clone of the repository has one, 0755): it holds the secret key and the scores. A
    folder of another user (a shared path set by an administrator) keeps its mode."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    status = path.stat()
    if status.st_uid == os.getuid() and status.st_mode & 0o077:
        path.chmod(0o700)


def _own_files(app: Flask) -> None:
    """The instance folder, the secret key and the SQLite file, made on the first start for
    the app's user alone (0700, 0600). A place it cannot write stops the start with one
    sentence that says which and what to do, rather than a traceback."""
    try:
        _private_folder(Path(app.instance_path))
        if not app.config.get("SECRET_KEY"):
            app.config["SECRET_KEY"] = config.instance_secret_key(app.instance_path)
        database = config.sqlite_file(app.config["SQLALCHEMY_DATABASE_URI"])
        if database is not None:
            config.create_sqlite_file(database)
            if not os.access(database.parent, os.W_OK):  # SQLite's journal goes beside it
                raise PermissionError(13, os.strerror(13), str(database.parent))
    except OSError as error:
        where = error.filename or app.instance_path
        raise SystemExit(
            f"Phase 10 Companion cannot start: it cannot write {where} ({error.strerror}); "
            "give the user that runs it write access there, or set COMPANION_INSTANCE_PATH "
            "(and DATABASE_URL) to a folder it can write.") from None


def _instance_path() -> str | None:
    """COMPANION_INSTANCE_PATH, else instance/ in a checkout; an installed copy never writes
    into site-packages: it takes Flask's own place, <prefix>/var/companion.app-instance."""
    configured = os.environ.get("COMPANION_INSTANCE_PATH")
    if configured:
        return configured
    return None if BUNDLED else str(PACKAGE.parent / "instance")


#: The app's own lookups of editions the registry does not hold (house rules in its database).
EDITION_RESOLVERS = "companion_edition_resolvers"


class _AppContext(AppContext):
    """An app's context: while it is pushed, editions.get() finds the app's house rules."""

    def push(self) -> None:
        super().push()
        resolving = edition_resolving(self.app.extensions.get(EDITION_RESOLVERS, ()))
        resolving.__enter__()
        self._resolving = resolving

    def pop(self, exc: BaseException | None = _sentinel) -> None:  # type: ignore[assignment]
        self._resolving.__exit__(None, None, None)
        super().pop(exc)


class _Flask(Flask):
    url_rule_class = KeptRule  # URL builders compiled once per process, not once per app

    def create_url_adapter(self, request: Request | None) -> MapAdapter | None:
        """Links on COMPANION_PUBLIC_URL when it is set, its scheme included (security)."""
        return security.public_links(self, super().create_url_adapter(request))

    def app_context(self) -> AppContext:
        return _AppContext(self)


def build(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Defaults, then instance/config.py, then the environment, then ``test_config``."""
    log_redaction.install()  # no log line of this process says a key
    app = _Flask(
        __name__,
        instance_path=_instance_path(),
        instance_relative_config=True,
        template_folder=str(HOME / "templates"),
        static_folder=str(HOME / "static"),
    )
    app.config.from_mapping(config.defaults(app.instance_path))
    app.config.from_pyfile("config.py", silent=True)
    app.config.from_mapping(config.from_environment())
    if test_config is not None:
        app.config.from_mapping(test_config)
    _own_files(app)

    from companion.guards import outage

    outage.init_app(app)  # the timeouts go into the engine options before it is made
    db.init_app(app)
    app.teardown_appcontext(outage.forget_session)
    csrf.init_app(app)
    compress.init_app(app)
    security.init_app(app)
    from companion.guards import deadline

    deadline.init_app(app)
    app.after_request(_buffer_static_files)  # runs before compression (reverse order)
    from companion.i18n import select_locale, setup_i18n

    babel.init_app(app, locale_selector=select_locale)
    setup_i18n(app)
    from companion import limits

    app.jinja_env.globals["limits"] = limits  # maxlength and the like in templates
    from companion.cache import stores
    from companion.cache.pages import here

    app.jinja_env.globals["here"] = here  # the language switch's way back
    from companion.cache.templates import KeptTemplates

    app.jinja_env.bytecode_cache = KeptTemplates()  # compiled once per process, not per app
    stores.init_app(app)  # the app's own, under its KEPT_BYTES

    from companion import api, http_answers, views

    api.register(app)
    from companion.views import groups

    app.register_blueprint(groups.bp)
    views.register(app)
    http_answers.register(app)
    from companion.guards import quotas

    quotas.init_app(app)

    from companion import models  # noqa: F401  (migrations compare the models)
    from companion.infra import storage
    from companion.services import reading

    storage.init_app(app)
    with app.app_context():
        reading.init_reads(app, db.engine)  # the read side's pool
    from companion.services.editions import resolve

    app.extensions[EDITION_RESOLVERS] = (resolve,)  # the house rules in its database
    return app


def warm() -> None:
    """Do once, in gunicorn's master before it forks the workers, what every worker's first
    pages would otherwise do again: compile every template (kept per process,
    companion.cache.templates), about a quarter of a second of CPU per worker, and as much
    sooner a first page after each start. The OpenAPI document stays for its first request:
    few ask for it. The app built for it (an in-memory SQLite database, nothing migrated) is
    dropped: each worker builds its own."""
    app = build({"SQLALCHEMY_DATABASE_URI": "sqlite://", "MIGRATE_ON_START": 0,
                 "SECRET_KEY": "warm-up"})
    for name in app.jinja_env.list_templates():
        app.jinja_env.get_template(name)
    with app.app_context():
        db.engine.dispose()
