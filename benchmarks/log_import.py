"""What importing a play log costs next to exporting the group it became (issue 44).

    python -m benchmarks.log_import [--plays 200] [--repeat 3] [--database URL]

(``--plays`` past the 1,000 games a group holds: how soon such a file is refused.)

A BG Stats log of ``--plays`` Phase 10 plays (3–6 players, plus as many plays of another
game) and BoardGameGeek's plays XML of the same Phase 10 plays are each imported through the
app (Flask's test client, ``POST /api/import``); the group the BG Stats log became is then
exported, as a BG Stats file and as the app's own file. Each figure is the fastest of
``--repeat``, in CPU seconds of this process (on PostgreSQL the server's own work is not
included; SQLite's is), with the wall time beside it. The ratios import / export are the
figures to keep at most 2. The app's own objects are set aside from the garbage collector
first, as gunicorn.conf.py does in every worker (``--no-freeze``: not).
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import tempfile

from benchmarks.import_cost import cpu
from companion import create_app
from companion.limits import MAX_GAMES
from tests.kits.logs import bgg_file, bgstats_file


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default=None)
    parser.add_argument("--no-freeze", action="store_true",
                        help="leave the app's objects to the garbage collector")
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    os.environ["COMPANION_INSTANCE_PATH"] = folder
    app = create_app({"SQLALCHEMY_DATABASE_URI": args.database
                      or f"sqlite:///{folder}/logs.sqlite",
                      "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
    client = app.test_client()
    client.get("/api/openapi.json")  # the app loaded as a worker serves it
    if not args.no_freeze:
        gc.freeze()  # as each gunicorn worker does once it has loaded the app
    log = bgstats_file(args.plays)
    body = json.dumps(log).encode()
    xml = bgg_file(log)
    if args.plays > MAX_GAMES:  # more Phase 10 plays than a group may hold: refused
        for name, send in (("BG Stats file", lambda: client.post(
                "/api/import", data=body, content_type="application/json")),
                           ("BoardGameGeek XML", lambda: client.post(
                "/api/import", data=xml, content_type="application/xml"))):
            refused = cpu(send, args.repeat)
            assert refused[2].status_code == 422, refused[2].get_json()
            print(f"{name}, {args.plays} Phase 10 plays: refused in {refused[0]:.3f} s CPU "
                  f"({refused[1]:.3f} s): {refused[2].get_json()['error']}")
        return

    imported = cpu(lambda: client.post("/api/import", data=body,
                                       content_type="application/json"), args.repeat)
    assert imported[2].status_code == 201, imported[2].get_json()
    group = imported[2].get_json()
    from_bgg = cpu(lambda: client.post("/api/import", data=xml,
                                       content_type="application/xml"), args.repeat)
    assert from_bgg[2].status_code == 201, from_bgg[2].get_json()
    assert len(from_bgg[2].get_json()["games"]) == args.plays
    as_bgstats = cpu(lambda: client.get(
        f"/api/groups/{group['view_id']}/export?format=bgstats"), args.repeat)
    as_own = cpu(lambda: client.get(f"/api/groups/{group['view_id']}/export"), args.repeat)

    print(f"{args.plays} Phase 10 plays (3-6 players); the fastest of {args.repeat}, "
          f"CPU seconds (wall)")
    print(f"import BG Stats file ({len(body) / 1024:.0f} KB, {args.plays} other plays "
          f"skipped: {group['skipped']}): {imported[0]:.3f} s ({imported[1]:.3f} s), "
          f"{imported[0] / args.plays * 1000:.2f} ms a game")
    print(f"import BoardGameGeek XML ({len(xml) / 1024:.0f} KB): {from_bgg[0]:.3f} s "
          f"({from_bgg[1]:.3f} s)")
    print(f"export the group as a BG Stats file "
          f"({len(as_bgstats[2].data) / 1024:.0f} KB): {as_bgstats[0]:.3f} s "
          f"({as_bgstats[1]:.3f} s)")
    print(f"export the group as the app's own file ({len(as_own[2].data) / 1024:.0f} KB): "
          f"{as_own[0]:.3f} s ({as_own[1]:.3f} s)")
    print(f"import / export (BG Stats file): BG Stats {imported[0] / as_bgstats[0]:.2f}, "
          f"BoardGameGeek {from_bgg[0] / as_bgstats[0]:.2f} (target: at most 2)")
    print(f"import / export (own file): BG Stats {imported[0] / as_own[0]:.2f}, "
          f"BoardGameGeek {from_bgg[0] / as_own[0]:.2f}")


if __name__ == "__main__":
    main()
