"""The three games of tavli as peers: what they share (:mod:`.base`, :mod:`.turn`), each game whole
in its module (:mod:`.portes`, :mod:`.plakoto`, :mod:`.fevga`), and :mod:`.registry`, the only
module that knows all three."""
