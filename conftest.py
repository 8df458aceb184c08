"""Root conftest: its presence puts the repository root on sys.path (pytest's rootdir conftest
rule), so ``tavli``, ``web`` and ``e2e`` import however pytest is started."""
