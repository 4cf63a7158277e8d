"""The load benchmark runs small against its own server: no errors, and games are played.

Timing targets live in the benchmark's printout (README "Load"), not here.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tools import loadbench


def test_the_mix_adds_up_and_every_device_has_its_own_address() -> None:
    mix = loadbench.plan(200)
    assert (mix.computer, mix.remote, mix.watch) == (100, 60, 40)
    assert mix.devices == 100 + 120 + 40 + mix.remote_spectators + mix.watch_spectators
    assert len(loadbench.roles(mix)) == mix.devices
    addresses = {loadbench.address(n) for n in range(mix.devices)}
    assert len(addresses) == mix.devices and "127.0.0.1" not in addresses


def test_percentiles_are_nearest_rank() -> None:
    values = [float(v) for v in range(1, 101)]
    assert loadbench.percentile(values, 50) == 50.0
    assert loadbench.percentile(values, 95) == 95.0
    assert loadbench.percentile([], 95) is None


@pytest.mark.slow
def test_a_small_run_plays_games_without_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "load.json"
    args = ["--games", "10", "--seconds", "8", "--ramp", "1", "--json", str(path)]
    assert loadbench.main(args) == 0
    text = capsys.readouterr().out
    figures = json.loads(path.read_text())
    assert figures["error_count"] == 0, text
    assert "targets: 0 errors: met" in text
    assert figures["mix"]["devices"] == 17
    assert figures["kinds"]["create"]["count"] >= 10, text
    assert figures["kinds"]["join"]["count"] >= 3, text
    assert figures["moves"] > 0 and figures["computer_moves"] > 0, text
    assert figures["kinds"]["poll"]["count"] > 0, text


@pytest.mark.slow
def test_a_small_run_over_two_hosts_on_postgresql_plays_games_without_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], postgres_url: str
) -> None:
    path = tmp_path / "load.json"
    args = ["--games", "10", "--seconds", "8", "--ramp", "1", "--json", str(path)]
    args += ["--hosts", "2", "--database-url", postgres_url]
    assert loadbench.main(args) == 0
    text = capsys.readouterr().out
    figures = json.loads(path.read_text())
    assert figures["error_count"] == 0, text
    assert len(figures["urls"]) == 2 and "2 hosts on PostgreSQL" in figures["server"], text
    assert figures["kinds"]["join"]["count"] >= 3, text  # a friend on the other host joined
    assert figures["moves"] > 0 and figures["computer_moves"] > 0, text
    assert figures["kinds"]["poll"]["count"] > 0, text
