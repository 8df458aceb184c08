"""Between the board and the match: gestures to engine actions and the computer's turn
(``controller``). No browser imports."""
