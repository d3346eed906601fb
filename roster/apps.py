from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RosterConfig(AppConfig):
    name = "roster"
    verbose_name = _("Kader")
