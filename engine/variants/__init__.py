"""The registry of variants: each name maps to the Rules class in its own module."""

from __future__ import annotations

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
