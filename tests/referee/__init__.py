"""Independent referee for dominohall game records, written from RULES.md alone."""
