"""The roster sheet to print ("Kader drucken", docs/statistik.md): one A4 page per team with
what the table needs during a match, all derived from the squad page's data."""

from dataclasses import dataclass

import segno

from matches.squad import squad_page
from roster.models import Team

ONE_LINE = 110


def one_line(text: str, limit: int = ONE_LINE) -> str:
    """The first sentence (or line) of a skill's explanation, at most `limit` characters."""
    first = text.strip().splitlines()[0].strip() if text.strip() else ""
    end = first.find(". ")
    if end != -1:
        first = first[: end + 1]
    if len(first) > limit:
        first = first[: limit - 1].rstrip() + "…"
    return first


@dataclass
class Sheet:
    team: Team
    available: list
    missing: list
    journeymen: int
    skills: list  # (label, one-line explanation), each skill once, by name
    qr_svg: str


def roster_sheet(team: Team, *, squad_url: str) -> Sheet:
    squad = squad_page(team, with_questions=False)
    available = [p for p in squad.roster if p.status is None]
    missing = [p for p in squad.roster if p.status is not None]
    skills = {}
    for player in available:
        for entry in player.skills_now:
            skills.setdefault(entry.skill.pk, entry.skill)
    legend = sorted(
        ((skill.label(), one_line(skill.explanation)) for skill in skills.values()),
        key=lambda item: item[0].casefold(),
    )
    qr = segno.make(squad_url, error="m")
    return Sheet(
        team=team,
        available=available,
        missing=missing,
        journeymen=squad.journeymen,
        skills=legend,
        qr_svg=qr.svg_inline(scale=2, title=squad_url),
    )
