from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SimulatorConfig(AppConfig):
    name = "simulator"
    verbose_name = _("Simulatoren")
