# Two images from one build: `app` (gunicorn) and `proxy` (nginx with the collected static files).
# docker-compose.yml builds each by its target; a plain `docker build .` gives the app.
FROM python:3.11-slim AS app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=config.settings.production \
    VIRTUAL_ENV=/opt/venv PATH=/opt/venv/bin:$PATH
WORKDIR /app
# Serving needs only requirements.txt (the pinned lock of requirements.in), installed into a venv of its own, and
# the matching core, errorkb.matching, from the client distribution in clients/python (its dependencies are pinned).
COPY requirements.txt .
COPY clients/ clients/
RUN python -m venv /opt/venv && /opt/venv/bin/pip install --no-cache-dir -r requirements.txt \
    && /opt/venv/bin/pip install --no-cache-dir --no-deps ./clients/python
COPY . .
RUN SECRET_KEY=build-only-collectstatic-$(head -c 48 /dev/urandom | od -An -tx1 | tr -d ' \n') python manage.py collectstatic --noinput
RUN useradd --system app
USER app
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 CMD ["python", "scripts/healthcheck.py"]
# Alone (docker run), the container migrates first; docker-compose.yml migrates once, in a service of its own.
CMD ["sh", "-c", "python manage.py migrate --noinput && python manage.py createcachetable && gunicorn -c config/gunicorn.py config.wsgi:application"]

# The same static files the app was built with, served by nginx: no shared volume to keep in step.
FROM nginx:1.27-alpine AS proxy
COPY --from=app /app/staticfiles /srv/static
COPY deploy/nginx.conf /etc/nginx/nginx.conf
HEALTHCHECK --interval=10s --timeout=3s --retries=3 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/nginx-health"]

FROM app
