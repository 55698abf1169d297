//! Running the bot as an operator does: the image's health check, store strings that
//! are read or refused (and never logged with their password), a start that waits for
//! PostgreSQL, `export` that never changes what it copies, and Discord's refusals at
//! start named by their setting. The bot's binary is run as a process, its stderr read.

use crate::pg_cluster;
use carcassonne_bot::store::{Location, Store};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

const PASSWORD: &str = "Pw-5ecret-xyzzy";
/// Has the shape of a bot token (three dot-separated parts); no Discord ever sees it.
const TOKEN: &str = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB";

fn bin() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_carcassonne-bot"));
    for var in [
        "CARCASSONNE_STORE",
        "CARCASSONNE_DB",
        "CARCASSONNE_STORE_WAIT",
        "CARCASSONNE_METRICS_LISTEN",
        "CARCASSONNE_LISTEN",
        "DISCORD_TOKEN",
        "DISCORD_API_BASE",
        "DISCORD_GUILD",
        "RUST_LOG",
    ] {
        c.env_remove(var);
    }
    c
}

fn text(out: &Output) -> (i32, String, String) {
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A server that answers each of `statuses` (one connection each) and returns the
/// request lines it got.
fn answering(statuses: &'static [&'static str]) -> (u16, std::thread::JoinHandle<Vec<String>>) {
    let (listener, port) = below_the_ephemeral_range();
    let server = std::thread::spawn(move || {
        let mut lines = Vec::new();
        for status in statuses {
            let (mut stream, _) = listener.accept().unwrap();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            lines.push(line.trim_end().to_string());
            // The rest of the head, up to the empty line.
            loop {
                let mut header = String::new();
                if reader.read_line(&mut header).unwrap() == 0 || header == "\r\n" {
                    break;
                }
            }
            let body = "ok\n";
            // One write, and its error ignored: the probe reads the status line and
            // closes, so with `write!`'s several writes a busy machine could see a later
            // one reset by the peer (what failed this test beside others).
            let answer = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = stream.write_all(answer.as_bytes());
        }
        lines
    });
    (port, server)
}

/// A listener on a port below Linux's ephemeral range (32768-60999), which `bind(0)`
/// never hands out: other tests' servers live on OS-picked ports, and clients that keep
/// knocking on a port freed by a stopped server (a proxy's health checks, a store's
/// retries) would otherwise reach this one and take its answers.
fn below_the_ephemeral_range() -> (TcpListener, u16) {
    let start = 20_000 + (std::process::id() % 10_000) as u16;
    (0..2_000)
        .map(|i| 20_000 + (start - 20_000 + i) % 12_000)
        .find_map(|port| {
            TcpListener::bind(("127.0.0.1", port))
                .ok()
                .map(|l| (l, port))
        })
        .expect("a free port between 20000 and 32000")
}

#[test]
fn the_healthcheck_exits_0_on_200_and_1_otherwise() {
    let (port, server) = answering(&["200 OK", "503 Service Unavailable", "200 OK"]);
    let addr = format!("127.0.0.1:{port}");

    let (code, out, err) = text(
        &bin()
            .args(["healthcheck", "--metrics-listen", &addr])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("http://{addr}/health: HTTP/1.1 200 OK\n"));

    let (code, out, err) = text(
        &bin()
            .args(["healthcheck", "--metrics-listen", &addr, "--path", "/ready"])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("unhealthy: http://{addr}/ready: HTTP/1.1 503 Service Unavailable\n")
    );

    // The image's way: the address from the environment, 0.0.0.0 asked on loopback.
    let (code, out, err) = text(
        &bin()
            .arg("healthcheck")
            .env("CARCASSONNE_METRICS_LISTEN", format!("0.0.0.0:{port}"))
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("http://{addr}/health: HTTP/1.1 200 OK\n"));
    assert_eq!(
        server.join().unwrap(),
        [
            "GET /health HTTP/1.1",
            "GET /ready HTTP/1.1",
            "GET /health HTTP/1.1"
        ]
    );

    // Nobody listening: unhealthy, saying so.
    let (code, _, err) = text(
        &bin()
            .args(["healthcheck", "--metrics-listen", &addr])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 1);
    assert!(
        err.starts_with(&format!(
            "unhealthy: http://{addr}/health: cannot connect: "
        )),
        "{err}"
    );
}

#[test]
fn store_strings_are_read_as_meant_and_shown_without_their_password() {
    let shown = |s: &str| format!("{}", Location::parse(s).unwrap());
    assert_eq!(
        shown(&format!("postgres://bot:{PASSWORD}@db.example:5433/games")),
        "postgres://bot@db.example:5433/games"
    );
    assert_eq!(
        shown(&format!(
            "postgresql://bot:{PASSWORD}@db.example/games?sslmode=require"
        )),
        "postgres://bot@db.example:5432/games"
    );
    assert_eq!(
        shown(&format!(
            "postgres://db.example/games?user=bot&password={PASSWORD}"
        )),
        "postgres://bot@db.example:5432/games"
    );
    assert_eq!(
        shown(&format!(
            "host=db.example port=5433 user=bot password={PASSWORD} dbname=games sslmode=verify-full sslrootcert=/ca.pem"
        )),
        "postgres://bot@db.example:5433/games"
    );
    assert_eq!(
        Location::parse(&format!("host=db.example user=bot password={PASSWORD}")).unwrap(),
        Location::Postgres(format!("host=db.example user=bot password={PASSWORD}"))
    );
    assert_eq!(
        Location::parse("sled:/data/db").unwrap(),
        Location::Sled("/data/db".into())
    );
    assert_eq!(
        Location::parse("./data/db").unwrap(),
        Location::Sled("./data/db".into())
    );
    // Explicitly a folder, whatever its name holds.
    assert_eq!(
        Location::parse("sled:/srv/a=b@c").unwrap(),
        Location::Sled("/srv/a=b@c".into())
    );

    const FORMS: &str = "give postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE, libpq's words (host=HOST user=USER password=PASSWORD dbname=DATABASE), sled:PATH or a folder";
    let looks = format!(
        "this looks like a connection string but is not one the bot reads (a PostgreSQL URL starts with postgres:// or postgresql://); {FORMS} (a folder whose name holds :/ or @ is written sled:PATH)"
    );
    for typo in [
        format!("postgres:/bot:{PASSWORD}@db.example/games"),
        format!("postgre://bot:{PASSWORD}@db.example/games"),
        format!("bot:{PASSWORD}@db.example/games"),
        format!("mysql://bot:{PASSWORD}@db.example/games"),
    ] {
        assert_eq!(Location::parse(&typo), Err(looks.clone()), "{typo}");
    }
    assert_eq!(
        Location::parse(&format!("host=db.example pasword={PASSWORD} dbname=games")),
        Err(format!(
            "not a PostgreSQL key=value string: invalid connection string: unknown option `pasword`; {FORMS}"
        ))
    );
    assert_eq!(
        Location::parse(&format!("postgres://bot:{PASSWORD}@db.example:port/games")),
        Err(format!(
            "not a PostgreSQL URL: invalid connection string: invalid value for option `port`; {FORMS}"
        ))
    );
    assert_eq!(
        Location::parse("  "),
        Err(format!("the store is empty; {FORMS}"))
    );
}

/// Runs the bot (`run`) on `store` until it stops: Discord is a closed port on
/// loopback, so it stops once the database is open. Returns (exit code, stderr).
fn start_and_stop(store: &str, dir: &std::path::Path, extra: &[(&str, &str)]) -> (i32, String) {
    let mut cmd = bin();
    cmd.arg("run")
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", "http://127.0.0.1:1")
        .env("CARCASSONNE_DB", dir.join("db"))
        .env("CARCASSONNE_STORE", store)
        .env("RUST_LOG", "debug");
    for (k, v) in extra {
        cmd.env(k, v);
    }
    let (code, _, err) = text(&cmd.output().unwrap());
    (code, err)
}

/// The parts of a test database's URL: (port, database).
fn port_and_name(url: &str) -> (String, String) {
    let rest = url.rsplit_once('@').unwrap().1;
    let (host, db) = rest.split_once('/').unwrap();
    (host.rsplit_once(':').unwrap().1.to_string(), db.to_string())
}

#[test]
fn no_password_reaches_the_log_of_a_real_start_in_any_accepted_form() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let (port, name) = port_and_name(&url);
    let dir = tempfile::tempdir().unwrap();
    let forms = [
        format!("postgres://postgres:{PASSWORD}@127.0.0.1:{port}/{name}"),
        format!("postgresql://postgres:{PASSWORD}@127.0.0.1:{port}/{name}"),
        format!("postgres://postgres@127.0.0.1:{port}/{name}?password={PASSWORD}"),
        format!("host=127.0.0.1 port={port} user=postgres password={PASSWORD} dbname={name}"),
    ];
    for form in &forms {
        let (code, err) = start_and_stop(form, dir.path(), &[]);
        assert_eq!(code, 1, "{form}: {err}");
        assert!(
            err.contains(&format!(
                "database opened db=postgres://postgres@127.0.0.1:{port}/{name}"
            )),
            "{form}: {err}"
        );
        assert!(
            !err.contains(PASSWORD),
            "{form}: the password is logged:\n{err}"
        );
        assert!(!err.contains(TOKEN), "{form}: the token is logged");
        // Nothing landed in a folder named after the string.
        assert_eq!(
            std::fs::read_dir(dir.path()).unwrap().count(),
            0,
            "{form}: {:?}",
            std::fs::read_dir(dir.path()).unwrap().collect::<Vec<_>>()
        );
    }

    // Refused forms: exit 2 at once, the password in no message, nothing created.
    for typo in [
        format!("postgres:/postgres:{PASSWORD}@127.0.0.1:{port}/{name}"),
        format!("host=127.0.0.1 port={port} pasword={PASSWORD} dbname={name}"),
    ] {
        let (code, err) = start_and_stop(&typo, dir.path(), &[]);
        assert_eq!(code, 2, "{typo}: {err}");
        assert!(
            err.starts_with("error: --store / CARCASSONNE_STORE: "),
            "{err}"
        );
        assert!(!err.contains(PASSWORD), "{typo}: {err}");
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    // --help shows no environment value of the store.
    let (code, out, _) = text(
        &bin()
            .args(["run", "--help"])
            .env("CARCASSONNE_STORE", &forms[0])
            .output()
            .unwrap(),
    );
    assert_eq!(code, 0);
    assert!(out.contains("CARCASSONNE_STORE"), "{out}");
    assert!(!out.contains(PASSWORD), "{out}");
}

#[test]
fn the_start_waits_for_postgresql_started_after_the_bot() {
    let Some(server) = pg_cluster::LateServer::init() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let mut bot = bin()
        .arg("run")
        .env("DISCORD_TOKEN", TOKEN)
        .env("DISCORD_API_BASE", "http://127.0.0.1:1")
        .env("CARCASSONNE_DB", dir.path().join("db"))
        .env("CARCASSONNE_STORE", server.url())
        .env("CARCASSONNE_STORE_WAIT", "120")
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(bot.stderr.take().unwrap());
    // The first attempt fails and says so; then the server starts.
    let mut first = String::new();
    stderr.read_line(&mut first).unwrap();
    assert!(
        first.contains("cannot connect to the database yet (PostgreSQL: error connecting to server: Connection refused (os error 111)); trying again in 0.5 s"),
        "{first}"
    );
    assert!(first.contains("attempt=1"), "{first}");
    let started = Instant::now();
    server.start();
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    let status = bot.wait().unwrap();
    assert_eq!(status.code(), Some(1), "{first}{rest}");
    assert!(rest.contains("the database answers"), "{rest}");
    assert!(
        rest.contains("database schema version 7: applied the migrations [1, 2, 3, 4, 5, 6, 7]"),
        "{rest}"
    );
    assert!(
        rest.contains(&format!(
            "database opened db=postgres://postgres@127.0.0.1:{}/postgres",
            server.port()
        )),
        "{rest}"
    );
    // Each failed attempt has its line, numbered; the one that worked says so.
    let failed = 1 + rest.matches("cannot connect to the database yet").count();
    assert!(
        rest.contains(&format!("the database answers attempt={}", failed + 1)),
        "{rest}"
    );
    assert!(!rest.contains("still holds the database"), "{rest}");
    assert!(started.elapsed() < Duration::from_secs(60));
    // No NOTICE of the migrations' IF NOT EXISTS, at the first start or the next.
    assert!(!rest.contains("NOTICE"), "{rest}");
    let (code, again) = start_and_stop(&server.url(), dir.path(), &[("RUST_LOG", "info")]);
    assert_eq!(code, 1);
    assert!(!again.contains("NOTICE"), "{again}");
    assert!(!again.contains("cannot connect"), "{again}");
    assert!(
        again.contains("database schema version 7 schema=7"),
        "{again}"
    );

    // Without waiting (0 s), a database that cannot be reached stops the start at once.
    drop(server);
    let t = Instant::now();
    let (code, err) = start_and_stop(
        &format!(
            "postgres://postgres@127.0.0.1:{}/postgres",
            crate::support::free_port()
        ),
        dir.path(),
        &[("CARCASSONNE_STORE_WAIT", "0"), ("RUST_LOG", "info")],
    );
    assert_eq!(code, 1, "{err}");
    assert!(t.elapsed() < Duration::from_secs(10));
    assert_eq!(err.matches("Connection refused").count(), 1, "{err}");
}

#[test]
fn discord_errors_at_start_name_the_cause_once() {
    let dir = tempfile::tempdir().unwrap();
    let (code, err) = start_and_stop(
        &format!("sled:{}", dir.path().join("db").display()),
        dir.path(),
        &[("RUST_LOG", "info")],
    );
    assert_eq!(code, 1, "{err}");
    let failed = "ERROR carcassonne_bot::cli: Discord connection failed: cannot reach Discord: error sending request for url (http://127.0.0.1:1/api/v10/gateway/bot): client error (Connect): tcp connect error: Connection refused (os error 111)\n";
    assert!(err.ends_with(failed), "{err}");
    // Said once: the log line, no second copy from main.
    assert_eq!(err.matches("Discord connection failed").count(), 1, "{err}");
    // serenity's own words hide the cause; only its own warning still says them.
    for line in err
        .lines()
        .filter(|l| l.contains("Error while sending HTTP request"))
    {
        assert!(
            line.contains(" WARN into_future: serenity::client: "),
            "{line}"
        );
    }
    assert!(!err.contains("still holds the database"), "{err}");
}

/// A sled database with one game, closed.
fn sled_with_a_game(db: &std::path::Path) {
    use crate::support::start_game;
    let app = carcassonne_bot::app::App::new(
        Store::open(db).unwrap(),
        carcassonne_bot::app::Env::fixed(1, 1),
    );
    start_game(&app, 1);
}

fn export(file: &std::path::Path, store: &str) -> (i32, String, String) {
    text(
        &bin()
            .arg("export")
            .arg(file)
            .args(["--store", store])
            .output()
            .unwrap(),
    )
}

#[test]
fn export_of_sled_changes_nothing_and_refuses_a_missing_or_held_folder() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let file = dir.path().join("backup.bin");

    // A folder that is not there is not created.
    let (code, _, err) = export(&file, &format!("sled:{}", db.display()));
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: storage error: there is no database at {} (no sled database in that folder)\n",
            db.display()
        )
    );
    assert!(!db.exists());
    assert!(!file.exists());

    sled_with_a_game(&db);
    let id = Store::open(&db).unwrap().id().unwrap();
    let (code, out, err) = export(&file, &format!("sled:{}", db.display()));
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("exported 1 game(s) to {}\n", file.display()));
    let dump = carcassonne_bot::store::snapshot::read(&file).unwrap();
    assert_eq!(dump.tree("games").len(), 1);
    assert_eq!(Store::open(&db).unwrap().id().unwrap(), id);

    // A running bot holds the folder: export says so and waits for nobody.
    let held = Store::open(&db).unwrap();
    let (code, _, err) = export(&dir.path().join("b.bin"), &format!("sled:{}", db.display()));
    assert_eq!(code, 1);
    assert_eq!(
        err,
        format!(
            "error: storage error: the database at {} is in use by another process\n",
            db.display()
        )
    );
    drop(held);
}

#[test]
fn export_of_postgresql_never_migrates() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("backup.bin");
    let versions = || {
        let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        let exists: bool = c
            .query_one("SELECT to_regclass('schema_migrations') IS NOT NULL", &[])
            .unwrap()
            .get(0);
        if !exists {
            return None;
        }
        let rows = c
            .query(
                "SELECT version FROM schema_migrations ORDER BY version",
                &[],
            )
            .unwrap();
        Some(
            rows.iter()
                .map(|r| r.get::<_, i32>(0))
                .collect::<Vec<i32>>(),
        )
    };

    // An empty database: nothing to export, and no table created.
    let (code, _, err) = export(&file, &url);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: storage error: the database has no schema: no bot has run on it, so there is nothing to export\n"
    );
    assert_eq!(versions(), None);

    // Up to date: exported, while a bot could be running on it.
    let store = Store::open_postgres(&url).unwrap();
    let (code, out, err) = export(&file, &url);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, format!("exported 0 game(s) to {}\n", file.display()));
    drop(store);

    // One migration behind (a database of the previous version): refused, unchanged.
    let mut c = postgres::Client::connect(&url, postgres::NoTls).unwrap();
    c.execute("DELETE FROM schema_migrations WHERE version = 7", &[])
        .unwrap();
    let (code, _, err) = export(&dir.path().join("old.bin"), &url);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: storage error: the database has schema version 6, older than this bot's (7); export never migrates: \
         export it with the bot that last ran on it (the version before this upgrade), or start this bot once to migrate it\n"
    );
    assert_eq!(versions(), Some(vec![1, 2, 3, 4, 5, 6]));
    assert!(!dir.path().join("old.bin").exists());

    // Newer than this bot: refused, unchanged.
    c.execute(
        "INSERT INTO schema_migrations (version, name) VALUES (7, 'sent_parts'), (8, 'later')",
        &[],
    )
    .unwrap();
    let (code, _, err) = export(&dir.path().join("new.bin"), &url);
    assert_eq!(code, 1);
    assert_eq!(
        err,
        "error: storage error: the database has schema version 8, newer than this bot knows (7): export it with the newer bot that migrated it\n"
    );
    assert_eq!(versions(), Some(vec![1, 2, 3, 4, 5, 6, 7, 8]));
}
