"""A print request that cannot be made keeps its choices on the print page (issue 11, 13)."""

from __future__ import annotations


def test_a_refused_sheet_shows_the_form_again_with_the_choices(client):
    response = client.get("/print/blank.pdf?edition=board&players=2&name=Ann&name=Ben"
                          "&name=Cleo&paper=letter", headers={"Accept-Language": "en"})
    page = response.get_data(as_text=True)
    assert response.status_code == 400 and response.mimetype == "text/html"
    assert "There are more names (3) than players (2)." in page
    assert 'value="Cleo"' in page and 'value="board" checked' in page
    assert 'value="letter" checked' in page and 'action="/print/blank.pdf"' in page
