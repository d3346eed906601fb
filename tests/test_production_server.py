"""gunicorn serves the app with production settings; WhiteNoise serves compressed, cached static."""

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def fetch(url: str, **headers) -> tuple[int, dict, bytes]:
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status, dict(response.headers), response.read()


@pytest.fixture(scope="module")
def production_server(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("prod")
    port = free_port()
    env = {
        **{k: v for k, v in os.environ.items() if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE"}},
        "DJANGO_ENV": "production",
        "SECRET_KEY": "test-production-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz",
        "ALLOWED_HOSTS": "127.0.0.1",
        "DATABASE_URL": f"sqlite:///{tmp / 'prod.sqlite3'}",
        "STATIC_ROOT": str(tmp / "static"),
        "SECURE_SSL_REDIRECT": "0",
        "CACHE_DIR": str(tmp / "cache"),
    }
    manage = [sys.executable, "manage.py"]
    for command in (
        ["migrate", "--noinput", "-v0"],
        ["setup_demo"],
        ["collectstatic", "--noinput", "-v0"],
    ):
        subprocess.run(manage + command, cwd=ROOT, env=env, check=True, capture_output=True)
    log = open(tmp / "stdout.log", "wb")  # noqa: SIM115 (closed when the server stops)
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "config.wsgi", "-c", "config/gunicorn.conf.py"],
        cwd=ROOT,
        env={**env, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "1"},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    server.log_path = tmp / "stdout.log"
    production_server_process["server"] = server
    production_server_process["env"] = env
    try:
        for _ in range(100):
            try:
                fetch(f"{base}/")
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)
        log.close()


production_server_process: dict = {}


def test_gunicorn_serves_the_handbook_with_production_settings(production_server):
    # Behind the TLS-terminating proxy, as in production.
    status, headers, body = fetch(
        f"{production_server}/regelheft/", **{"X-Forwarded-Proto": "https"}
    )
    assert status == 200
    assert b"Regelheft" in body
    assert "Content-Security-Policy" in headers
    assert "Strict-Transport-Security" in headers


def test_static_files_are_compressed_and_cached_for_a_long_time(production_server):
    _, _, body = fetch(f"{production_server}/regelheft/")
    css = re.search(rb'href="(/static/css/app\.[0-9a-f]+\.css)"', body)
    assert css, "CSS is served under a hashed (cache-busting) name"
    status, headers, _ = fetch(
        f"{production_server}{css.group(1).decode()}", **{"Accept-Encoding": "gzip"}
    )
    assert status == 200
    assert headers.get("Content-Encoding") in {"gzip", "br"}
    max_age = int(re.search(r"max-age=(\d+)", headers["Cache-Control"]).group(1))
    assert max_age >= 365 * 24 * 3600


def test_healthz_reports_database_and_cache_state(production_server):
    status, headers, body = fetch(f"{production_server}/healthz")
    assert status == 200
    assert json.loads(body) == {"status": "ok", "database": "ok", "cache": "ok"}
    assert "no-cache" in headers["Cache-Control"]


def test_each_request_logs_one_line_with_its_duration_to_stdout(production_server):
    fetch(f"{production_server}/regelheft/?log-probe=1", **{"X-Forwarded-Proto": "https"})
    log = production_server_process["server"].log_path
    for _ in range(50):
        lines = [line for line in log.read_text().splitlines() if "/regelheft/?log-probe=1" in line]
        if lines:
            break
        time.sleep(0.1)
    assert len(lines) == 1
    assert re.search(r'"GET /regelheft/\?log-probe=1 HTTP/1.1" 200 \d+ \d+ms$', lines[0])
