import sys

from pbnscore.cli import main

sys.exit(main())
