"""What is drawn, from view data: ``view`` (the data), ``geometry``, ``render`` (the board's SVG),
``anim`` (which checkers slide), ``panel`` and ``dialogs`` (HTML). No browser imports."""
