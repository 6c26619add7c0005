"""The path of one round through the package: posted to the API, and typed on the page.

    python -m benchmarks.round_paths [--modules]     (from the repository's root)

Builds the app on a temporary SQLite database, starts a game and stores a round through each
path once (so nothing is traced the first time it is imported or kept), then traces one more
round posted to ``POST /api/games/<id>/rounds`` and one typed on the round page (``POST
/games/<id>/round``, the form as the page sends it, with its revision), from the view
function's call to its return. For each it prints:

- modules: the ``companion`` modules that ran code;
- stops: how often the running ``companion`` module changed (by a call or a return; code of
  other libraries in between does not count);
- climbs: the stops that went to a module of a HIGHER layer than the one before, by the layer
  order of the import-linter contract in pyproject.toml (a call down and its return count one
  climb: the return).

Counts, not timings: the same code gives the same figures on any machine.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import tomllib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

from companion import create_app

ROOT = Path(__file__).resolve().parent.parent

PLAYERS = ["Ann", "Ben", "Cleo"]
POINTS = {"Ann": 0, "Ben": 55, "Cleo": 5}  # Ann went out; Ben laid no phase


def layer_order() -> dict[str, int]:
    """Each top-level part of ``companion`` and its depth (0: the highest layer)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    contract = next(contract for contract in config["tool"]["importlinter"]["contracts"]
                    if contract["type"] == "layers")
    depth: dict[str, int] = {}
    for index, layer in enumerate(contract["layers"]):
        for part in layer.replace(":", "|").split("|"):
            depth[part.strip()] = index
    return depth


@dataclass
class Trace:
    """What one traced call of a view did, module by module, counting only the modules of
    layers down to ``floor`` (deeper ones run as if they were another library's)."""

    view: CodeType
    depth: dict[str, int]
    floor: int
    inside: int = 0
    current: str | None = None
    visits: Counter[str] = field(default_factory=Counter)
    stops: int = 0
    climbs: int = 0

    def layer(self, module: str) -> int:
        return self.depth.get(module.split(".")[1], len(self.depth))

    def counted(self, frame: FrameType | None) -> str | None:
        module = frame.f_globals.get("__name__", "") if frame is not None else ""
        if module.startswith("companion.") and self.layer(module) <= self.floor:
            return str(module)
        return None

    def arrive(self, module: str | None) -> None:
        if module is None or module == self.current:
            return
        if self.current is not None:
            self.stops += 1
            self.climbs += self.layer(module) < self.layer(self.current)
        self.current = module
        self.visits[module] += 1

    def __call__(self, frame: FrameType, event: str, _arg: Any) -> None:
        if event == "call" and frame.f_code is self.view:
            self.inside += 1
        if not self.inside:
            return
        if event == "call":
            self.arrive(self.counted(frame))
        elif event == "return":
            if frame.f_code is self.view:
                self.inside -= 1
            self.arrive(self.caller(frame))

    def caller(self, frame: FrameType) -> str | None:
        """The counted module that runs once ``frame`` returns (skipping the others)."""
        caller = frame.f_back
        while caller is not None and self.counted(caller) is None:
            caller = caller.f_back
        return self.counted(caller)


def traced(view: Callable[..., Any], post: Callable[[Any, str, int, int], Any],
           client: Any, key: str, number: int, floor: str) -> Trace:
    depth = layer_order()
    trace = Trace(view.__code__, depth, depth.get(floor, len(depth)))
    sys.setprofile(trace)
    try:
        response = post(client, key, number, number)
    finally:
        sys.setprofile(None)
    assert response.status_code in (201, 303), (response.status_code, response.get_data())
    return trace


def api_round(client: Any, key: str, number: int, revision: int) -> Any:
    results = [{"player": name, "phase": name != "Ben", "went_out": name == "Ann",
                "points": POINTS[name]} for name in PLAYERS]
    return client.post(f"/api/games/{key}/rounds",
                       json={"results": results, "number": number, "revision": revision})


def page_round(client: Any, key: str, number: int, revision: int) -> Any:
    data = {"number": str(number), "revision": str(revision), "before": "", "went_out": "Ann"}
    for seat, name in enumerate(PLAYERS):
        data |= {f"results-{seat}-player": name, f"results-{seat}-points":
                 str(POINTS[name])}
        if name != "Ben":
            data[f"results-{seat}-laid"] = "y"
    return client.post(f"/games/{key}/round", data=data)


def report(name: str, trace: Trace, modules: bool) -> None:
    print(f"{name}: {len(trace.visits)} modules, {trace.stops} stops, {trace.climbs} climbs")
    if modules:
        for module, visits in trace.visits.most_common():
            print(f"    {visits:3d}  {module}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", action="store_true", help="list the modules and visits")
    shown = parser.parse_args().modules
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/paths.sqlite",
                          "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                          "RATELIMIT_ENABLED": False})
        client = app.test_client()
        key = client.post("/api/games", json={"players": PLAYERS}).get_json()["id"]
        api_view, page_view = (app.view_functions[name] for name in ("api.add_round",
                                                                      "games.add_round"))
        # Each path once untraced: imports, kept stores.
        assert api_round(client, key, 1, 1).status_code == 201
        assert page_round(client, key, 2, 2).status_code == 303
        number = 3
        for floor, title in (("services", "down to the services"), ("", "every module")):
            print(f"-- {title}")
            for name, view, post in (("API ", api_view, api_round), ("page", page_view,
                                                                     page_round)):
                trace = traced(view, post, client, key, number, floor)
                report(f"{name} round {number}", trace, shown)
                number += 1


if __name__ == "__main__":
    main()
