"""Reference data shared by the whole app: skills and the race templates ("Rassen-Vorlagen").

Teams and players copy what they need from these templates when they are created, so editing a
template never changes an existing player.
"""

from django.db import models
from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

STUNTY = "Stunty"
LINEMAN = "Lineman"
NEVER_GAINED_IN_SEVENS = ("Leader", "Pro")
ROLE_KEYWORDS = frozenset(
    {"Lineman", "Blitzer", "Blocker", "Catcher", "Runner", "Thrower", "Big Guy", "Special"}
)


class SkillCategory(models.Model):
    """General, Agility, Strength, Passing, Mutation, Devious (codes G A S P M D)."""

    code = models.CharField(_("Kürzel"), max_length=1, unique=True)
    name = models.CharField(_("Name (englisch)"), max_length=40, unique=True)
    name_de = models.CharField(_("Name (deutsch)"), max_length=40, blank=True)
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)

    class Meta:
        ordering = ["order", "code"]
        verbose_name = _("Fertigkeiten-Kategorie")
        verbose_name_plural = _("Fertigkeiten-Kategorien")

    def __str__(self) -> str:
        return self.name_de or self.name


class SkillQuerySet(models.QuerySet):
    def traits(self):
        return self.filter(is_trait=True)

    def development_pool(self):
        """Skills a player can gain by development: no traits, never Leader or Pro."""
        return self.filter(is_trait=False, gainable_in_sevens=True)

    def search(self, query: str):
        """Skills whose English or German name contains the query (any case)."""
        if not query:
            return self
        return self.filter(models.Q(name__icontains=query) | models.Q(name_de__icontains=query))

    def grouped(self) -> tuple[list[tuple["SkillCategory", list["Skill"]]], list["Skill"]]:
        """(category, skills) pairs in category order, without empty ones, and the traits."""
        groups = {category.pk: (category, []) for category in SkillCategory.objects.all()}
        traits = []
        for skill in self.select_related("category").order_by("name"):
            if skill.category_id is None:
                traits.append(skill)
            else:
                groups[skill.category_id][1].append(skill)
        return [group for group in groups.values() if group[1]], traits


class Skill(models.Model):
    name = models.CharField(_("Name (englisch)"), max_length=60, unique=True)
    name_de = models.CharField(_("Name (deutsch)"), max_length=60, blank=True)
    slug = models.SlugField(_("Kurzname für die Adresse"), max_length=60, unique=True)
    category = models.ForeignKey(
        SkillCategory,
        verbose_name=_("Kategorie"),
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="skills",
        help_text=_("Leer bei Eigenschaften (Traits)."),
    )
    is_trait = models.BooleanField(_("Eigenschaft (Trait)"), default=False)
    gainable_in_sevens = models.BooleanField(
        _("in Sevens erlernbar"),
        default=True,
        help_text=_("Leader und Pro können in Sevens nie als Entwicklung gewählt werden."),
    )
    parameter_hint = models.CharField(
        _("Parameter"),
        max_length=80,
        blank=True,
        help_text=_("Wie der Wert in Klammern zu lesen ist, z. B. „Loner (X+)“."),
    )
    explanation = models.TextField(_("Erklärung"), blank=True)

    objects = SkillQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("Fertigkeit")
        verbose_name_plural = _("Fertigkeiten")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(is_trait=True, category__isnull=True)
                | models.Q(is_trait=False, category__isnull=False),
                name="skill_trait_xor_category",
                violation_error_message=_(
                    "Eine Eigenschaft hat keine Kategorie, jede andere Fertigkeit genau eine."
                ),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rules:skill-detail", kwargs={"slug": self.slug})

    @property
    def has_explanation(self) -> bool:
        return bool(self.explanation.strip())

    def label(self, parameter: str = "") -> str:
        """The skill as printed on a roster: "Loner (4+)" with a value, "Block" without."""
        return f"{self.name} ({parameter})" if parameter else self.name


class Keyword(models.Model):
    """A position keyword: a role (Lineman, Blitzer, …) or a race keyword (Orc, Goblin, …)."""

    name = models.CharField(_("Name"), max_length=40, unique=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("Schlüsselwort")
        verbose_name_plural = _("Schlüsselwörter")

    def __str__(self) -> str:
        return self.name

    @property
    def is_role(self) -> bool:
        return self.name in ROLE_KEYWORDS


class RaceQuerySet(models.QuerySet):
    def with_journeyman(self):
        return self.select_related("journeyman_position").order_by("name")


class Race(models.Model):
    name = models.CharField(_("Name"), max_length=60, unique=True)
    slug = models.SlugField(_("Kurzname für die Adresse"), max_length=60, unique=True)
    tier = models.PositiveSmallIntegerField(_("Stufe (Tier)"), null=True, blank=True)
    special_rules = models.CharField(
        _("Sonderregeln"), max_length=300, blank=True, help_text=_("Durch Komma getrennt.")
    )
    journeyman_position = models.ForeignKey(
        "Position",
        verbose_name=_("Position der Journeymen"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text=_("Die niedrigste, häufigste Position des Volkes; Journeymen kommen von hier."),
    )

    objects = RaceQuerySet.as_manager()

    class Meta:
        ordering = ["name"]
        verbose_name = _("Rasse")
        verbose_name_plural = _("Rassen")

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("rules:race-detail", kwargs={"slug": self.slug})

    def special_rule_list(self) -> list[str]:
        return [rule.strip() for rule in self.special_rules.split(",") if rule.strip()]


class PositionQuerySet(models.QuerySet):
    def with_keyword(self, name: str):
        return self.filter(keywords__name=name)

    def with_annotations(self):
        """Annotate `stunty` (has the Stunty trait) and `lineman` (has the Lineman keyword)."""
        return self.annotate(
            stunty=Exists(
                PositionSkill.objects.filter(position=OuterRef("pk"), skill__name=STUNTY)
            ),
            lineman=Exists(
                Position.keywords.through.objects.filter(
                    position=OuterRef("pk"), keyword__name=LINEMAN
                )
            ),
        )

    def stunty(self):
        return self.with_annotations().filter(stunty=True)

    def stunty_by_race(self) -> list[tuple["Race", list["Position"]]]:
        """The handbook's stunty table: each race with its stunty positions, in one query."""
        table: dict[int, tuple[Race, list[Position]]] = {}
        for position in self.stunty().select_related("race").order_by("race__name", "order"):
            table.setdefault(position.race_id, (position.race, []))[1].append(position)
        return list(table.values())

    def for_display(self):
        """Everything a roster table shows, in a fixed number of queries."""
        return self.with_annotations().prefetch_related(
            models.Prefetch(
                "starting_skills",
                queryset=PositionSkill.objects.select_related("skill").order_by("order", "pk"),
            ),
            "primary_categories",
            "secondary_categories",
            "keywords",
        )


def _range_check(field: str, low: int, high: int, message, *, nullable: bool = False):
    """A database check that a position's stat stays within the game's bounds."""
    condition = models.Q(**{f"{field}__gte": low, f"{field}__lte": high})
    if nullable:
        condition = models.Q(**{f"{field}__isnull": True}) | condition
    return models.CheckConstraint(
        condition=condition, name=f"position_{field}_range", violation_error_message=message
    )


class Position(models.Model):
    race = models.ForeignKey(
        Race, verbose_name=_("Rasse"), on_delete=models.CASCADE, related_name="positions"
    )
    name = models.CharField(_("Name"), max_length=60)
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)
    max_count = models.PositiveSmallIntegerField(_("Höchstzahl"))
    ma = models.PositiveSmallIntegerField(_("MA"), help_text=_("Bewegung"))
    st = models.PositiveSmallIntegerField(_("ST"), help_text=_("Stärke"))
    ag = models.PositiveSmallIntegerField(_("AG"), help_text=_("Agilität, Zielwert (3 = 3+)"))
    pa = models.PositiveSmallIntegerField(
        _("PA"), null=True, blank=True, help_text=_("Passen, Zielwert; leer = kein Passwert (–)")
    )
    av = models.PositiveSmallIntegerField(_("AV"), help_text=_("Rüstung, Zielwert (9 = 9+)"))
    primary_categories = models.ManyToManyField(
        SkillCategory,
        verbose_name=_("Primär-Kategorien"),
        blank=True,
        related_name="primary_positions",
    )
    secondary_categories = models.ManyToManyField(
        SkillCategory,
        verbose_name=_("Sekundär-Kategorien"),
        blank=True,
        related_name="secondary_positions",
    )
    keywords = models.ManyToManyField(
        Keyword, verbose_name=_("Schlüsselwörter"), blank=True, related_name="positions"
    )

    objects = PositionQuerySet.as_manager()

    class Meta:
        ordering = ["race", "order", "pk"]
        verbose_name = _("Position")
        verbose_name_plural = _("Positionen")
        constraints = [
            models.UniqueConstraint(fields=["race", "name"], name="position_unique_per_race"),
            _range_check("max_count", 1, 16, _("Die Höchstzahl muss zwischen 1 und 16 liegen.")),
            _range_check("ma", 1, 9, _("MA muss zwischen 1 und 9 liegen.")),
            _range_check("st", 1, 8, _("ST muss zwischen 1 und 8 liegen.")),
            _range_check("ag", 1, 6, _("AG muss zwischen 1+ und 6+ liegen.")),
            _range_check(
                "pa", 1, 6, _("PA muss leer sein oder zwischen 1+ und 6+ liegen."), nullable=True
            ),
            _range_check("av", 3, 12, _("AV muss zwischen 3+ und 12+ liegen.")),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.race.name})"

    def get_absolute_url(self) -> str:
        return f"{self.race.get_absolute_url()}#{self.anchor}"

    @property
    def anchor(self) -> str:
        return f"position-{self.pk}"

    def skill_names(self) -> list[str]:
        return [entry.label for entry in self.starting_skills.all()]

    @property
    def is_stunty(self) -> bool:
        annotated = getattr(self, "stunty", None)
        if annotated is not None:
            return annotated
        return any(entry.skill.name == STUNTY for entry in self.starting_skills.all())

    @property
    def is_lineman(self) -> bool:
        annotated = getattr(self, "lineman", None)
        if annotated is not None:
            return annotated
        return any(keyword.name == LINEMAN for keyword in self.keywords.all())

    def race_keywords(self) -> list[str]:
        """Keywords that name a race (Orc, Goblin, …), not a role (Lineman, Blitzer, …)."""
        return [k.name for k in self.keywords.all() if not k.is_role]

    @staticmethod
    def category_codes(categories) -> str:
        return "".join(c.code for c in sorted(categories, key=lambda c: (c.order, c.code)))

    def primary_codes(self) -> str:
        return self.category_codes(self.primary_categories.all())

    def secondary_codes(self) -> str:
        return self.category_codes(self.secondary_categories.all())


class PositionSkill(models.Model):
    """A starting skill or trait of a position, with its value where it has one (Loner (4+))."""

    position = models.ForeignKey(Position, on_delete=models.CASCADE, related_name="starting_skills")
    skill = models.ForeignKey(
        Skill, verbose_name=_("Fertigkeit"), on_delete=models.PROTECT, related_name="+"
    )
    parameter = models.CharField(
        _("Wert"), max_length=30, blank=True, help_text=_("z. B. „4+“ bei Loner (4+)")
    )
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)

    class Meta:
        ordering = ["order", "pk"]
        verbose_name = _("Start-Fertigkeit")
        verbose_name_plural = _("Start-Fertigkeiten")
        constraints = [
            models.UniqueConstraint(
                fields=["position", "skill"], name="position_skill_once_per_position"
            )
        ]

    def __str__(self) -> str:
        return self.label

    @property
    def label(self) -> str:
        return self.skill.label(self.parameter)


class RuleKind(models.TextChoices):
    SEVENS = "sevens", _("Sevens-Regel")
    ORIGINAL = "original", _("Original-Regel – bei uns nicht angewendet")
    HOUSE = "house", _("Unsere Liga-Hausregel")


class RuleTable(models.Model):
    """A table of the handbook (kick-off events, weather, injuries, …), editable by staff."""

    key = models.SlugField(_("Schlüssel"), max_length=40, unique=True)
    title = models.CharField(_("Titel"), max_length=120)
    dice = models.CharField(_("Würfel"), max_length=10, blank=True, help_text=_("z. B. 2W6"))
    kind = models.CharField(_("Art"), max_length=10, choices=RuleKind, default=RuleKind.SEVENS)
    column_1 = models.CharField(_("Spalte 1"), max_length=40)
    column_2 = models.CharField(_("Spalte 2"), max_length=40)
    column_3 = models.CharField(_("Spalte 3"), max_length=40, blank=True)
    note = models.TextField(_("Anmerkung"), blank=True)

    class Meta:
        ordering = ["key"]
        verbose_name = _("Regel-Tabelle")
        verbose_name_plural = _("Regel-Tabellen")

    def __str__(self) -> str:
        return self.title

    def columns(self) -> list[str]:
        return [c for c in (self.column_1, self.column_2, self.column_3) if c]

    def row_for_roll(self, roll: int) -> "RuleTableRow":
        """The row a dice result falls into (for 2W6 tables)."""
        return self.rows.get(roll_min__lte=roll, roll_max__gte=roll)


class RuleTableRow(models.Model):
    table = models.ForeignKey(RuleTable, on_delete=models.CASCADE, related_name="rows")
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)
    cell_1 = models.CharField(_("Spalte 1"), max_length=120)
    cell_2 = models.TextField(_("Spalte 2"))
    cell_3 = models.TextField(_("Spalte 3"), blank=True)
    roll_min = models.PositiveSmallIntegerField(_("Wurf von"), null=True, blank=True)
    roll_max = models.PositiveSmallIntegerField(_("Wurf bis"), null=True, blank=True)
    house_note = models.TextField(
        _("Hausregel dazu"),
        blank=True,
        help_text=_("Wie unsere Liga diese Zeile abweichend handhabt."),
    )

    class Meta:
        ordering = ["table", "order", "pk"]
        verbose_name = _("Tabellenzeile")
        verbose_name_plural = _("Tabellenzeilen")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(roll_min__isnull=True, roll_max__isnull=True)
                | models.Q(roll_min__isnull=False, roll_max__gte=models.F("roll_min")),
                name="rule_row_roll_range",
                violation_error_message=_("„Wurf bis“ muss mindestens „Wurf von“ sein."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.table.key}: {self.cell_1}"

    def cells(self) -> list[str]:
        count = len(self.table.columns())
        return [self.cell_1, self.cell_2, self.cell_3][:count]


class HandbookSection(models.Model):
    slug = models.SlugField(_("Sprungmarke"), max_length=40, unique=True)
    title = models.CharField(_("Titel"), max_length=120)
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)

    class Meta:
        ordering = ["order", "pk"]
        verbose_name = _("Regelheft-Abschnitt")
        verbose_name_plural = _("Regelheft-Abschnitte")

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return f"{reverse('rules:handbook')}#{self.slug}"


class Generated(models.TextChoices):
    NONE = "", _("–")
    STUNTY_POSITIONS = "stunty_positions", _("Kümmerliche Positionen je Rasse")
    JOURNEYMAN_POSITIONS = "journeyman_positions", _("Journeyman-Position je Rasse")


class HandbookBlock(models.Model):
    """A rule of a section: its kind, text, and the table shown with it."""

    section = models.ForeignKey(HandbookSection, on_delete=models.CASCADE, related_name="blocks")
    order = models.PositiveSmallIntegerField(_("Reihenfolge"), default=0)
    kind = models.CharField(_("Art"), max_length=10, choices=RuleKind, default=RuleKind.SEVENS)
    title = models.CharField(_("Titel"), max_length=120, blank=True)
    body = models.TextField(
        _("Text"),
        blank=True,
        help_text=_(
            "Absätze durch Leerzeilen trennen; Zeilen mit „- “ werden Aufzählungen; "
            "**fett** hebt hervor."
        ),
    )
    table = models.ForeignKey(
        RuleTable,
        verbose_name=_("Tabelle"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="blocks",
    )
    generated = models.CharField(
        _("Erzeugte Tabelle"),
        max_length=30,
        choices=Generated,
        blank=True,
        default=Generated.NONE,
        help_text=_("Wird aus den Rassen-Vorlagen erzeugt, nie abgetippt."),
    )

    class Meta:
        ordering = ["section", "order", "pk"]
        verbose_name = _("Regel")
        verbose_name_plural = _("Regeln")

    def __str__(self) -> str:
        return self.title or f"{self.section.title} #{self.order}"
