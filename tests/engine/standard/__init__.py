"""Tests of the standard game (docs/rules-standard.md)."""
