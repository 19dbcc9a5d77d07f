"""docker-compose.yml scales out: web replicas publish no port, nginx in front, a health check on every
long-running service. (Docker cannot run here; `docker-compose config -q` in test_setup.py checks the syntax.)"""

from pathlib import Path

import yaml

SERVICES = yaml.safe_load(Path("docker-compose.yml").read_text())["services"]
LONG_RUNNING = ["db", "redis", "web", "nginx"]


def test_every_long_running_service_has_a_health_check():
    assert {name: "test" in SERVICES[name].get("healthcheck", {}) for name in LONG_RUNNING} == dict.fromkeys(
        LONG_RUNNING, True
    )


def test_web_replicas_publish_no_host_port_so_that_any_number_can_run():
    assert "ports" not in SERVICES["web"]
    assert SERVICES["nginx"]["ports"]


def test_replicas_start_only_after_the_one_migration_has_completed():
    assert SERVICES["web"]["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}
    assert "migrate" in " ".join(SERVICES["migrate"]["command"])
    assert "migrate" not in " ".join(SERVICES["web"]["command"])


def test_the_app_uses_redis_and_counts_nginx_as_its_one_proxy():
    environment = SERVICES["web"]["environment"]
    assert environment["REDIS_URL"].startswith("redis://redis:")
    assert environment["AXES_PROXY_COUNT"] == "1"


def test_nginx_is_built_with_the_apps_static_files_and_deploy_nginx_conf():
    dockerfile = Path("Dockerfile").read_text()
    assert SERVICES["nginx"]["build"]["target"] == "proxy"
    assert "COPY --from=app /app/staticfiles /srv/static" in dockerfile
    assert "COPY deploy/nginx.conf /etc/nginx/nginx.conf" in dockerfile
