"""Suite-wide settings that need code: the time bound of slow tests."""

from __future__ import annotations

import pytest

SLOW_TEST_TIMEOUT = 3600
"""Seconds a ``slow`` test may take (the default suite's bound is in pyproject.toml)."""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("timeout"):
            item.add_marker(pytest.mark.timeout(SLOW_TEST_TIMEOUT))
