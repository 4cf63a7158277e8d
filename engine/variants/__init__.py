"""The registry of variants: each name maps to the Rules class in its own module."""

from __future__ import annotations

from typing import Any

from engine.core import Rules
from engine.variants.adi import Adi
from engine.variants.congkak import Congkak
from engine.variants.kalah import Kalah
from engine.variants.oware import Oware
from engine.variants.relay import Relay
from engine.variants.toguz_kumalak import ToguzKumalak

VARIANTS: dict[str, type[Rules]] = {
    cls.name: cls for cls in (Kalah, Oware, Relay, Adi, ToguzKumalak, Congkak)
}


def variant_names() -> tuple[str, ...]:
    """Names accepted by :func:`get_variant`, in menu order."""
    return tuple(VARIANTS)


def get_variant(name: str, **options: Any) -> Rules:
    """The rules of variant ``name`` with ``options``; ValueError for unknown names or options."""
    try:
        cls = VARIANTS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown variant {name!r} (variants: {', '.join(VARIANTS)})") from None
    return cls(**options)
