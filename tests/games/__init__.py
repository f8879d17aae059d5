"""Tests of the games in their own folders (src/dominohall/games/<game>)."""
