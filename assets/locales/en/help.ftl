# /help: an introduction, then every command of the table by section (the command
# lines come from src/app/command/ and commands.ftl). At most 2000 characters in all.

help-intro =
    {"*"}*Carcassonne in this channel**, one game per channel, at your own pace.
    `/new` a game (`game:cards` for the card game), players `/join`, then `/start`. On your turn the bot mentions you and posts the board: letters mark where your tile fits. `/place spot:B rotation:90`, then `/figure on:…` or `/pass` (or the menus under the picture). Answer expansions' questions, even in others' turns, with `/choose` or the buttons.
help-any-game = Any game
help-board-game = Board game
help-card-game = Card game
# Words that open a clause: a command's description is shown up to the first of them
# (or to its first colon, parenthesis or comma).
help-clause-words = which
# Words after which those words open no clause ("-" for none, as in English).
help-clause-not-after = -
