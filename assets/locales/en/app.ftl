# Replies, errors, menus and buttons of the app and its fronts (src/app, src/discord,
# src/local.rs). Private replies are in the language of the user who acted, public
# messages in the game's language.

## Durations
app-duration-days = { $n } d
app-duration-hours = { $n } h
app-duration-minutes = { $n } min
app-duration-less-than-a-minute = less than a minute

## Lobby: /new, /join, /leave, /start, /addbot, /abort
app-busy-lobby = A game is being set up in this channel by { $creator }: /join it, or its creator can /abort it.
app-busy-running = A game is running in this channel; finish it, or /abort it (its creator or a channel manager).
app-setup-cards = the Carcassonne card game for up to { $players } players
app-setup-board = Carcassonne ({ $sets }; { $farmers }; { $small }) for up to { $players } players
app-setup-farmers-modern = farmers: modern
app-setup-farmers-classic = farmers: classic
app-setup-farmers-off = no farmers
app-setup-small-city = 2-tile cities: { $points } points
app-button-join = Join
app-button-start = Start
app-new-no-seat-left = With { $bots } computer players there is no seat left for you in a game for { $players }: choose bots:0 to bots:{ $most }.
app-new-cards-no-options = The card game has no expansions or farm rules; use /new game:cards with players only.
app-new-cards-players = The card game is for 2 to 5 players: choose players:2 to players:5.
app-new-created =
    { $creator } set up { $setup } ({ $timers }).
    Players ({ $seated }/{ $players }): { $roster }. Others: /join; then /start when everyone is in.
app-join-already = You are already in. Players: { $roster }.
app-join-full = The game is full ({ $players } players). Players: { $roster }.
app-join-joined = { $name } joined ({ $seated }/{ $players }): { $roster }.
app-leave-not-in = You are not in this game.
app-leave-last = { $name } left; nobody is left, so the game setup is closed.
app-leave-left = { $name } left. Players: { $roster }.
app-lobby-status =
    Setting up { $setup }.
    Players ({ $seated }/{ $players }): { $roster }. /join, then /start.
app-lobby-resign = The game has not started: use /leave.
app-lobby-not-started = The game has not started yet, so /{ $command } cannot be used. Players: { $roster } — /join, then /start.
app-addbot-not-creator = Only the game's creator ({ $creator }) can add computer players.
app-addbot-joined = { $name } (a computer player, level { $level }) joined ({ $seated }/{ $players }): { $roster }.
app-start-not-joined = Only players who joined can start the game: /join first.
app-start-too-few = A game needs at least 2 players; wait for someone to /join.
app-start-cannot = The game cannot start: { $reason }.
app-start-started = The game starts! Seats: { $seats }.
app-abort-not-allowed = Only the game's creator ({ $creator }) or someone who can manage this channel can abort it.
app-abort-resigned = You resigned from this game, so you can no longer abort it; someone who can manage this channel still can.
app-abort-lobby = { $name } closed the game setup.
app-abort-game = { $name } aborted the game; it ends without a result. /new starts another.

## /games, /notify, /standing, the turn's direct message, the timer options
app-games-card-game = card game
app-games-ordinal = { $n ->
    [one] { $n }st
    [two] { $n }nd
    [few] { $n }rd
   *[other] { $n }th
}
app-games-your-turn = **your turn**
app-games-their-turn = { $name }'s turn
app-games-you = you: { $points ->
    [one] 1 point
   *[other] { $points } points
}, { $rank } of { $players }
app-games-row = { $channel } — { $game } — { $who } for { $time } — { $score }
app-games-unreadable = The games cannot be read right now.
app-games-none = No game is running in this server. /new starts one.
app-games-none-yours = You play no running game in this server. /games all:true lists every game here.
app-games-head-all = Running games in this server ({ $games }):
app-games-head-yours = Your running games in this server ({ $games }; { $waiting } waiting on you):
app-notify-on = Direct messages: **on**. When your turn begins in any game, I send you a direct message with the channel, your tile (in the card game: the table and your hand) and the picture (nothing is sent if your DMs are closed). /notify dm:off stops them.
app-notify-off = Direct messages: **off**. /notify dm:on sends you one when your turn begins in any game.
app-settings-unsaved = Your setting cannot be saved right now; nothing was changed.
app-standing-robbers-never = Robbers: **never**. When another player's robber tile lets you place your robber, I pass for you at once. /standing robbers:ask asks you again.
app-standing-robbers-ask = Robbers: **ask**. When another player's robber tile lets you place your robber, I mention you with buttons; without an answer before the game's decision deadline no robber is placed. /standing robbers:never passes for you.
app-standing-marker-behind = Messages: your points in others' turns go on your marker further **behind** (marker 1 on a tie). /standing marker:ahead|1|2 changes it.
app-standing-marker-ahead = Messages: your points in others' turns go on your marker further **ahead** (marker 1 on a tie). /standing marker:behind|1|2 changes it.
app-standing-marker-1 = Messages: your points in others' turns go on your **marker 1**. /standing marker:behind|ahead|2 changes it.
app-standing-marker-2 = Messages: your points in others' turns go on your **marker 2**. /standing marker:behind|ahead|1 changes it.
app-dm-your-turn-call =
    Your turn in { $channel }:
    { $call }
app-dm-your-turn = Your turn in { $channel }.
app-dm-page-link = Play from the page: { $url }
app-button-play = Play
app-button-open-board = Open the board
app-page-not-served = This bot does not serve the game's page (its operator sets --web-base).
app-page-your-link = Your own link to play from the page: it works for { $hours } hours and only for you, so do not share it.
app-page-watch-link = You do not play in this game: here is its page, to watch it.
app-page-revoked = The game's page has a new link: every link given before, personal ones too, no longer opens it, and pages open on them have stopped.
app-page-revoke-not-allowed = Only a player of this game or someone who manages the channel can replace its page's link.
app-timers-reminders = reminders after { $time }
app-timers-no-reminders = no reminders
app-timers-limit = { $time } per turn
app-timers-no-limit = no turn limit
app-timers-with-deadline = { $reminder }, { $limit }, { $time } for a decision asked during another's turn

## Common
app-no-game = There is no game in this channel. Create one with /new (game:cards for the card game).
app-game-over = The game is over.
app-game-finished = This channel's game is over: /{ $board }, /{ $status }, /{ $history } and /{ $replay } show how it ended; /{ $new } starts another.
app-not-started = The game has not started.
app-not-playing = You are not playing in this game.
app-resigned = You have resigned from this game.
app-addbot-started = The game has started: computer players are added before /start. A player can hand their seat to one with /resign replace:ai.
app-storage-failure = Sorry, the game could not be saved or loaded right now; nothing was changed. Please try again.
app-component-error = { $reason }
app-component-gone = This button or menu ({ $id }) is no longer in use.
app-quarantined = The saved game of this channel could not be read ({ $reason }); it was set aside for the admins. Start a new game with /new.
app-notice-restored = After a storage problem this channel's game was restored from the backup { $file }: it is back at move { $moves }. Moves made after that backup may have been lost; check the board and play on from here.
app-notice-rebuilt = After a storage problem this channel's game was rebuilt from what could still be read: it is at move { $moves }. Moves made after that may have been lost; check the board and play on from here.

## /stats
app-stats-unreadable = The statistics cannot be read right now.
app-stats-none = No finished games on this server yet. /new starts one.
app-stats-head = **{ $games ->
    [one] 1 finished game
   *[other] { $games } finished games
} on this server** ({ $board } Carcassonne, { $cards } card game).
app-stats-most-wins = Most wins:
app-stats-player = { $rank }. { $player } — { $wins } of { $games ->
    [one] 1 game
   *[other] { $games } games
} won, best score { $best }
app-stats-you = You: { $games ->
    [one] 1 game
   *[other] { $games } games
}, { $wins } won, best score { $best }, average { $average }.
app-stats-you-none = You have not finished a game here yet.

## /replay
app-replay-not-playing = You do not play in this game, so there is no turn of yours to start from: use /replay for the whole game.
app-replay-nothing-since = No turn has been played since; here is the board.
app-replay-since = Replay since { $name }'s last turn: { $turns } { $turns ->
    [one] turn
   *[other] turns
}, then the board as it is now.
app-replay-whole = Replay of the whole game: { $turns } { $turns ->
    [one] turn
   *[other] turns
}, then the board as it is now.
app-replay-impossible = This game cannot be replayed.

## /undo
app-undo-refused = { $name } refused to take the move back; play goes on.
app-undo-nothing-to-refuse = There is no undo request to refuse.
app-undo-no-move = There is no move to take back yet.
app-undo-already-agreed = You already agreed; waiting for the other players.
app-undo-asked = { $asker } asks to take back the last move. { $players }: { $count ->
    [one] agree
   *[other] each agree
} with /undo (or the button), or refuse with /undo refuse:true.
app-button-undo-agree = Agree to undo
app-button-undo-refuse = Refuse

## /kick
app-kick-not-player = Only the players of this game can /kick a player whose time is up.
app-kick-no-such-player = There is no player '{ $who }' in this game (players: { $players }).
app-kick-yourself = You cannot kick yourself; /resign leaves the game.
app-kick-no-limit = This game has no turn limit (it is set with /new turn_limit:…), so nobody can be kicked.
app-kick-not-awaited = Only the player the game is waiting for can be kicked, and that is { $awaited }, not { $named }.
app-kick-not-yet = { $name }'s time for this turn is not up yet: { $left } left of { $limit }.
app-kick-removed = { $name } removed { $kicked } from the game: their time for the turn ({ $limit }) was up.

## The board game: turns and refusals
app-started-already = The game has already started; /status shows it. A player can /resign to leave it.
app-board-card-command = That is a card-game command; this channel plays the board game.
app-not-playing-watch = You are not playing in this game (players: { $players }). You can watch: /board, /status.
app-command-unavailable = /{ $command } is not available here.
app-waiting-tile = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to place the drawn tile: { $tile }.
app-waiting-figure = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to place a figure or pass.
app-not-your-turn = It is not your turn. { $waiting }
app-tile-down = Your tile is down: place a figure (/figure on:…) or /pass.
app-place-tile-first = First place your tile ({ $tile }) with /place (spots on the picture).
app-answer-first = First { $question } (/choose option:…, or the menu).
app-answer-the-question = answer the game's question
app-default-applies = the default choice applies
app-forced-move = { $name } had one possible move, so it was made without asking:

## The board game: the turn message, menus, /status, the end
app-your-turn = { $disc } { $player }, your turn: you drew **{ $tile }**. It fits at spots { $spots } — /place spot:… rotation:…  ({ $left ->
    [one] 1 tile left
   *[other] { $left } tiles left
})
app-your-turn-extra = { $disc } { $player }, your turn: you drew **{ $tile }** (builder's extra tile). It fits at spots { $spots } — /place spot:… rotation:…  ({ $left ->
    [one] 1 tile left
   *[other] { $left } tiles left
})
app-menu-spot-turned = { $spot } · turned { $degrees }°
app-menu-spot-at = at { $at }
app-menu-place-tile = Place the tile…
app-menu-spot = Spot { $spot }
app-menu-choose-spot = Choose a spot…
app-menu-place-figure = Place a figure…
app-menu-choose = Choose…
app-button-pass = Pass
app-ask-question = { $disc } { $player }, { $question } (menu below or /choose option:…).
app-ask-figure = { $disc } { $player }, place a figure (menu below or /figure on:…), or /pass.
app-game-over-title = **Game over!**
app-resigned-mark = (resigned)
# The end: one line per player, by place ($place: 1 for the first), its points by kind.
app-final-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}
app-final-player = { $disc } { $player } — { $place }, **{ $points }** { $points ->
    [one] point
   *[other] points
}{ $parts }{ $resigned }
# Of a kind's points ($total), those of features left incomplete at the end.
app-final-incomplete = { $total } ({ $points } for { $count } incomplete)
app-status-spots = Spots: { $spots }.
app-status-tiles-left = Tiles left: { $left }.
app-status-player = { $disc } { $name } — { $points ->
    [one] 1 point
   *[other] { $points } points
}; left: { $figures }

## The board game: placing a tile or a figure, /undo
app-place-no-such-spot = There is no spot '{ $spot }'. Your tile can go at spots { $spots } (see /board).
app-place-not-at = Your tile cannot go at { $at }. It fits at spots { $spots } (see /board).
app-place-both = Give either a spot label or x and y, not both.
app-place-where = Where? Give a spot label (your tile fits at spots { $spots }) or both x and y.
app-place-rotation-misfit = Your tile does not fit at spot { $spot } turned { $degrees }; there it fits turned { $fits }.
app-place-not-at-because = Your tile cannot go at { $at }: { $reason }. It fits at spots { $spots } (see /board).
app-place-rotation-refused = Your tile cannot go at spot { $spot } turned { $degrees }: { $reason }. There it fits turned { $fits }.
app-button-turned = Turned { $degrees }°
app-place-which-rotation = Which rotation? At spot { $spot } your tile fits turned { $fits } (rotation:…).
app-spots-none = none
app-two-words = { $first } and { $second }
app-or = or
app-not-allowed = not allowed
app-figure-can-place = You can place: { $choices }. Or /pass.
app-figure-only-pass = You can only /pass.
app-figure-unknown-place = I don't know where '{ $on }' is on your tile. You can place: { $choices }. Or /pass.
app-figure-which-spot = '{ $on }' names { $count } spots on your tile: { $choices }. Say which by its number, e.g. /figure on:{ $number }.
app-figure-which = Which figure on the { $segment }? kind: { $kinds }.
app-undo-past-resignation = { $name } resigned after the last tile was placed, and a resignation cannot be taken back: there is no move to undo.
app-undo-impossible = The move cannot be taken back: { $reason }.
app-undo-done = The last move was taken back.
app-undo-done-moves = Taken back: { $moves }

## Computer seats, timers
app-resign-to-ai = { $name } left the game; { $note }
app-hand-over = **{ $name }** (level { $level }) plays their seat from now on.
app-ai-storage-failure = Sorry, a computer player's move could not be saved; the game waits for it and it is played again on the next command.
app-reminder = ⏰ { $player } — this game has been waiting for you for { $time }. { $waiting } /board shows the picture.
app-reminder-last = ⏰ { $player } — this game has been waiting for you for { $time } (last reminder). { $waiting } /board shows the picture.
app-deadline-passed = ⌛ { $player }'s time for this turn ({ $limit }) is up. Any other player may now remove them from the game with /kick player:{ $name } (as if they resigned); until someone does, they may still play.
app-decision-default = ⌛ { $player } did not decide within { $limit }, so the game went on: { $default }.
app-your-move = { $player }, it is your move.

## The card game
app-cards-started-already = The game has already started; /status shows it.
app-cards-board-command = That is a board-game command; this channel plays the card game (/play, /secure, /hand).
app-cards-command-unavailable = /{ $command } is not available in the card game.
app-cards-no-such-row = There is no row '{ $row }'; rows: { $rows }.
app-cards-waiting = Waiting for { $name }: { $what }.
app-cards-waiting-you = Your turn: { $what }.
app-cards-resigned = **{ $name }** resigned, which ends the card game. Best score among the others: { $best } ({ $points }).
app-cards-first = First { $what } (/choose).
app-cards-only-follower = Your follower is all you have left to play: /secure row:…
app-cards-not-in-hand = You have no '{ $card }' in your hand. Your hand: { $hand }.
app-cards-which-row = Which row? The { $card } can go into any row (row: { $rows }).
app-cards-face-down-first = Your first card of the round goes face down into any row.
app-cards-own-row = The { $card } goes face up into its own row ({ $row }); only jokers go into any row.
app-cards-your-turn-play = It is your turn: /play a card or /secure a row.
app-cards-not-a-choice = '{ $option }' is not a choice here. Choose: { $choices }.
app-cards-choose-list = Choose with /choose: { $choices }.
app-cards-round = Round { $round } of { $rounds }.
app-cards-your-move = { $disc } { $player }, your move: { $what }.
app-button-show-hand = Show my hand
app-button-show-hand-again = Show my hand again
app-cards-hand-empty = Your hand is empty.
app-cards-hand = Your hand: { $cards }.
app-cards-turn-face-down = Your turn: your first card of this round goes face down into any row.
app-cards-turn-face-up = Your turn: play a card face up into its row (jokers: any row).
app-cards-or-secure = Or secure a row with your follower (the buttons or /secure).
app-cards-turn-secure-only = Your turn: your follower is all you have left to play; secure a row with it (the buttons or /secure).
app-cards-button-secure = Secure the { $row }
app-cards-play-option = { $card } → { $row }
app-cards-play-option-face-down = { $card } → { $row } (face down)
app-cards-menu-play = Play a card…
app-cards-you-must = You must { $what } (/choose).
app-cards-choices = Options (/choose or the buttons): { $choices }.
app-cards-status-round = Round { $round } of { $rounds }; dealer { $dealer }; { $pile ->
    [one] 1 card
   *[other] { $pile } cards
} left to deal.
app-cards-status-player-ready = { $disc } { $name } — { $points ->
    [one] 1 point
   *[other] { $points } points
}; { $hand ->
    [one] 1 card
   *[other] { $hand } cards
} in hand; follower ready; herds: { $herds }; chest: { $chest ->
    [one] 1 card
   *[other] { $chest } cards
}
app-cards-status-player-out = { $disc } { $name } — { $points ->
    [one] 1 point
   *[other] { $points } points
}; { $hand ->
    [one] 1 card
   *[other] { $hand } cards
} in hand; follower out; herds: { $herds }; chest: { $chest ->
    [one] 1 card
   *[other] { $chest } cards
}
app-cards-no-herds = none
app-cards-final-player = { $rank }. { $disc } { $player } — **{ $points }** (buildings { $building } from { $cards ->
    [one] 1 card
   *[other] { $cards } cards
})

## Typed commands: what would be valid
app-parse-unknown-command = unknown command /{ $command }; commands: /{ $commands }
app-parse-no-options = /{ $command } takes no options
app-parse-no-such-option = /{ $command } has no option '{ $option }'; options: { $options }
app-parse-option-twice = /{ $command } got the option { $option } twice; give each option once
app-parse-option-needed = /{ $command } needs the option { $option }: { $description }
app-parse-empty = must not be empty
app-parse-not-a-number = '{ $value }' is not a whole number
app-parse-expects-number = expects a whole number
app-parse-out-of-range = { $value } is out of range ({ $min } to { $max })
app-parse-not-a-bool = '{ $value }' is not true or false
app-parse-not-a-choice = '{ $value }' is not one of { $choices }
app-parse-not-a-rotation = { $value } is not a rotation: 0, 90, 180 or 270 (degrees clockwise)
app-parse-unknown-expansion = unknown expansion '{ $name }' (known: { $known })
app-parse-timer = /{ $command } { $option }: '{ $value }' is not off or a time from { $min } to { $max } (e.g. 12h, 2d, 1d12h)
app-parse-deadline = /{ $command } { $option }: '{ $value }' is not a time from { $min } to { $max } (e.g. 30m, 1h, 2d)

## The local mode
app-local-clock-moves = the clock moves { $time } forward
app-local-bad-line = { $reason }

## /language
app-language-en = English
app-language-es = Spanish (español)
app-language-shown = This game speaks { $language } in public. Its creator or a channel manager can change it with /language set:…
app-language-not-allowed = Only the game's creator ({ $creator }) or someone who can manage this channel can change its language.
app-language-already = The game already speaks { $language }.
app-language-changed = { $name } set the game's language to { $language }: its messages and pictures use it from now on.

## The Discord front
app-discord-apology = Sorry, something went wrong while handling this; nothing was changed.
app-discord-token-refused = The bot cannot act right now: Discord refused its token, and whoever runs the bot has to give it a new one. Nothing was changed.
app-discord-done = Done.
app-discord-more-choices = More choices:
app-discord-file-too-big = { $file } ({ $size }) is left out: Discord takes files of at most { $limit } here.
app-discord-file-too-big-page = { $file } ({ $size }) is left out: Discord takes files of at most { $limit } here. The game's page shows it all.
app-discord-size-kb = { $kb } KB
app-discord-size-mb = { $whole }.{ $tenth } MB
app-discord-missing-permissions = I cannot play here: I am missing the { $count ->
    [one] permission
   *[other] permissions
} **{ $permissions }** in this channel, so I could not post the game. Nothing was changed. Ask a server admin to allow { $count ->
    [one] it
   *[other] them
} for me here (channel settings > Permissions).
app-discord-not-announced = Your command `{ $command }` in { $channel } was done and saved, but Discord would not let me announce it there. /board shows the game as it stands.
app-discord-unknown-command = `/{ $command }` is not one of my commands (any more): Discord may show an old list for a few minutes after an update. /help lists the commands.
app-discord-locked-thread = This thread is locked: only moderators may post in it, so I could not announce the game's turns here. A moderator can unlock it (thread menu > **Unlock Thread**), or play in another channel or thread.
app-discord-private-thread = I am not in this private thread, so I could not announce the game's turns here. Add me first: mention me in the thread (@Carcassonne) and confirm, or use the thread's **Add Members**; then `/new` again.
app-discord-move-not-announced = The game in { $channel } went on (a decision's deadline passed, or a computer player moved) and was saved, but Discord would not let me announce it there. /board shows the game as it stands.
app-discord-unreachable = I can no longer post in { $channel }, so its game gets no more reminders or notices there. Give me **View Channel** and **Send Messages** there (in a private thread: add me to it; a locked thread: unlock it), then play on: they resume with the next move.
app-discord-dms-closed = I could not send you a direct message (Discord refuses them: your DMs are closed to this server's members or to me), so your turn notices by direct message are now **off**. Allow direct messages, then turn them on again with `/notify dm:on`.
app-local-not-utf8 = this line is not valid UTF-8 text, so it was not run; type it again

## Autocomplete
app-autocomplete-spot = { $spot } — at { $at } (turn { $rotations })

## /history
app-history-none = No moves yet.
app-history-last = Last { $shown } of { $moves } { $moves ->
    [one] move
   *[other] moves
}:
app-history-broken = The history cannot be rebuilt.
app-choose-not-a-choice = '{ $option }' is not a choice here. Choose one of: { $choices }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more (autocomplete lists them)
}.
app-choose-list = You may choose: { $choices }{ $more ->
    [0] {""}
   *[other] {" "}and { $more } more (the menu lists them)
}. Answer with /choose or the menu.
app-choose-nothing = There is nothing to choose right now. { $waiting }
app-choose-not-yours = It is not your decision. { $waiting }
app-component-stale = This menu is from an earlier turn: nothing was done. Use the latest message (or /board).
app-undo-request-over = That undo request is over: nothing was done. Use /undo to ask again.

## Traders & Builders
app-status-goods = ; goods: wine { $wine }, grain { $grain }, cloth { $cloth }

## Gold Mines
app-waiting-gold = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to place the second gold bar (/choose).
app-status-gold = ; gold bars: { $gold }

## Messages
app-waiting-marker = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to choose a scoring marker or use a message (/choose).
app-status-markers = ; markers at { $first } and { $second }

## Robbers
app-waiting-robber = { $you ->
    [yes] It is your decision
   *[no] It is { $name }'s decision
} to place a robber or not (/choose).
app-default-no-robber = no robber is placed
app-status-robber = ; robber beside { $name }'s marker
app-status-robber-marker = ; robber beside { $name }'s marker { $marker }

## Mage & Witch
app-waiting-magic = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to place, move or remove the mage or the witch (/choose).
# Mage & Witch: where each stands ($place: "the road east+west at 1,0"), or that it is off the board.
app-status-magic = { $figure ->
    [mage] The mage
   *[other] The witch
} { $place ->
    [none] is not on the board.
   *[other] is on { $place }.
}

## Flying Machines
app-waiting-land = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to land the flown { $figure } (/choose).

## Ferries
app-waiting-ferry = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to place or move a ferry (/choose).

## Crop Circles
app-waiting-crop = { $you ->
    [yes] It is your turn
   *[no] It is { $name }'s turn
} to answer the crop circle (/choose).
app-activity-no-game = There is no game in this channel: start one with /new, then open the Activity.
app-activity-off = The Activity is not set up for this bot.
app-activity-refused = Discord would not open the Activity here (Activities may not be enabled for this app, or your Discord is too old for them).
app-activity-link = The game's page, in your browser: { $link }
