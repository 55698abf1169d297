# The slash commands' English names and descriptions are not here: they come from the
# command table (src/app/command/), the one place a command is defined, as the keys
# cmd-NAME, cmd-NAME-OPTION and cmd-NAME-OPTION-WORD (see src/app/command/names.rs).
# Other languages translate those keys in their own commands.ftl.
