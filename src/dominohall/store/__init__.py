"""Event stores: adapters of the tables' ``Store`` port (``sqlite.py`` is the embedded default)."""
