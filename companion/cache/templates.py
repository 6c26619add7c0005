"""Templates compiled once per process, whatever the number of apps in it.

Jinja compiles a template the first time an environment renders it, and every app has its own
environment: a test process builds hundreds of apps, and each compiled the same templates
again (a quarter of a page test's time). The compiled code is kept in
``companion.cache.stores.templates``, under a key naming the template and the environment's
settings that shape its code; Jinja checks the source's checksum on every load, so a changed
template is compiled afresh.
"""

from __future__ import annotations

from hashlib import sha256

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket

from companion.cache import stores


class KeptTemplates(BytecodeCache):
    """Jinja's bytecode cache, in this process's stores."""

    def get_bucket(self, environment: Environment, name: str, filename: str | None,
                   source: str) -> Bucket:
        key = sha256("|".join((name, filename or "", _settings(environment))).encode())
        bucket = Bucket(environment, key.hexdigest(), self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: Bucket) -> None:
        code = stores.templates.find(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        stores.templates.put(bucket.key, bucket.bytecode_to_string())

    def clear(self) -> None:
        stores.templates.clear()


def _settings(environment: Environment) -> str:
    """What of an environment changes the code a template compiles to."""
    autoescape = environment.autoescape
    return repr((sorted(environment.extensions), getattr(autoescape, "__qualname__", autoescape),
                 environment.block_start_string, environment.variable_start_string,
                 environment.comment_start_string, environment.line_statement_prefix,
                 environment.trim_blocks, environment.lstrip_blocks, environment.optimized,
                 environment.newline_sequence, environment.keep_trailing_newline,
                 getattr(environment, "newstyle_gettext", None)))
