"""Where things are on a cart or wagon seen from above (pygame-free), for the UI and the token painter.

A vehicle's footprint is `length` x `width` inches, team included, the length along its heading.
Local coordinates are inches from the footprint's centre: `along` towards the front (the team),
`across` to the vehicle's right. The team and its shafts take the front `team` share of the
length; the bed (the body) the rest. Seats are spots on the bed, where the UI draws the crew.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Layout:
    """How one kind of vehicle is drawn: its nominal size, the team's share and arrangement."""

    length: float  # inches as shipped (the picture is stretched to a profile's own footprint)
    width: float
    team: float  # share of the length taken by the team and shafts, from the front
    pairs: int  # ranks of animals, one behind the other
    abreast: int  # animals side by side in a rank
    wheels: int  # 2 or 4


LAYOUTS: dict[str, Layout] = {
    "handcart": Layout(2.0, 1.0, 0.5, 1, 1, 2),
    "ox_cart": Layout(3.0, 2.0, 0.48, 1, 2, 2),
    "supply_wagon": Layout(4.0, 2.0, 0.4, 1, 2, 4),
    "war_wagon": Layout(4.5, 2.5, 0.47, 2, 2, 4),
}
DEFAULT = LAYOUTS["supply_wagon"]
CREW_INCHES = 0.62  # a crewman's token on the bed


def layout(kind: str) -> Layout:
    """The layout of a vehicle kind (a supply wagon's for an unknown kind)."""
    return LAYOUTS.get(kind, DEFAULT)


def bed(kind: str, length: float, width: float) -> tuple[float, float, float]:
    """The bed in local inches: (front `along`, rear `along`, half width)."""
    lay = layout(kind)
    front = length / 2 - lay.team * length
    return front, -length / 2 + 0.12 * length / lay.length, width / 2 - 0.1


def seat_spots(kind: str, length: float, width: float, seats: list[tuple[str, str]]) -> dict[str, Point]:
    """Each seat's spot (along, across) on the bed; `seats` are (name, role) in profile order.

    Drivers sit at the front of the bed (on the left when a mate shares the box), a seat named
    "mate" beside the driver, seats named "left" or "right" along that side, a "tail" seat at the
    back, and the rest down the middle of the bed."""
    front, rear, half = bed(kind, length, width)
    r = CREW_INCHES / 2
    box = front - r - 0.05
    side_x = max(0.0, half - r - 0.02)
    out: dict[str, Point] = {}
    names = [n.lower() for n, _ in seats]
    has_mate = any("mate" in n for n in names)
    lefts = [n for n, _ in seats if "left" in n.lower()]
    rights = [n for n, _ in seats if "right" in n.lower()]
    middle = [n for n, role in seats
              if role != "driver" and not any(k in n.lower() for k in ("mate", "left", "right", "tail"))]
    drivers = [n for n, role in seats if role == "driver"]
    for i, name in enumerate(drivers):
        across = (-min(side_x, 0.4) if has_mate or len(drivers) > 1 else 0.0) + i * 0.8
        out[name] = (box, across)
    for name, _ in seats:
        low = name.lower()
        if name in out:
            continue
        if "mate" in low:
            out[name] = (box, min(side_x, 0.4))
        elif "tail" in low:
            out[name] = (rear + r + 0.02, 0.0)
    body_front = box - CREW_INCHES - 0.05
    for group, sign in ((lefts, -1.0), (rights, 1.0)):
        for i, name in enumerate(group):
            out[name] = (_spread(body_front, rear + r, i, len(group)), sign * side_x)
    for i, name in enumerate(middle):
        out[name] = (_spread(body_front, rear + r + (CREW_INCHES if any("tail" in n for n in names) else 0.0),
                             i, len(middle)), 0.0)
    return out


def _spread(top: float, bottom: float, i: int, n: int) -> float:
    """The i-th of n spots spread evenly from `top` down to `bottom` (along the bed)."""
    if n <= 1:
        return (top + bottom) / 2
    return top + (bottom - top) * i / (n - 1)


def to_world(x: float, y: float, heading: float, along: float, across: float) -> Point:
    """Local (along, across) inches of a vehicle at (x, y) facing `heading` to table inches."""
    rad = math.radians(heading)
    fx, fy = math.sin(rad), -math.cos(rad)
    return x + along * fx - across * fy, y + along * fy + across * fx


def to_local(x: float, y: float, heading: float, px: float, py: float) -> Point:
    """Table inches to a vehicle's local (along, across)."""
    rad = math.radians(heading)
    fx, fy = math.sin(rad), -math.cos(rad)
    dx, dy = px - x, py - y
    return dx * fx + dy * fy, -dx * fy + dy * fx


def corners(x: float, y: float, heading: float, length: float, width: float) -> list[Point]:
    """The footprint's corners: front left, front right, rear right, rear left."""
    hl, hw = length / 2, width / 2
    return [to_world(x, y, heading, a, c) for a, c in ((hl, -hw), (hl, hw), (-hl, hw), (-hl, -hw))]


def inside(x: float, y: float, heading: float, length: float, width: float, px: float, py: float,
           margin: float = 0.0) -> bool:
    """True if a point lies within the footprint (grown by `margin` inches)."""
    along, across = to_local(x, y, heading, px, py)
    return abs(along) <= length / 2 + margin and abs(across) <= width / 2 + margin
