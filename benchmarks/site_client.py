"""A small HTTP client for a running app server: visitors read pages, coaches log in and enter
results through the real forms (CSRF token, session cookie), as a browser would.

Used by the two-server test and the load scripts; standard library only. The server runs with
production settings behind an imagined TLS proxy, so every request says `X-Forwarded-Proto:
https` and the client keeps its (Secure) cookies itself.
"""

import re
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from http.cookies import SimpleCookie
from zoneinfo import ZoneInfo

COACH_PASSWORD = "bench-coach-pw"  # every coach of the benchmark league (league_builder.py)
LEAGUE_TIME = ZoneInfo("Europe/Berlin")  # the app's TIME_ZONE: form times are read in it
CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


@dataclass
class Response:
    status: int
    headers: dict
    body: str
    seconds: float


@dataclass
class SiteClient:
    base: str  # e.g. http://127.0.0.1:8001
    cookies: dict = field(default_factory=dict)
    timeout: float = 20

    def __post_init__(self):
        self.opener = urllib.request.build_opener(NoRedirect)
        host = urllib.parse.urlsplit(self.base).netloc
        self.origin = f"https://{host}"

    def request(self, path: str, data: dict | None = None) -> Response:
        headers = {"X-Forwarded-Proto": "https", "User-Agent": "hs-site-client"}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
            headers["Origin"] = self.origin
            headers["Referer"] = self.origin + path
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        request = urllib.request.Request(self.base + path, data=body, headers=headers)
        started = time.perf_counter()
        try:
            with self.opener.open(request, timeout=self.timeout) as raw:
                status, header_list, text = raw.status, raw.headers, raw.read()
        except urllib.error.HTTPError as error:
            status, header_list, text = error.code, error.headers, error.read()
        seconds = time.perf_counter() - started
        for value in header_list.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        return Response(status, dict(header_list), text.decode("utf-8", "replace"), seconds)

    def get(self, path: str) -> Response:
        return self.request(path)

    def post_form(self, path: str, data: dict, *, form_page: str | None = None) -> Response:
        """GET the form page for its CSRF token, then POST `data` to `path`."""
        page = self.get(form_page or path)
        token = CSRF_INPUT.search(page.body)
        if token is None:
            raise RuntimeError(f"kein CSRF-Token auf {form_page or path} ({page.status})")
        return self.request(path, {"csrfmiddlewaretoken": token.group(1), **data})

    def login(self, username: str, password: str) -> None:
        response = self.post_form("/konto/anmelden/", {"username": username, "password": password})
        if response.status != 302:
            raise RuntimeError(f"Anmeldung von {username} fehlgeschlagen ({response.status})")

    def enter_result(
        self, *, home: int, away: int, score: tuple[int, int], second_game: bool = False
    ) -> Response:
        """ "Spiel eintragen" for two team ids, played a minute ago, no casualties;
        `second_game`: the yes to "Noch ein Spiel derselben Paarung eintragen?"."""
        played = (datetime.now(LEAGUE_TIME) - timedelta(minutes=1)).strftime("%Y-%m-%dT%H:%M")
        pick = f"/spiele/neu/?heim={home}&gast={away}"
        data = {
            "heim": home,
            "gast": away,
            "played_at": played,
            "home_touchdowns": score[0],
            "away_touchdowns": score[1],
            "conceded_by": "",
            "home_journeymen_casualties": 0,
            "away_journeymen_casualties": 0,
        }
        if second_game:
            data["second_game"] = "1"
        return self.post_form("/spiele/neu/", data, form_page=pick)
