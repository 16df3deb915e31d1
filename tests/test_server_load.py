"""The server's load and kill -9 benchmark, small (the full run's figures: BENCHMARKS.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_load_with_kills_loses_no_accepted_move(tmp_path):
    command = [
        sys.executable, "benchmarks/server_load.py", "--chess", "3", "--duchess", "2",
        "--seconds", "10", "--kills", "5", "--out", str(tmp_path),
    ]  # fmt: skip
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads((tmp_path / "result.json").read_text())
    assert result["load"]["clients"] == 3 * 3 + 2 * 7
    assert result["load"]["broadcasts_timed"] > 0
    faults = result["faults"]
    assert faults["kills"] == 5 and faults["games_checked_after_restarts"] > 0
    assert faults["moves_lost"] == 0 and faults["sqlite_integrity"] == "ok"
