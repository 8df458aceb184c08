"""The coach: a match's decisions walked again (:mod:`.record`), hints for the play and the cube,
the analysis of a game or a match. Pure Python, as the rest of ``tavli``."""
