# The engines' words: figures, segments, lists, titles. Keys: word-… (src/i18n/words.rs,
# src/app/board_game/words.rs, choices.rs, src/app/card_game/words.rs).

## Figures
word-figure-follower = follower
word-figure-large = large follower
word-figure-builder = builder
word-figure-pig = pig
word-the-mage = the mage
word-the-witch = the witch

## Segments: "city north", "road east+west", "field (NL N)"; .the with the article
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
