"""Production settings for gunicorn, which reads this file by itself from the working directory.

From the repository root, ``gunicorn "companion:create_app()"`` is the whole command. The
environment adjusts it: ``COMPANION_BIND`` (address:port; by default 127.0.0.1:8000, this
machine only, for a proxy in front; ``0.0.0.0:8000`` serves every interface),
``WEB_CONCURRENCY`` (worker processes), ``COMPANION_CONNECTIONS`` (open connections per
worker), ``FORWARDED_ALLOW_IPS`` (proxies whose X-Forwarded-Proto gunicorn believes) and
``COMPANION_CONTROL_SOCKET`` (a path for gunicorn's control socket; none by default).
Options given on the command line win over this file.

Worker model: every open sheet keeps a live stream (Server-Sent Events) that is idle almost all
the time, so a worker must hold thousands of idle connections without a thread each. gevent
workers do: each connection is a greenlet, and gunicorn patches the standard library
(sockets, threads, select) when a worker starts, so waiting is cooperative. psycopg 3 (3.1.14
and later) waits cooperatively once ``select`` is patched, but it decides so when it is first
imported. Hence no ``preload_app``: the app (and psycopg with it) is imported in each worker,
after the patching, never in the master. The schema is still migrated once before the workers
start: the master forks a short-lived child that runs it (``on_starting``), and the
workers then skip it.
"""

import multiprocessing
import os
import resource
import sys

bind = [os.environ.get("COMPANION_BIND", "127.0.0.1:8000")]
worker_class = "gevent"
# Python runs on one core per process; a second process per core covers the moments a worker
# spends in a blocking C call (SQLite) or rendering a page.
workers = int(os.environ.get("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count(), 8)))
worker_connections = int(os.environ.get("COMPANION_CONNECTIONS", "10000"))
preload_app = False
timeout = 30
graceful_timeout = 20
keepalive = 5
# Behind a TLS-terminating proxy on this machine, requests it marks as HTTPS are HTTPS: the
# session cookie is then Secure and answers carry HSTS.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
# gunicorn's own access log format; the request line and the Referer hold game links, whose
# keys every log record of the process shows only as a digest (companion.infra.log_redaction,
# installed below).
accesslog = "-"
errorlog = "-"
# gunicorn's control interface (gunicornc) is one socket path in the user's home folder,
# shared by every gunicorn that user runs: two instances on one box would take each other's.
# The app needs none; COMPANION_CONTROL_SOCKET gives it a path of its own when wanted.
control_socket = os.environ.get("COMPANION_CONTROL_SOCKET", "")
control_socket_disable = not control_socket

# Every connection is a file descriptor: allow as many as the system lets this user have.
_soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
_wanted = 65536 if _hard == resource.RLIM_INFINITY else _hard
if _soft != resource.RLIM_INFINITY and _soft < _wanted:
    resource.setrlimit(resource.RLIMIT_NOFILE, (_wanted, _hard))


def _redact_keys() -> None:
    """No log line says an edit or view key: gunicorn's (access and error logs, master and
    workers, which inherit it when forked) and the app's (companion.infra.log_redaction).
    Standard library only, so the master may import it."""
    from companion.infra import log_redaction

    log_redaction.install()


def _without_server_header() -> None:
    """Answers say nothing of the server that made them: gunicorn writes ``Server: gunicorn``
    on every answer and has no setting to leave it out, so its response's default headers
    lose that line (the workers inherit the change when forked)."""
    from gunicorn.http import wsgi

    default_headers = wsgi.Response.default_headers
    if getattr(default_headers, "without_server", False):
        return

    def headers(self):  # type: ignore[no-untyped-def]
        return [line for line in default_headers(self)
                if not line.lower().startswith("server:")]

    headers.without_server = True  # type: ignore[attr-defined]
    wsgi.Response.default_headers = headers


_redact_keys()
_without_server_header()


def _import_modules() -> None:
    """Import the app's modules (not the app) in the master, so that each worker, forked with
    them in memory, boots in a moment. None of them may import psycopg: that happens when the
    app is built, in the worker, after gevent patched the standard library."""
    import importlib
    import pkgutil

    import companion

    for module in pkgutil.walk_packages(companion.__path__, "companion."):
        if not module.name.startswith("companion.migrations"):
            importlib.import_module(module.name)


def _migrate() -> None:
    """Build the app once (which brings the schema up to date) in a child forked from the
    master with the modules already loaded, as the workers will be: it costs the child no
    interpreter start and no imports. What the child imports (psycopg) goes with it."""
    child = os.fork()
    if child == 0:
        status = 1
        try:
            from companion import create_app
            from companion.infra.extensions import db

            with create_app().app_context():
                db.engine.dispose()
            status = 0
        except BaseException:
            import traceback

            traceback.print_exc()
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
            os._exit(status)  # the master's exit handlers are the master's
    _, status = os.waitpid(child, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError("the schema could not be brought up to date (see above)")


def on_starting(server):  # type: ignore[no-untyped-def]
    """Load the modules, migrate the schema once (create_app does) in a forked child, then do
    what every worker's first requests would (companion.app.warm)."""
    _import_modules()
    if os.environ.get("COMPANION_MIGRATE_ON_START", "1").strip() != "0":
        _migrate()
        # Done: the workers need not look again.
        os.environ["COMPANION_MIGRATE_ON_START"] = "0"
    from companion.app import warm

    warm()
    if "psycopg" in sys.modules:
        raise RuntimeError("the master imported psycopg (a companion module, or the warm-up): "
                           "gevent workers would block on the database; import it where the "
                           "app is built instead")


def post_fork(server, worker):  # type: ignore[no-untyped-def]
    """A worker told to stop while it still boots stops as soon as it has booted. Until it
    sets up its own signal handlers a new worker has the master's, which only queue a signal
    for the master's loop it will never run: a TERM sent to the process group, or by a master
    stopped right after it started, was lost, and the worker ran on until the graceful timeout
    killed it 20 s later."""
    import queue
    import signal

    stopping = (signal.SIGTERM, signal.SIGINT, signal.SIGQUIT)

    def stop(number, frame):  # type: ignore[no-untyped-def]
        worker.alive = False

    for number in stopping:
        signal.signal(number, stop)
    # What came between the fork and now sits in this process's copy of the master's queue.
    while True:
        try:
            if server.SIG_QUEUE.get_nowait() in stopping:
                worker.alive = False
        except queue.Empty:
            break


def post_worker_init(worker):  # type: ignore[no-untyped-def]
    """End the worker's live streams as soon as it is told to stop (a deploy, a restart, a
    worker recycled): a stream never ends by itself, so each would otherwise hold the worker
    for all of ``graceful_timeout``, and its phone would hear nothing meanwhile. The phones
    reconnect at once, to the workers that stay. A thread is a greenlet in a gevent worker.

    And set what the app loaded aside from the garbage collector (``gc.freeze``): it lives as
    long as the worker, and every full collection scanned all of it (about 143,000 objects: up
    to 80 ms measured on a loaded machine, almost nothing once frozen), holding the worker's
    loop and every request on it; a request that makes many objects (an import) sets such
    collections off."""
    import gc
    import threading
    import time

    from companion.infra import live

    gc.freeze()

    def watch() -> None:
        while worker.alive:
            time.sleep(0.2)
        live.end_streams()

    threading.Thread(target=watch, name="companion-streams-end", daemon=True).start()
