"""Independent referee for dominohall game records, written from the rules pages alone."""
