"""The OpenAPI schema at /api/schema describes every endpoint and its problems; /api/docs needs no CDN."""

import re

import pytest
import yaml
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.validation import validate_schema

from tests.samples import CARD

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
    for accept in ("application/vnd.oai.openapi", "application/yaml"):
        response = client.get("/api/schema", headers={"Accept": accept})
        assert yaml.safe_load(response.content)["info"]["title"] == "errorkb API", accept


def test_a_client_asking_for_plain_json_gets_the_schema(client: Client, db) -> None:
    for accept in ("application/json", "*/*", "application/vnd.oai.openapi+json"):
        response = client.get("/api/schema", headers={"Accept": accept})
        assert response.status_code == 200, accept
        assert response.json()["info"]["title"] == "errorkb API"


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


def test_every_operation_documents_the_503_of_a_database_outage_with_retry_after(schema: dict) -> None:
    for name, operation in operations(schema).items():
        assert operation["responses"]["503"]["headers"]["Retry-After"]["schema"] == {"type": "integer"}, name


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


def test_a_matchs_url_may_be_null_for_a_draft(schema: dict) -> None:
    answer = operations(schema)["POST /api/match/"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == {"$ref": "#/components/schemas/MatchAnswer"}
    url = schema["components"]["schemas"]["Match"]["properties"]["url"]
    assert url["nullable"] is True
    assert "draft" in url["description"]


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
    assets = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert assets, page
    for asset in assets:
        assert client.get(asset).status_code == 200, asset


def test_delete_on_an_entry_is_documented_as_the_405_it_is(schema: dict, client: Client, token_client, seed) -> None:
    refused = operations(schema)["DELETE /api/errors/{public_id}/"]
    assert not any(status.startswith("2") for status in refused["responses"]), refused["responses"]
    assert {"401", "404", "405", "406", "429", "500", "503"} == set(refused["responses"])
    assert refused["responses"]["405"]["headers"]["Allow"]["required"] is True
    assert "retire" in refused["description"]
    answered = {method.upper() for method in schema["paths"]["/api/errors/{public_id}/"]} - {"DELETE"}
    for who in (client, token_client):  # anyone, a curator too; an entry or not
        for public_id in (CARD, "0000000000000000"):
            response = who.delete(f"/api/errors/{public_id}")
            assert response.status_code == 405
            assert response["Content-Type"] == "application/problem+json"
            assert answered <= {m.strip() for m in response["Allow"].split(",")}
            assert "DELETE" not in response["Allow"]
    assert client.get(f"/api/errors/{CARD}").status_code == 200  # still there
    assert client.delete("/api/errors/not-an-id").status_code == 404  # no entry could have that path


def test_the_card_documents_its_conditional_get_and_validators(schema: dict, client: Client, seed) -> None:
    card = operations(schema)["GET /api/errors/{public_id}/"]
    headers = {p["name"]: p for p in card["parameters"] if p["in"] == "header"}
    assert set(headers) == {"If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since"}
    assert not any(p["required"] for p in headers.values())
    for status in ("200", "304"):
        assert {"ETag", "Last-Modified", "Cache-Control"} <= set(card["responses"][status]["headers"]), status
        assert card["responses"][status]["headers"]["ETag"]["required"] is True
    assert "content" not in card["responses"]["304"]
    # Only the card answers conditional requests: no other operation claims a 304.
    assert [name for name, op in operations(schema).items() if "304" in op["responses"]] == [
        "GET /api/errors/{public_id}/"
    ]

    first = client.get(f"/api/errors/{CARD}")
    assert first.status_code == 200 and first["ETag"] and first["Last-Modified"]
    for sent in ({"If-None-Match": first["ETag"]}, {"If-Modified-Since": first["Last-Modified"]}):
        again = client.get(f"/api/errors/{CARD}", headers=sent)
        assert (again.status_code, again.content) == (304, b""), sent
        assert (again["ETag"], again["Last-Modified"]) == (first["ETag"], first["Last-Modified"])
        assert again["Cache-Control"] == first["Cache-Control"]
    # If-None-Match decides when it is sent, as documented.
    stale = {"If-None-Match": '"another"', "If-Modified-Since": first["Last-Modified"]}
    assert client.get(f"/api/errors/{CARD}", headers=stale).status_code == 200
    assert client.get("/api/errors", headers={"If-None-Match": "*"}).status_code == 200
    failed = client.get(f"/api/errors/{CARD}", headers={"If-Match": '"another"'})
    assert (failed.status_code, failed["Content-Type"]) == (412, "application/problem+json")
    assert "412" in card["responses"]


CONDITIONAL_WRITES = (
    "PUT /api/errors/{public_id}/",
    "PATCH /api/errors/{public_id}/",
    "POST /api/errors/{public_id}/retire/",
)


def test_conditional_writes_document_if_match_if_unmodified_since_and_their_412(schema: dict) -> None:
    for name in CONDITIONAL_WRITES:
        operation = operations(schema)[name]
        headers = {p["name"]: p for p in operation["parameters"] if p["in"] == "header"}
        assert set(headers) == {"If-Match", "If-Unmodified-Since"}, name
        assert not any(p["required"] for p in headers.values()), name
        assert "ETag" in headers["If-Match"]["description"] and "412" in headers["If-Match"]["description"]
        refused = operation["responses"]["412"]
        assert refused["content"] == {"application/problem+json": PROBLEM}, name
        assert "nothing is written" in refused["description"], name
        assert "If-Match" in operation["responses"]["428"]["description"], name
        assert {"ETag", "Last-Modified"} <= set(operation["responses"]["200"]["headers"]), name


def test_a_create_documents_its_409_for_an_id_taken_at_the_same_moment_and_its_etag(schema: dict) -> None:
    create = operations(schema)["POST /api/errors/"]
    assert "same moment" in create["responses"]["409"]["description"]
    assert {"ETag", "Last-Modified"} <= set(create["responses"]["201"]["headers"])
    assert "412" not in create["responses"]


def test_a_match_stopped_by_its_time_budget_is_documented_as_a_503_with_retry_after(schema: dict) -> None:
    for name in ("POST /api/match/", "GET /api/match/"):
        stopped = operations(schema)[name]["responses"]["503"]
        assert stopped["content"] == {"application/problem+json": PROBLEM}, name
        assert stopped["headers"]["Retry-After"]["schema"] == {"type": "integer"}, name
        assert "MATCH_TIME_BUDGET" in stopped["description"], name


def patterns(node: object) -> list[str]:
    if isinstance(node, dict):
        found = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        return found + [p for value in node.values() for p in patterns(value)]
    if isinstance(node, list):
        return [p for value in node for p in patterns(value)]
    return []


def test_every_pattern_is_one_a_json_schema_client_can_read(schema: dict) -> None:
    # JSON Schema's patterns are ECMA-262: no possessive quantifier, atomic group or \A/\Z (schemathesis refused one).
    assert patterns(schema)
    for pattern in patterns(schema):
        assert not re.search(r"(?<!\\)[*+?}]\+|\(\?>|\\[AZ]", pattern), pattern
