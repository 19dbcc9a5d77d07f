import re


def test_pages_carry_a_csp_that_allows_no_inline_scripts(client, seed):
    for path in ("/", "/errors/b774bfdff5235dcd/", "/search/?q=nixl", "/repos/sgl-project/sglang/"):
        csp = client.get(path)["Content-Security-Policy"]
        script_src = re.search(r"script-src ([^;]+)", csp).group(1)
        assert "'unsafe-inline'" not in script_src and "'unsafe-eval'" not in script_src, path
        assert "frame-ancestors 'none'" in csp and "object-src 'none'" in csp, path


def test_a_page_that_uses_the_nonce_gets_it_in_its_policy(rf):
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse

    def view(request):
        return HttpResponse(f'<script nonce="{request.csp_nonce}"></script>')

    request = rf.get("/")
    response = CSPMiddleware(view)(request)
    nonce = re.search(r'nonce="([^"]+)"', response.content.decode()).group(1)
    assert f"'nonce-{nonce}'" in response["Content-Security-Policy"]


def test_pages_forbid_framing_sniffing_and_leaky_referrers(client, db):
    response = client.get("/")
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"


def test_no_template_has_an_inline_script_without_a_nonce():
    from pathlib import Path

    templates = list(Path("templates").rglob("*.html"))
    assert templates, "no templates found: run from the repository root"
    for template in templates:
        for tag in re.findall(r"<script\b[^>]*>", template.read_text()):
            assert "src=" in tag or "nonce=" in tag or "ld+json" in tag, f"{template}: {tag}"
        assert not re.search(r"\son[a-z]+\s*=", template.read_text()), f"{template} has an inline event handler"
