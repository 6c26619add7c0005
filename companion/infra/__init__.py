"""The infrastructure underneath the app: what it runs on, not what it does.

The database (``storage``: the engine, the write lock, migrations on start; ``schema_commands``:
``flask db …``; ``extensions``: the Flask extensions, unbound), live updates (``live``: one
watcher per process), work kept off gevent's event loop (``green``, ``planning``: the hand
searches in a native thread; ``drawing``: PDFs and pictures in a process pool), the pages'
security headers and sealed session (``security``), what a log line may say
(``log_redaction``) and packages whose heavy code loads on first use (``lazy``).

Below the app's own layers and above the pure core (pyproject.toml's contract): nothing here
imports a service, a schema, a model or a page; the core imports nothing from here.
"""
