"""BoardGameGeek's plays XML in: Phase 10 plays as a group, quantity as so many games,
incomplete plays and other games left out, and hostile XML refused with nothing stored."""

from __future__ import annotations

from typing import Any

import pytest

from tests.kits.logs import BGG_XML, games_of, stored


def sent(api: Any, body: bytes, kind: str = "application/xml", query: str = "") -> Any:
    return api.client.post(f"/api/import{query}", data=body, content_type=kind)


@pytest.mark.parametrize("kind", ["application/xml", "text/xml; charset=utf-8"])
def test_bgg_plays_become_a_group(api, kind) -> None:
    response = sent(api, BGG_XML, kind, "?tz=Europe/Berlin")
    assert response.status_code == 201, response.get_json()
    group = response.get_json()
    assert group["name"] == "BoardGameGeek" and group["skipped"] == 4  # 1 incomplete, 3 other
    first, second, third = games_of(api, group)
    assert first["winners"] == ["Ben"] and first["standings"] == ["Ben", "Cleo", "Ann"]
    assert [line["place"] for line in first["final"]] == [3, 1, 2]
    assert [line["points"] for line in first["final"]] == [85, 40, 20]
    assert first["created_at"] == "2026-03-13T23:00:00Z" and first["duration_s"] == 3600
    assert first["final"][0]["phases"] is None
    assert second["winners"] == ["Ann", "Ben"] and third["winners"] == ["Ann", "Ben"]
    assert second["duration_s"] is None


def test_a_player_twice_in_a_play_is_422_naming_the_play(api) -> None:
    body = BGG_XML.replace(b'name="Cleo"', b'name="ann"')
    before = stored(api.client.application)
    response = sent(api, body)
    assert response.status_code == 422
    assert response.get_json()["details"] == [{"play": 1, "message": response.get_json()[
        "details"][0]["message"]}]
    assert "Ann plays twice" in response.get_json()["error"]
    assert stored(api.client.application) == before


LAUGHS = b"""<?xml version="1.0"?>
<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<plays><play date="2026-03-14" quantity="1"><item name="Phase 10" objectid="1258"/>
<players><player name="&lol9;" score="5" win="1"/><player name="Ben" score="50"/></players>
</play></plays>"""

EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE plays [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<plays><play date="2026-03-14" quantity="1"><item name="Phase 10" objectid="1258"/>
<players><player name="&secret;" score="5" win="1"/><player name="Ben" score="50"/></players>
</play></plays>"""

PARAMETER = b"""<?xml version="1.0"?>
<!DOCTYPE plays [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> %remote;]>
<plays/>"""


@pytest.mark.parametrize("body", [
    LAUGHS, EXTERNAL, PARAMETER, b"<plays><play", b"not xml at all",
    b'<?xml version="1.0"?><html/>', "<plays>\ud800</plays>".encode("utf-8", "surrogatepass"),
])
def test_hostile_or_broken_xml_is_400_and_nothing_is_stored(api, body) -> None:
    before = stored(api.client.application)
    response = sent(api, body)
    assert response.status_code == 400, response.get_json()
    assert response.get_json()["error"]
    assert stored(api.client.application) == before


@pytest.mark.parametrize(("old", "new"), [
    (b'score="85"', b'score="eighty"'), (b'length="60"', b'length="long"'),
    (b'date="2026-03-14"', b'date="14.03.2026"'),
])
def test_a_play_that_cannot_be_read_is_422_naming_it(api, old, new) -> None:
    before = stored(api.client.application)
    response = sent(api, BGG_XML.replace(old, new))
    assert response.status_code == 422
    assert response.get_json()["details"][0]["play"] == 1
    assert stored(api.client.application) == before
