# syntax=docker/dockerfile:1
# Domino Hall's image: the wheel built from this checkout, installed with its pinned dependencies
# (requirements.lock) into a new virtual environment, and served by `dominohall serve` as a user without
# privileges (docs/operations.md, "Install"). These are the steps tests/server/test_installed.py runs outside
# containers; tests/server/test_container.py holds the two to each other and runs this image's command and
# health check against a real server. Build: docker build -t dominohall .

FROM python:3.11-slim-bookworm AS build
RUN pip install --no-cache-dir uv==0.13.9
WORKDIR /build
COPY pyproject.toml README.md source/
COPY src source/src
COPY docs source/docs
RUN uv build --wheel --out-dir /build/wheels /build/source

FROM python:3.11-slim-bookworm
# pg_dump and pg_restore (PostgreSQL 15, Debian's) for `dominohall backup` and `restore` of a PostgreSQL store.
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
# uv, the wheel and the lock are mounted for this step only: the image keeps the installed environment alone.
RUN --mount=from=build,source=/usr/local/bin/uv,target=/usr/local/bin/uv \
    --mount=from=build,source=/build/wheels,target=/wheels \
    --mount=type=bind,source=requirements.lock,target=/requirements.lock \
    uv venv --python /usr/local/bin/python3 /opt/dominohall \
    && uv pip install --no-cache --compile-bytecode --python /opt/dominohall/bin/python -c /requirements.lock /wheels/dominohall-*.whl
ENV PATH=/opt/dominohall/bin:$PATH \
    PYTHONUNBUFFERED=1
RUN useradd --system --user-group --uid 10001 --home-dir /var/lib/dominohall --create-home \
        --shell /usr/sbin/nologin dominohall \
    && mkdir /var/lib/dominohall/data \
    && chown dominohall:dominohall /var/lib/dominohall/data
USER dominohall
WORKDIR /var/lib/dominohall
# serve's default store, sqlite:///data/dominohall.db, is in the working folder's data: keep it in a volume.
VOLUME /var/lib/dominohall/data
EXPOSE 8000
# The standard library only (the slim image has no curl): fails unless /healthz answers 200 with "ok".
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import json, sys, urllib.request; sys.exit(0 if json.load(urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4))['ok'] is True else 1)"]
ENTRYPOINT ["dominohall"]
CMD ["serve", "--host", "0.0.0.0"]
