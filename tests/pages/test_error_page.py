from tests.samples import CARD


def test_card_page_shows_every_section_in_order(client, seed):
    html = client.get(f"/errors/{CARD}/").content.decode()
    sections = [
        "sgl-project/sglang",
        "Error message",
        "What it means",
        "Thrown at",
        "View on GitHub (pinned to 0132848349)",
        "Solutions",
        "Example fix",
        "When it happens",
        "Related errors",
        "analysis of",
        "Data as JSON",
        "Report an issue",
    ]
    positions = [html.index(s) for s in sections]
    assert positions == sorted(positions)


def test_report_is_stored_for_curators(client, seed):
    response = client.post(f"/errors/{CARD}/report/", {"reason": "wrong", "details": "line moved"})
    assert response.status_code == 302
    from kb.models import Report

    assert Report.objects.get().details == "line moved"


def test_hostile_markdown_is_sanitised(db):
    from kb.text.markdown import render_markdown

    html = render_markdown(
        "<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](JaVaScRiPt&#58;alert(1))"
    )
    import re

    hrefs = re.findall(r'href="([^"]*)"', html)
    assert "<script" not in html and "onerror" not in html
    assert not any(re.sub(r"[\s\x00-\x1f]", "", h).lower().startswith("javascript:") for h in hrefs)
