"""Time the group page of a group with 200 six-player games against the cheapest rejected request.

    python -m benchmarks.groups [--games 200 | --games 80,800,8000] [--repeat 5] [--database URL]

Builds the group through the services (6 players a game, played to the end except every fourth
game, which stops after 6 rounds; every tenth a board game; 8 games an evening, one evening a
week, or with ``--evening 0`` all of them tonight: the evening the page shows is then as long
as it gets, companion.services.seating.EVENING_GAMES), then times through Flask's test
client, in the same run as the 415 answer to a POST to /api/check that is not JSON:

- GET /groups/<key>: the page as everybody sees it between two changes (the newest 25 games,
  the records and charts, derived once per change and kept in memory by fingerprint);
- GET /groups/<key>?all=1 (all 200 games listed) and GET /api/groups/<key>;
- the first view after a change: the newest finished game's last round undone, or entered
  again, which takes its finish out of the records or puts it back (the group's tallies are
  kept with the write, companion.services.group_records: nothing is replayed), then the
  page; and the
  change itself;
- the same after a round of the newest game in progress, which leaves the records as they
  are (only the list is drawn again).

Prints the SQL queries per page and the ratios to the rejected request (the target is 20),
with several sizes a table of each figure's ratio per size at the end (does it grow with
the group's history?),
and what head-to-head costs (issue 24): the first page view and the first group JSON after a
change (both carry it), its own part of a first view, and its statements in a change; and
what the ratings cost (issue 45; every view above carries them): their statements in a
change, and the first view after a merge, which rates every game of the group again.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import UTC, datetime, timedelta

from sqlalchemy import event

from benchmarks.solver import timed as fastest_us
from companion import create_app, editions, models, scoring
from companion.infra.extensions import db
from companion.services import groups, work
from companion.services.games import (
    create_game,
    lock_game,
    record_round,
    rounds_of,
    sheet_of,
    undo_last,
)

NAMES = ("Michaela", "Horst", "Petra", "Thomas", "Alexandra", "Jo")


def card_round(number: int, offset: int) -> scoring.Round:
    results = []
    for seat, name in enumerate(NAMES):
        went_out = seat == (number + offset) % len(NAMES)
        laid = went_out or (seat + number + offset) % 3 != 0
        points = 0 if went_out else (5 * (seat + 1) if laid else 50 + 5 * seat)
        results.append(scoring.Result(name, laid, points, went_out))
    return scoring.Round(tuple(results))


def board_round(number: int, offset: int) -> scoring.Round:
    ender = (number + offset) % len(NAMES)
    return scoring.Round(tuple(
        scoring.Result(name, seat == ender or (seat + number) % 2 == 0, None, seat == ender)
        for seat, name in enumerate(NAMES)))


def build_group(games: int, evening: int = 8) -> str:
    """A group of ``games`` games, ``evening`` of them a week, an hour apart (0: all of them
    now, one evening as long as the group's history)."""
    with work.unit():
        group = groups.create_group("Benchmark")
    first = datetime.now(UTC).replace(tzinfo=None) - timedelta(days=7 * (games // evening + 1)
                                                                if evening else 0)
    for index in range(games):
        board = index % 10 == 9
        with work.unit():  # one game a unit, as an import of it
            game = create_game(scoring.GameSpec(
                editions.get("board") if board else editions.get("original"), NAMES))
            game.group_id = group.id
            if evening:
                game.created_at = first + timedelta(days=7 * (index // evening),
                                                    hours=index % evening)
            rounds = 6 if index % 4 == 3 else 40
            for number in range(rounds):
                if sheet_of(game).status == "finished":
                    break
                new = (board_round if board else card_round)(number, index)
                record_round(game, new, confirm=True)
    return group.edit_key


def timed(call, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """Fastest of ``repeat`` calls, in milliseconds."""
    return float(fastest_us(call, repeat)) / 1000


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", default="200",
                        help="the group's size, or several (80,800): a growth table at the end")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--database", default=None)
    parser.add_argument("--evening", type=int, default=8,
                        help="games a week, an hour apart (0: the whole history tonight)")
    args = parser.parse_args()
    sizes = [int(size) for size in args.games.split(",")]
    figures = []
    for games in sizes:
        began = time.perf_counter()
        figures.append(measure(games, args.repeat, args.database, args.evening))
        print(f"(built and measured in {time.perf_counter() - began:.0f} s)\n")
    if len(sizes) > 1:
        growth(sizes, figures)


#: The figures of the growth table, as (label, key) in the order printed.
GROWTH = (("GET /groups/<key> (page, kept)", "page"),
          ("GET /api/groups/<key> (kept)", "api"),
          ("first view after a change", "first_view"),
          ("first group JSON after a change", "first_json"),
          ("first view after a round", "round_view"),
          ("the change (undo / finish again)", "write"),
          ("ratings' part of a first view", "ratings"),
          ("first view after a merge", "rerated"))


def growth(sizes: list[int], figures: list[dict[str, float]]) -> None:
    """Each figure as a ratio to the rejected request of its own run, per group size."""
    print("growth with the group's games: x the rejected request (415) of the same run")
    print(f"{'':<34}" + "".join(f"{size:>9}" for size in sizes))
    for label, name in GROWTH:
        print(f"{label:<34}" + "".join(f"{found[name] / found['floor']:>8.1f}x"
                                        for found in figures))
    print(f"{'  ratings in the group JSON':<34}" + "".join(
        f"{int(found['rated_people']):>9}" for found in figures) + "   people rated")


def measure(games: int, repeat: int, database: str | None, evening: int) -> dict[str, float]:
    """Build a group of ``games`` games on a fresh database, time it, print the figures and
    return them (milliseconds; ``floor`` is the rejected request)."""
    args = argparse.Namespace(games=games, repeat=repeat, database=database)
    folder = tempfile.mkdtemp()
    os.environ["COMPANION_INSTANCE_PATH"] = folder
    url = args.database or f"sqlite:///{folder}/bench.sqlite"
    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        key = build_group(args.games, evening)
        view_key = db.session.execute(db.select(models.Group.view_key)
                                      .where(models.Group.edit_key == key)).scalar_one()
        engine = db.engine
    client = app.test_client()
    queries: list[str] = []

    def record(*args: object) -> None:
        queries.append(str(args[2]))

    def count(path: str) -> int:
        """The statements of one request. Counting watches the engine, which makes the app's
        small reads go through the session (companion.services.reading.rows): the same
        statements, so it is done apart from the timings."""
        queries.clear()
        event.listen(engine, "before_cursor_execute", record)
        try:
            assert client.get(path).status_code == 200
        finally:
            event.remove(engine, "before_cursor_execute", record)
        return len(queries)

    page_queries = count(f"/groups/{key}")

    def rejected() -> None:
        assert client.post("/api/check", data="x", content_type="text/plain").status_code == 415

    for _ in range(50):
        rejected()
    floor = statistics.median([timed(rejected, args.repeat) for _ in range(200)])
    page = timed(lambda: client.get(f"/groups/{key}"), args.repeat)
    client.get(f"/groups/{view_key}")
    view_page = timed(lambda: client.get(f"/groups/{view_key}"), args.repeat)
    home = timed(lambda: client.get("/"), args.repeat)
    page_all = timed(lambda: client.get(f"/groups/{key}?all=1"), args.repeat)
    api = timed(lambda: client.get(f"/api/groups/{key}"), args.repeat)
    warm_queries = count(f"/groups/{key}")

    with app.app_context():
        group = groups.find_group(key)[0]  # type: ignore[index]

        def newest(status: str) -> str:
            return str(db.session.execute(
                db.select(models.Game.edit_key).where(models.Game.group_id == group.id,
                                                      models.Game.status == status,
                                                      models.Game.edition == "original")
                .order_by(models.Game.created_at.desc()).limit(1)).scalar_one())

        finished, playing = newest("finished"), newest("playing")
    kept: dict[str, scoring.Round] = {}

    def change(game_key: str) -> float:
        """The game's last round undone, or entered again, committed: milliseconds."""
        with app.app_context(), work.unit():
            game = lock_game(game_key)
            assert game is not None
            began = time.perf_counter()
            if game_key not in kept:
                kept[game_key] = rounds_of(game)[-1]
                undo_last(game)
            else:
                record_round(game, kept.pop(game_key), confirm=True)
        return (time.perf_counter() - began) * 1000

    def after_changes(game_key: str, path: str = f"/groups/{key}") -> tuple[float, float]:
        """The fastest first view of ``path`` after a change to the game, and the median
        change."""
        views, writes = [], []
        for _ in range(args.repeat * 2):
            writes.append(change(game_key))
            began = time.perf_counter()
            assert client.get(path).status_code == 200
            views.append((time.perf_counter() - began) * 1000)
        return min(views), statistics.median(writes)

    first_view, write = after_changes(finished)
    first_json, _write = after_changes(finished, f"/api/groups/{key}")
    answer = client.get(f"/api/groups/{key}").get_json()
    rated_people = sum(len(found) for found in answer["ratings"].values())
    assert answer["ratings"]["card"] and answer["ratings"]["board"], "no ratings in the answer"
    round_view, round_write = after_changes(playing)
    pair_statements = count_pair_statements(app, engine, lambda: change(finished))
    rating_statements = count_pair_statements(app, engine, lambda: change(finished),
                                              table="rating_step")
    rerated, rated_games = time_rerating(app, client, key, args.repeat)
    head_to_head = time_head_to_head(app, key, args.repeat)
    ratings_part = time_ratings(app, key, lambda: change(finished), args.repeat)
    pairs_shown = client.get(f"/api/groups/{key}").get_json()["head_to_head"]
    with app.app_context():
        games = groups.games_of(groups.find_group(key)[0])  # type: ignore[index]
        plays = [groups.played(game) for game in games]
        records = timed(lambda: scoring.records.group_records(plays, {}), args.repeat)
    print(f"group of {args.games} games x 6 players ({url.split(':')[0]}), "
          f"{f'{evening} a week' if evening else 'all tonight'}, "
          f"fastest of {args.repeat}, in milliseconds")
    print(f"{'rejected request (415)':<34}{floor:>9.2f}")
    print(f"{'GET / (home page, for scale)':<34}{home:>9.2f}{home / floor:>9.1f}x")
    print(f"{'replaying every game (reference)':<34}{records:>9.2f}{records / floor:>9.1f}x")
    print(f"{'GET /groups/<key> (page)':<34}{page:>9.2f}{page / floor:>9.1f}x"
          f"   {warm_queries} SQL queries")
    print(f"{'GET /groups/<view key> (the table)':<34}{view_page:>9.2f}"
          f"{view_page / floor:>9.1f}x")
    print(f"{'GET /groups/<key>?all=1':<34}{page_all:>9.2f}{page_all / floor:>9.1f}x")
    print(f"{'GET /api/groups/<key>':<34}{api:>9.2f}{api / floor:>9.1f}x")
    print(f"{'first view after a change':<34}{first_view:>9.2f}{first_view / floor:>9.1f}x"
          f"   {page_queries} SQL queries")
    print(f"{'  the change (undo / finish again)':<34}{write:>9.2f}{write / floor:>9.1f}x"
          "   median, with the commit")
    print(f"{'first view after a round':<34}{round_view:>9.2f}{round_view / floor:>9.1f}x"
          "   (a game in progress: the records stay)")
    print(f"{'  the round (undo / enter again)':<34}{round_write:>9.2f}"
          f"{round_write / floor:>9.1f}x   median, with the commit")
    print(f"head-to-head ({len(pairs_shown)} pairs, "
          f"{max(pair['games'] for pair in pairs_shown)} games the most together):")
    print(f"{'  first page view after a change':<34}{first_view:>9.2f}"
          f"{first_view / floor:>9.1f}x   (with head-to-head, as above)")
    print(f"{'  first group JSON after a change':<34}{first_json:>9.2f}"
          f"{first_json / floor:>9.1f}x")
    print(f"{'  its part of a first view':<34}{head_to_head:>9.2f}"
          f"{head_to_head / floor:>9.1f}x   pairs read from the tallies and drawn")
    print(f"{'  its statements in the change':<34}{pair_statements:>9}"
          "    on pair_game, indexed (undo, then finish again)")
    print(f"ratings ({rated_games} card games rated):")
    print(f"{'  their statements in the change':<34}{rating_statements:>9}"
          "    on rating_step, indexed (undo, then finish again)")
    print(f"{'  their part of a first view':<34}{ratings_part:>9.2f}"
          f"{ratings_part / floor:>9.1f}x   read from the kept ratings and drawn")
    print(f"{'  first view after a merge':<34}{rerated:>9.2f}{rerated / floor:>9.1f}x"
          "   every game rated again, once")
    return {"floor": floor, "page": page, "api": api, "first_view": first_view,
            "first_json": first_json, "round_view": round_view, "write": write,
            "ratings": ratings_part, "rerated": rerated, "rated_people": rated_people}


def time_ratings(app, key: str, change, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """What the ratings add to a first view after a change: the kept ratings read (one rate
    or one indexed read by the change itself) and their part of the page drawn."""
    from flask import render_template

    from companion.display import ratings

    views = []
    for _ in range(repeat * 2):
        change()
        with app.test_request_context("/"):
            group = groups.find_group(key)[0]  # type: ignore[index]
            groups.derived(group)  # the records, as the page derives them first
            began = time.perf_counter()
            rated = groups.rated(group)
            tables = [{"caption": kind, "rows": ratings.rows(found)}
                      for kind, found in rated.items() if found]
            render_template("groups/_ratings.html", rating_tables=tables,
                            provisional_games=scoring.ratings.PROVISIONAL_GAMES)
            views.append((time.perf_counter() - began) * 1000)
    return min(views)


def count_pair_statements(app, engine, change, table: str = "pair_game"  # type: ignore[no-untyped-def]
                          ) -> int:
    """The statements on ``table`` of an undo and a finish of the newest finished game."""
    found: list[str] = []

    def record(*args: object) -> None:
        if table in str(args[2]):
            found.append(str(args[2]))

    event.listen(engine, "before_cursor_execute", record)
    try:
        change()
        change()
    finally:
        event.remove(engine, "before_cursor_execute", record)
    return len(found)


def time_rerating(app, client, key: str, repeat: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    """The fastest first view of the page after a merge of the group's first player into
    another (undone after each view): the ratings are stale from the group's first game and
    that view rates every game again. And how many card games that is."""
    views = []
    for _ in range(repeat):
        for merged in (True, False):
            with app.app_context(), work.unit():
                group = groups.find_group(key)[0]  # type: ignore[index]
                if merged:
                    groups.merge(group, NAMES[0], NAMES[1])
                else:
                    groups.unmerge(group, NAMES[0])
            began = time.perf_counter()
            assert client.get(f"/groups/{key}").status_code == 200
            views.append((time.perf_counter() - began) * 1000)
    with app.app_context():
        group = groups.find_group(key)[0]  # type: ignore[index]
        rated = max(rating.games for _name, rating in groups.rated(group)["card"])
    return min(views), rated


def time_head_to_head(app, key: str, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """What head-to-head adds to a first view: its records from the kept tallies (the whole
    records are derived from them once per change) and its part of the page drawn."""
    import json

    from flask import render_template

    from companion.display import head_to_head
    from companion.scoring import pairs

    with app.test_request_context("/"):
        group = groups.find_group(key)[0]  # type: ignore[index]
        kept = json.loads(groups.tallies_of(group))
        records = groups.derived(group).records

        def draw() -> None:
            found = pairs.records(kept.get("pairs", {}), str)
            render_template("groups/_head_to_head.html",
                            head_to_head=head_to_head.table(records.players, found))

        return timed(draw, repeat)


if __name__ == "__main__":
    main()
