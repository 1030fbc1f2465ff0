import sys

from dslsolve.cli import main

sys.exit(main())
