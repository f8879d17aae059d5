"""Settings shared by every test."""

from __future__ import annotations

from hypothesis import settings

# The test machines are shared and their speed drifts: a per-example deadline would fail tests for the
# machine's sake, not the code's. Examples stay bounded by max_examples and pytest-timeout.
settings.register_profile("dominohall", deadline=None, max_examples=60)
settings.load_profile("dominohall")
