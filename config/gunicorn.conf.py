"""gunicorn settings for `make serve` (one machine) and the benchmarks.

Every value can be overridden on the command line or with GUNICORN_CMD_ARGS. The access log goes
to stdout, one line per request: time, client, request line, status, bytes and the duration in
milliseconds (the last field).
"""

import multiprocessing
import os

bind = os.environ.get(
    "BIND", f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '8000')}"
)
workers = int(os.environ.get("WEB_CONCURRENCY", str(multiprocessing.cpu_count() * 2 + 1)))
worker_class = "sync"
timeout = 30
graceful_timeout = 20
# A worker restarts after this many requests (with jitter), so a slow leak cannot grow forever.
# Its memory is bounded anyway (the in-process page cache holds at most MAX_ENTRIES values), and
# a restarted worker starts with an empty in-process cache and uncompiled templates: at 2,000
# requests the benchmark's workers restarted every few seconds and their first requests after
# it showed as the p99 (0.4-0.5 s). 50,000 requests are hours of a league's traffic.
# The app is loaded once in the master and each worker is forked from it (preload_app): a
# restart then costs a fork instead of importing Django and the project again (about a second
# of CPU per worker, during which its requests wait), which under load happened every few
# seconds. Nothing at import opens a database connection or a cache client (both are made on
# first use, in the worker). New code needs a restart of gunicorn, not a HUP.
preload_app = True
max_requests = 50_000
max_requests_jitter = 5_000
accesslog = "-"
errorlog = "-"
access_log_format = '%(t)s %(h)s "%(r)s" %(s)s %(B)s %(M)sms'
# Only the reverse proxy on this machine may set X-Forwarded-* (see README, "Betrieb").
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")
# gunicorn's control socket sits at one path per user: two instances on one machine (two app
# servers, the tests, the benchmark) would fight over it, and nothing here uses it.
control_socket_disable = True
