"""A player's rating history as a small inline SVG chart, drawn by the server (no script, no
CDN): one point per rated game, evenly spaced, the rating on the vertical axis."""

from __future__ import annotations

from markupsafe import Markup, escape

from app.players.profile import History

WIDTH, HEIGHT = 320, 120
LEFT, RIGHT, TOP, BOTTOM = 40, 8, 10, 18  # room for the axis labels


def rating_chart(history: History) -> Markup:
    """The chart of one pool's history (``{"title", "points": [{"rating"}...]}``, from
    :func:`app.players.profile.histories`)."""
    ratings = [int(p["rating"]) for p in history["points"]]
    low, high = min(ratings), max(ratings)
    if high - low < 20:  # a flat line sits in the middle
        low, high = low - 10, high + 10
    span_x = WIDTH - LEFT - RIGHT
    span_y = HEIGHT - TOP - BOTTOM
    step = span_x / max(1, len(ratings) - 1)

    def y(r: int) -> float:
        return round(TOP + (high - r) * span_y / (high - low), 1)

    points = [(round(LEFT + i * step, 1), y(r)) for i, r in enumerate(ratings)]
    line = " ".join(f"{px},{py}" for px, py in points)
    dots = "".join(
        f'<circle class="dot" cx="{px}" cy="{py}" r="3"><title>{r}</title></circle>'
        for (px, py), r in zip(points, ratings, strict=True)
    )
    title = escape(
        f"{history['title']}: rating after each rated game, from {ratings[0]} to {ratings[-1]}"
    )
    base = HEIGHT - BOTTOM
    games = len(ratings) - 1
    return Markup(
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{title}">'
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{base}"/>'
        f'<line class="axis" x1="{LEFT}" y1="{base}" x2="{WIDTH - RIGHT}" y2="{base}"/>'
        f'<text class="tick" x="{LEFT - 4}" y="{TOP + 4}" text-anchor="end">{high}</text>'
        f'<text class="tick" x="{LEFT - 4}" y="{base}" text-anchor="end">{low}</text>'
        f'<text class="tick" x="{WIDTH - RIGHT}" y="{HEIGHT - 4}" text-anchor="end">'
        f"{games} game{'' if games == 1 else 's'}</text>"
        f'<polyline class="line" points="{line}"/>{dots}</svg>'
    )
