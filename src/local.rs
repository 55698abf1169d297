//! The local mode: the bot's commands from a terminal or a script, no Discord needed.
//!
//! Each input line is `NAME: /command option:value ...` (values with spaces in quotes:
//! `on:"city north"`), or `NAME: click ID [VALUE]` for a button or menu choice. An
//! optional `#N ` in front picks channel N (default 1). Lines starting with `//` or
//! `# ` are comments. Every reply is printed; every picture is written into the images
//! folder; a blank line ends each reply. Users are identified by their name, the same
//! way on every run.
//!
//! `NAME: /wait 13h` moves the app's clock forward (`90m`, `2d`, `1d12h`), so a script
//! shows the reminders and turn deadlines that fall due; what the bot posts on its own
//! (reminders, `[dm to NAME]` direct messages) is printed after each line.

use crate::app::{App, Arg, Command, Component, Ctx, Message, Recipient, Response, Visibility};
use crate::i18n::Lang;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

/// A stable user id for a name (FNV-1a), so a restarted session knows its players.
pub fn user_id(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.trim().to_lowercase().bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    // Keep it in the range of Discord snowflakes people are used to seeing.
    h >> 1
}

/// One parsed input line.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Command {
        channel: u64,
        user: String,
        name: String,
        args: Vec<(String, Arg)>,
    },
    Click {
        channel: u64,
        user: String,
        id: String,
        values: Vec<String>,
    },
    /// `/wait DURATION`: the clock moves forward this many seconds.
    Wait {
        secs: u64,
    },
    Empty,
}

/// Splits on spaces, keeping quoted parts ("..." or '...') together, quotes removed.
fn tokens(s: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in s.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if !cur.is_empty() || any {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if quote.is_some() {
        return Err("a quote is not closed".into());
    }
    if !cur.is_empty() || any {
        out.push(cur);
    }
    Ok(out)
}

pub fn parse_line(line: &str) -> Result<Line, String> {
    let line = line.trim();
    if line.is_empty() || line.starts_with("//") || line.starts_with("# ") || line == "#" {
        return Ok(Line::Empty);
    }
    let (channel, rest) = match line.strip_prefix('#') {
        Some(r) => {
            let (n, rest) = r
                .split_once(char::is_whitespace)
                .ok_or("a line needs NAME: /command")?;
            (
                n.parse::<u64>()
                    .map_err(|_| format!("'#{n}' is not a channel number"))?,
                rest.trim(),
            )
        }
        None => (1, line),
    };
    let (user, rest) = rest
        .split_once(':')
        .ok_or("a line is NAME: /command option:value ... (or NAME: click ID)")?;
    let user = user.trim().to_string();
    if user.is_empty() {
        return Err("the line has no user name before ':'".into());
    }
    let toks = tokens(rest.trim())?;
    let Some(first) = toks.first() else {
        return Err("the line has no command after the name".into());
    };
    if first == "click" {
        let id = toks.get(1).ok_or("click needs a component id")?.clone();
        return Ok(Line::Click {
            channel,
            user,
            id,
            values: toks[2..].to_vec(),
        });
    }
    if first == "/wait" {
        let d = toks.get(1..).unwrap_or_default().join("");
        let secs = crate::app::clock::parse_duration(&d)
            .ok_or_else(|| format!("'/wait {d}': give a time such as 13h, 90m or 2d"))?;
        return Ok(Line::Wait { secs });
    }
    let name = first
        .strip_prefix('/')
        .ok_or_else(|| format!("'{first}' is not a /command"))?
        .to_string();
    let mut args = Vec::new();
    for t in &toks[1..] {
        let (k, v) = t
            .split_once(':')
            .ok_or_else(|| format!("'{t}' is not option:value"))?;
        args.push((k.trim().to_string(), Arg::Str(v.to_string())));
    }
    Ok(Line::Command {
        channel,
        user,
        name,
        args,
    })
}

/// Prints replies, writes pictures, and names users in mentions.
pub struct Printer {
    images: Option<PathBuf>,
    counter: usize,
    names: HashMap<u64, String>,
    /// The games whose page link was printed (channel, creation time).
    links: std::collections::HashSet<(u64, u64)>,
    /// The started games whose players' personal links were printed.
    player_links: std::collections::HashSet<(u64, u64)>,
}

impl Printer {
    pub fn new(images: Option<PathBuf>) -> Printer {
        Printer {
            images,
            counter: 0,
            names: HashMap::new(),
            links: std::collections::HashSet::new(),
            player_links: std::collections::HashSet::new(),
        }
    }

    pub fn know(&mut self, name: &str) {
        self.names.insert(user_id(name), name.to_string());
    }

    fn name_of(&self, user: u64) -> String {
        self.names
            .get(&user)
            .cloned()
            .unwrap_or_else(|| format!("user-{user}"))
    }

    fn mentions(&self, text: &str) -> String {
        let mut out = String::new();
        let mut rest = text;
        while let Some(i) = rest.find("<@") {
            out.push_str(&rest[..i]);
            let after = &rest[i + 2..];
            match after.find('>') {
                Some(j) if after[..j].chars().all(|c| c.is_ascii_digit()) => {
                    let id: u64 = after[..j].parse().unwrap_or(0);
                    match self.names.get(&id) {
                        Some(n) => out.push_str(&format!("@{n}")),
                        None => out.push_str(&format!("@user-{id}")),
                    }
                    rest = &after[j + 1..];
                }
                _ => {
                    out.push_str("<@");
                    rest = after;
                }
            }
        }
        out.push_str(rest);
        channel_mentions(&out)
    }

    /// The reply as text lines (pictures written to the folder as a side effect).
    pub fn render(&mut self, user: &str, r: &Response) -> Result<String, String> {
        let mut out = String::new();
        for m in &r.messages {
            let tag = match m.visibility {
                Visibility::Public => "[public]".to_string(),
                Visibility::Private => format!("[only {user}]"),
            };
            out.push_str(&format!(
                "{tag} {}\n",
                self.mentions(&m.text).replace('\n', "\n    ")
            ));
            for f in &m.files {
                self.counter += 1;
                match &self.images {
                    Some(dir) => {
                        let path = dir.join(format!("{:04}-{}", self.counter, f.name));
                        std::fs::write(&path, &f.bytes)
                            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
                        out.push_str(&format!(
                            "    (image {}: {} bytes)\n",
                            path.display(),
                            f.bytes.len()
                        ));
                    }
                    None => out.push_str(&format!(
                        "    (image {}: {} bytes)\n",
                        f.name,
                        f.bytes.len()
                    )),
                }
            }
            for row in &m.rows {
                let parts: Vec<String> = row
                    .iter()
                    .map(|c| match c {
                        Component::Button { id, label, .. } => {
                            format!("button '{label}' (click {id})")
                        }
                        Component::Select {
                            id,
                            placeholder,
                            options,
                        } => {
                            let opts: Vec<String> = options
                                .iter()
                                .map(|o| format!("{} = {}", o.label, o.value))
                                .collect();
                            format!(
                                "menu '{placeholder}' (click {id} VALUE): {}",
                                opts.join("; ")
                            )
                        }
                    })
                    .collect();
                out.push_str(&format!("    {}\n", parts.join(" | ")));
            }
            if let Some(link) = &m.link {
                out.push_str(&format!("    link '{}': {}\n", link.label, link.url));
            }
        }
        Ok(out)
    }
}

/// `<#123>` (a channel mention) as `#123`.
fn channel_mentions(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("<#") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 2..];
        match after.find('>') {
            Some(j) if j > 0 && after[..j].chars().all(|c| c.is_ascii_digit()) => {
                out.push('#');
                out.push_str(&after[..j]);
                rest = &after[j + 1..];
            }
            _ => {
                out.push_str("<#");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// Runs one line against the app and returns what to print.
/// How the local mode runs: where pictures go, who manages the channel, which language
/// everyone speaks.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options<'a> {
    /// Where to write the pictures the bot would post (none: not written).
    pub images: Option<&'a Path>,
    /// Users who may manage the channel (abort any game).
    pub admins: &'a [String],
    /// The language of every user and of the (pretend) server, so of new games too.
    pub lang: Lang,
    /// The game's page (`local --web`): each game's link is printed once.
    pub web: Option<&'a crate::web::Web>,
}

pub fn run_line(app: &App, printer: &mut Printer, opts: &Options, line: &str) -> String {
    let Options { admins, lang, .. } = *opts;
    let parsed = match parse_line(line) {
        Ok(Line::Empty) => return String::new(),
        Ok(l) => l,
        Err(e) => {
            return refusal(
                printer,
                line,
                &crate::t!(lang, "app-local-bad-line", reason = e),
            );
        }
    };
    let (channel, user) = match &parsed {
        Line::Command { channel, user, .. } | Line::Click { channel, user, .. } => {
            (*channel, user.clone())
        }
        Line::Wait { secs } => {
            app.clock().advance(*secs);
            let waited = crate::t!(
                lang,
                "app-local-clock-moves",
                time = crate::app::clock::duration_in(lang, *secs)
            );
            return format!("({waited})\n") + &notices(app, printer);
        }
        Line::Empty => unreachable!("handled above"),
    };
    printer.know(&user);
    let ctx = Ctx {
        channel,
        guild: Some(1),
        user: user_id(&user),
        name: user.clone().into(),
        can_manage: admins.iter().any(|a| a.eq_ignore_ascii_case(&user)),
        lang,
        guild_lang: Some(lang),
    };
    let response = match parsed {
        Line::Command { name, args, .. } => {
            let (name, args) = english_names(lang, &name, args);
            match Command::parse_in(lang, &name, &args) {
                Ok(cmd) => app.handle(&ctx, cmd),
                Err(e) => Response::error(e),
            }
        }
        Line::Click { id, values, .. } => app.component(&ctx, &id, &values),
        Line::Wait { .. } | Line::Empty => unreachable!("handled above"),
    };
    let out = match printer.render(&user, &response) {
        Ok(s) => s,
        Err(e) => format!("error: {e}\n"),
    };
    out + &notices(app, printer) + &page_link(app, printer, opts, channel)
}

/// `(the board: URL)` the first time a game of `channel` is seen, with `--web`.
fn page_link(app: &App, printer: &mut Printer, opts: &Options, channel: u64) -> String {
    let Some(web) = opts.web else {
        return String::new();
    };
    let Some(record) = app.store().peek(channel).ok().flatten() else {
        return String::new();
    };
    let mut out = String::new();
    if printer.links.insert((channel, record.created_at))
        && let Some(url) = web.spectator_link(channel)
    {
        out.push_str(&format!("(the board: {url})\n"));
    }
    // Once the game has begun, each person's own link to play from the page.
    let started = !matches!(record.game, crate::store::RecordGame::Lobby);
    if started && printer.player_links.insert((channel, record.created_at)) {
        let now = crate::web::act::now_unix();
        for seat in record.seats.iter().filter(|s| s.ai.is_none()) {
            if let Some(url) = web.settings().player_link(
                channel,
                (record.created_at, record.links_revoked),
                seat.user,
                now,
            ) {
                out.push_str(&format!("({}'s link to play: {url})\n", seat.name.raw()));
            }
        }
    }
    out
}

/// A command and its options typed with the names `lang` gives them (`/colocar
/// lugar:B`, the names a Discord client in that language shows) as the command table
/// names them (`/place spot:B`); English names are kept as they are.
fn english_names(lang: Lang, name: &str, args: Vec<(String, Arg)>) -> (String, Vec<(String, Arg)>) {
    use crate::app::command::names::{command_key, name as name_in, option_key};
    let typed = name.trim().trim_start_matches('/').to_lowercase();
    let localized =
        |key: &str, english: &str| typed_as(&name_in(lang, key).unwrap_or_default(), english);
    let Some(spec) = crate::app::COMMANDS
        .iter()
        .find(|c| c.name == typed)
        .or_else(|| {
            crate::app::COMMANDS
                .iter()
                .find(|c| localized(&command_key(c), c.name) == typed)
        })
    else {
        return (name.to_string(), args);
    };
    let args = args
        .into_iter()
        .map(|(k, v)| {
            let k = k.trim().to_lowercase();
            let english = spec
                .options
                .iter()
                .find(|o| o.name == k || localized(&option_key(spec, o), o.name) == k)
                .map_or(k, |o| o.name.to_string());
            (english, v)
        })
        .collect();
    (spec.name.to_string(), args)
}

/// A localized name as typed (lowercase), or the English one when there is none.
fn typed_as(localized: &str, english: &str) -> String {
    if localized.is_empty() {
        english.to_string()
    } else {
        localized.to_lowercase()
    }
}

/// What the bot posts on its own now (reminders, deadlines, direct messages), printed
/// like replies: `[#N]` for a channel message, `[dm to NAME]` for a direct message.
fn notices(app: &App, printer: &mut Printer) -> String {
    let mut out = String::new();
    for n in app.run_due() {
        let (tag, visible) = match n.to {
            Recipient::Channel(c) => (format!("#{c}"), Visibility::Public),
            Recipient::User(u) => (format!("dm to {}", printer.name_of(u)), Visibility::Public),
        };
        let m = Message {
            visibility: visible,
            ..n.message
        };
        match printer.render(&tag, &Response::one(m)) {
            Ok(s) => out.push_str(&s.replacen("[public]", &format!("[{tag}]"), 1)),
            Err(e) => out.push_str(&format!("error: {e}\n")),
        }
    }
    out
}

/// A line that cannot be run, answered like any other refusal: a private reply to the
/// name before ':' (or to "you" when there is none).
fn refusal(printer: &mut Printer, line: &str, error: &str) -> String {
    let name = line
        .trim()
        .trim_start_matches(|c: char| c == '#' || c.is_ascii_digit())
        .split_once(':')
        .map(|(n, _)| n.trim())
        .filter(|n| !n.is_empty() && !n.contains(char::is_whitespace))
        .unwrap_or("you");
    printer
        .render(name, &Response::error(error.to_string()))
        .unwrap_or_else(|e| format!("error: {e}\n"))
}

/// The local mode's main loop over any input.
pub fn run(
    app: &App,
    input: impl BufRead,
    mut output: impl Write,
    opts: &Options,
) -> std::io::Result<()> {
    if let Some(dir) = opts.images {
        std::fs::create_dir_all(dir)?;
    }
    let mut printer = Printer::new(opts.images.map(Path::to_path_buf));
    let mut input = input;
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        if input.read_until(b'\n', &mut bytes)? == 0 {
            break;
        }
        let out = match std::str::from_utf8(&bytes) {
            Ok(line) => run_line(app, &mut printer, opts, line.trim_end_matches(['\n', '\r'])),
            // One bad byte costs its line only; the lines after it still run.
            Err(_) => refusal(
                &mut printer,
                &String::from_utf8_lossy(&bytes),
                &crate::t!(opts.lang, "app-local-not-utf8"),
            ),
        };
        if !out.is_empty() {
            // A blank line ends each reply, for people and for scripts reading along.
            output.write_all(out.as_bytes())?;
            output.write_all(b"\n")?;
            output.flush()?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// With `--lang es` the commands and options go by the names a Spanish Discord
    /// client shows (the English ones still work), and the replies are Spanish.
    #[test]
    fn the_local_mode_takes_the_commands_names_of_its_language() {
        let app = App::new(
            crate::store::Store::temporary().unwrap(),
            crate::app::Env::fixed(1_700_000_000, 3),
        );
        let es = Lang::from_code("es").unwrap();
        let opts = Options {
            lang: es,
            ..Options::default()
        };
        let mut printer = Printer::new(None);
        let mut run = |line: &str| run_line(&app, &mut printer, &opts, line);
        assert!(run("ana: /nueva jugadores:3").starts_with("[public] @ana ha preparado "));
        assert!(run("ben: /unirse").starts_with("[public] ben se ha unido (2/3): ana, ben."));
        assert!(run("ana: /join").starts_with("[only ana] Ya estás dentro."));
        assert_eq!(
            run("ana: /colocar lugar:B sitio:C"),
            "[only ana] /colocar no tiene la opción 'sitio'; opciones: lugar, rotacion, x, y\n"
        );
        assert!(run("ana: /wait 2h").starts_with("(el reloj avanza 2 h)"));
    }

    #[test]
    fn lines_parse_with_quotes_channels_and_clicks() {
        assert_eq!(
            parse_line(r#"alice: /figure on:"city north" kind:follower"#).unwrap(),
            Line::Command {
                channel: 1,
                user: "alice".into(),
                name: "figure".into(),
                args: vec![
                    ("on".into(), Arg::Str("city north".into())),
                    ("kind".into(), Arg::Str("follower".into()))
                ]
            }
        );
        assert_eq!(
            parse_line("#7 bob: click figure follower:2").unwrap(),
            Line::Click {
                channel: 7,
                user: "bob".into(),
                id: "figure".into(),
                values: vec!["follower:2".into()]
            }
        );
        assert_eq!(parse_line("// a comment").unwrap(), Line::Empty);
        assert!(parse_line("alice /join").is_err());
        assert!(parse_line("alice: join").is_err());
        assert!(parse_line(r#"alice: /figure on:"city"#).is_err());
        assert_eq!(user_id("Alice"), user_id("alice"));
        assert_ne!(user_id("alice"), user_id("bob"));
        assert_eq!(
            parse_line("alice: /wait 13h").unwrap(),
            Line::Wait { secs: 13 * 3600 }
        );
        assert_eq!(
            parse_line("alice: /wait 1d 2h").unwrap(),
            Line::Wait { secs: 26 * 3600 }
        );
        assert!(parse_line("alice: /wait soon").is_err());
    }

    #[test]
    fn wait_moves_the_clock_and_shows_reminders_and_dms() {
        use crate::app::{Clock, Env};
        use crate::store::Store;
        let app = App::new(
            Store::temporary().unwrap(),
            Env::clocked(Clock::manual(1_700_000_000), 3),
        );
        let script = "bob: /notify dm:on\nalice: /new\nbob: /join\nalice: /start\nalice: /wait 11h\nalice: /wait 1h\n";
        let mut out = Vec::new();
        run(&app, script.as_bytes(), &mut out, &Options::default()).unwrap();
        let out = String::from_utf8(out).unwrap();
        let replies: Vec<&str> = out.split("\n\n").collect();
        assert!(
            replies[4].starts_with("(the clock moves 11 h forward)"),
            "{out}"
        );
        assert!(!replies[4].contains('⏰'), "{out}");
        assert!(
            replies[5].starts_with("(the clock moves 1 h forward)\n[#1] ⏰ @"),
            "{out}"
        );
        assert!(
            replies[5].contains("this game has been waiting for you for 12 h."),
            "{out}"
        );
        // Bob's DM when his first turn began (if alice's /start gave it to him).
        if replies[3].contains("@bob, your turn") {
            assert!(replies[3].contains("[dm to bob] Your turn in #1:"), "{out}");
        } else {
            assert!(!out.contains("[dm to"), "{out}");
        }
    }
}
