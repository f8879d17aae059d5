"""The protocol fuzzer, long: ``bench/fuzz.py --steps N``. Prints one JSON line of figures.

Starts its own ``dominohall serve`` (SQLite in a temporary folder, bots moving at once, the limits of
``tests/server/fuzzing.py``'s ``SERVER_OPTIONS``) and runs the fuzzer of the test suite
(``tests/server/test_fuzz.py`` runs it for about a minute) for ``--steps`` steps with ``--seed``:

- ``steps``, ``failures`` (each a step whose checks failed; ``first_failures`` says what, ``failure_kinds``
  counts them by kind), ``seed`` (give it again to repeat the inputs);
- ``messages``, ``acks``, ``errors``, ``closes``: WebSocket messages sent and how they were answered;
  ``http_requests``; ``tables`` fuzzed, their ``events``, of which ``table_made_events`` bots and timers made;
- ``defects_on``: the known defects of issue 17 whose inputs were switched on (``--defects all``, or names
  separated by commas; ``--list-defects`` shows them). All by default, now that their fixes are merged.

Exit status 1 when anything failed. ``--keep`` keeps the folder with the server's log, its database and every
failure (``failures.txt``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.fuzzing import SERVER_OPTIONS, Fuzzer, known_defects_table, parse_defects
from tests.server.harness import Server


def main() -> int:
    """Parse the options, fuzz, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=20000, help="steps to run (20000)")
    parser.add_argument("--seed", type=int, default=None, help="the seed (default: a random one, printed)")
    parser.add_argument("--defects", default="all", help="known defects whose inputs to send: all (default), or names")
    parser.add_argument("--list-defects", action="store_true", help="list the known defects and exit")
    parser.add_argument("--keep", action="store_true", help="keep the folder with the log and database")
    args = parser.parse_args()
    if args.list_defects:
        print(known_defects_table())
        return 0
    seed = args.seed if args.seed is not None else random.randrange(2**32)
    folder = Path(tempfile.mkdtemp(prefix="dominohall-fuzz-"))
    server = Server(folder / "db.sqlite", options=SERVER_OPTIONS).start()
    try:
        fuzzer = Fuzzer(server.url, server.db, folder / "server.log", seed, parse_defects(args.defects))
        report = asyncio.run(fuzzer.run(args.steps))
        lines = [f"step {failure.step}: {failure.what}" for failure in report.failures]
        (folder / "failures.txt").write_text("".join(f"{line}\n" for line in lines))
    finally:
        server.stop()
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    figures = report.summary() | ({"folder": str(folder)} if args.keep else {})
    print(json.dumps(figures, ensure_ascii=False))
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
