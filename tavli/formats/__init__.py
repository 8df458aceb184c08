"""The match written down and read back: the save file (:mod:`~tavli.formats.savefile`, finished
games compactly by :mod:`~tavli.formats.savelog`), GNU Backgammon's Position and Match IDs and
eXtreme Gammon's XGID (:mod:`~tavli.formats.ids`, to and from a match by
:mod:`~tavli.formats.matchio`), Jellyfish ``.mat`` transcripts (:mod:`~tavli.formats.matfile`).

These modules import :mod:`tavli.match`; the match never imports them.
"""
