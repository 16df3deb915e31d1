"""Records are written whole or not at all."""

from __future__ import annotations

import os

import pytest

from gamecore.files import write_text_atomically


def test_a_record_is_replaced_whole(tmp_path):
    path = tmp_path / "game.pgn"
    path.write_text("old record\n")
    write_text_atomically(path, "new record\n")
    assert path.read_text() == "new record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.pgn"]  # no temporary file left


def test_a_failed_write_keeps_the_old_record(tmp_path, monkeypatch):
    path = tmp_path / "game.pgn"
    path.write_text("old record\n")

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(OSError, match="No space left"):
        write_text_atomically(path, "new record\n")
    assert path.read_text() == "old record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.pgn"]
