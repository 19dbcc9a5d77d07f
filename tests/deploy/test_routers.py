"""With read replicas, a reading request reads from them; writes, transactions and a session's reads just after
its own write stay on the primary. The replica here is an alias that mirrors the test database."""

import pytest
from django.core.cache import cache
from django.db import connections, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from config.routers import PIN_COOKIE, replica_reads
from kb.models import ErrorEntry, Repository

CARD = "/api/errors/b774bfdff5235dcd"
pytestmark = pytest.mark.django_db(transaction=True, databases=["default", "replica_1"])


@pytest.fixture
def replicated(settings, seed):
    settings.DATABASE_ROUTERS = ["config.routers.PrimaryReplicaRouter"]
    settings.MIDDLEWARE = ["config.routers.PrimaryPinMiddleware", *settings.MIDDLEWARE]
    cache.clear()


def tables_read(queries: CaptureQueriesContext) -> set[str]:
    return {
        word.strip('"')
        for query in queries.captured_queries
        if query["sql"].startswith("SELECT")
        for word in query["sql"].split()
        if word.startswith('"kb_')
    }


def get(client: Client, path: str) -> tuple[int, set[str], set[str]]:
    """The status, and the kb tables read from the primary and from the replica."""
    with CaptureQueriesContext(connections["default"]) as primary:
        with CaptureQueriesContext(connections["replica_1"]) as replica:
            status = client.get(path, HTTP_HOST="127.0.0.1").status_code
    return status, tables_read(primary), tables_read(replica)


def test_a_readers_request_reads_the_catalogue_from_a_replica(replicated):
    status, on_primary, on_replica = get(Client(), CARD)

    assert status == 200
    assert "kb_errorentry" in on_replica
    assert not on_primary


def test_after_a_write_the_session_reads_from_the_primary_for_a_few_seconds(replicated, settings):
    settings.DATABASE_PRIMARY_PIN_SECONDS = 5
    client = Client()
    response = client.post("/errors/b774bfdff5235dcd/report/", {}, HTTP_HOST="127.0.0.1")
    assert response.cookies[PIN_COOKIE]["max-age"] == 5

    status, on_primary, on_replica = get(client, CARD)

    assert status == 200
    assert "kb_errorentry" in on_primary
    assert not on_replica


def test_reads_outside_a_request_stay_on_the_primary(replicated):
    assert ErrorEntry.objects.all().db == "default"


def test_reads_inside_a_transaction_stay_on_the_primary(replicated):
    with replica_reads():
        assert Repository.objects.all().db == "replica_1"
        with transaction.atomic():
            assert Repository.objects.all().db == "default"


def test_writes_and_the_cache_table_go_to_the_primary(replicated):
    with replica_reads(), CaptureQueriesContext(connections["replica_1"]) as replica:
        Repository.objects.create(owner="octo", name="cat")
        cache.set("throttle_search_203.0.113.7", [1.0])
        assert cache.get("throttle_search_203.0.113.7") == [1.0]
    assert not replica.captured_queries
