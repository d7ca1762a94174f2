"""``python -m pbnscore`` and the ``pbnscore`` script (:func:`run`).

``--version`` alone is answered here, before the command line, attrs and the
model are imported (they are most of the start-up); anything else goes to
:func:`pbnscore.cli.main`, which answers ``--version`` the same way.
"""

from __future__ import annotations

import sys

from pbnscore import __version__


def run() -> int:
    if sys.argv[1:] == ["--version"]:
        print(f"pbnscore {__version__}")
        return 0
    from pbnscore.cli import main

    return main()


if __name__ == "__main__":
    sys.exit(run())
