"""A real SMTP server on the loopback (aiosmtpd) that keeps every mail it accepts."""

import email
import email.policy
import socket
import threading
import time

from aiosmtpd.controller import Controller


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _Keep:
    def __init__(self, box: "Mailbox"):
        self.box = box

    async def handle_DATA(self, server, session, envelope):
        message = email.message_from_bytes(envelope.content, policy=email.policy.default)
        with self.box.lock:
            self.box.messages.append(message)
        return "250 OK"


class Mailbox:
    """`start()` serves on `port` (the same port after a `stop()`, as a restarted server)."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.messages: list[email.message.EmailMessage] = []
        self.lock = threading.Lock()
        self.controller: Controller | None = None

    def start(self) -> "Mailbox":
        self.controller = Controller(_Keep(self), hostname="127.0.0.1", port=self.port)
        self.controller.start()
        return self

    def stop(self) -> None:
        if self.controller is not None:
            self.controller.stop()
            self.controller = None

    def to(self, address: str) -> list:
        with self.lock:
            return [m for m in self.messages if address in m["To"]]

    def wait_for(self, address: str, *, count: int = 1, timeout: float = 10) -> list:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            found = self.to(address)
            if len(found) >= count:
                return found
            time.sleep(0.1)
        return self.to(address)

    def mailer(self) -> dict:
        """MAILERS pointing at this server."""
        return {
            "default": {
                "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
                "OPTIONS": {"host": "127.0.0.1", "port": self.port, "timeout": 5},
            }
        }

    def env(self) -> dict[str, str]:
        """The environment that points the app at this server."""
        return {"EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(self.port)}


def text_of(message) -> str:
    return message.get_body(("plain",)).get_content()


def html_of(message) -> str:
    return message.get_body(("html",)).get_content()
