"""The real worker command in its own processes, against PostgreSQL and a real SMTP server:
a result reaches the other coach within 10 seconds, two workers send every mail once, and a
mail server that is down loses nothing."""

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from matches.factories import open_season, play, squad, staff_user
from roster.factories import UserFactory

from .mailbox import Mailbox, text_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="worker processes need a shared PostgreSQL"
    ),
]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def league(transactional_db):
    from django.core.management import call_command

    from rules.models import Race

    if not Race.objects.exists():
        call_command("loaddata", "reference", "handbook", verbosity=0)
    coaches = [UserFactory(username=f"coach{n}", email=f"coach{n}@example.org") for n in range(12)]
    teams = [squad(name=f"Team {n}", coach=coach, players=1) for n, coach in enumerate(coaches)]
    open_season(by=staff_user())
    return coaches, teams


@pytest.fixture
def box():
    mailbox = Mailbox().start()
    yield mailbox
    mailbox.stop()


def start_worker(mailbox: Mailbox, name: str) -> subprocess.Popen:
    db = connection.settings_dict
    env = {
        **{k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"},
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:"
        f"{db['PORT'] or 5432}/{db['NAME']}",
        "SITE_URL": "https://liga.example.org",
        **mailbox.env(),
    }
    return subprocess.Popen(
        [sys.executable, "manage.py", "db_worker", "--interval", "0.2", "--worker-id", name],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.fixture
def workers(box):
    started = []

    def start(count: int = 1):
        for n in range(count):
            started.append(start_worker(box, f"test-worker-{len(started)}-{n}"))

    yield start
    for worker in started:
        worker.terminate()
    for worker in started:
        try:
            worker.wait(timeout=15)
        except subprocess.TimeoutExpired:
            worker.kill()


def test_a_result_reaches_the_other_coach_by_mail_within_ten_seconds(league, box, workers):
    coaches, teams = league
    workers(1)
    started = time.monotonic()
    play(teams[0], teams[1], score=(3, 0), by=coaches[0])
    [message] = box.wait_for("coach1@example.org", timeout=10)
    assert time.monotonic() - started < 10
    assert "Team 0 3:0 Team 1" in text_of(message)
    time.sleep(1)
    assert len(box.to("coach1@example.org")) == 1
    assert box.to("coach0@example.org") == []


def test_two_workers_deliver_every_mail_once(league, box, workers):
    coaches, teams = league
    for n in range(0, 12, 2):
        play(teams[n], teams[n + 1], by=coaches[n])
    workers(2)
    for n in range(1, 12, 2):
        box.wait_for(f"coach{n}@example.org", timeout=20)
    time.sleep(2)
    assert sorted(m["To"] for m in box.messages) == sorted(
        f"coach{n}@example.org" for n in range(1, 12, 2)
    )


def test_a_mail_server_that_is_down_for_a_while_loses_nothing(league, box, workers):
    coaches, teams = league
    box.stop()
    workers(1)
    play(teams[2], teams[3], by=coaches[2])
    time.sleep(6)  # the first try and the first retry (after 5 s) find no server
    box.start()
    [message] = box.wait_for("coach3@example.org", timeout=30)
    assert "Team 2 0:0 Team 3" in text_of(message)
