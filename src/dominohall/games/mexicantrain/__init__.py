"""Mexican Train (docs/rules-mexicantrain.md), as one folder: its rules, and the descriptor that registers it."""
