"""``python -m tavli``: see :mod:`tavli.cli`."""

from .cli import main

raise SystemExit(main())
