"""The house-rules editor (issue 35): add and remove phases and groups without a script,
problems summed up at the top and by their field, a preview only of rules that would be
stored, numbers in ASCII digits only."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.kits.house import editor_post, game_with, make, pdf_text, round_of, stored


def preset_rows(page: str) -> dict[str, str]:
    """The editor's fields as the page fills them in (selected kinds, typed sizes)."""
    fields = {"name": "Six of ten", "values-low": "5", "values-high": "10",
              "values-skip": "15", "values-wild": "25"}
    for select in re.finditer(r'<select id="(phase-\d+-kind-\d+)".*?</select>', page, re.S):
        chosen = re.search(r'<option value="([^"]*)" selected>', select.group(0))
        fields[select.group(1)] = chosen.group(1) if chosen else ""
    for size in re.finditer(r'id="(phase-\d+-size-\d+)"[^>]*value="([^"]*)"', page):
        fields[size.group(1)] = size.group(2)
    return fields


def previewed(page: str) -> list[str]:
    return re.findall(r"<li><strong>Phase (\d+)</strong>: ([^<]*)</li>", page)


@pytest.mark.parametrize(("fields", "field", "sentence"), [
    ({"phase-1-size-1": "³"}, "phase-1", "Phase 1: write the number of cards with the digits "
                                         "0 to 9, not “³”"),
    ({"phase-2-size-1": "٣"}, "phase-2", "not “٣”"),
    ({"phase-1-size-2": "３"}, "phase-1", "not “３”"),
    ({"values-wild": "٢٥"}, "values-wild", "A card&#39;s value is a whole number of points, "
                                          "not “٢٥”"),
    ({"values-low": "⁵"}, "values-low", "not “⁵”"),
])
def test_numbers_are_ascii_digits_refused_by_their_field(
        client: FlaskClient, app: Flask, fields: dict[str, str], field: str,
        sentence: str) -> None:
    """``isdigit`` takes superscripts (int() then failed: a 500) and other scripts' digits
    (read as numbers): both are refused next to the field, and nothing is stored."""
    response = client.post("/editions/new", data=editor_post(**fields))
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and stored(app) == (0, 0)
    error = re.search(rf'<p class="field-error" id="{field}-error">([^<]*)</p>', page)
    assert error is not None and sentence in error.group(1), page
    assert f'href="#{field}' in page  # and in the summary at the top


def test_problems_are_summed_up_at_the_top_and_hide_the_preview(client: FlaskClient,
                                                               app: Flask) -> None:
    response = client.post("/editions/new", data=editor_post(
        name="", **{"values-wild": "-5", "phase-2-kind-1": "", "phase-2-size-1": "4"},
        preview="1"))
    page = response.get_data(as_text=True)
    assert response.status_code == 422 and stored(app) == (0, 0)
    summary = page.index('class="panel error-summary"')
    assert summary < page.index('class="panel house-preview"') < page.index("<form")
    assert "3 things to fix before these rules can be stored" in page
    for anchor in ("#name", "#phase-2-kind-1", "#values-wild"):
        assert f'<a href="{anchor}">' in page[summary:page.index('class="panel house-preview"')]
    assert previewed(page) == []  # nothing that would not be stored
    assert "The preview shows the rules once they can be stored as they are." in page


def test_from_a_preset_six_phases_are_kept_with_four_taps(client: FlaskClient,
                                                         app: Flask) -> None:
    """Removing phases 7 to 10 is one button each, without a script; the preview follows
    what would be stored, numbered once."""
    page = client.get("/editions/new?preset=mattel").get_data(as_text=True)
    assert [number for number, _ in previewed(page)] == [str(n) for n in range(1, 11)]
    assert "<ol" not in page.split('class="panel house-preview"')[1].split("</section>")[0]
    for _ in range(4):
        fields = preset_rows(page)
        last = max(int(name.split("-")[1]) for name, kind in fields.items()
                   if name.endswith("-kind-1") and kind)
        response = client.post("/editions/new", data={**fields, "edit": f"remove-phase-{last}"})
        assert response.status_code == 200 and stored(app) == (0, 0)
        page = response.get_data(as_text=True)
    assert [number for number, _ in previewed(page)] == [str(n) for n in range(1, 7)]
    stored_page = client.post("/editions/new", data=preset_rows(page))
    assert stored_page.status_code == 303 and stored(app) == (1, 1)
    shown = client.get(stored_page.headers["Location"]).get_data(as_text=True)
    assert len(previewed(shown)) == 6 and "wild 25 points" in shown


def test_groups_and_phases_are_added_and_removed(client: FlaskClient) -> None:
    base = editor_post()
    added = client.post("/editions/new", data={**base, "edit": "add-part-2"})
    assert ("2", "2 colour runs of 4") in previewed(added.get_data(as_text=True))
    more = client.post("/editions/new", data={**base, "edit": "add-phase"})
    assert previewed(more.get_data(as_text=True))[-1] == ("3", "colour run of 4")
    fewer = client.post("/editions/new", data={**base, "edit": "remove-part-1-1"})
    assert previewed(fewer.get_data(as_text=True))[0] == ("1", "run of 3")
    gone = client.post("/editions/new", data={**base, "edit": "remove-phase-1"})
    assert previewed(gone.get_data(as_text=True)) == [("1", "colour run of 4")]
    for nonsense in ("remove-phase-9", "remove-part-1-7", "add-part-x", "drop-table"):
        same = client.post("/editions/new", data={**base, "edit": nonsense})
        assert same.status_code == 200
        assert previewed(same.get_data(as_text=True)) == [("1", "set of 3 + run of 3"),
                                                          ("2", "colour run of 4")]


def test_the_editor_names_a_colour_group_as_the_other_kinds(client: FlaskClient) -> None:
    page = client.get("/editions/new?preset=original").get_data(as_text=True)
    assert ">colour group of</option>" in page and "cards of one colour</option>" not in page
    # Enter in a field previews rather than pressing the first remove button.
    form = page[page.index("<form"):]
    assert form.index('name="preview"') < form.index('name="edit"')


def test_any_mix_the_deck_holds_is_stored(client: FlaskClient, app: Flask) -> None:
    """Shapes the checker used to refuse: a set beside a colour run, two colour groups,
    three runs beside a set, five colour runs of 2."""
    fields = editor_post(**{
        "phase-1-kind-1": "set", "phase-1-size-1": "3", "phase-1-kind-2": "colour run",
        "phase-1-size-2": "6", "phase-2-kind-1": "colour", "phase-2-size-1": "4",
        "phase-2-kind-2": "colour", "phase-2-size-2": "4",
        **{f"phase-3-kind-{n}": "colour run" for n in range(1, 6)},
        **{f"phase-3-size-{n}": "2" for n in range(1, 6)}})
    response = client.post("/editions/new", data=fields)
    assert response.status_code == 303 and stored(app) == (1, 1)


# ---- a house edition where it is played: only its phases, its values on paper -------------

def test_the_new_game_form_offers_only_the_editions_phases(client: FlaskClient) -> None:
    made = make(client)  # six phases, a wild costs 25
    form = client.get(f"/games/new?edition={made['view_id']}").get_data(as_text=True)
    picks = dict(re.findall(r'<label class="check pick" data-phase="(\d+)"( hidden)?>', form))
    assert [number for number, hidden in picks.items() if not hidden] == [str(n)
                                                                          for n in range(1, 7)]
    assert 'data-phases="6"' in form and "Exactly 10 rounds" not in form
    assert "One round per phase in play" in form
    original = client.get("/games/new").get_data(as_text=True)
    picks = dict(re.findall(r'<label class="check pick" data-phase="(\d+)"( hidden)?>',
                            original))
    assert [number for number, hidden in picks.items() if not hidden] == [str(n)
                                                                          for n in range(1, 11)]


def test_the_checker_and_coach_offer_only_the_editions_phases(client: FlaskClient) -> None:
    made = make(client)
    shown = client.get(f"/checker?edition={made['view_id']}").get_data(as_text=True)
    menu = re.search(r'<select id="phase" name="phase">(.*?)</select>', shown, re.S)
    assert menu is not None
    assert re.findall(r'<option (?:selected )?value="(\d+)"', menu.group(1)) == [
        str(n) for n in range(1, 7)]
    # The coach's "phases you have completed" (players who choose their phase): six too.
    assert len(re.findall(r'<label class="done-phase">', shown)) == 6
    original = client.get("/checker").get_data(as_text=True)
    assert original.count('<option value="10">10</option>') == 1


def test_the_checker_names_a_wilds_colour_in_words(client: FlaskClient) -> None:
    made = make(client)  # phase 4 is 5 cards of one colour, phase 6 a colour run of 4
    for language, colour in (("en", "green"), ("de", "grün"), ("fr", "vert"),
                             ("it", "verde"), ("nl", "groen")):
        page = client.post("/checker", data={"edition": made["edition"], "phase": "4",
                                             "mode": "hand", "hand": "1g 5g 7g 9g W"},
                           headers={"Accept-Language": language}).get_data(as_text=True)
        meaning = re.search(r'<span class="wild-meaning">([^<]*)</span>', page)
        assert meaning is not None and meaning.group(1).endswith(f" {colour}"), (language,
                                                                                page[-3000:])
    run = client.post("/checker", data={"edition": made["edition"], "phase": "6",
                                        "mode": "hand", "hand": "3r 4r W 6r"})
    assert "W stands for red 5</span>" in run.get_data(as_text=True)


def test_the_sheets_print_the_card_values(client: FlaskClient) -> None:
    made = make(client)
    blank = client.get(f"/print/blank.pdf?edition={made['view_id']}&players=3")
    assert "wild 25 points" in pdf_text(blank.data)
    game = game_with(client, made["view_id"])
    round_of(client, game, 60)
    assert "wild 25 points" in pdf_text(client.get(f"/games/{game['view_id']}/sheet.pdf").data)
    built_in = client.get("/print/blank.pdf?edition=original&players=3")
    assert "wild 20 points" in pdf_text(built_in.data)
    board = client.get("/print/blank.pdf?edition=board&players=3")
    assert "points." not in pdf_text(board.data)


def test_the_api_tells_a_size_written_as_text_to_be_a_number(client: FlaskClient) -> None:
    for size, sentence in (("3", "each part is a kind"), ("٣", "with the digits 0 to 9")):
        response = client.post("/api/editions", json={
            "name": "Text sizes", "phases": [[{"kind": "set", "size": size}]]})
        assert response.status_code == 422
        assert sentence in response.get_json()["details"][0]["message"], size


# ---- issue 46: light on a phone, and nothing starts from changes not saved --------------

def test_the_editor_starts_from_one_empty_phase(client: FlaskClient) -> None:
    page = client.get("/editions/new").get_data(as_text=True)
    form = page[page.index("<form"):page.index("</form>")]
    assert 'id="phase-new"' in form and "Phase 1</span>" in form
    assert "<select" not in form.split('<fieldset class="house-values">')[0]  # no rows yet
    assert re.findall(r'value="(add-phase-[^"]+)"', form) == [
        "add-phase-set", "add-phase-run", "add-phase-colour", "add-phase-colour run"]
    assert previewed(page) == []
    assert 'href="/editions/new"' in page and 'href="/editions/new?preset=mattel"' in page
    # The page's script and its templates; no inline script (the CSP is strict).
    assert 'src="/static/house-editor.js"' in page and "<script>" not in page
    assert '<template id="house-part-template">' in page and "phase-{n}-size-{slot}" in page


def test_a_kind_button_adds_a_group_or_a_phase_of_that_kind_without_a_script(
        client: FlaskClient, app: Flask) -> None:
    blank = {key: value for key, value in editor_post().items() if not key.startswith("phase-")}
    first = client.post("/editions/new", data={**blank, "edit": "add-phase-set"})
    page = first.get_data(as_text=True)
    assert first.status_code == 200 and stored(app) == (0, 0)
    assert '<option value="set" selected>' in page and 'id="phase-1-size-1"' in page
    assert 'formaction="#phase-1-label"' in page  # the page comes back at the row, not the top
    base = editor_post()
    added = client.post("/editions/new", data={**base, "edit": "add-part-2-set",
                                               "phase-2-size-1": "4"})
    page = added.get_data(as_text=True)
    assert re.search(r'id="phase-2-kind-2"[^>]*>.*?<option value="set" selected>', page, re.S)
    assert re.search(r'id="phase-2-size-2"[^>]*value=""', page)
    more = client.post("/editions/new", data={**base, "edit": "add-phase-colour run"})
    assert 'id="phase-3-kind-1"' in more.get_data(as_text=True)
    for nonsense in ("add-phase-wrap", "add-part-2-", "add-part-9-set", "add-part-2-3"):
        same = client.post("/editions/new", data={**base, "edit": nonsense})
        assert 'id="phase-3-kind-1"' not in same.get_data(as_text=True), nonsense
        assert 'id="phase-2-kind-2"' not in same.get_data(as_text=True), nonsense
    full = editor_post(**{f"phase-{n}-{field}-1": value for n in range(3, 13)
                          for field, value in (("kind", "set"), ("size", "2"))})
    twelve = client.post("/editions/new", data={**full, "edit": "add-phase-set"})
    page = twelve.get_data(as_text=True)
    assert 'id="phase-12-kind-1"' in page and 'id="phase-13-kind-1"' not in page
    assert 'id="phase-new"' not in page.split("</form>")[0]


def test_changes_not_saved_start_nothing_and_say_so(client: FlaskClient, app: Flask) -> None:
    """After a removal that is not saved, the page hides what starts from the rules (they
    would start the stored version) and says the saved version is what they use."""
    made = make(client)
    edit = f"/editions/{made['id']}"
    page = client.get(edit).get_data(as_text=True)
    uses = re.search(r'<div class="house-uses"( hidden)?>', page)
    assert uses is not None and uses.group(1) is None
    assert "These start from the saved version 1, never from changes not saved yet." in page
    assert re.search(r'<p class="panel house-unsaved" role="status" hidden>', page)
    fields = preset_rows(page)
    fields["name"] = "Family rules"
    same = client.post(edit, data={**fields, "preview": "1"}).get_data(as_text=True)
    assert re.search(r'<div class="house-uses">', same), "the stored rules previewed again"
    removed = client.post(edit, data={**fields, "edit": "remove-phase-6"})
    page = removed.get_data(as_text=True)
    assert removed.status_code == 200 and stored(app) == (1, 1)
    assert len(previewed(page)) == 5
    assert re.search(r'<div class="house-uses" hidden>', page)
    assert re.search(r'<p class="panel house-unsaved" role="status">Unsaved changes\.', page)
    stored_json = re.search(r'data-stored="([^"]*)"', page)
    assert stored_json is not None and "&#34;Family rules&#34;" in stored_json.group(1)
    # A game started meanwhile (by any link) plays the stored six phases.
    game = game_with(client, made["view_id"])
    assert len(client.get(f"/api/games/{game['id']}").get_json()["house_rules"]["phases"]) == 6
