# The engines' words: figures, segments, lists, titles. Keys: word-… (src/i18n/words.rs,
# src/app/board_game/words.rs, choices.rs, src/app/card_game/words.rs). Each expansion's
# words are in its own section at the end (src/app/board_game/expansions/<x>.rs).

## Figures
word-figure-follower = follower
word-figure-large = large follower
word-figure-builder = builder
word-figure-pig = pig
# The short word a player may type for the figure (/figure kind:…).
word-figure-follower-short = follower
word-figure-large-short = large
word-figure-builder-short = builder
word-figure-pig-short = pig
word-the-mage = the mage
word-the-witch = the witch

## Segments: "city north", "road east+west", "field south, east-of-road"; .the with the article
word-seg-road = road
    .the = the road
word-seg-city = city
    .the = the city
word-seg-field = field
    .the = the field
word-seg-cloister = cloister
    .the = the cloister
word-seg-centre = centre
word-seg-north = north
word-seg-east = east
word-seg-south = south
word-seg-west = west
word-seg-north-east = north-east
word-seg-south-east = south-east
word-seg-south-west = south-west
word-seg-north-west = north-west
# Look-alike fields told apart: "field south, east-of-road"
word-seg-between-road-and-city = between the road and the city
word-seg-corner = in the { $dir } corner
word-seg-of-road = { $dir } of the road
word-seg-part = { $dir } part

## Lists
word-list-separator = {", "}
word-or-separator = {" or "}

## Messages' titles (000)
word-message-1 = score your shortest road
word-message-2 = score your smallest city
word-message-3 = score your smallest cloister
word-message-4 = 2 points per shield in your cities
word-message-5 = 2 points per knight
word-message-6 = 2 points per farmer
word-message-7 = place one more tile
word-message-8 = score one follower and take it back

## Followers by their place, crop circles
word-role-thief = thief
word-role-knight = knight
word-role-farmer = farmer
word-role-monk = monk
word-roles-thief = thieves
word-roles-knight = knights
word-roles-farmer = farmers
word-crop-pitchfork = pitchfork
word-crop-club = club
word-crop-shield = shield
word-crop-adds = adds
word-crop-takes-back = takes back

## The card game: colours (.row: as a row's colour), species, buildings, cards, what is due
word-colour-blue = blue
    .row = blue
word-colour-yellow = yellow
    .row = yellow
word-colour-red = red
    .row = red
word-colour-green = green
    .row = green
word-species-pig = pig
word-species-cow = cow
word-species-horse = horse
word-species-sheep = sheep
word-building-castle = castle
word-building-chapel = chapel
word-building-inn = inn
word-building-farmhouse = farmhouse
word-card-person-blue = blue city person { $value }
word-card-person-yellow = yellow cloister person { $value }
word-card-person-red = red road person { $value }
word-card-person-green = green field person { $value }
word-card-castle = blue castle
word-card-chapel = yellow chapel
word-card-inn = red inn
word-card-farmhouse = green farmhouse
word-card-pig = blue pig
word-card-cow = yellow cow
word-card-horse = red horse
word-card-sheep = green sheep
word-card-dragon = dragon
word-card-fairy = fairy
word-card-animal-joker = animal joker
word-card-building-joker = building joker
word-due-play-face-down = play a card face down into any row
word-due-play-face-up = play a card face up
word-due-play-or-follower = { $play } or place the follower
word-due-follower = place the follower
word-due-joker-row = choose the row for the { $card } just drawn
word-due-misplaced = keep the misplaced { $card } (from the { $row }) or take 10 points
word-due-assign-joker = choose the herd of an animal joker: { $species }
word-row-blue = city row
word-row-yellow = cloister row
word-row-red = road row
word-row-green = field row

## The card game's events (public lines, in the game's language) and choices
word-card-ev-played-face-down = **{ $name }** played a card face down into the { $row }.
word-card-ev-played = **{ $name }** played the { $card } into the { $row }.
word-card-ev-secured = **{ $name }** secured { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} in the { $row }.
word-card-ev-secured-last = **{ $name }** secured { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} in the { $row } — the last follower: they deal next.
word-card-ev-joker-row = The { $card } goes into the { $row }.
word-card-ev-round-over = Round { $round } is over.
word-card-ev-misplaced-kept = { $name } keeps the misplaced { $card }.
word-card-ev-misplaced-points = { $name } takes { $points } points for the misplaced { $card }.
word-card-hidden-building = building
word-card-ev-joker-joins = { $name }'s animal joker joins the { $species } herd.
word-card-ev-round-scored = **Round { $round } scored:**
word-card-part-persons = persons { $points }
word-card-part-animals = animals { $points }
word-card-part-dragon-fairy = dragon/fairy { $points }
word-card-part-misplaced = misplaced { $points }
word-card-part-chest = { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} to the chest
word-card-part-nothing = nothing
word-card-ev-player-scored = { $disc } { $name }: { $cards ->
    [one] 1 card
   *[other] { $cards } cards
} secured{ $named } — { $parts }; +{ $total } → { $score }
word-card-ev-round-started = Round { $round } of { $rounds }: { $dealer } deals.
word-card-choice-keep = keep
word-card-choice-points = points

## Board game events (public lines, in the game's language) and the history
word-ev-tile-placed = **{ $name }** placed **{ $tile }** at { $at } (turned { $degrees }°)
word-ev-figure-placed = **{ $name }** put a { $phrase }
word-ev-also-figure = and a { $phrase }
word-ev-no-figure = **{ $name }** placed no figure
word-ev-no-figure-spot = **{ $name }** could place no figure: there is no free place for one on that tile.
word-ev-no-follower-left = **{ $name }** has no follower left to place.
word-ev-feature-completed = { $feature } completed ({ $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
}).
word-ev-scored = { $disc } { $name } +{ $points } ({ $reason }{ $on }).
word-ev-final-scoring = Final scoring ({ $what }): { $scores }.
word-ev-set-aside = The drawn tile ({ $tile }) fits nowhere and is set aside.
word-ev-resigned = **{ $name }** resigned.
word-figure-on = { $role } on { $what }
# The figure menu: the number of the spot on the picture, the role, where.
word-figure-numbered = { $number } · { $role }, { $what }
word-large-role = large follower ({ $role })
# An expansion's follower by its place ("phantom (thief)").
word-figure-role = { $figure } ({ $role })

## Why points were scored
word-reason-road-completed = road completed
word-reason-city-completed = city completed
word-reason-cloister-completed = cloister completed
word-reason-road = incomplete road
word-reason-city = incomplete city
word-reason-cloister = incomplete cloister
word-reason-farm = farm

## The expansions' decisions: the options' labels (menus, buttons, /choose) and questions

# The figure menu: boarding the flying machine; /status: figures left.
word-figure-fly = { $figure } on the flying machine (the die decides)
word-figures-left = { $kind ->
    [large] { $n ->
        [one] 1 large follower
       *[other] { $n } large followers
    }
    [builder] { $n ->
        [one] 1 builder
       *[other] { $n } builders
    }
    [pig] { $n ->
        [one] 1 pig
       *[other] { $n } pigs
    }
    [phantom] { $n ->
        [one] 1 phantom
       *[other] { $n } phantoms
    }
   *[follower] { $n ->
        [one] 1 follower
       *[other] { $n } followers
    }
}

# Expansion names (their rulebooks' own).
word-exp-base = Base game
word-exp-inns-cathedrals = Inns & Cathedrals
word-exp-traders-builders = Traders & Builders
word-exp-flying-machines = Flying Machines
word-exp-messages = Messages
word-exp-ferries = Ferries
word-exp-gold-mines = Gold Mines
word-exp-mage-witch = Mage & Witch
word-exp-robbers = Robbers
word-exp-crop-circles = Crop Circles
word-exp-crop-circles-1 = Crop Circles I
word-exp-labyrinth = The Labyrinth
word-exp-phantom = The Phantom
word-exp-river = The River
# The words a player types for an expansion (/new expansions:…), the first shown.
word-exp-typed-base = base
word-exp-typed-inns-cathedrals = inns-cathedrals
word-exp-typed-traders-builders = traders-builders
word-exp-typed-flying-machines = flying-machines
word-exp-typed-messages = messages
word-exp-typed-ferries = ferries
word-exp-typed-gold-mines = gold-mines
word-exp-typed-mage-witch = mage-witch
word-exp-typed-robbers = robbers
word-exp-typed-crop-circles = crop-circles
word-exp-typed-crop-circles-1 = crop-circles-1
word-exp-typed-labyrinth = labyrinth
word-exp-typed-phantom = phantom
word-exp-typed-river = river

# The final breakdown by category.
word-category-roads = roads
word-category-cities = cities
word-category-cloisters = cloisters
word-category-farms = farms
word-category-goods = goods
word-category-gold = gold
word-category-robbers = robbers
word-category-messages = messages
word-final-incomplete = incomplete features

## Players' colours
word-player-colour-red = red
word-player-colour-green = green
word-player-colour-blue = blue
word-player-colour-yellow = yellow
word-player-colour-black = black
word-player-colour-grey = grey

## A tile in words, from its parts (src/i18n/tile_words.rs): "a city on one side and a
## straight road". $n counts alike parts, $roads the roads ending at one.
word-tile-and = { $rest } and { $last }
word-tile-with = { $what } with { $extra }
word-tile-where = { $roads ->
    [0] { $what }
    [one] { $what } where a road ends
   *[other] { $what } where { $roads } roads end
}
word-tile-field = a field
word-tile-cloister = a cloister
word-tile-city = { $n ->
    [one] a city
   *[other] { $n } cities
} on { $shape ->
    [one] one side
    [corner] two adjacent sides
    [opposite] two opposite sides
    [three] three sides
   *[four] all four sides
}{ $n ->
    [one] {""}
   *[other] {" "}each
}
word-tile-road = { $shape ->
    [straight] { $n ->
        [one] a straight road
       *[other] { $n } straight roads
    }
    [curved] { $n ->
        [one] a curved road
       *[other] { $n } curved roads
    }
   *[other] { $n ->
        [one] a road
       *[other] { $n } roads
    }
}
word-tile-crossroads = { $roads ->
    [one] a road ending in the middle
    [2] 2 roads meeting in the middle
   *[other] a crossroads of { $roads } roads
}
word-tile-road-to-city = { $n ->
    [one] a road into a city
   *[other] { $n } roads into a city
}
word-tile-road-to-house = { $n ->
    [one] a road ending at a house
   *[other] { $n } roads ending at a house
}
word-tile-road-end = { $n ->
    [one] a road ending on the tile
   *[other] { $n } roads ending on the tile
}
word-tile-labyrinth = a labyrinth joining { $roads } roads
word-tile-lake = a lake
word-tile-river = { $shape ->
    [spring] a spring, where the river begins
    [lake] a lake, where the river ends
    [straight] a straight river
   *[curved] a river bend
}
word-tile-crop-circle = a crop circle with a { $symbol }
word-tile-bridge = a bridge
word-tile-flying-machine = a flying machine
word-tile-gold = a gold mine
word-tile-magic = a magic symbol
word-tile-robber = a robber symbol
word-tile-shield = a shield
word-tile-cathedral = a cathedral
word-tile-inn = an inn

## Traders & Builders
word-ev-goods = { $name } takes the goods: { $goods }.
word-ev-extra-tile = { $name }'s builder brings a second tile this turn.
word-reason-goods = most { $good }
word-good-wine = wine
word-good-grain = grain
word-good-cloth = cloth

## Gold Mines
word-ev-gold-placed = A gold bar goes on the tile at { $at } ({ $bars ->
    [one] 1 bar
   *[other] { $bars } bars
} there).
word-ev-gold-taken = { $disc } { $name } takes { $bars ->
    [one] 1 gold bar
   *[other] { $bars } gold bars
}.
word-ev-gold-lost = { $bars ->
    [one] 1 gold bar left on the board is lost.
   *[other] { $bars } gold bars left on the board are lost.
}
word-reason-gold = gold bars
word-choice-gold = Gold bar on the tile at { $at }
word-ask-gold = a gold tile: put the second gold bar on a tile next to it (diagonals too)

## Messages
word-ev-on-marker = , marker { $marker }
word-ev-message-drawn = **{ $name }**'s marker stopped on a multiple of 5: they take message { $message }: "{ $title }" (or 2 points).
word-ev-message-used = **{ $name }** used message { $message } (its action); it goes under the pile.
word-ev-message-points = **{ $name }** took 2 points instead of message { $message }'s action; the message goes under the pile.
word-reason-message = message { $message }
# A message that scored a feature: a tile of it.
word-reason-message-at = message { $message }, at { $at }
word-choice-marker = Marker { $marker }: { $at } → { $to }
word-choice-on-marker = {" "}on marker { $marker } (at { $at })
# Two points on a marker: where it stands, where it lands.
word-choice-on-marker-to = {" "}on marker { $marker } ({ $at } → { $to })
word-choice-two-points = Take 2 points{ $on }
word-choice-message-8 = Score and take back your follower on { $place }{ $on }
word-ask-marker = you score { $points ->
    [one] 1 point
   *[other] { $points } points
} now: choose the scoring marker they move (marker 1: { $first } → { $first_to }, marker 2: { $second } → { $second_to }); a marker stopping on 5, 10, 15, ... brings a message
word-ask-message = your marker stopped on a multiple of 5: you take message { $message } ({ $title }); use it or take 2 points
word-ask-message-unavailable = your marker stopped on a multiple of 5: you take message { $message } ({ $title }), which you cannot carry out now; use it or take 2 points

## Robbers
word-ev-robber = { $disc } { $name } { $moved ->
    [yes] moved
   *[no] put
} their robber beside { $besidedisc } { $beside }'s scoring marker{ $which }.
word-ev-robber-declined = { $disc } { $name } placed no robber.
word-ev-robber-stole = { $name }'s robber takes { $points ->
    [one] 1 point
   *[other] { $points } points
} from { $from }'s scoring and goes home.
word-ev-robber-home = { $name }'s robber goes home.
word-reason-robber = robber
word-choice-robber = { $moved ->
    [yes] Move
   *[no] Put
} your robber beside { $disc } { $name }'s marker
word-choice-robber-marker = { $moved ->
    [yes] Move
   *[no] Put
} your robber beside { $disc } { $name }'s marker { $marker }
word-choice-robber-stays = Leave your robber where it is
word-choice-no-robber = No robber
word-ask-robber-move = a robber tile: you may move your robber beside another player's scoring marker
word-ask-robber = a robber tile: you may put your robber beside another player's scoring marker
word-ask-robber-other = you may now put your robber beside another player's scoring marker (it takes half of their next points)

## Mage & Witch
word-ev-magic-moved = { $name } put { $figure } on { $place }.
word-ev-magic-removed = { $figure } leaves the board (from { $at }).
word-choice-move-magic = { $letter } · Move the { $figure ->
    [mage] mage
   *[other] witch
} to the { $feature } { $place }
word-choice-put-magic = { $letter } · Put the { $figure ->
    [mage] mage
   *[other] witch
} on the { $feature } { $place }
# Where a Mage & Witch target is: who holds the feature, and a tile of it.
word-magic-held = held by { $holders } at { $at }
word-magic-free = held by nobody at { $at }
word-choice-remove-magic = Take { $figure } off the board
word-ask-magic-forced = the mage and the witch stand in one feature: move one of them before scoring
word-ask-magic = a magic tile: put or move the mage or the witch onto an incomplete road or city

## Flying Machines
word-ev-flew = { $name }'s { $figure } boards the flying machine: the die shows { $roll }, it flies to { $to }.
word-ev-flight-failed = The { $figure } finds no incomplete road, city or cloister there and goes back.
word-choice-land = Land the { $figure } on { $place }
word-ask-land = the die shows { $roll }: your { $figure } flies to the tile at { $at }; choose where it lands

## Ferries
word-ev-ferry-placed = **{ $name }** put a ferry on the lake at { $at }, joining its { $a } and { $b } roads.
word-ev-ferry-moved = **{ $name }** moved the ferry at { $at }: it now joins the { $a } and { $b } roads.
word-ev-ferries-stay = **{ $name }** left the ferries where they are.
word-choice-ends = { $a } and { $b }
word-choice-ferry = Ferry joining the { $ends } roads
word-choice-ferries-stay = Move no (more) ferries
word-choice-move-ferry = Move the ferry at { $at } to join the { $ends } roads
word-ask-ferry = put a ferry on the lake at { $at }, joining two of its road ends
word-ask-move-ferry = your tile extends a road with ferries: you may move the first ferry met in each direction (once each)

## Crop Circles
word-ev-crop-add = **{ $name }** chose **add** for the crop circle: every player may add a follower beside one of their { $kind }.
word-ev-crop-remove = **{ $name }** chose **remove** for the crop circle: every player takes back one of their { $kind }.
word-ev-nothing-added = **{ $name }** added no follower.
word-ev-took-back = **{ $name }** took back their { $figure } from the tile at { $at }
word-choice-crop-add = Add: each may add a { $follower } beside one of theirs
word-choice-crop-remove = Remove: each takes one { $follower } back
word-choice-add-none = Add no { $follower }
word-choice-add-one = Add a { $follower } on { $place }
word-choice-take-back = Take back your { $who } from { $place }
word-ask-crop = the crop circle ({ $symbol }) at { $at }: choose add or remove for every player's { $followers }
word-ask-crop-add = crop circle: you may add a { $follower } beside one of your own
word-ask-crop-remove = crop circle: take one of your { $followers } back

## The Phantom
word-figure-phantom = phantom
word-figure-phantom-short = phantom
word-ask-phantom = you may also put your phantom on the tile you just placed, or keep it
word-choice-keep-phantom = Keep the phantom

# The words of /choose values (a click's id), as a player types them: "marker 1".
word-value-marker = marker
word-value-add = add
word-value-remove = remove
word-value-none = none
word-value-no = no
word-value-robber = robber
word-value-keep = keep
word-value-done = done
word-value-ferry = ferry
word-value-move = move
word-value-land = land
word-value-gold = gold
word-value-back = back
word-value-mage = mage
word-value-witch = witch
word-value-follower = follower
word-value-large = large
word-value-builder = builder
word-value-pig = pig
word-value-phantom = phantom
word-value-red = red
word-value-green = green
word-value-blue = blue
word-value-yellow = yellow
word-value-black = black
word-value-grey = grey
