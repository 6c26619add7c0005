"""What starting the app costs in CPU, as a ratio to importing the libraries it stands on.

    python -m benchmarks.startup [--repeat 5]

Each figure is measured in fresh Python processes (the CPU time, user + system, of the work
itself, the interpreter's own start left out), ``--repeat`` times, and the median printed:

- libraries: importing Flask, Flask-SQLAlchemy, SQLAlchemy (its ORM), pydantic, WTForms,
  Flask-WTF, Flask-Babel and reportlab, each as far as the app uses it (``import pydantic`` or
  ``import reportlab`` alone loads almost nothing: pydantic's models and reportlab's page
  layout, which the app uses, load with ``pydantic.BaseModel`` and ``reportlab.platypus``);
- start-up: ``create_app()`` from nothing (its imports included) on a SQLite database already
  migrated, as a CLI call or ``flask run`` does (it checks the schema), and as a gunicorn
  worker does (``COMPANION_MIGRATE_ON_START=0``: the master migrated before forking);
- first OpenAPI document: what the first GET /api/openapi.json adds (it is built then, once).

Target: start-up at most 1.5 times the libraries.
"""

from __future__ import annotations

import argparse
import compileall
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LIBRARIES = ("flask", "flask_sqlalchemy", "sqlalchemy.orm", "wtforms", "flask_wtf",
             "flask_babel", "reportlab.platypus", "reportlab.pdfgen.canvas")

#: Each script prints the CPU seconds of its own work.
MEASURE = "import time\nstart = time.process_time()\n{work}\nprint(time.process_time() - start)"
IMPORTS = "\n".join([*(f"import {name}" for name in LIBRARIES), "from pydantic import BaseModel"])
START = "from companion import create_app\napp = create_app()"
OPENAPI = (START + "\nclient = app.test_client()\nstart = time.process_time()\n"
           "assert client.get('/api/openapi.json').status_code == 200")


def cpu(work: str, environment: dict[str, str]) -> float:
    answer = subprocess.run([sys.executable, "-c", MEASURE.format(work=work)], cwd=ROOT,
                            env=environment, check=True, capture_output=True, text=True)
    return float(answer.stdout.split()[-1])


def median(work: str, environment: dict[str, str], repeat: int) -> float:
    return statistics.median(cpu(work, environment) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    repeat = parser.parse_args().repeat
    with tempfile.TemporaryDirectory() as folder:
        environment = {**os.environ, "COMPANION_INSTANCE_PATH": folder, "SECRET_KEY": "bench",
                       "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite",
                       "PYTHONPATH": str(ROOT)}
        # As deployed: pip compiles a wheel's modules when it installs it, so a process reads
        # bytecode; a PYTHONDONTWRITEBYTECODE here would have every run compile from source.
        environment.pop("PYTHONDONTWRITEBYTECODE", None)
        compileall.compile_dir(ROOT / "companion", quiet=1)
        cpu(START, environment)  # migrates the database once
        libraries = median(IMPORTS, environment, repeat)
        startup = median(START, environment, repeat)
        worker = median(START, {**environment, "COMPANION_MIGRATE_ON_START": "0"}, repeat)
        openapi = median(OPENAPI, environment, repeat)
    print(f"importing the libraries   {libraries * 1000:7.0f} ms CPU")
    print(f"create_app()              {startup * 1000:7.0f} ms CPU   "
          f"{startup / libraries:.2f}x the libraries (target <= 1.5)")
    print(f"  in a gunicorn worker    {worker * 1000:7.0f} ms CPU   "
          f"{worker / libraries:.2f}x the libraries (target <= 1.5)")
    print(f"first /api/openapi.json   {openapi * 1000:7.0f} ms CPU   "
          f"{openapi / libraries:.2f}x the libraries")


if __name__ == "__main__":
    main()
