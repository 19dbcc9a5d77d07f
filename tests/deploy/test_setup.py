import os
import shutil
import subprocess
import sys
import time

import pytest

CHECK_CARD = """
from django.test import Client
response = Client(HTTP_HOST="127.0.0.1").get("/errors/b774bfdff5235dcd/")
assert response.status_code == 200, response.status_code
assert b"NIXL PD transfer does not support HiSparse" in response.content
print("card served")
"""


def manage(*args: str, env: dict) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", *args], env=env, capture_output=True, text=True, timeout=120)


def test_make_run_sqlite_path_migrates_loads_fixtures_and_serves_the_card(tmp_path):
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
    }
    assert manage("migrate", "--noinput", env=env).returncode == 0
    assert manage("createcachetable", env=env).returncode == 0
    loaded = manage("import_errors", "fixtures/sglang.json", env=env)
    assert loaded.returncode == 0, loaded.stderr
    served = manage("shell", "-c", CHECK_CARD, env=env)
    assert "card served" in served.stdout, served.stderr


@pytest.mark.skipif(
    shutil.which("docker-compose") is None and not os.environ.get("CI"), reason="docker-compose not installed"
)
def test_docker_compose_file_is_valid():
    env = {**os.environ, "POSTGRES_PASSWORD": "example", "SECRET_KEY": "x" * 50}
    result = subprocess.run(["docker-compose", "config", "-q"], env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr


def test_production_refuses_to_start_without_a_real_secret_key():
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.production", "SECRET_KEY": "short"}
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


def test_production_settings_pass_check_deploy():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "Zq8#vT2@pL9!mW4$xR7%nB1^cY6&hJ3*gF5(dK0)sA-" * 2,
    }
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode == 0, result.stderr


def test_the_containers_health_check_passes_against_production_settings_over_plain_http(db, tmp_path):
    """The Dockerfile's HEALTHCHECK runs scripts/healthcheck.py inside the container: plain HTTP to gunicorn,
    with production settings that otherwise redirect every request to https."""
    from django.db import connection

    assert 'CMD ["python", "scripts/healthcheck.py"]' in open("Dockerfile").read()
    from urllib.parse import urlsplit

    url = urlsplit(os.environ["DATABASE_URL"])._replace(path="/" + connection.settings_dict["NAME"]).geturl()
    port = str(20000 + os.getpid() % 20000)
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "SECRET_KEY": "Zq8#vT2@pL9!mW4$xR7%nB1^cY6&hJ3*gF5(dK0)sA-" * 2,
        "DATABASE_URL": url,
        "ALLOWED_HOSTS": "errorkb.example.org,.example.org",
        "PORT": port,
        "CONN_MAX_AGE": "0",  # the server's connection closes with each request, so the test database can drop
    }
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "--bind", f"127.0.0.1:{port}", "--workers", "1"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        check = None
        for _ in range(120):
            check = subprocess.run([sys.executable, "scripts/healthcheck.py"], env=env, capture_output=True, text=True)
            if check.returncode == 0:
                break
            time.sleep(0.25)
        assert check is not None and check.returncode == 0, check.stderr if check else "no check ran"
    finally:
        server.terminate()
        server.wait(timeout=30)
