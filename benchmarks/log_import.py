"""What importing a play log costs next to exporting the group it became (issue 44).

    python -m benchmarks.log_import [--plays 200] [--repeat 3] [--database URL]

A BG Stats log of ``--plays`` Phase 10 plays (3–6 players, plus as many plays of another
game) and BoardGameGeek's plays XML of the same Phase 10 plays are each imported through the
app (Flask's test client, ``POST /api/import``); the group the BG Stats log became is then
exported, as a BG Stats file and as the app's own file. Each figure is the fastest of
``--repeat``, in CPU seconds of this process (on PostgreSQL the server's own work is not
included; SQLite's is), with the wall time beside it. The ratios import / export are the
figures to keep at most 2.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
from typing import Any

from benchmarks.import_cost import cpu
from companion import create_app
from tests.kits.logs import bgstats, play

NAMES = ["Ann", "Ben", "Cleo", "Dan", "Eve", "Fay", "Gus", "Hal"]


def bgstats_file(plays: int) -> dict[str, Any]:
    """``plays`` Phase 10 plays, each followed by a play of another game (UNO)."""
    rng = random.Random(44)
    found = []
    for number in range(plays * 2):
        seated = rng.sample(range(1, len(NAMES) + 1), rng.randint(3, 6))
        scores = [(player, str(5 * rng.randint(0, 60)), None, seat == 0)
                  for seat, player in enumerate(seated)]
        day = 1 + number % 28
        found.append(play(scores, game=1 if number % 2 == 0 else 2,
                          date=f"2026-02-{day:02d} 19:{number % 60:02d}:00"))
    return bgstats(found, players=NAMES)


def bgg_file(log: dict[str, Any]) -> bytes:
    """The Phase 10 plays of the BG Stats ``log`` as BoardGameGeek writes them."""
    rows = []
    for number, entry in enumerate(log["plays"]):
        if entry["gameRefId"] != 1:
            continue
        players = "".join(
            f'<player name="{NAMES[score["playerRefId"] - 1]}" score="{score["score"]}" '
            f'win="{int(score["winner"])}" startposition="{score["seatOrder"] + 1}"/>'
            for score in entry["playerScores"])
        rows.append(f'<play id="{number}" date="{entry["playDate"][:10]}" quantity="1" '
                    f'length="{entry["durationMin"]}" incomplete="0">'
                    f'<item name="Phase 10" objecttype="thing" objectid="1258"/>'
                    f'<players>{players}</players></play>')
    return f'<?xml version="1.0" encoding="utf-8"?><plays>{"".join(rows)}</plays>'.encode()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--database", default=None)
    args = parser.parse_args()
    folder = tempfile.mkdtemp()
    os.environ["COMPANION_INSTANCE_PATH"] = folder
    app = create_app({"SQLALCHEMY_DATABASE_URI": args.database
                      or f"sqlite:///{folder}/logs.sqlite",
                      "SECRET_KEY": "bench", "RATELIMIT_ENABLED": False})
    client = app.test_client()
    log = bgstats_file(args.plays)
    body = json.dumps(log).encode()
    xml = bgg_file(log)

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
