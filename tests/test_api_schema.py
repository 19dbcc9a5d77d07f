"""The OpenAPI schema at /api/schema describes every endpoint and its problems; /api/docs needs no CDN."""

import re

import pytest
import yaml
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.validation import validate_schema

PROBLEM = {"schema": {"$ref": "#/components/schemas/Problem"}}
METHODS = {"get", "put", "post", "patch", "delete"}


@pytest.fixture
def schema(client: Client, db) -> dict:
    response = client.get("/api/schema")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/vnd.oai.openapi+json")
    return response.json()


def operations(schema: dict) -> dict[str, dict]:
    return {
        f"{method.upper()} {path}": operation
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    }


def api_routes() -> set[str]:
    """Every route under /api/ that Django knows, in the schema's spelling."""

    def walk(patterns, prefix: str = ""):
        for pattern in patterns:
            text = prefix + str(pattern.pattern).lstrip("^").rstrip("$")
            if isinstance(pattern, URLResolver):
                yield from walk(pattern.url_patterns, text)
            elif isinstance(pattern, URLPattern):
                yield text

    routes = set()
    for route in walk(get_resolver().url_patterns):
        if route.startswith("api/") and not route.startswith(("api/schema", "api/docs")):
            routes.add("/" + re.sub(r"\(\?P<(\w+)>[^)]*\)", r"{\1}", route).replace("/?", "/"))
    return routes


def test_the_schema_is_valid_openapi_3(schema: dict) -> None:
    assert schema["openapi"].startswith("3.")
    validate_schema(schema)


def test_the_schema_can_also_be_had_as_yaml(client: Client, db) -> None:
    response = client.get("/api/schema", headers={"Accept": "application/vnd.oai.openapi"})
    assert yaml.safe_load(response.content)["info"]["title"] == "errorkb API"


def test_every_api_route_is_in_the_schema(schema: dict) -> None:
    assert api_routes() <= set(schema["paths"]), api_routes() - set(schema["paths"])
    assert {"/api/errors/", "/api/errors/{public_id}/", "/api/errors/{public_id}/retire/", "/api/match/"} <= set(
        schema["paths"]
    )


def test_every_error_response_is_a_problem_document(schema: dict) -> None:
    for name, operation in operations(schema).items():
        for status, response in operation["responses"].items():
            if int(status) >= 400:
                assert response["content"] == {"application/problem+json": PROBLEM}, f"{name} {status}"
        assert "500" in operation["responses"], name


def test_writes_declare_the_problems_a_curators_tool_must_handle(schema: dict) -> None:
    writes = {k: v for k, v in operations(schema).items() if k.split()[0] in {"POST", "PUT", "PATCH"}}
    assert {"POST /api/errors/", "PUT /api/errors/{public_id}/", "PATCH /api/errors/{public_id}/"} <= set(writes)
    for name, operation in writes.items():
        codes = set(operation["responses"])
        assert {"401", "403", "429"} <= codes, name
        if "requestBody" in operation:
            assert {"400", "413", "415"} <= codes, name
        assert operation["responses"]["429"]["headers"]["Retry-After"]["schema"] == {"type": "integer"}
    assert "409" in writes["POST /api/errors/"]["responses"]
    assert writes["POST /api/errors/"]["security"] == [{"token": []}, {"cookieAuth": []}]


def test_reads_need_no_token_and_name_their_parameters(schema: dict) -> None:
    listing = operations(schema)["GET /api/errors/"]
    assert {} in listing["security"]
    assert {"search", "repository", "exception_type", "kind", "status", "page"} <= {
        p["name"] for p in listing["parameters"]
    }
    assert {"400", "404", "429"} <= set(listing["responses"])
    assert "404" in operations(schema)["GET /api/errors/{public_id}/"]["responses"]


def test_the_problem_component_has_the_rfc_9457_members(schema: dict) -> None:
    problem = schema["components"]["schemas"]["Problem"]
    assert {"type", "title", "status", "detail"} <= set(problem["required"])
    assert "errors" in problem["properties"]


def test_the_docs_page_loads_only_our_own_static_files_and_no_inline_script(client: Client, db) -> None:
    response = client.get("/api/docs")
    assert response.status_code == 200
    page = response.content.decode()
    sources = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert sources, page
    for source in sources:
        assert source.startswith("/static/") or source.startswith("/api/docs?"), source
    assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", page) == []
    assert "<style" not in page and " style=" not in page


def test_the_docs_script_and_assets_are_served_by_us(client: Client, db) -> None:
    page = client.get("/api/docs").content.decode()
    script = re.search(r'<script src="(/api/docs\?[^"]+)"', page).group(1).replace("&amp;", "&")
    response = client.get(script)
    assert response.status_code == 200 and response["Content-Type"].startswith("application/javascript")
    assert "/api/schema" in response.content.decode()
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', page):
        assert client.get(asset).status_code == 200, asset
