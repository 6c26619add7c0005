"""A print request that cannot be made keeps its choices on the print page (issue 11, 13)."""

from __future__ import annotations

from companion import editions


def test_a_refused_sheet_shows_the_form_again_with_the_choices(client):
    response = client.get("/print/blank.pdf?edition=board&players=2&name=Ann&name=Ben"
                          "&name=Cleo&paper=letter", headers={"Accept-Language": "en"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert "There are more names (3) than players (2)." in page
    assert 'value="Cleo"' in page and 'value="board" checked' in page
    assert 'value="letter" checked' in page and 'action="/print/blank.pdf"' in page


def test_the_editions_on_offer_come_from_the_registry(client):
    original = editions.get("original")
    eight = editions.register(editions.Edition(
        key="eight", order=90, name="Eight", title="Phase 8 card game", tag="Eight",
        table=original.table[:8], deck=original.deck, variants=True))
    try:
        page = client.get("/print", headers={"Accept-Language": "en"}).get_data(as_text=True)
        assert 'value="eight"' in page and "Phase 8 card game" in page
        refused = client.get("/print/blank.pdf?edition=deluxe",
                             headers={"Accept-Language": "en"}).get_data(as_text=True)
        assert "choose original, masters, board or eight." in refused
        made = client.get("/print/blank.pdf?edition=eight&players=3")
        assert made.status_code == 200 and made.mimetype == "application/pdf"
        assert "phase10-score-sheet-eight.pdf" in made.headers["Content-Disposition"]
    finally:
        editions.unregister(eight)


def test_a_refused_edition_leaves_the_first_edition_checked(client):
    page = client.get("/print/blank.pdf?edition=deluxe&players=3&lang=de",
                      headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert 'value="original" checked' in page and 'value="3" selected' in page
    assert 'value="de" checked' in page
