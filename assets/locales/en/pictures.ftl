# Every word drawn in the pictures (src/render). Keys: pic-…
# Pictures in the channel use the game's language; a player's own picture (the card
# game's hand) uses that player's language.

## The board's side panel (also the replay's frames)

pic-game-over = Game over
pic-turn = Turn { $turn } · tiles left: { $left }
pic-next-tile = Next tile, for { $name }
# The legal spots of the next tile: their count, the first and the last label.
pic-spots = { $count ->
    [0] no spot
    [one] 1 spot: { $first }
   *[other] { $count } spots: { $first } to { $last }
}
# The turn picture shows part of the board: the spots left out, by label.
pic-spots-off = { $count ->
    [one] 1 more spot: on the second picture, the whole board
   *[other] { $count } more spots: on the second picture, the whole board
}
pic-score-track = Score track
# Where a player's robber is: at home, or beside another player's scoring marker.
pic-robber-home = at home
pic-robber-by = by { $name }

## The end-of-game picture

pic-final-scores = Final scores
pic-col-player = Player
# Column titles: at most about 60 pixels of 14-pixel bold text.
pic-col-roads = Roads
pic-col-cities = Cities
pic-col-cloisters = Cloist.
pic-col-farms = Farms
pic-col-goods = Goods
pic-col-gold = Gold
pic-col-robbers = Robbers
pic-col-messages = Messages
pic-col-other = Other
pic-col-other-legend = Other: { $kinds }
pic-col-total = Total
pic-wins = { $name } wins with { $points ->
    [one] 1 point
   *[other] { $points } points
}
pic-share-win = { $names } share 1st place with { $points ->
    [one] 1 point
   *[other] { $points } points
}
# Between the last two names of a list.
pic-and = and

## The card game's pictures: cards, rows and species

# The four colours' areas (the top of a card and the row's board, in capitals).
# A row's board: its colour.
pic-colour-row-blue = blue row
pic-colour-row-yellow = yellow row
pic-colour-row-red = red row
pic-colour-row-green = green row
# A row's name where room is short (under a small card, on a button).
pic-row-short-blue = city row
pic-row-short-yellow = cloister row
pic-row-short-red = road row
pic-row-short-green = field row
pic-in-row = in the { $row }
# What is written at the bottom of a joker's face.
pic-face-dragon = dragon
pic-face-fairy = fairy
pic-face-animal-joker = any animal
pic-face-building-joker = any building
# A card's name in a sentence.
pic-player-n = Player { $number }

## The card game's table

pic-cards-laying-out = Laying out the rows
pic-cards-round = Round { $round } of { $rounds }
pic-cards-round-scoring = Round { $round } of { $rounds }: scoring
pic-cards-to-deal = { $count ->
    [one] 1 card to deal
   *[other] { $count } cards to deal
}
pic-cards-dealer = Dealer: { $name }
pic-cards-share-victory = { $names } share the victory with { $points ->
    [one] 1 point
   *[other] { $points } points
}
pic-cards-next-deal = Waiting for the next deal
# Who must act and what: "Bob to play a card face up or place the follower".
pic-cards-acting = { $name } to { $what }
# The open end of a row: three short lines around the number of cards it would secure.
pic-open-end-1 = open
pic-open-end-2 = end
pic-open-end-3 = to secure
pic-secured-title = Secured this round, to be scored:
pic-secured-what = { $from }, { $count ->
    [one] 1 card
   *[other] { $count } cards
}
pic-no-follower = no follower
pic-nothing = nothing
pic-col-hand = Hand
pic-col-follower = Follower
pic-col-herds = Herds
pic-col-chest = Chest
pic-col-score = Score
pic-note-dealer = dealer
pic-note-face-down = next card face down
pic-round-gain = +{ $points } in round { $round }
pic-hand-none = none
pic-herds-none = none
pic-herds-none-yet = none yet
pic-follower-ready = ready
pic-follower-used = used this round
pic-jokers-waiting = ×{ $count } waiting
pic-chests-opened = chests opened: building sets of different kinds score 0 / 5 / 15 / 30 for 1 / 2 / 3 / 4 cards
pic-points-word = points
pic-building-detail = { $before } + buildings { $points } ({ $cards ->
    [one] 1 card
   *[other] { $cards } cards
})
pic-empty-chest = empty chest

## A card player's hand

pic-hand-title = { $name }'s hand
pic-hand-cards = { $count ->
    [one] 1 card
   *[other] { $count } cards
}
pic-hand-round-cards = Round { $round } of { $rounds } · { $cards }
pic-hand-not-dealt = The cards are dealt once the rows are laid out.
pic-hand-empty = No cards in hand.
pic-any-row = any row
pic-caption-face-down = face down · { $place }
pic-caption-face-up = → { $place }
pic-not-now = not now
pic-hand-face-down-title = Your face-down cards
pic-hand-face-down-note = on the table (only you see them):
pic-hand-turn = Your turn: { $play }
pic-hand-turn-or-follower = Your turn: { $play }, or place your follower
pic-hand-play-follower = place your follower at the end of a row
pic-hand-play-first = play your first card face down into any row
pic-hand-play-face-up = play a card face up into its row (jokers: any row)
pic-hand-decide-joker-row = Your decision: the row for the { $card } you drew
pic-hand-decide-misplaced = Your decision: keep the misplaced { $card } (from the { $row }) or take 10 points
pic-hand-decide-joker = Your decision: which herd the animal joker joins
pic-hand-over = The game is over
pic-hand-waiting = Waiting for { $name }: { $what }
pic-hand-found-in = { $card } found in the { $row }
pic-hand-keep = keep it
pic-hand-ten-points = 10 points
pic-hand-joker-joins = The animal joker joins the herd of:
pic-hand-drawn-laying-out = Drawn while laying out: the { $card }
pic-hand-score = Score
pic-hand-follower = Follower
pic-hand-herds = Herds
pic-hand-in-chest = { $count } in the chest

# The letter on a player's figures, markers and card tokens, so that colours never have
# to be told apart by hue: one capital, distinct within the language, among A B E G K M
# N R V Y (the figures draw them from 3x5 bitmaps).
pic-letter-red = R
pic-letter-green = G
pic-letter-blue = B
pic-letter-yellow = Y
pic-letter-black = K
pic-letter-grey = E
