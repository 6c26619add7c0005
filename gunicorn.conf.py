"""Production settings for gunicorn, which reads this file by itself from the working directory.

From the repository root, ``gunicorn "companion:create_app()"`` is the whole command. The
environment adjusts it: ``COMPANION_BIND`` (address:port, default 0.0.0.0:8000),
``WEB_CONCURRENCY`` (worker processes), ``COMPANION_THREADS`` (threads per worker) and
``FORWARDED_ALLOW_IPS`` (proxies whose X-Forwarded-Proto gunicorn believes). Options given on
the command line win over this file.
"""

import multiprocessing
import os

bind = [os.environ.get("COMPANION_BIND", "0.0.0.0:8000")]
workers = int(os.environ.get("WEB_CONCURRENCY", min(2 * multiprocessing.cpu_count() + 1, 8)))
worker_class = "gthread"
threads = int(os.environ.get("COMPANION_THREADS", "4"))
# The app is built (and the schema migrated) once, in the master, before the workers fork;
# every database connection is renewed in each worker (companion.storage).
preload_app = True
timeout = 30
graceful_timeout = 20
keepalive = 5
# Behind a TLS-terminating proxy on this machine, requests it marks as HTTPS are HTTPS: the
# session cookie is then Secure and answers carry HSTS.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
accesslog = "-"
errorlog = "-"
