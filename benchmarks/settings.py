"""The production settings plus the benchmark's floor page (never part of the public app)."""

from config.settings import *  # noqa: F403
from config.settings import BASE_DIR, TEMPLATES

ROOT_URLCONF = "benchmarks.urls"
TEMPLATES[0]["DIRS"] = [*TEMPLATES[0]["DIRS"], BASE_DIR / "benchmarks" / "templates"]
