"""Outputs are written whole or not at all, and ones that cannot be written are refused."""

from __future__ import annotations

import os

import pytest

from gamecore.errors import BadOption, CannotWrite
from gamecore.files import check_output, write_text_atomically


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
    with pytest.raises(CannotWrite, match="No space left"):
        write_text_atomically(path, "new record\n")
    assert path.read_text() == "old record\n"
    assert [p.name for p in tmp_path.iterdir()] == ["game.pgn"]


def test_an_output_a_file_system_refuses_is_named_before_work():
    """/proc passes every permission test and still takes no new file."""
    with pytest.raises(BadOption, match=r"cannot write weights file '/proc/w\.npz'"):
        check_output("/proc/w.npz", "weights file")
