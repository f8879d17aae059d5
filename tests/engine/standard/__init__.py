"""Tests of the standard game (RULES.md §2)."""
