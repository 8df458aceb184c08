"""Between the board and the match: ``controller`` (the one object the page drives), made of
``table`` (shared state), ``gestures`` (the person's intents), ``driver`` (automatic steps and the
computer), ``present`` (view data and texts); ``effects`` (what an action brings about). No
browser imports."""
