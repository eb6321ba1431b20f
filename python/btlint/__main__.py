"""`python -m btlint ARGS`: runs the installed btlint executable with ARGS."""

import os
import sys

from btlint import find_btlint_bin


def main() -> None:
    path = find_btlint_bin()
    os.execv(path, [path, *sys.argv[1:]])


if __name__ == "__main__":
    main()
