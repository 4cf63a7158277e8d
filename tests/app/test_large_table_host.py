"""The host's large Kalah table (session 35): 26 seeds (2.71 GB) where a quarter of the RAM and
half the free disk hold it, else the largest smaller table that fits (25 seeds, 1.85 GB, on a
host of 8 GB; 24 seeds, 1.25 GB, on one of 6 GB)."""

from __future__ import annotations

import os
import shutil
from collections import namedtuple
from pathlib import Path

import pytest

from app.computer.tables import large_target

Usage = namedtuple("Usage", "total used free")
PAGE = 4096


@pytest.mark.parametrize(
    ("ram_gb", "disk_gb", "seeds"),
    [(32, 60, 26), (12, 60, 26), (8, 60, 25), (6, 60, 24), (32, 4, 25)],
)
def test_a_host_builds_26_seeds_where_a_quarter_of_its_ram_and_half_its_disk_hold_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ram_gb: int, disk_gb: int, seeds: int
) -> None:
    pages = (ram_gb << 30) // PAGE
    monkeypatch.setattr(os, "sysconf", lambda name: PAGE if name == "SC_PAGE_SIZE" else pages)
    monkeypatch.setattr(shutil, "disk_usage", lambda _: Usage(10**13, 0, disk_gb << 30))
    assert large_target("kalah", {}, str(tmp_path)) == seeds
    assert large_target("kalah", {"pits": 4}, str(tmp_path)) is None  # the default game only
