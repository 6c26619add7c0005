"""A finished game's result to share, through the site: the panel on the sheet page (edit and
read-only), the standings as a PNG (kept per revision and language, 304, counted as a print
only when drawn), and a clear 404 while the game is played."""

from __future__ import annotations

import html
import re
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from tests.kits.quotas import quota_app


def one_round_game(api: Any, players: list[str], *, finish: bool = True) -> dict[str, Any]:
    """Variant 1 with phase 1 only: one round ends it, the first player ahead."""
    game = api.new_game(players, phases=[1], ten_rounds=True)
    if finish:
        results = [{"player": name, "phase": seat == 0, "points": 60 * seat,
                    "went_out": seat == 0} for seat, name in enumerate(players)]
        answer = api.round(game, results, confirm=True)
        assert answer.status_code == 201, answer.get_json()
        assert answer.get_json()["status"] == "finished"
    return game


def picture(response: Any) -> Image.Image:
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.mimetype == "image/png"
    image = Image.open(BytesIO(response.get_data()))
    image.load()
    return image


def test_a_finished_games_sheet_offers_the_text_and_the_picture(client, api) -> None:
    game = one_round_game(api, ["Ann", "<b>Ben</b>", "Cleo"])
    for key in (game["id"], game["view_id"]):
        page = client.get(f"/games/{key}").get_data(as_text=True)
        assert 'data-share-panel' in page and "Share the result" in page
        text = html.unescape(re.search(r"<textarea[^>]*>(.*?)</textarea>", page, re.S)[1])
        assert text.splitlines()[:4] == [
            "Phase 10 card game: Ann wins!", "1. Ann · 1 phase · 0 points",
            "2. <b>Ben</b> · 0 phases · 60 points", "3. Cleo · 0 phases · 120 points"]
        assert text.splitlines()[-1].endswith(f"/games/{game['view_id']}")
        assert "<b>Ben</b>" not in page  # escaped, in the text as everywhere
        # The picture's link is the read-only one, even on the edit page.
        assert f'href="/games/{game["view_id"]}/standings.png?r=2"' in page
        assert game["id"] not in re.search(r"<section[^>]*data-share-panel.*?</section>",
                                           page, re.S)[0]


def test_a_game_in_play_has_no_share_panel_and_no_picture(client, api) -> None:
    game = one_round_game(api, ["Ann", "Ben"], finish=False)
    assert "data-share-panel" not in client.get(f"/games/{game['id']}").get_data(as_text=True)
    refused = client.get(f"/games/{game['view_id']}/standings.png")
    assert refused.status_code == 404
    assert "can be shared once it has a winner" in refused.get_data(as_text=True)
    assert client.get("/games/" + "x" * 43 + "/standings.png").status_code == 404


def test_the_picture_is_a_wide_png_through_either_link_and_kept(client, api) -> None:
    game = one_round_game(api, ["Ann", "Ben", "Cleo", "Dan"])
    first = client.get(f"/games/{game['view_id']}/standings.png")
    image = picture(first)
    assert image.width == 1080 and image.height > 600
    assert first.headers["Cache-Control"] == "private, no-cache"
    etag = first.headers["ETag"]
    same = client.get(f"/games/{game['id']}/standings.png")
    assert same.get_data() == first.get_data()
    again = client.get(f"/games/{game['view_id']}/standings.png",
                       headers={"If-None-Match": etag})
    assert again.status_code == 304 and not again.get_data()
    fewer = one_round_game(api, ["Ann", "Ben"])
    smaller = picture(client.get(f"/games/{fewer['view_id']}/standings.png"))
    assert smaller.width == 1080 and smaller.height < image.height


def test_the_picture_speaks_the_pages_language(client, api) -> None:
    game = one_round_game(api, ["Ann", "Ben"])
    path = f"/games/{game['view_id']}/standings.png"
    english = client.get(path, headers={"Accept-Language": "en"})
    german = client.get(path, headers={"Accept-Language": "de"})
    assert picture(english).size == picture(german).size
    assert english.get_data() != german.get_data()
    assert english.headers["ETag"] != german.headers["ETag"]


def test_only_a_drawn_picture_counts_as_a_print(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    app = quota_app(tmp_path, monkeypatch, QUOTA_PRINTS=2)  # its own stores: none kept
    client = app.test_client()

    class Api:
        def new_game(self, players: list[str], **options: Any) -> dict[str, Any]:
            return dict(client.post("/api/games", json={"players": players, **options}).json)

        def round(self, game: dict[str, Any], results: list[Any], **extra: Any) -> Any:
            return client.post(f"/api/games/{game['id']}/rounds",
                               json={"results": results, **extra})

    game = one_round_game(Api(), ["Ann", "Ben"])
    path = f"/games/{game['view_id']}/standings.png"
    first = client.get(path)
    assert first.status_code == 200
    for _ in range(4):  # kept: neither sending it again nor a 304 is a drawing
        assert client.get(path).get_data() == first.get_data()
        assert client.get(path, headers={"If-None-Match": first.headers["ETag"]}
                          ).status_code == 304
    assert client.get(path, headers={"Accept-Language": "de"}).status_code == 200
    refused = client.get(path, headers={"Accept-Language": "fr"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


def test_the_edit_link_as_a_qr_code_only_for_whoever_holds_it(client: Any, api: Any) -> None:
    game = api.new_game(["Ann", "Ben"])
    page = client.get(f"/games/{game['id']}").get_data(as_text=True)
    assert "Let another phone keep score" in page
    assert "gives the right to change the sheet" in page
    assert f'src="/games/{game["id"]}/edit-qr.svg"' in page
    drawn = client.get(f"/games/{game['id']}/edit-qr.svg")
    assert drawn.status_code == 200 and drawn.mimetype == "image/svg+xml"
    assert "no-store" in drawn.headers["Cache-Control"]
    assert drawn.data != client.get(f"/games/{game['id']}/qr.svg").data  # another link
    viewer = client.get(f"/games/{game['view_id']}").get_data(as_text=True)
    assert "Let another phone keep score" not in viewer and game["id"] not in viewer
    assert client.get(f"/games/{game['view_id']}/edit-qr.svg").status_code == 404
