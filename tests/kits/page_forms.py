"""The pages' forms as the test client posts them: a new game, a round."""

from __future__ import annotations

PLAYERS = ["Michaela", "Horst", "Petra", "Thomas"]


def new_game_form(names, **extra):
    data = {f"names-{i}": name for i, name in enumerate(names)}
    data.update({"edition": "original", "first": "0", "phase_set": "all"})
    data.update(extra)
    return data


def start(client, names=PLAYERS, **extra):
    response = client.post("/games/new", data=new_game_form(names, **extra))
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def round_form(names, points, laid, went_out, number=1):
    data = {"number": str(number), "went_out": went_out}
    for i, name in enumerate(names):
        data[f"results-{i}-player"] = name
        data[f"results-{i}-points"] = str(points[i])
        if laid[i]:
            data[f"results-{i}-laid"] = "y"
    return data
