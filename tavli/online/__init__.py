"""Online play between two browsers: fair dice (:mod:`.dice`), the match's terms (:mod:`.terms`),
the messages on the wire (:mod:`.messages`) and the protocol's state machine (:mod:`.session`).
Pure Python: the page carries the texts (``web/online.mjs``) and calls the session."""
