"""Child process for the kill -9 test: append entries forever, printing the count after each.

Usage: python tests/store_writer_child.py PATH. Each printed number N means N entries are durable
(the append returned, i.e. the record was written and fsync'ed).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.store import SaveWriter  # noqa: E402
from test_store import CODEC, HEADER, make_entry  # noqa: E402


def main() -> None:
    writer = SaveWriter.create(sys.argv[1], HEADER, CODEC)
    i = 0
    while True:
        writer.append(make_entry(i), {"i": i})
        i += 1
        print(i, flush=True)


if __name__ == "__main__":
    main()
