"""The rules page in English: Portes (backgammon) as tavli/ plays it, International and Greek, then
Plakoto, Fevga and the Tavli match (as tavli/plakoto.py, tavli/fevga.py and tavli/match.py state them).

``TEXT``: sections and paragraphs, in the format :mod:`web.model.i18n.rules` reads. The Greek and
Bulgarian pages (rules_el, rules_bg) have the same sections and the same paragraphs, in order
(tests/test_i18n.py checks the shape).
"""

TITLE = "Rules of tavli: Portes, Plakoto and Fevga"

TEXT = """
## Aim of the game
Each player has 15 checkers. Bring all of yours into your home board and then bear them off the board. The first
  player to bear off all 15 checkers wins the game.

## The board
The board has 24 points (the narrow triangles), in four quarters of six. The bar in the middle divides the left
  half from the right half.
- Your home board is always at the bottom: bottom right, or bottom left if you choose it in the options.
- Your checkers travel around the board towards your home; your opponent's travel the opposite way.
- At the start each player has 2 checkers on his 24-point, 5 on the 13-point, 3 on the 8-point and 5 on the
  6-point, counting from his own home.

## The opening roll
Each player throws one die. The higher number moves first and plays the two dice just thrown. If both dice show
  the same number, both players throw again.

## Moving the checkers
On your turn you throw two dice and move your checkers forward by the numbers shown: one checker by one die and
  another checker (or the same one) by the other. A double is played four times.
- You may move to an empty point, to a point holding your own checkers, or to a point with a single opposing
  checker.
- A point held by two or more opposing checkers is closed (a “door”): you cannot land there.
- There is no limit to how many of your checkers may stand on one point.

## Hitting and the bar
Landing on a point with a single opposing checker hits it: that checker goes to the bar.
- A player with checkers on the bar must bring them all back in before moving any other checker.
- A checker enters in the opponent's home board, on the point given by a die (a 1 on his 1-point, a 6 on his
  6-point), if that point is not closed.
- If no die lets a checker enter, the turn is lost.

## Bearing off
Once all 15 of your checkers are in your home board you may start bearing them off.
- A die bears off a checker from the point of the same number.
- A die higher than your highest occupied point bears off a checker from that highest point.
- You may also move checkers inside your home board instead of bearing off.
- If one of your checkers is hit meanwhile, it must come back home before you bear off again.

## You must play the dice
- If the dice can both be played, in some order, you must play both; a double as many times as possible.
- If only one die can be played, you must play it; if either could be but not both, you must play the larger.
- If no move is possible, your turn passes by itself.
The game only offers you the legal moves and will not let you end your turn with dice still playable.

## Winning and scoring (International rules)
The winner of a game scores, times the value of the doubling cube:
- 1 point for a single game, when the loser has borne off at least one checker;
- 2 points for a gammon, when the loser has borne off none;
- 3 points for a backgammon, when the loser has borne off none and still has a checker on the bar or in the
  winner's home board.
A match is played to a target score (1 to 25 points); a money game has no target and each game counts on its
  own.

## The doubling cube
At the start of the game the cube lies in the middle showing 64, and the game is worth 1. Before rolling, a
  player may offer to double the stakes.
- If the opponent takes, the game goes on at twice the value and the cube goes to his side: from then on only he
  may offer the next double.
- If the opponent drops, he loses the game at the value before the double.
- The cube goes up to 64.
There is no cube in a match to 1 point, in the Crawford game (the one game after a player first comes within one
  point of the target), or for a player who chose automatic roll. In a money game the Jacoby rule applies: a
  gammon or backgammon counts only once the cube has been turned.

## Resigning
At the start of your turn you may offer to resign the game as a single game, a gammon or a backgammon. Your
  opponent accepts, and the game ends with that score, or refuses, and you play on or offer the next level. An
  offer of a backgammon is always accepted. The offers start again at every turn.
Resigning the match, with the Resign button, loses the whole match, not only the game.

## Greek rules
Portes as played in Greece differs in its scoring:
- There is no doubling cube.
- A win counts 1 point, or 2 (a gammon) if the loser has borne off none; there is no backgammon.
- A player who resigns ends the game at once and loses 2 points if he has borne off nothing, otherwise 1.
- When bearing off, a die larger than needed wastes pips: if another way of playing uses all your dice and
  wastes fewer pips, you must play that way.

## The clock
A match may be played with a clock:
- Standard: each turn a 15-second move timer runs first, for rolling and for moving. When it runs out, your time
  bank runs. The bank starts at 20 seconds and grows by up to 5 seconds for every quick move, up to 2 minutes.
  Near zero the clock bar flashes and a warning sounds; at zero you lose the match.
- Blitz: 11 seconds per turn, then a reserve of 90 seconds per player. When a player's reserve runs out, his
  opponent may claim the win, which counts as a gammon (2 points).

## Plakoto
Plakoto is played with the same board, dice and bearing off as Portes, but no checker is ever hit: it is pinned
  instead.
- Each player starts with all 15 checkers on his 24-point, in the opponent's home board; the players move in
  opposite directions, as in Portes.
- A checker that lands on a single opposing checker pins it: the pinned checker stays under it and cannot move
  until every checker on top of it has left. On the board it lies at the foot of the point, under its pinner's
  stack, with a red mark.
- A point is closed to you when the opponent has two or more checkers there, or pins one of yours there. You may
  add checkers to a point where you pin an opposing checker.
- You cannot bear off while one of your checkers is pinned.
- The mother is your last checker on your starting point. If the opponent pins it there, he wins at once, 2
  points (or 1, if the match was set so), unless he still has checkers on his own starting point: then play goes
  on, he wins those points as soon as his last checker leaves his starting point, and if his own mother is
  pinned first, the game is a draw, worth nothing.
- Otherwise the first to bear off all 15 checkers wins 1 point, or 2 if the opponent has borne off none. There
  is no cube and no backgammon.

## Fevga
In Fevga no checker is hit or pinned: a single checker holds a point, and the opponent cannot land there.
- Each player starts with all 15 checkers on his 24-point, in diagonally opposite corners (on the board, the
  starting point's number sits on a disc of the player's colour). Both move anticlockwise (the arrows on the bar
  and the rail), each around the board to his own home; the opponent's starting point is your 12-point.
- The first checker: no second checker may leave your starting point until your first checker has passed the
  opponent's starting point (or, if the match was set so, reached his starting quarter).
- You may never hold all six points of your starting quarter at once.
- A prime of six points in a row elsewhere is allowed, but if it leaves the opponent no move at all, you must
  open it, or give him a move some other way, whenever your dice allow it (unless the match was set to let
  primes stand).
- Bearing off and scoring as in Plakoto: 1 point, or 2 if the opponent has borne off none; no cube.

## The Tavli match
A Tavli match plays Portes, Plakoto and Fevga in turn (game 1 Portes, game 2 Plakoto, game 3 Fevga, game 4
  Portes again...) to 3, 5 or 7 points; a match may also be all Plakoto or all Fevga.
- Every game counts 1 point, or 2 if the loser has borne off none; there is no cube, not even in the Portes
  games.
- The first game starts with the opening roll; its winner then rolls both dice. Every later game is started by
  the winner of the game before (after a draw, by the player who started it).
- Resigning a game costs 2 points if you have borne off nothing, otherwise 1.
"""
