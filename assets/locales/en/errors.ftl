# Refusals of the engines: what was refused and what would be valid. The app frames
# them (a capital, a full stop). Keys: err-… (src/i18n/words.rs, src/engine, src/cards).

## Board game
err-game-over = the game is over
err-nothing-to-decide = there are no more tiles to play
err-no-such-player = there is no player { $player } in this game
err-resigned = player { $player } has left this game
err-not-your-turn = it is not your turn (player { $expected } is to decide)
err-wrong-decision = the game is waiting for { $expected }
err-tile-does-not-fit = the tile cannot go at { $at } turned { $rotation }: { $reason }
err-no-such-segment = the tile has no segment { $segment } (it has { $segments })
err-no-figure-left = you have no { $figure } left
err-figure-not-allowed = a { $figure } cannot go there: { $reason }
err-expect-tile = the drawn tile to be placed
err-expect-figure = a figure to be placed or a pass
err-tile-taken = that spot is taken
err-tile-must-touch = it must touch a placed tile along a side
err-tile-edges = its edges do not match the neighbouring tiles
err-tile-river-continue = a river tile must continue the river
err-tile-river-u-turn = the river may not bend the same way twice in a row (no U-turn)
err-no-flying-machine = the tile you placed has no flying machine
err-only-followers-fly = only followers fly
err-figure-not-in-game = this game is played without them
err-farmers-off = farmers are off in this game
err-figure-on-river = no figure stands on the river
err-segment-occupied = { $what } is already occupied
err-phantom-only = only your phantom may be placed now
err-builder-needs-follower = { $what } is not a road or city that holds one of your followers
err-pig-needs-farmer = { $what } is not a farm that holds one of your farmers
err-no-tile-at = there is no tile at { $at }
err-segment-at = { $what } at { $at }

## Messages
err-no-messages-one-marker = this game is played without Messages: every player has one marker
err-no-marker-preference = there is no scoring marker { $marker }: the preference is behind, ahead, marker 0 or marker 1
err-no-marker = there is no scoring marker { $marker }: choose marker 0 or 1
err-expect-marker = the scoring marker (0 or 1) that this turn's points move
err-expect-message = the message's action or its 2 points
err-message-no-target = only message 8's action names a follower
err-message-unavailable = message { $message } ({ $title }) cannot be carried out: { $why }; take the 2 points instead
err-message-7-no-marker = message 7 gives a tile, not points: it moves no marker
err-pos-segment = { $at } segment { $segment }
err-message-8-target = message 8 scores one of your followers and takes it back: name one of { $options }
err-no-follower-road = you have no follower on a road
err-no-follower-city = you have no follower in a city
err-no-follower-cloister = you have no follower in a cloister
err-no-knight = you have no knight
err-no-farmer = you have no farmer
err-no-tile-left = there is no tile left to draw
err-no-follower-on-board = you have no follower on the board

## Crop circles
err-expect-crop-option = the crop circle's option: add or remove
err-expect-crop-add = a follower to add beside one of yours (crop circle), or a pass
err-expect-crop-remove = one of your followers to take back (crop circle)
err-crop-must-remove = the crop circle says remove: you must take back one of your { $kind }
err-crop-wrong-role = your { $role } on { $what } at { $at } is not a { $follower }: the crop circle ({ $symbol }) { $verb } { $kind } only
err-crop-none-to-add = you have no { $follower } on { $what } at { $at }: a follower goes beside one of your own { $kind } (same tile, same feature)
err-crop-none-to-remove = you have no { $figure } on { $what } at { $at }
err-crop-add-valid = { $reason }, beside one of your own; valid: { $valid }
err-crop-remove-valid = { $reason }, valid: { $valid }

## Gold Mines
err-expect-gold = the second gold bar to be placed
err-gold-not-there = the second gold bar cannot go on { $at }: it goes on a tile next to the gold tile at { $gold } (diagonals count): { $options }

## Ferries
err-expect-ferry = a ferry to be placed on the lake just placed
err-expect-ferry-move = a ferry to be moved, or a pass
err-ferry-here = the new ferry goes on the lake of the tile just placed, at { $here }, not at { $at }
err-ferry-ends = a ferry joins two road ends of the lake; here: { $options }
err-no-ferry-at = there is no ferry at { $at }
err-ferry-moved = the ferry at { $at } has moved already this turn (a ferry moves at most once per turn)
err-the-ferry-at = the ferry at { $at }
err-ferry-not-movable = only the first ferry met in each direction along the road from the tile just placed may move: { $options }
err-ferry-own-ends = a ferry joins two road ends of its own lake; at { $at }: { $options }
err-ferry-same-ends = the ferry at { $at } joins those ends already

## Flying Machines
err-expect-landing = the flown figure to land
err-land-field = a flown figure never lands on a field
err-land-complete = it is complete
err-cannot-land = the figure cannot land on { $what }: { $reason }; it may land on: { $options }

## Robbers
err-expect-robber = a robber to be placed beside a scoring marker, or a pass
err-robber-own = a robber cannot steal from your own scoring marker
err-robber-no-player = there is no player { $player }
err-robber-resigned = player { $player } has left the game
err-robber-no-marker = player { $player } has no scoring marker { $marker } (markers: 0 to { $last })
err-robber-there-already = your robber stands there already
err-robber-player-marker = player { $player } marker { $marker }
err-robber-player = player { $player }
err-robber-not-there = { $why }: it may go beside { $options }, or pass

## Mage & Witch
err-expect-magic = the mage or the witch to be placed, moved or removed
err-magic-no-tile = { $figure } cannot go to { $at }: there is no tile there
err-magic-not-road-city = { $what } is not a road or a city
err-magic-complete = { $what } is complete
err-magic-other-there = { $other } is on { $what }
err-magic-must-move = it stands there already; it must move
err-magic-not-there = { $figure } cannot go there: { $reason }
err-magic-not-on-board = { $figure } is not on the board
err-magic-remove-not-yet = { $figure } may be taken off only when neither magic figure can go on an incomplete road or city; place or move one instead

## Card game
err-card-invalid-config = invalid card game setup: { $problem }
err-card-game-over = the game is over: no more actions
err-card-no-such-seat = there is no seat { $player }: seats are 0 to { $last }
err-card-not-your-turn = not seat { $player }'s turn: seat { $expected } must { $due }
err-card-wrong-action = that action is not possible now: you must { $due }
err-card-not-in-hand = you have no { $card } in your hand: play a card you hold
err-card-no-cards-left = you have no cards left: you must place your follower
err-card-face-down = your first card this round must be played face down (into any row)
err-card-face-up = only your first card of the round is played face down: play this one face up
err-card-wrong-row = a face-up { $card } cannot go into the { $row } row: it goes into the { $expected } row
err-card-follower-out = your follower is already out this round: you must play a card
err-card-species = the joker cannot join the { $species }s: choose one of { $options }
