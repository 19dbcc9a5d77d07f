import json
import re

from kb.models import ErrorEntry
from tests.samples import CARD


def test_sitemap_lists_published_entries_and_not_drafts(client, seed):
    draft = ErrorEntry.objects.exclude(public_id=CARD).first()
    draft.status = "draft"
    draft.save()
    xml = client.get("/sitemap.xml").content.decode()
    assert f"/errors/{CARD}/" in xml
    assert f"/errors/{draft.public_id}/" not in xml
    assert "/repos/sgl-project/sglang/" in xml


def test_a_repository_with_only_drafts_is_not_in_the_sitemap(client, seed, drafts_only_repository):
    xml = client.get("/sitemap.xml").content.decode()
    assert "/repos/sgl-project/sglang/" in xml
    assert "/repos/acme/widgets/" not in xml
    assert f"/errors/{drafts_only_repository.entries.get().public_id}/" not in xml


def test_robots_txt_points_to_the_sitemap_and_keeps_crawlers_out_of_the_admin(client, db):
    text = client.get("/robots.txt").content.decode()
    assert "Disallow: /admin/" in text
    assert re.search(r"^Sitemap: http://testserver/sitemap.xml$", text, re.M)


def test_opensearch_description_searches_the_search_page(client, db):
    response = client.get("/opensearch.xml")
    assert response["Content-Type"].startswith("application/opensearchdescription+xml")
    assert 'template="http://testserver/search/?q={searchTerms}"' in response.content.decode()


def test_every_page_advertises_the_opensearch_description(client, db):
    assert 'rel="search" type="application/opensearchdescription+xml"' in client.get("/").content.decode()


def test_entry_page_has_canonical_url_alternate_json_and_json_ld(client, seed):
    html = client.get(f"/errors/{CARD}/").content.decode()
    assert f'<link rel="canonical" href="http://testserver/errors/{CARD}/">' in html
    assert f'<link rel="alternate" type="application/json" href="/api/errors/{CARD}">' in html
    data = json.loads(re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1))
    assert data["@type"] == "TechArticle"
    assert data["headline"].startswith("NotImplementedError: NIXL PD transfer")
    assert data["url"] == f"http://testserver/errors/{CARD}/"
    assert data["about"]["codeRepository"] == "https://github.com/sgl-project/sglang"


def test_json_ld_cannot_be_closed_by_curator_text(client, seed):
    entry = ErrorEntry.objects.get(public_id=CARD)
    entry.meaning = "Ends here </script><script>alert(1)</script>"
    entry.save()
    html = client.get(f"/errors/{CARD}/").content.decode()
    block = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S).group(1)
    assert "<" not in block


def test_repository_pages_are_canonical_per_page(client, seed):
    html = client.get("/repos/sgl-project/sglang/").content.decode()
    assert '<link rel="canonical" href="http://testserver/repos/sgl-project/sglang/">' in html


def test_canonical_urls_use_site_url_when_it_is_set(client, seed, settings):
    settings.SITE_URL = "https://errors.example.org"
    html = client.get(f"/errors/{CARD}/").content.decode()
    assert f'<link rel="canonical" href="https://errors.example.org/errors/{CARD}/">' in html
