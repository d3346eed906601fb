"""Charts as accessible SVG drawn on the server (no Django, no script): a line over a series
of points (a table position, a rating) and grouped bars (casualties per season).

Each chart is an `<svg role="img">` named by its `<title>` and described by its `<desc>`; the
page shows the same numbers beside it as a table, so nothing is only in the picture. The
`viewBox` lets the chart scale to the width of a 375 px phone.
"""

from html import escape

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 12, 28
COLOURS = ("#1f4d2b", "#a01b1b")  # dark green, dark red: both well above 3:1 on white


def _scale(value: float, low: float, high: float, start: float, end: float) -> float:
    if high == low:
        return (start + end) / 2
    return start + (value - low) * (end - start) / (high - low)


def _frame(chart_id: str, title: str, desc: str, body: list[str]) -> str:
    return "".join(
        [
            f'<svg class="chart" id="{escape(chart_id)}" viewBox="0 0 {WIDTH} {HEIGHT}" '
            f'role="img" aria-labelledby="{escape(chart_id)}-t {escape(chart_id)}-d" '
            'preserveAspectRatio="xMidYMid meet" width="100%">',
            f'<title id="{escape(chart_id)}-t">{escape(title)}</title>',
            f'<desc id="{escape(chart_id)}-d">{escape(desc)}</desc>',
            f'<rect x="0" y="0" width="{WIDTH}" height="{HEIGHT}" fill="#fff"/>',
            *body,
            "</svg>",
        ]
    )


def _axes(labels: list[str], ticks: list[tuple[float, str]]) -> list[str]:
    bottom, right = HEIGHT - BOTTOM, WIDTH - RIGHT
    body = [
        f'<line x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{bottom}" stroke="#000"/>',
        f'<line x1="{LEFT}" y1="{bottom}" x2="{right}" y2="{bottom}" stroke="#000"/>',
    ]
    for y, text in ticks:
        body.append(
            f'<text x="{LEFT - 4}" y="{y + 3:.1f}" font-size="10" text-anchor="end" '
            f'fill="#000">{escape(text)}</text>'
        )
        body.append(
            f'<line x1="{LEFT}" y1="{y:.1f}" x2="{right}" y2="{y:.1f}" stroke="#ccc" '
            'stroke-dasharray="2 3"/>'
        )
    step = max(1, len(labels) // 8)  # at most about eight labels, so they stay readable
    for index, label in enumerate(labels):
        if index % step:
            continue
        x = _x(index, len(labels))
        body.append(
            f'<text x="{x:.1f}" y="{bottom + 14}" font-size="10" text-anchor="middle" '
            f'fill="#000">{escape(label)}</text>'
        )
    return body


def _x(index: int, count: int) -> float:
    return _scale(index, 0, max(count - 1, 1), LEFT + 10, WIDTH - RIGHT - 10)


def line_chart(
    *,
    chart_id: str,
    title: str,
    desc: str,
    labels: list[str],
    values: list[float],
    low: float | None = None,
    high: float | None = None,
    upside_down: bool = False,
) -> str:
    """A line through `values` (one per label); `upside_down` puts the lowest value at the
    top (table positions: 1 is best)."""
    low = min(values, default=0) if low is None else low
    high = max(values, default=1) if high is None else high
    top, bottom = (HEIGHT - BOTTOM, TOP) if upside_down else (TOP, HEIGHT - BOTTOM)

    def y(value: float) -> float:
        return _scale(value, low, high, bottom, top)

    ticks = sorted({low, high, round((low + high) / 2)})
    body = _axes(labels, [(y(t), f"{t:g}") for t in ticks])
    points = " ".join(f"{_x(i, len(values)):.1f},{y(v):.1f}" for i, v in enumerate(values))
    if values:
        body.append(
            f'<polyline points="{points}" fill="none" stroke="{COLOURS[0]}" stroke-width="2"/>'
        )
    for i, v in enumerate(values):
        body.append(
            f'<circle cx="{_x(i, len(values)):.1f}" cy="{y(v):.1f}" r="3" fill="{COLOURS[0]}"/>'
        )
    return _frame(chart_id, title, desc, body)


def bar_chart(
    *, chart_id: str, title: str, desc: str, labels: list[str], series: list[tuple[str, list]]
) -> str:
    """Bars per label, one per series side by side (at most two series), with a legend."""
    high = max((v for _name, values in series for v in values), default=0) or 1
    bottom = HEIGHT - BOTTOM

    def y(value: float) -> float:
        return _scale(value, 0, high, bottom, TOP + 12)

    body = _axes(labels, [(y(0), "0"), (y(high), f"{high:g}")])
    slot = (WIDTH - LEFT - RIGHT - 20) / max(len(labels), 1)
    width = min(18.0, slot / (len(series) + 1))
    for s, (name, values) in enumerate(series):
        colour = COLOURS[s % len(COLOURS)]
        for i, value in enumerate(values):
            x = _x(i, len(labels)) - width * len(series) / 2 + s * width
            body.append(
                f'<rect x="{x:.1f}" y="{y(value):.1f}" width="{width:.1f}" '
                f'height="{bottom - y(value):.1f}" fill="{colour}"/>'
            )
        body.append(
            f'<rect x="{LEFT + 6 + s * 110}" y="{TOP - 8}" width="8" height="8" '
            f'fill="{colour}"/><text x="{LEFT + 18 + s * 110}" y="{TOP}" font-size="10" '
            f'fill="#000">{escape(name)}</text>'
        )
    return _frame(chart_id, title, desc, body)
