"""The dependency rules of the code base, checked on the source (lazy imports included).

- The league apps form layers, lowest first: rules ← roster ← league ← matches ← stats. Models,
  services and every other module of an app import only from its own layer or below; only
  the modules that put pages together (views, admin, urls, management commands, template tags)
  may combine apps.
- No import cycle anywhere: not between apps, not between the modules of one app. In the
  engines not even through an ``if TYPE_CHECKING:`` import, which never runs but still ties
  the two modules together.
- One home per rule: Django's staff flag is read only by `config.roles.is_league_admin`, rows
  are locked only by the write guard (`config.writeguard`), "to the minute" is defined only in
  `config.minutes`; every URL name is its view's name.
- Site plumbing (middleware, context processors, the login forms and the client address, the
  page cache's signal wiring) lives in config; no app defines or wires any of it.
- No module of the engines reads an underscore attribute that another module defines: the
  BALL engine's modules read a State through its public view (``engines.ball.view``).
- The BALL simulator reads the board's geometry from the engine and derives none of its own.
"""

import ast
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = (
    "config",
    "rules",
    "roster",
    "league",
    "matches",
    "stats",
    "notifications",
    "simulator",
    "engines",
    "api",
)
LAYERS = {"rules": 0, "roster": 1, "league": 2, "matches": 3, "stats": 4, "notifications": 4}
# Modules that assemble pages from several apps (Luke Plant's "views combine, models don't").
COMBINERS = {"views", "admin", "urls"}
COMBINER_PACKAGES = {"management", "templatetags"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def project_modules(packages: tuple[str, ...] = PACKAGES) -> dict[str, Path]:
    modules = {}
    for package in packages:
        for path in (ROOT / package).rglob("*.py"):
            if "migrations" in path.parts:
                continue
            modules[module_name(path)] = path
    return modules


def imported_names(
    source: str, module: str, *, is_package: bool = False, type_checking: bool = False
) -> set[str]:
    """Every module name `source` imports, at any depth (functions included), made absolute.
    `from x import y` counts as `x.y` too, so a submodule imported by name is seen.
    `if TYPE_CHECKING:` imports never run and count only with `type_checking`."""
    package = module if is_package else module.rpartition(".")[0]
    tree = ast.parse(source)
    type_only = set()
    if not type_checking:
        type_only = {
            id(inner)
            for node in ast.walk(tree)
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
            for inner in ast.walk(node)
        }
    names = set()
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                origin = ".".join(base + ([node.module] if node.module else []))
            else:
                origin = node.module or ""
            names.add(origin)
            names.update(f"{origin}.{alias.name}" for alias in node.names)
    return names


def is_combiner(module: str) -> bool:
    """Views, admin and urls modules, and every module of a views package, management commands
    or template tags: they put pages together from several apps."""
    parts = module.split(".")
    return parts[-1] in COMBINERS or bool((COMBINER_PACKAGES | {"views"}) & set(parts[1:-1]))


def upward_imports(source: str, module: str) -> list[str]:
    """Imports of `module` that reach a higher layer than its own app (empty for combiners)."""
    parts = module.split(".")
    app = parts[0]
    if app not in LAYERS or is_combiner(module):
        return []
    found = []
    for name in sorted(imported_names(source, module)):
        target = name.split(".")[0]
        if target in LAYERS and LAYERS[target] > LAYERS[app]:
            found.append(f"{module} imports {name}")
    return found


def import_graph(
    packages: tuple[str, ...] = PACKAGES, *, type_checking: bool = False
) -> dict[str, set[str]]:
    sources = {
        name: (path.read_text(encoding="utf-8"), path.name == "__init__.py")
        for name, path in project_modules(packages).items()
    }
    return graph_of(sources, type_checking=type_checking)


def graph_of(
    sources: dict[str, tuple[str, bool]], *, type_checking: bool = False
) -> dict[str, set[str]]:
    """The import graph of the modules `sources` maps to (their source, is it a package)."""
    graph = {}
    for name, (source, is_package) in sources.items():
        imported = imported_names(source, name, is_package=is_package, type_checking=type_checking)
        # A module always needs its own packages initialised first; an edge to one of them
        # (`from . import board`) is no cycle of the code's making.
        ancestors = {name.rsplit(".", n)[0] for n in range(1, name.count(".") + 1)}
        graph[name] = {t for t in imported if t in sources and t != name and t not in ancestors}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_models_and_services_only_import_apps_below_them():
    offenders = []
    for name, path in project_modules().items():
        offenders += upward_imports(path.read_text(encoding="utf-8"), name)
    assert offenders == []


def test_the_layer_check_catches_a_lazy_upward_import():
    source = "def status():\n    from matches.status import status_of\n    return status_of\n"
    assert upward_imports(source, "roster.models") == [
        "roster.models imports matches.status",
        "roster.models imports matches.status.status_of",
    ]
    assert upward_imports("from .models import Team\n", "roster.services") == []
    assert upward_imports("from matches.skills import current_skills\n", "roster.views") == []
    assert upward_imports("from matches.squad import squad_page\n", "roster.views.squad") == []


def test_a_module_named_like_a_views_package_elsewhere_is_no_combiner():
    assert is_combiner("matches.views.results")
    assert not is_combiner("roster.reviews")
    assert upward_imports("from matches.squad import first_match\n", "roster.views_helpers") == [
        "roster.views_helpers imports matches.squad",
        "roster.views_helpers imports matches.squad.first_match",
    ]


def test_no_import_cycles_between_or_within_apps():
    assert cycles(import_graph()) == []


def test_the_cycle_check_finds_a_cycle_through_a_lazy_import():
    graph = {"a.models": {"a.standings"}, "a.standings": {"a.models"}, "a.views": {"a.models"}}
    assert cycles(graph) == [["a.models", "a.standings"]]


def test_no_import_cycle_in_the_engines_counting_type_checking_imports():
    assert cycles(import_graph(("engines",), type_checking=True)) == []


def test_the_engine_cycle_check_counts_a_type_checking_import():
    sources = {
        "e.ball.state": ("def render(self):\n    from .render import draw\n", False),
        "e.ball.render": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .state import State\n",
            False,
        ),
    }
    assert cycles(graph_of(sources)) == []
    assert cycles(graph_of(sources, type_checking=True)) == [["e.ball.render", "e.ball.state"]]


# Rules written as plain functions on plain data: they must stay free of Django so their tests
# (and anybody reading them) need no database.
PURE_RULES = ("matches.round_robin", "matches.appointments", "stats.ratings", "stats.charts")


def test_pure_rule_modules_import_no_django_and_no_app():
    modules = project_modules()
    offenders = []
    for name in PURE_RULES:
        imported = imported_names(modules[name].read_text(encoding="utf-8"), name)
        offenders += [
            f"{name} imports {target}"
            for target in sorted(imported)
            if target.split(".")[0] in {"django", *LAYERS}
        ]
    assert offenders == []


# --- one home per rule --------------------------------------------------------------------------


def attribute_reads(source: str, name: str) -> list[int]:
    """Lines where `source` reads (or calls) an attribute `name` of anything."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Attribute) and node.attr == name
    ]


def offenders_of(name: str, *, home: set[str]) -> list[str]:
    """Every project module outside `home` that reads attribute `name` (migrations aside)."""
    found = []
    for module, path in project_modules().items():
        if module in home:
            continue
        found += [
            f"{module}:{line}" for line in attribute_reads(path.read_text(encoding="utf-8"), name)
        ]
    return found


def test_only_the_admin_predicate_reads_the_staff_flag():
    assert offenders_of("is_staff", home={"config.roles"}) == []
    templates = [
        str(path.relative_to(ROOT))
        for package in (*PACKAGES, "templates")
        for path in (ROOT / package).rglob("*.html")
        if "is_staff" in path.read_text(encoding="utf-8")
    ]
    assert templates == []


def test_the_staff_check_finds_a_read_in_a_condition():
    source = "def may(user):\n    return user.is_authenticated and user.is_staff\n"
    assert attribute_reads(source, "is_staff") == [2]
    assert attribute_reads("User.objects.create(is_staff=True)\n", "is_staff") == []


def test_rows_are_locked_only_by_the_write_guard():
    assert offenders_of("select_for_update", home={"config.writeguard"}) == []


def test_the_lock_check_finds_a_raw_lock_inside_a_function():
    source = "def save(pk):\n    with atomic():\n        Team.objects.select_for_update().get()\n"
    assert attribute_reads(source, "select_for_update") == [3]


def minute_roundings(source: str) -> list[int]:
    """Lines that drop the seconds of a time: `.replace(second=0, ...)` (setting a clock time,
    `.replace(hour=19, minute=30, second=0)`, is no rounding)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "replace"
        and {"second"} <= {keyword.arg for keyword in node.keywords}
        and not {"hour", "minute"} & {keyword.arg for keyword in node.keywords}
    ]


def test_to_the_minute_has_one_definition():
    found = [
        f"{module}:{line}"
        for module, path in project_modules().items()
        if module != "config.minutes"
        for line in minute_roundings(path.read_text(encoding="utf-8"))
    ]
    assert found == []


def test_the_minute_check_finds_a_rounding():
    assert minute_roundings("joined = when.replace(second=0, microsecond=0)\n") == [1]
    assert minute_roundings("text.replace('a', 'b')\n") == []
    assert minute_roundings("day.replace(hour=19, minute=30, second=0, microsecond=0)\n") == []


def test_every_url_name_is_its_views_name():
    from django.urls import URLPattern, URLResolver, get_resolver

    def patterns(resolver, namespace=""):
        for entry in resolver.url_patterns:
            if isinstance(entry, URLResolver):
                inner = entry.namespace or ""
                if inner in {"admin", "djdt"}:
                    continue
                yield from patterns(entry, f"{namespace}{inner}:" if inner else namespace)
            elif isinstance(entry, URLPattern) and entry.name:
                yield f"{namespace}{entry.name}", entry.callback

    differing = [
        f"{name} -> {view.__module__}.{view.__name__}"
        for name, view in patterns(get_resolver())
        if getattr(view, "__module__", "").split(".")[0] in PACKAGES
        and name.rpartition(":")[2].replace("-", "_") != view.__name__
    ]
    assert differing == []


MAX_VIEWS_MODULE_LINES = 400


def test_views_modules_of_the_league_apps_stay_short():
    """One page family per module: a views module that grows past this does several jobs."""
    long = {
        module: lines
        for module, path in project_modules().items()
        if module.split(".")[0] in LAYERS and "views" in module.split(".")
        for lines in [len(path.read_text(encoding="utf-8").splitlines())]
        if lines > MAX_VIEWS_MODULE_LINES
    }
    assert long == {}


# Everything that serves the whole site rather than the league lives in config.
APPS = (*LAYERS, "simulator")
PLUMBING_MODULES = {"middleware", "context_processors"}


def wired_plumbing() -> list[str]:
    """The dotted names of what the site runs around every page: the middleware, the context
    processors, django-axes' client address and both login forms."""
    from django.conf import settings
    from django.contrib import admin
    from django.urls import resolve, reverse

    login_form = resolve(reverse("login")).func.view_initkwargs["authentication_form"]
    return [
        *settings.MIDDLEWARE,
        *(
            name
            for engine in settings.TEMPLATES
            for name in engine["OPTIONS"]["context_processors"]
        ),
        settings.AXES_CLIENT_IP_CALLABLE,
        *(f"{form.__module__}.{form.__qualname__}" for form in (login_form, admin.site.login_form)),
    ]


def plumbing_in_apps(wired: Iterable[str], modules: Iterable[str]) -> list[str]:
    """Site plumbing found in an app: a `wired` name from an app, or an app module named like
    plumbing (middleware.py, context_processors.py)."""
    found = [f"{name} is wired from an app" for name in wired if name.split(".")[0] in APPS]
    found += [
        f"{name} is site plumbing in an app"
        for name in modules
        if name.split(".")[0] in APPS and name.split(".")[-1] in PLUMBING_MODULES
    ]
    return sorted(found)


def signal_wiring(source: str, module: str) -> list[str]:
    """How `module` wires signals: imports of signal machinery (django.dispatch, any `signals`
    module) and calls of the page cache's connect(), however it was imported."""
    found = [
        f"{module} imports {name}"
        for name in sorted(imported_names(source, module))
        if name.split(".")[:2] == ["django", "dispatch"] or "signals" in name.split(".")
    ]
    tree = ast.parse(source)
    bound = {}  # local name -> the absolute name it was imported as
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                local = alias.asname or alias.name.partition(".")[0]
                bound[local] = alias.name if alias.asname else local
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name | ast.Attribute):
            written = ast.unparse(node.func)
            head, _, rest = written.partition(".")
            called = ".".join(filter(None, [bound.get(head, head), rest]))
            if called.startswith("config.pagecache") and called.endswith(".connect"):
                found.append(f"{module} calls {called}()")
    return found


def test_site_plumbing_lives_in_config():
    wired = wired_plumbing()
    assert plumbing_in_apps(wired, project_modules()) == []
    assert {
        "config.middleware.ChosenLanguageMiddleware",
        "config.context_processors.site",
        "config.login.client_ip",
        "config.login.LoginForm",
        "config.login.AdminLoginForm",
    } <= set(wired)


def test_the_plumbing_check_catches_middleware_and_context_processors_in_an_app():
    wired = [
        "django.middleware.common.CommonMiddleware",
        "league.middleware.ChosenLanguageMiddleware",
    ]
    modules = ["league.context_processors", "league.views", "config.middleware"]
    assert plumbing_in_apps(wired, modules) == [
        "league.context_processors is site plumbing in an app",
        "league.middleware.ChosenLanguageMiddleware is wired from an app",
    ]


def test_only_config_wires_signals():
    # Signals serve one purpose here: renewing the page cache's tokens on every write
    # (config/pagecache/fragments.py), connected once from config/apps.py.
    wiring = {
        name: signal_wiring(path.read_text(encoding="utf-8"), name)
        for name, path in project_modules().items()
    }
    assert [w for name, found in wiring.items() if name.split(".")[0] in APPS for w in found] == []
    assert wiring["config.apps"] == ["config.apps calls config.pagecache.fragments.connect()"]


def test_the_signal_check_catches_an_app_that_connects_the_page_cache_or_listens_itself():
    ready = "def ready(self):\n    from config import pagecache\n\n    pagecache.connect()\n"
    assert signal_wiring(ready, "league.apps") == ["league.apps calls config.pagecache.connect()"]
    direct = "from config.pagecache.fragments import connect as wire\n\nwire()\n"
    assert signal_wiring(direct, "matches.apps") == [
        "matches.apps calls config.pagecache.fragments.connect()"
    ]
    receiver = (
        "from django.dispatch import receiver\nfrom django.db.models.signals import post_save\n"
    )
    assert signal_wiring(receiver, "roster.models") == [
        "roster.models imports django.db.models.signals",
        "roster.models imports django.db.models.signals.post_save",
        "roster.models imports django.dispatch",
        "roster.models imports django.dispatch.receiver",
    ]


# Calls that read an attribute named by a string: `getattr(state, "_occ")` is a private read too.
_BY_NAME = {"getattr", "hasattr", "setattr", "delattr", "attrgetter", "__getattribute__"}


def _is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def own_private_names(tree: ast.Module) -> set[str]:
    """The underscore attributes a module defines itself, in its classes: methods, class
    attributes, `__slots__` entries and what its methods assign on their `self`/`cls`."""
    names = set()
    for cls in ast.walk(tree):
        if not isinstance(cls, ast.ClassDef):
            continue
        for item in cls.body:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names.add(item.name)
            elif isinstance(item, ast.Assign | ast.AnnAssign):
                targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                for target in targets:
                    if isinstance(target, ast.Name) and target.id == "__slots__":
                        names.update(
                            c.value
                            for c in ast.walk(item.value)
                            if isinstance(c, ast.Constant) and isinstance(c.value, str)
                        )
                    elif isinstance(target, ast.Name):
                        names.add(target.id)
    for receiver, function in _methods(tree):
        for node in ast.walk(function):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.ctx, ast.Store)
                and isinstance(node.value, ast.Name)
                and node.value.id == receiver
            ):
                names.add(node.attr)
    return {name for name in names if _is_private(name)}


def _methods(tree: ast.Module) -> list[tuple[str, ast.AST]]:
    """(name of the first parameter, method) for every function defined in a class body; a
    static method has no `self`."""
    found = []
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef):
            for item in cls.body:
                if (
                    isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)
                    and item.args.args
                    and "staticmethod" not in {ast.unparse(d) for d in item.decorator_list}
                ):
                    found.append((item.args.args[0].arg, item))
    return found


def foreign_private_reads(source: str) -> list[str]:
    """The underscore attributes `source` reaches that it does not define itself (see
    `own_private_names`), on any object but the `self`/`cls` of one of its own methods: as an
    attribute (`state._occ`) or by name (`getattr(state, "_occ")`). A function outside a class
    is no method; calling its parameter `self` does not make somebody else's object its own."""
    tree = ast.parse(source)
    own = own_private_names(tree)
    receivers = {
        id(node)
        for receiver, method in _methods(tree)
        for node in ast.walk(method)
        if isinstance(node, ast.Name) and node.id == receiver
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr) and node.attr not in own:
            if id(node.value) not in receivers:
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if called in _BY_NAME:
                found += [
                    f"line {node.lineno}: {ast.unparse(node)}"
                    for arg in node.args
                    if isinstance(arg, ast.Constant)
                    and isinstance(arg.value, str)
                    and _is_private(arg.value)
                    and arg.value not in own
                ]
    return found


def test_no_engine_module_reads_another_modules_private_attributes():
    offenders = [
        f"{name} {read}"
        for name, path in project_modules(("engines",)).items()
        for read in foreign_private_reads(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_private_read_check_catches_reads_of_a_states_underscore_attributes():
    assert foreign_private_reads("def evaluate(state):\n    return state._pos[0]\n") == [
        "line 2: state._pos"
    ]
    assert foreign_private_reads("def f(state):\n    return getattr(state, '_occ')\n") == [
        "line 2: getattr(state, '_occ')"
    ]
    # A parameter called self outside a class is still somebody else's object.
    assert foreign_private_reads("def f(self):\n    return self._pos\n") == ["line 2: self._pos"]
    assert foreign_private_reads("class A:\n    def f(self, other):\n        other._pos\n") == [
        "line 3: other._pos"
    ]
    source = "class A:\n    @staticmethod\n    def f(state):\n        return state._pos\n"
    assert foreign_private_reads(source) == ["line 4: state._pos"]
    # A module-level or local name is no attribute of the module's own objects.
    assert foreign_private_reads("_pos = 0\ndef f(state):\n    _occ = state._occ\n") == [
        "line 3: state._occ"
    ]


def test_the_private_read_check_lets_a_module_use_its_own_privates():
    source = (
        "class State:\n"
        "    __slots__ = ('_pos',)\n"
        "    def __eq__(self, other):\n"
        "        return self._key() == other._key() and self._pos == other._pos\n"
        "    def _key(self):\n"
        "        return self._pos\n"
        "class Work:\n"
        "    def __init__(self, state):\n"
        "        self._moved = state._pos\n"
        "    def copy(self, other):\n"
        "        return other._moved\n"
        "def _helper(work):\n"
        "    return State._key, work._moved, work.__class__\n"
    )
    assert foreign_private_reads(source) == []


# The BALL board's geometry (its columns, rows and playable squares) is the engine's
# (`engines.ball.board`); the simulator reads it from there instead of deriving it again.
GEOMETRY_NAMES = {"COLS", "COLUMNS", "ROWS", "LETTERS", "SQUARES", "NSQ", "PLAYABLE"}


def geometry_definitions(source: str) -> list[str]:
    """Where `source` defines board geometry of its own: a name of the engine's geometry
    assigned, the column letters written out, or the playable-square test `(c + r) % 2`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            if node.id in GEOMETRY_NAMES:
                found.append(f"line {node.lineno}: {node.id} =")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if "ABCDEFGHIJKLM" in node.value:
                found.append(f"line {node.lineno}: {node.value!r}")
        elif (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Mod)
            and isinstance(node.left, ast.BinOp)
            and isinstance(node.left.op, ast.Add)
            and isinstance(node.right, ast.Constant)
            and node.right.value == 2
        ):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return sorted(found, key=lambda text: int(text.split()[1].rstrip(":")))


def test_the_ball_simulator_reads_the_board_geometry_from_the_engine():
    offenders = [
        f"{name} {found}"
        for name, path in project_modules(("simulator",)).items()
        if name.startswith("simulator.ball")
        for found in geometry_definitions(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_the_geometry_check_finds_a_board_derived_again():
    source = (
        'COLUMNS = "ABCDEFGHIJKLM"\n'
        "ROWS = 17\n"
        "def squares():\n"
        "    return [(c, r) for c in range(1, 14) for r in range(1, 18) if (c + r) % 2 == 0]\n"
    )
    assert geometry_definitions(source) == [
        "line 1: COLUMNS =",
        "line 1: 'ABCDEFGHIJKLM'",
        "line 2: ROWS =",
        "line 4: (c + r) % 2",
    ]
    assert geometry_definitions("from engines.ball.board import ROWS\nlast = ROWS\n") == []


# The notifications app sits above the league: the league's services announce their changes
# through matches/outbox.py, and only the notifications app's AppConfig listens.


def outbox_listeners(source: str, module: str) -> list[str]:
    """Calls of `matches.outbox.listen` in `source`, however it was imported."""
    tree = ast.parse(source)
    bound = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                bound[alias.asname or alias.name] = alias.name
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            written = ast.unparse(node.func)
            head, _, rest = written.partition(".")
            called = ".".join(filter(None, [bound.get(head, head), rest]))
            if called == "matches.outbox.listen":
                found.append(f"{module}:{node.lineno}")
    return found


def test_only_the_notifications_app_listens_to_the_outbox():
    found = [
        hit
        for name, path in project_modules().items()
        for hit in outbox_listeners(path.read_text(encoding="utf-8"), name)
    ]
    assert [hit.partition(":")[0] for hit in found] == ["notifications.apps"]


def test_the_listener_check_finds_a_listen_call_however_imported():
    source = "from matches import outbox\n\noutbox.listen(print)\n"
    assert outbox_listeners(source, "league.apps") == ["league.apps:3"]
    source = "from matches.outbox import listen as hear\nhear(print)\n"
    assert outbox_listeners(source, "roster.apps") == ["roster.apps:2"]


def test_the_league_apps_never_import_the_notifications_app():
    offenders = [
        f"{name} imports {target}"
        for name, path in project_modules().items()
        if name.split(".")[0] in {"rules", "roster", "league", "matches"} and not is_combiner(name)
        for target in sorted(imported_names(path.read_text(encoding="utf-8"), name))
        if target.split(".")[0] == "notifications"
    ]
    assert offenders == []
