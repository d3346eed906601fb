"""Start and stop gunicorn app servers for tests, benchmarks and load runs (loopback only)."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PRODUCTION_SECRET = "loopback-only-secret-0123456789-abcdefghijklmnopqrstuvwxyz-ABCDEFGH"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def production_env(**extra: str) -> dict[str, str]:
    """Production settings on loopback: DEBUG off, secure cookies, HTTPS through a header."""
    base = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_ALLOW_ASYNC_UNSAFE", "DEBUG", "DJANGO_SETTINGS_MODULE"}
    }
    return {
        **base,
        "DJANGO_ENV": "production",
        "SECRET_KEY": PRODUCTION_SECRET,
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        **extra,
    }


def manage(env: dict, *command: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *command], cwd=ROOT, env=env, check=True, capture_output=True
    )


def start_gunicorn(env: dict, *, port: int, workers: int = 2, log=None) -> subprocess.Popen:
    """gunicorn with the project's config (sync workers) on 127.0.0.1:port; waits until ready."""
    server = subprocess.Popen(
        [str(BIN / "gunicorn"), "config.wsgi", "-c", "config/gunicorn.conf.py"],
        cwd=ROOT,
        env={**env, "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers)},
        stdout=log or subprocess.DEVNULL,
        stderr=subprocess.STDOUT,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"gunicorn auf Port {port} ist beim Start beendet")
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return server
        except OSError:
            time.sleep(0.2)
    stop(server)
    raise RuntimeError(f"gunicorn auf Port {port} antwortet nicht")


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.terminate()
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
