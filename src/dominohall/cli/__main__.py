"""``python -m dominohall.cli``."""

import sys

from . import main

sys.exit(main())
