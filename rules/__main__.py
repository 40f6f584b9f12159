"""`python -m rules` as it was before the rules library became `rulebook`: scripts written for it
keep working (`python -m rulebook` is the command)."""

import sys

from rulebook.__main__ import main

sys.exit(main())
