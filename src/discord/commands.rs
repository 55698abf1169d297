//! The slash commands, all derived from the app's table [`COMMANDS`]:
//!
//! - [`registration`]: what is sent to Discord (names, descriptions, option types,
//!   required flags, choices, integer ranges, autocomplete), as the JSON of Discord's
//!   "bulk overwrite application commands", straight from the table.
//! - [`framework_commands`]: the poise commands that dispatch them, one per table entry,
//!   all sharing one action (`slash`) and one autocomplete callback.
//!
//! The poise commands are not used for registration: poise's option builder only knows
//! integer-indexed choices and a type setter without data, and serenity's builder takes
//! no negative integer bounds, so neither can express the table's word choices and
//! ranges such as -200..200. Their parameters carry no type setter, so poise's
//! `create_application_commands` skips them rather than registering something that
//! differs from the table.

use super::{Data, Error, context, dispatch, guard, respond};
use crate::app::command::{ArgKind, OptionSpec};
use crate::app::{Arg, COMMANDS, Command, CommandSpec};
use crate::i18n::Lang;
use poise::serenity_prelude as serenity;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Instant;

/// Discord's option types.
const STRING: u8 = 3;
const INTEGER: u8 = 4;
const BOOLEAN: u8 = 5;
/// A slash command (CHAT_INPUT).
const CHAT_INPUT: u8 = 1;
/// The Activity's Entry Point (PRIMARY_ENTRY_POINT), handled by the app (APP_HANDLER)
/// so that it launches for the channel's game or says there is none.
const PRIMARY_ENTRY_POINT: u8 = 4;
const APP_HANDLER: u8 = 1;
/// The Entry Point's name: no slash command may have it (poise 0.7.1 panics on an
/// entry point named like one of its commands).
pub const ENTRY_POINT: &str = "launch";
/// Interaction context GUILD; integration type GUILD_INSTALL.
const GUILD_CONTEXT: u8 = 0;
const GUILD_INSTALL: u8 = 0;

/// The commands to register, from the table (a JSON array of application commands).
/// Global commands are limited to server channels (`contexts: [0]`, threads and forum
/// posts included) and to the bot installed in a server (`integration_types: [0]`):
/// games live in channels, never in DMs. Guild commands take neither field.
///
/// With the Activity on, global commands also hold its Entry Point command (Discord
/// takes it only globally; a bulk overwrite without it would remove it).
pub fn registration(global: bool, entry_point: bool) -> Value {
    let mut commands: Vec<Value> = COMMANDS.iter().map(command_json).collect();
    if global && entry_point {
        commands.push(json!({
            "name": ENTRY_POINT,
            "type": PRIMARY_ENTRY_POINT,
            "description": "Play this channel's game on its board, inside Discord",
            "handler": APP_HANDLER,
        }));
    }
    if global {
        for c in &mut commands {
            c["contexts"] = json!([GUILD_CONTEXT]);
            c["integration_types"] = json!([GUILD_INSTALL]);
        }
    }
    Value::Array(commands)
}

fn command_json(spec: &CommandSpec) -> Value {
    let key = crate::app::command::names::command_key(spec);
    let mut c = json!({
        "name": spec.name,
        "type": CHAT_INPUT,
        "description": spec.description,
        "options": spec.options.iter().map(|o| option_json(spec, o)).collect::<Vec<_>>(),
    });
    localize(&mut c, &key, true);
    c
}

/// Adds the translations of a command, option or choice: Discord shows each user the
/// names and descriptions of their client's language (English is the default).
fn localize(v: &mut Value, key: &str, described: bool) {
    let mut names = serde_json::Map::new();
    let mut descriptions = serde_json::Map::new();
    for lang in Lang::all().filter(|l| *l != Lang::english()) {
        let name = crate::app::command::names::name(lang, key);
        let description = crate::app::command::names::description(lang, key);
        for locale in lang.discord_locales() {
            if let Some(n) = &name {
                names.insert(locale.into(), n.clone().into());
            }
            if let Some(d) = &description {
                descriptions.insert(locale.into(), d.clone().into());
            }
        }
    }
    if !names.is_empty() {
        v["name_localizations"] = names.into();
    }
    if described && !descriptions.is_empty() {
        v["description_localizations"] = descriptions.into();
    }
}

fn option_json(spec: &CommandSpec, o: &OptionSpec) -> Value {
    let kind = match o.kind {
        ArgKind::Str | ArgKind::Choice(_) => STRING,
        ArgKind::Int { .. } => INTEGER,
        ArgKind::Bool => BOOLEAN,
    };
    let mut v = json!({
        "name": o.name,
        "description": o.description,
        "type": kind,
        "required": o.required,
        "autocomplete": o.autocomplete,
    });
    localize(
        &mut v,
        &crate::app::command::names::option_key(spec, o),
        true,
    );
    match o.kind {
        ArgKind::Int { min, max } => {
            v["min_value"] = min.into();
            v["max_value"] = max.into();
        }
        ArgKind::Choice(words) => {
            v["choices"] = words
                .iter()
                .map(|w| {
                    let mut c = json!({"name": w, "value": w});
                    localize(
                        &mut c,
                        &crate::app::command::names::choice_key(spec, o, w),
                        false,
                    );
                    c
                })
                .collect();
        }
        ArgKind::Str | ArgKind::Bool => {}
    }
    v
}

/// Registers the commands (a bulk overwrite: commands not in the table disappear): in
/// `guild` (they appear at once), or globally.
pub async fn register(
    http: &serenity::Http,
    guild: Option<u64>,
    entry_point: bool,
) -> Result<usize, serenity::Error> {
    let commands = registration(guild.is_none(), entry_point);
    match guild {
        Some(g) => {
            http.create_guild_commands(serenity::GuildId::new(g), &commands)
                .await?
        }
        None => http.create_global_commands(&commands).await?,
    };
    Ok(COMMANDS.len())
}

/// The poise commands: one per table entry, with the table's options as parameters
/// (for autocomplete dispatch).
pub fn framework_commands() -> Vec<poise::Command<Data, Error>> {
    COMMANDS
        .iter()
        .map(|spec| poise::Command {
            name: spec.name.into(),
            qualified_name: spec.name.into(),
            identifying_name: spec.name.into(),
            source_code_name: "discord::commands::slash".into(),
            description: Some(spec.description.into()),
            slash_action: Some(slash),
            parameters: spec.options.iter().map(parameter).collect(),
            ..Default::default()
        })
        .collect()
}

fn parameter(o: &OptionSpec) -> poise::CommandParameter<Data, Error> {
    poise::CommandParameter {
        name: o.name.into(),
        name_localizations: Vec::new().into(),
        description: Some(o.description.into()),
        description_localizations: Vec::new().into(),
        required: o.required,
        channel_types: None,
        choices: Vec::new().into(),
        type_setter: None,
        autocomplete_callback: if o.autocomplete {
            Some(autocomplete)
        } else {
            None
        },
        __non_exhaustive: (),
    }
}

/// The action of every slash command (gateway): [`run`].
fn slash(
    ctx: poise::ApplicationContext<'_, Data, Error>,
) -> poise::BoxFuture<'_, Result<(), poise::FrameworkError<'_, Data, Error>>> {
    Box::pin(async move {
        let data = ctx.data();
        let Some(running) = data.running().await else {
            // Shutting down.
            untimed(
                data,
                ctx.interaction,
                "command",
                "unavailable",
                Instant::now(),
            );
            return Ok(());
        };
        run(&ctx.serenity_context().http, data, running, ctx.interaction).await;
        Ok(())
    })
}

/// A slash command, from the gateway or the interactions endpoint: parse the options
/// against the table, run the command in the app, answer; a panic anywhere on the way
/// is answered once ([`guard`]).
pub(crate) async fn run(
    http: &serenity::Http,
    data: &Data,
    running: super::Running,
    interaction: &serenity::CommandInteraction,
) {
    let answering = guard::Answering::default();
    let it = guard::Handled {
        id: interaction.id,
        token: &interaction.token,
        locale: &interaction.locale,
        kind: "command",
    };
    let handler = run_unguarded(http, data, running, interaction, &answering);
    guard::guarded(http, data, it, &answering, handler).await;
}

async fn run_unguarded(
    http: &serenity::Http,
    data: &Data,
    running: super::Running,
    interaction: &serenity::CommandInteraction,
    answering: &guard::Answering,
) {
    guard::inject(guard::Fault::BeforeAnswer, interaction.user.id.get());
    let received = Instant::now();
    let who = context::of_command(interaction);
    let name = interaction.data.name.as_str();
    let args = options(&interaction.data.options, None);
    tracing::debug!(
        channel = who.channel,
        user = who.user,
        command = name,
        "slash command"
    );
    let what = std::iter::once(format!("/{name}"))
        .chain(args.iter().map(|(k, v)| format!("{k}:{v}")))
        .collect::<Vec<_>>()
        .join(" ");
    // Errors say what would be valid in the language of the user who typed.
    let cmd = Command::parse_in(who.lang, name, &args);
    let incoming = dispatch::Incoming {
        who,
        target: respond::Target::new(interaction.id, &interaction.token)
            .received_at(received)
            .attachments_up_to(interaction.attachment_size_limit),
        app_permissions: interaction.app_permissions,
        channel_kind: interaction.channel.as_ref().map(|c| c.kind),
        thread_locked: super::permissions::locked(interaction.channel.as_ref()),
        what,
        kind: "command",
        name: name.to_string(),
        received,
        answering,
    };
    dispatch::run(http, data, running, incoming, cmd).await;
}

/// Suggestions for the focused option (gateway): [`suggestions`].
fn autocomplete<'a>(
    ctx: poise::ApplicationContext<'a, Data, Error>,
    partial: &'a str,
) -> poise::BoxFuture<'a, serenity::CreateAutocompleteResponse> {
    Box::pin(async move {
        let received = Instant::now();
        let data = ctx.data();
        let Some(running) = data.running().await else {
            untimed(
                data,
                ctx.interaction,
                "autocomplete",
                "unavailable",
                received,
            );
            return serenity::CreateAutocompleteResponse::new();
        };
        let choices = suggestions(&running.app, ctx.interaction, partial).await;
        untimed(data, ctx.interaction, "autocomplete", "answered", received);
        choices
    })
}

/// Counts and logs an interaction whose answer is not timed (an autocomplete, one
/// refused while shutting down, a command this bot does not have).
pub(crate) fn untimed(
    data: &Data,
    interaction: &serenity::CommandInteraction,
    kind: &'static str,
    outcome: &'static str,
    received: Instant,
) {
    data.ops.finished(crate::ops::Finished {
        kind,
        command: &interaction.data.name,
        channel: interaction.channel_id.get(),
        outcome,
        received,
        initial: None,
        timed: false,
    });
}

/// Suggestions for the focused option of an autocomplete interaction (`partial`: what
/// the user typed so far), from the app; both fronts use it. A panic on the way gives
/// no suggestions (the one answer Discord then gets: an empty list).
pub(crate) async fn suggestions(
    app: &Arc<crate::app::App>,
    interaction: &serenity::CommandInteraction,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    use poise::futures_util::FutureExt;
    let suggested = std::panic::AssertUnwindSafe(suggestions_unguarded(app, interaction, partial))
        .catch_unwind()
        .await;
    suggested.unwrap_or_else(|panic| {
        let why = guard::what(&*panic);
        tracing::error!(panic = %why, "autocomplete panicked: no suggestions");
        serenity::CreateAutocompleteResponse::new()
    })
}

async fn suggestions_unguarded(
    app: &Arc<crate::app::App>,
    interaction: &serenity::CommandInteraction,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    guard::inject(guard::Fault::BeforeAnswer, interaction.user.id.get());
    let who = context::of_command(interaction);
    let command = interaction.data.name.clone();
    let focused = interaction
        .data
        .autocomplete()
        .map(|o| o.name.to_string())
        .unwrap_or_default();
    let args = options(&interaction.data.options, Some(&focused));
    let int_option = crate::app::command::spec(&command)
        .and_then(|s| s.options.iter().find(|o| o.name == focused))
        .is_some_and(|o| matches!(o.kind, ArgKind::Int { .. }));
    let app = Arc::clone(app);
    let partial = partial.to_string();
    let choices = tokio::task::spawn_blocking(move || {
        app.autocomplete(&who, &command, &focused, &partial, &args)
    })
    .await
    .unwrap_or_else(|e| {
        tracing::error!("autocomplete failed: {e}");
        Vec::new()
    });
    let choices = choices
        .into_iter()
        .take(crate::app::autocomplete::MAX)
        .filter_map(|c| {
            let name = respond::clip(&c.name, 100);
            if int_option {
                let v: i64 = c.value.trim().parse().ok()?;
                Some(serenity::AutocompleteChoice::new(name, v))
            } else if c.value.chars().count() <= 100 {
                Some(serenity::AutocompleteChoice::new(name, c.value))
            } else {
                None
            }
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Whether the focused option of an autocomplete interaction offers suggestions (as
/// poise asks only their callbacks).
pub(crate) fn autocompletes(interaction: &serenity::CommandInteraction) -> bool {
    let focused = interaction.data.autocomplete().map(|o| o.name);
    crate::app::command::spec(&interaction.data.name)
        .and_then(|s| s.options.iter().find(|o| Some(o.name) == focused))
        .is_some_and(|o| o.autocomplete)
}

/// The answer to a command this bot does not have (a stale registration): a private
/// text in the user's language.
pub(crate) fn unknown(
    interaction: &serenity::CommandInteraction,
) -> serenity::CreateInteractionResponse {
    let lang = Lang::from_discord(&interaction.locale).unwrap_or_default();
    let text = crate::t!(
        lang,
        "app-discord-unknown-command",
        command = interaction.data.name.clone()
    );
    serenity::CreateInteractionResponse::Message(
        serenity::CreateInteractionResponseMessage::new()
            .content(text)
            .ephemeral(true),
    )
}

/// The options of an interaction as the app takes them; `skip` leaves out the focused
/// option of an autocomplete interaction.
pub fn options(opts: &[serenity::CommandDataOption], skip: Option<&str>) -> Vec<(String, Arg)> {
    use serenity::CommandDataOptionValue as V;
    opts.iter()
        .filter(|o| Some(o.name.as_str()) != skip)
        .filter_map(|o| {
            let arg = match &o.value {
                V::String(s) => Arg::Str(s.clone()),
                V::Integer(i) => Arg::Int(*i),
                V::Boolean(b) => Arg::Bool(*b),
                V::Number(n) => Arg::Str(n.to_string()),
                V::Autocomplete { value, .. } => Arg::Str(value.clone()),
                _ => return None,
            };
            Some((o.name.clone(), arg))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn poise_commands_mirror_the_table() {
        let cmds = framework_commands();
        assert_eq!(cmds.len(), COMMANDS.len());
        for (c, spec) in cmds.iter().zip(COMMANDS) {
            assert_eq!(c.name, spec.name);
            assert!(c.slash_action.is_some());
            let names: Vec<&str> = c.parameters.iter().map(|p| p.name.as_ref()).collect();
            let want: Vec<&str> = spec.options.iter().map(|o| o.name).collect();
            assert_eq!(names, want, "/{}", spec.name);
            for (p, o) in c.parameters.iter().zip(spec.options) {
                assert_eq!(p.required, o.required);
                assert_eq!(p.autocomplete_callback.is_some(), o.autocomplete);
            }
            // Not registrable through poise (see the module documentation).
            assert!(c.create_as_slash_command().is_none() || spec.options.is_empty());
        }
    }

    /// Discord rejects the whole registration if one command breaks its limits.
    #[test]
    fn the_table_fits_discords_limits() {
        let name_ok = |n: &str| {
            (1..=32).contains(&n.len())
                && n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
        };
        assert!(COMMANDS.len() <= 100);
        for spec in COMMANDS {
            assert!(name_ok(spec.name), "{}", spec.name);
            assert!(
                (1..=100).contains(&spec.description.chars().count()),
                "/{}",
                spec.name
            );
            assert!(spec.options.len() <= 25);
            let mut seen_optional = false;
            for o in spec.options {
                assert!(name_ok(o.name), "/{} {}", spec.name, o.name);
                assert!(
                    (1..=100).contains(&o.description.chars().count()),
                    "/{} {}",
                    spec.name,
                    o.name
                );
                // Required options must come first.
                assert!(!(o.required && seen_optional), "/{} {}", spec.name, o.name);
                seen_optional |= !o.required;
                if let ArgKind::Choice(words) = o.kind {
                    assert!(
                        !o.autocomplete,
                        "choices and autocomplete exclude each other"
                    );
                    assert!(words.len() <= 25);
                }
            }
        }
    }

    /// Every translated name, description and choice follows the rules of the English
    /// ones (names: lowercase ASCII, digits, `-` and `_`, 1-32; descriptions and choice
    /// names 1-100; option names unique in a command, and none the English name of
    /// another option of the command), for every command in every
    /// language, and a command's text stays within Discord's 4000 characters per locale.
    #[test]
    fn translations_fit_discords_limits() {
        let name_ok = |n: &str| {
            (1..=32).contains(&n.len())
                && n.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
        };
        let text_ok = |d: &str| (1..=100).contains(&d.chars().count());
        let json = registration(true, false);
        for lang in Lang::all().filter(|l| *l != Lang::english()) {
            for locale in lang.discord_locales() {
                let mut command_names = Vec::new();
                for c in json.as_array().unwrap() {
                    let at = format!("{locale} /{}", c["name"]);
                    let name = c["name_localizations"][locale].as_str().expect(&at);
                    assert!(name_ok(name), "{at}: {name}");
                    command_names.push(name);
                    let d = c["description_localizations"][locale].as_str().expect(&at);
                    assert!(text_ok(d), "{at}: {d}");
                    let mut total = name.len() + d.chars().count();
                    let mut option_names = Vec::new();
                    let defaults: Vec<&str> = c["options"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .filter_map(|o| o["name"].as_str())
                        .collect();
                    for o in c["options"].as_array().unwrap() {
                        let at = format!("{at} {}", o["name"]);
                        let name = o["name_localizations"][locale].as_str().expect(&at);
                        assert!(name_ok(name), "{at}: {name}");
                        // Commands are read by either name (the local mode, a client
                        // in another language): no translation may be another
                        // option's English name.
                        assert!(
                            !defaults.iter().any(|d| *d == name && *d != o["name"]),
                            "{at}: {name} is the English name of another option"
                        );
                        option_names.push(name);
                        let d = o["description_localizations"][locale].as_str().expect(&at);
                        assert!(text_ok(d), "{at}: {d}");
                        total += name.len() + d.chars().count();
                        for ch in o["choices"].as_array().into_iter().flatten() {
                            let n = ch["name_localizations"][locale].as_str().expect(&at);
                            assert!(text_ok(n), "{at}: choice {n}");
                            total += n.chars().count() + ch["value"].as_str().unwrap().len();
                        }
                    }
                    let unique = option_names.len();
                    option_names.sort();
                    option_names.dedup();
                    assert_eq!(option_names.len(), unique, "{at}: option names unique");
                    assert!(total <= 4000, "{at}: {total} characters");
                }
                let unique = command_names.len();
                command_names.sort();
                command_names.dedup();
                assert_eq!(
                    command_names.len(),
                    unique,
                    "{locale}: command names unique"
                );
            }
        }
        let new = &json
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == "new")
            .unwrap();
        assert_eq!(new["name_localizations"]["es-419"], "nueva");
        assert_eq!(
            new["options"][2]["choices"][1]["name_localizations"]["es-ES"],
            "clásica (1.ª edición)"
        );
    }

    #[test]
    fn registration_json_follows_the_table() {
        let json = registration(false, true);
        let cmds = json.as_array().unwrap();
        assert!(cmds.iter().all(|c| c.get("contexts").is_none()));
        assert_eq!(registration(false, false), json, "no guild entry point");
        let global = registration(true, true);
        for c in global.as_array().unwrap() {
            assert_eq!(c["contexts"], json!([0]), "{}", c["name"]);
            assert_eq!(c["integration_types"], json!([0]), "{}", c["name"]);
        }
        // The Activity's Entry Point, last, global only, handled by the app.
        assert_eq!(
            global.as_array().unwrap().last().unwrap(),
            &json!({
                "name": "launch",
                "type": 4,
                "description": "Play this channel's game on its board, inside Discord",
                "handler": 1,
                "contexts": [0],
                "integration_types": [0],
            })
        );
        assert_eq!(
            registration(true, false).as_array().unwrap().len(),
            COMMANDS.len()
        );
        assert!(COMMANDS.iter().all(|c| c.name != ENTRY_POINT));
        assert_eq!(cmds.len(), COMMANDS.len());
        let find = |n: &str| cmds.iter().find(|c| c["name"] == n).unwrap();
        let place = find("place");
        assert_eq!(place["type"], 1);
        let rotation = &place["options"][1];
        assert_eq!(rotation["name"], "rotation");
        assert_eq!(rotation["type"], 4);
        assert_eq!(rotation["min_value"], 0);
        assert_eq!(rotation["max_value"], 270);
        assert_eq!(rotation["autocomplete"], true);
        assert_eq!(place["options"][2]["min_value"], -200);
        let game = &find("new")["options"][0];
        assert_eq!(game["type"], 3);
        let choices: Vec<(&Value, &Value)> = game["choices"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (&c["name"], &c["value"]))
            .collect();
        assert_eq!(
            choices,
            [
                (&json!("board"), &json!("board")),
                (&json!("cards"), &json!("cards"))
            ]
        );
        assert_eq!(find("undo")["options"][0]["type"], 5);
        assert_eq!(find("figure")["options"][0]["required"], true);
        assert_eq!(find("help")["options"], json!([]));
    }
}
