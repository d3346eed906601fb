"""Turn the club's reference facts (races, positions, skills) into a Django fixture.

The source is `shared/data/bb_reference.json` (facts) plus `fixtures/sources/skills_de.json`
(German names and our own explanations). The result, `fixtures/reference.json`, is committed;
`manage.py build_reference_fixture` rebuilds it when the sources change.
"""

import json
from pathlib import Path

from django.utils.text import slugify

from .models import LINEMAN, NEVER_GAINED_IN_SEVENS

CATEGORY_CODES = "GASPMD"


def split_skill(entry: str) -> tuple[str, str]:
    """'Loner (4+)' -> ('Loner', '4+'); 'Block' -> ('Block', '')."""
    if entry.endswith(")") and " (" in entry:
        name, _, rest = entry.partition(" (")
        return name, rest[:-1]
    return entry, ""


def default_journeyman(positions: list[dict]) -> int | None:
    """Index of the Lineman position with the highest maximum, then cheapest, then first."""
    candidates = [
        (-p["max"], p.get("cost") or 0, index)
        for index, p in enumerate(positions)
        if LINEMAN in p["keywords"]
    ]
    return min(candidates)[2] if candidates else None


def build_fixture(reference: dict, texts: list[dict]) -> list[dict]:
    objects: list[dict] = []
    text_by_name = {t["name_en"]: t for t in texts}

    category_pk = {}
    for order, category in enumerate(
        [c for c in reference["skill_categories"] if c["code"] in CATEGORY_CODES], start=1
    ):
        category_pk[category["code"]] = order
        objects.append(
            {
                "model": "rules.skillcategory",
                "pk": order,
                "fields": {
                    "code": category["code"],
                    "name": category["name_en"],
                    "name_de": category.get("name_de", ""),
                    "order": order,
                },
            }
        )

    skill_pk = {}
    for pk, skill in enumerate(reference["skills"], start=1):
        name = skill["name_en"]
        skill_pk[name] = pk
        text = text_by_name.get(name, {})
        is_trait = bool(skill.get("is_trait")) or skill.get("category") == "T"
        objects.append(
            {
                "model": "rules.skill",
                "pk": pk,
                "fields": {
                    "name": name,
                    "name_de": text.get("name_de") or "",
                    "slug": slugify(name),
                    "category": None if is_trait else category_pk[skill["category"]],
                    "is_trait": is_trait,
                    "gainable_in_sevens": name not in NEVER_GAINED_IN_SEVENS,
                    "parameter_hint": skill.get("parameter") or "",
                    "explanation": text.get("explanation") or "",
                },
            }
        )

    keyword_pk: dict[str, int] = {}
    for race in reference["races"]:
        for position in race["positions"]:
            for keyword in position["keywords"]:
                keyword_pk.setdefault(keyword, len(keyword_pk) + 1)
    for name, pk in sorted(keyword_pk.items(), key=lambda item: item[1]):
        objects.append({"model": "rules.keyword", "pk": pk, "fields": {"name": name}})

    position_pk = 0
    position_skill_pk = 0
    for race_pk, race in enumerate(reference["races"], start=1):
        journeyman_index = default_journeyman(race["positions"])
        race_object = {
            "model": "rules.race",
            "pk": race_pk,
            "fields": {
                "name": race["name"],
                "slug": slugify(race["name"]),
                "tier": race.get("tier"),
                "special_rules": ", ".join(race.get("special_rules") or []),
                "journeyman_position": None,
            },
        }
        objects.append(race_object)
        for order, position in enumerate(race["positions"], start=1):
            position_pk += 1
            if order - 1 == journeyman_index:
                race_object["fields"]["journeyman_position"] = position_pk
            objects.append(
                {
                    "model": "rules.position",
                    "pk": position_pk,
                    "fields": {
                        "race": race_pk,
                        "name": position["name"],
                        "order": order,
                        "max_count": position["max"],
                        "ma": position["ma"],
                        "st": position["st"],
                        "ag": position["ag"],
                        "pa": position["pa"],
                        "av": position["av"],
                        "primary_categories": [category_pk[c] for c in position["primary"]],
                        "secondary_categories": [category_pk[c] for c in position["secondary"]],
                        "keywords": [keyword_pk[k] for k in position["keywords"]],
                    },
                }
            )
            for skill_order, entry in enumerate(position["skills"], start=1):
                name, parameter = split_skill(entry)
                position_skill_pk += 1
                objects.append(
                    {
                        "model": "rules.positionskill",
                        "pk": position_skill_pk,
                        "fields": {
                            "position": position_pk,
                            "skill": skill_pk[name],
                            "parameter": parameter,
                            "order": skill_order,
                        },
                    }
                )
    return objects


def write_fixture(reference_path: Path, texts_path: Path, out_path: Path) -> int:
    reference = json.loads(reference_path.read_text(encoding="utf-8"))
    texts = json.loads(texts_path.read_text(encoding="utf-8")) if texts_path.exists() else []
    objects = build_fixture(reference, texts)
    out_path.write_text(json.dumps(objects, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return len(objects)


def build_handbook_fixture(handbook: dict) -> list[dict]:
    """The handbook source (fixtures/sources/handbook_de.json) as rules.* fixture objects."""
    objects: list[dict] = []
    table_pk = {}
    row_pk = 0
    for pk, table in enumerate(handbook["tables"], start=1):
        table_pk[table["key"]] = pk
        columns = [*table["columns"], "", ""][:3]
        objects.append(
            {
                "model": "rules.ruletable",
                "pk": pk,
                "fields": {
                    "key": table["key"],
                    "title": table["title"],
                    "dice": table.get("dice") or "",
                    "kind": table["kind"],
                    "column_1": columns[0],
                    "column_2": columns[1],
                    "column_3": columns[2],
                    "note": table.get("note") or "",
                },
            }
        )
        for order, row in enumerate(table["rows"], start=1):
            row_pk += 1
            cells = [*row["cells"], "", ""][:3]
            objects.append(
                {
                    "model": "rules.ruletablerow",
                    "pk": row_pk,
                    "fields": {
                        "table": pk,
                        "order": order,
                        "cell_1": cells[0],
                        "cell_2": cells[1],
                        "cell_3": cells[2],
                        "roll_min": row.get("roll_min"),
                        "roll_max": row.get("roll_max"),
                        "house_note": row.get("house_note") or "",
                    },
                }
            )
    block_pk = 0
    intro = {
        "slug": "einleitung",
        "title": handbook.get("title") or "Regelheft",
        "blocks": [{"kind": "sevens", "body": handbook.get("intro") or ""}],
    }
    for order, section in enumerate([intro, *handbook["sections"]], start=1):
        objects.append(
            {
                "model": "rules.handbooksection",
                "pk": order,
                "fields": {"slug": section["slug"], "title": section["title"], "order": order},
            }
        )
        for block_order, block in enumerate(section["blocks"], start=1):
            block_pk += 1
            objects.append(
                {
                    "model": "rules.handbookblock",
                    "pk": block_pk,
                    "fields": {
                        "section": order,
                        "order": block_order,
                        "kind": block["kind"],
                        "title": block.get("title") or "",
                        "body": block.get("body") or "",
                        "table": table_pk[block["table"]] if block.get("table") else None,
                        "generated": block.get("generated") or "",
                    },
                }
            )
    return objects


def write_handbook_fixture(source_path: Path, out_path: Path) -> int:
    handbook = json.loads(source_path.read_text(encoding="utf-8"))
    objects = build_handbook_fixture(handbook)
    out_path.write_text(json.dumps(objects, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    return len(objects)
