# /rules: a summary per topic (Discord message: at most 2000 characters each). Keys:
# rules-TOPIC, and rules-topic-words-TOPIC: the words /rules topic: accepts in this
# language (separated by spaces; the first is the one shown).

rules-topic-words-base = base
rules-topic-words-farmers = farmers
rules-topic-words-inns-cathedrals = inns-cathedrals
rules-topic-words-traders-builders = traders-builders
rules-topic-words-gold-mines = gold-mines
rules-topic-words-mage-witch = mage-witch
rules-topic-words-flying-machines = flying-machines
rules-topic-words-ferries = ferries
rules-topic-words-crop-circles = crop-circles
rules-topic-words-labyrinth = labyrinth
rules-topic-words-robbers = robbers
rules-topic-words-messages = messages
rules-topic-words-cards = cards
rules-topic-words-bot = bot
rules-unknown-topic = No rules topic '{ $topic }'. Topics: { $topics }.

rules-base =
    {"*"}*Carcassonne, base game** (2-6 players, 7 followers each).
    On your turn: draw a tile and place it touching the board so that roads, cities and fields continue across every side. Then you may put one follower on that tile: on a road (thief), a city (knight), the cloister (monk) or a field (farmer, lying down) — but not on a road, city or farm that already has a follower anywhere. A completed road scores 1 per tile; a completed city 2 per tile and 2 per shield (a city of only 2 tiles: 2, plus 1 per shield); a cloister with all 8 neighbours 9. The most followers take the points; a tie pays everyone tied in full. Followers come back after scoring; farmers stay.
    At the end, incomplete roads, cities (1 per tile and shield) and cloisters (1 per tile) score, then farms (`/rules topic:farmers`). A tile that fits nowhere is set aside.
rules-farmers =
    {"*"}*Farmers.** A farm is a connected field; roads, cities and the tile edges bound it. Farms score only at the end.
    `farmers:modern` (default, rulebook 000): the players with the most farmers in a farm score 3 for every completed city the farm borders; a city can pay several farms.
    `farmers:classic` (first edition, 001): each completed city pays 3 once, to the players with the most farmers over all the farms that border it.
    `farmers:off`: no farmers (house rule).
rules-inns-cathedrals =
    {"*"}*Inns & Cathedrals** (+18 tiles, a large follower each).
    The large follower counts as two followers for majorities (also as a farmer) and wherever points are paid per follower (the labyrinth, messages 5 and 6), and returns like any follower. A road with an inn scores 2 per tile when completed but 0 if incomplete at the end; a city with a cathedral scores 3 per tile and 3 per shield when completed, 0 if incomplete at the end.
rules-traders-builders =
    {"*"}*Traders & Builders** (+24 tiles, a builder and a pig each, goods).
    Builder: place it on a road or city of your new tile that already holds one of your followers; each later turn in which you extend that road or city you place a second tile (once per turn). It returns when its feature is scored or holds none of your followers, and never counts for majorities.
    Pig: place it on a farm of your new tile that holds one of your farmers; if you own that farm at the end, each of its cities scores 4 for you instead of 3.
    Goods: whoever completes a city takes its wine, grain and cloth tokens; at the end the most of each kind scores 10 (ties all score).
rules-gold-mines =
    {"*"}*Gold Mines** (+8 tiles with a gold symbol, 16 gold bars).
    When you place a gold tile, one bar goes on it and you put a second one on a tile next to it, diagonals included (`/choose` or the menu). A bar belongs to every road, city and cloister of its tile. When a road, city or cloister is completed, its majority takes the bars of its tiles (a cloister: its own tile and the 8 around it); tied players, or several features completed at once, share them one bar at a time in turn order from the player who placed the tile. At the end bars left on the board are lost, and each player's bars score: 1-3 bars 1 point each, 4-6 bars 2 each, 7-9 bars 3 each, 10 or more 4 each.
rules-mage-witch =
    {"*"}*Mage & Witch** (+8 tiles with a magic symbol; the mage and the witch belong to nobody).
    When you place a magic tile you must put the mage or the witch on any incomplete road or city of the board, or move one there (`/choose` or the menu); never both in one feature. Only when no road or city is free for them do you take one off the board instead. If a tile joins their features, you move one of them before scoring. The mage adds 1 point per tile to its road or city; the witch halves it (rounded up, after inns and cathedrals). After its feature is completed a magic figure leaves the board. At the end they change incomplete roads and cities the same way; with the mage an incomplete inn road or cathedral city scores 1 per tile.
rules-flying-machines =
    {"*"}*Flying Machines** (+8 tiles with a flying machine, a special die 1, 1, 2, 2, 3, 3).
    Instead of placing a figure on the flying-machine tile you just placed, you may put a follower (or your large follower) on its machine (`/figure on:fly`, or the menu). The bot rolls the die (shown in the turn message): the figure flies that many tiles in the machine's direction (straight or diagonal, as the tile is turned). It must land on an incomplete road, city or cloister of that tile, even one already occupied, never on a field; you choose which (`/choose`). With no tile there, or nothing it may land on, it goes back and you place no other figure this turn.
rules-ferries =
    {"*"}*Ferries** (+8 lake tiles, 8 ferries).
    Every road of a lake tile ends at its lake. After your figure (a thief goes on one road end) you must put a ferry on the lake you placed, joining two of its road ends into one road (`/choose`); an end without a ferry ends its road. When your tile extends a road that has ferries, you may then move the first ferry met in each direction along it, each once per turn, to join any other two ends of its own lake: roads split and join, followers may end up apart. Then completed roads score, also one a move completed elsewhere. A ferry lake is no inn; extending a road only by moving a ferry gives the builder no extra tile.
rules-crop-circles =
    {"*"}*Crop Circles** (+6 tiles; `crop-circles-1` adds the 6 of the first set).
    After the turn of a crop circle tile its player chooses (`/choose`): *add* or *remove*, for the followers the circle shows: pitchfork farmers, club thieves, shield knights. Then each player from that player's left, the player last, either may add a follower from their supply beside one of their own of that kind (same tile, same feature), or must take one of theirs back. A player with none of that kind is skipped. The others are mentioned with buttons; if they do not answer in time, add adds nothing and remove takes back the one placed earliest.
rules-labyrinth =
    {"*"}*The Labyrinth** (+2 tiles: four roads meet in a labyrinth and form one road).
    You may put a follower on the labyrinth even when its road is occupied, and on a road you join to it whose own stretch up to the labyrinth holds no follower, whoever stands elsewhere. When the labyrinth and all its roads are complete, the most followers on them score 1 per tile plus 2 per follower on them (everyone's; a large follower counts as two). Incomplete at the end: 1 per tile.
rules-robbers =
    {"*"}*Robbers** (+8 tiles with a robber symbol, a robber each).
    When you place a robber tile you may put your robber beside another player's scoring marker, or move it there if it is out (`/choose` or the buttons). Then the next player in turn order who still has their robber may place it too: the bot mentions them with buttons; without an answer within the game's decision deadline (`/new decision_deadline:1h`, 1 minute to 48 hours) no robber is placed. `/standing robbers:never` answers for you at once. When that marker next advances (completed features, final scoring, goods, gold), the robber takes half of those points, rounded up, for its owner and goes home; the player keeps all their points. When it advances several times at one moment (one tile completing several features, or final scoring as a whole), the robber takes half of the largest single advance (one feature, one message, one kind of goods, the gold; under classic farmers one city supplied). Robbers never take robber points: a robber beside a marker that advances by robber points stays beside it. The final table names robber points as such (their own column, or *Other* beside goods, gold and messages).
rules-messages =
    {"*"}*Messages** (no tiles: a second scoring marker each and 8 messages).
    Your score is the sum of your two markers. All your points of one scoring go on one marker: on your turn you choose it (`/choose` or the buttons); in others' turns your points go on your marker further behind. When your marker stops on 5, 10, 15, ... after your turn's scoring you take the top message (one per scoring) and use its action or take 2 points; message points may bring another message. The messages: 1/2/3 score your smallest road/city/cloister as at the end (the follower stays), 4: 2 points per shield of your cities, 5: 2 per knight, 6: 2 per farmer (a large follower counts as two), 7: place one more tile, 8: one of your followers scores its feature for you alone if you have the majority there, then goes home. No messages in final scoring.
rules-cards =
    {"*"}*The Carcassonne card game** (2-5 players).
    Rows of cards grow beside the city (blue), cloister (yellow), road (red) and field (green) boards. On your turn play a card from your hand at the open end of its colour's row (your first card of a round goes face down into any row; jokers into any row), or put your large follower at the end of a row (`/secure`): it secures the cards between it and the previous follower or the board. With no cards left you must secure; with your follower out you must play. When everyone has played their hand and follower, secured cards are scored: persons (sum of values × number of person cards), animals (the herd's value each time it grows), dragon and fairy 10, misplaced face-down persons 10; buildings go under your chest and score as sets at the end (0/5/15/30 for 1-4 different). Whoever placed the last follower deals next. `/hand` shows your cards to you only.
rules-bot =
    {"*"}*How the bot plays.** One game per channel. Only seated players act, only the player to move moves. `/undo` asks to take back the last move (the others agree with `/undo` or refuse with `/undo refuse:true`); a player may take back their own tile before placing a figure. `/resign` leaves a running game (your figures leave the board; your turns are skipped). The creator or a channel manager can `/abort`. Games survive restarts of the bot.
    {"*"}*Waiting.** The player to move is reminded in the channel after 12 h without a move (`/new reminder:6h`, `reminder:off`; at most 3 times). With `/new turn_limit:24h`, once a turn takes longer the bot says so and any other player may `/kick player:…` the late one (the same as resigning); until then the late player may still move. `/notify dm:on` sends you a direct message when your turn begins in any game; `/games` lists where you are expected; `/replay` (or `since:my-turn`) shows what happened as an animation.
