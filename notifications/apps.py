from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Benachrichtigungen")

    def ready(self) -> None:
        # The league's services announce their changes (matches/outbox.py); the rows that tell
        # the other coach are written in the same transaction.
        from matches import outbox

        from .services import record

        outbox.listen(record)
