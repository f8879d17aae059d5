"""Tests of Mexican Train (docs/rules-mexicantrain.md)."""
