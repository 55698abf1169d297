//! A throwaway PostgreSQL 15 cluster for the tests: one per test binary run, started on
//! first use (initdb on a temporary folder, a free port on 127.0.0.1, its socket in the
//! folder), one new database per test. As root (here and in CI) the server runs as the
//! `postgres` user, since initdb refuses root. A watchdog shell stops the server
//! (immediate shutdown) and removes the folder once this process is gone: statics are
//! never dropped, so nothing in this process could do it at exit.
//!
//! Without the binaries the tests that need it print why they are skipped and pass.

#![allow(dead_code)]

use crate::support::free_port;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Where Debian's `postgresql-15` puts the server's binaries (`PG_BIN` overrides).
const DEFAULT_BIN: &str = "/usr/lib/postgresql/15/bin";

pub struct Cluster {
    port: u16,
    next: AtomicU32,
    /// The authority (PEM) that signed the server's certificate: the server speaks TLS
    /// to whoever asks (plain to the others), for 127.0.0.1 and localhost.
    ca_file: PathBuf,
}

static CLUSTER: OnceLock<Result<Cluster, String>> = OnceLock::new();

/// A URL of a new, empty database on the shared cluster; `None` (after printing why)
/// when the cluster cannot run here.
pub fn fresh_database() -> Option<String> {
    match CLUSTER.get_or_init(start) {
        Ok(c) => {
            let name = format!("t_{}", c.next.fetch_add(1, Ordering::SeqCst));
            let mut admin = postgres::Client::connect(&c.url("postgres"), postgres::NoTls)
                .expect("the test cluster answers");
            admin
                .batch_execute(&format!("CREATE DATABASE {name}"))
                .expect("a test database");
            Some(c.url(&name))
        }
        Err(why) => {
            eprintln!("skipped: {why}");
            None
        }
    }
}

/// [`fresh_database`] from async code (it blocks while the cluster starts).
pub async fn fresh_database_async() -> Option<String> {
    tokio::task::spawn_blocking(fresh_database)
        .await
        .expect("the cluster's start does not panic")
}

/// A new, empty database as [`fresh_database`] and the file of the authority that
/// signed the cluster's certificate.
pub fn fresh_database_with_ca() -> Option<(String, PathBuf)> {
    let url = fresh_database()?;
    let ca = CLUSTER.get()?.as_ref().ok()?.ca_file.clone();
    Some((url, ca))
}

/// Writes a test authority and a server certificate it signed (for 127.0.0.1 and
/// localhost) into `data` as `server.crt`/`server.key`; returns the authority's file,
/// beside `data`.
fn certificates(data: &Path, root: bool) -> Result<PathBuf, String> {
    let fail = |e: &dyn std::fmt::Display| format!("test certificates: {e}");
    let ca_key = rcgen::KeyPair::generate().map_err(|e| fail(&e))?;
    let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).map_err(|e| fail(&e))?;
    ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(rcgen::DnType::CommonName, "test PostgreSQL authority");
    let ca_cert = ca.self_signed(&ca_key).map_err(|e| fail(&e))?;
    let key = rcgen::KeyPair::generate().map_err(|e| fail(&e))?;
    let names = vec!["localhost".to_string(), "127.0.0.1".to_string()];
    let cert = rcgen::CertificateParams::new(names)
        .and_then(|p| p.signed_by(&key, &ca_cert, &ca_key))
        .map_err(|e| fail(&e))?;
    let write = |name: &str, text: String| std::fs::write(data.join(name), text);
    write("server.crt", pem("CERTIFICATE", cert.der())).map_err(|e| fail(&e))?;
    write("server.key", pem("PRIVATE KEY", &key.serialize_der())).map_err(|e| fail(&e))?;
    let ca_file = data.with_file_name("ca.pem");
    std::fs::write(&ca_file, pem("CERTIFICATE", ca_cert.der())).map_err(|e| fail(&e))?;
    // The server refuses a key others may read, or owned by someone else.
    let mut fix = vec![format!("chmod 600 {}", data.join("server.key").display())];
    if root {
        fix.push(format!(
            "chown postgres:postgres {} {}",
            data.join("server.key").display(),
            data.join("server.crt").display()
        ));
    }
    let fixed = Command::new("sh")
        .args(["-c", &fix.join(" && ")])
        .status()
        .map_err(|e| fail(&e))?;
    if !fixed.success() {
        return Err(fail(&"cannot restrict server.key"));
    }
    Ok(ca_file)
}

/// DER as PEM (RFC 7468): base64 in lines of 64 between the label's lines.
fn pem(label: &str, der: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut b64 = String::new();
    for chunk in der.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | (b as u32) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                b64.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                b64.push('=');
            }
        }
    }
    let lines: Vec<&str> = b64
        .as_bytes()
        .chunks(64)
        .map(|l| std::str::from_utf8(l).expect("base64 is ASCII"))
        .collect();
    format!(
        "-----BEGIN {label}-----\n{}\n-----END {label}-----\n",
        lines.join("\n")
    )
}

impl Cluster {
    fn url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.port)
    }
}

fn bin_dir() -> PathBuf {
    std::env::var_os("PG_BIN").map_or_else(|| PathBuf::from(DEFAULT_BIN), PathBuf::from)
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// `cmd` as the `postgres` user when we are root, else as we are.
fn as_server_user(root: bool, program: &Path) -> Command {
    if root {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        Command::new(program)
    }
}

fn start() -> Result<Cluster, String> {
    let bin = bin_dir();
    if !bin.join("initdb").exists() || !bin.join("postgres").exists() {
        return Err(format!(
            "PostgreSQL 15 binaries not found in {} (apt-get install postgresql)",
            bin.display()
        ));
    }
    let root = is_root();
    // Kept on purpose: the watchdog removes it after this process.
    let dir = tempfile::Builder::new()
        .prefix("carcassonne-pg-")
        .tempdir()
        .map_err(|e| e.to_string())?
        .keep();
    if root {
        let owned = Command::new("chown")
            .args(["-R", "postgres:postgres"])
            .arg(&dir)
            .status()
            .map_err(|e| e.to_string())?;
        if !owned.success() {
            return Err("cannot give the test cluster's folder to the postgres user".into());
        }
    }
    let data = dir.join("data");
    let init = as_server_user(root, &bin.join("initdb"))
        .arg("-D")
        .arg(&data)
        .args([
            "-A",
            "trust",
            "-U",
            "postgres",
            "-E",
            "UTF8",
            "--locale=C",
            "--no-sync",
        ])
        .output()
        .map_err(|e| format!("initdb: {e}"))?;
    if !init.status.success() {
        return Err(format!(
            "initdb failed: {}",
            String::from_utf8_lossy(&init.stderr)
        ));
    }
    let ca_file = certificates(&data, root)?;
    let port = free_port();
    let server = format!(
        "{} -D {} -p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=200 \
         -c ssl=on -c ssl_cert_file=server.crt -c ssl_key_file=server.key",
        bin.join("postgres").display(),
        data.display(),
        dir.display()
    );
    // The server in the background; the shell waits for this process to end, then
    // stops the server at once and removes the folder.
    let watchdog = format!(
        "{server} >{log} 2>&1 & pg=$!; while [ -d /proc/{me} ] && kill -0 $pg 2>/dev/null; do sleep 1; done; kill -QUIT $pg 2>/dev/null; wait $pg; rm -rf {dir}",
        log = dir.join("log").display(),
        me = std::process::id(),
        dir = dir.display()
    );
    as_server_user(root, Path::new("/bin/sh"))
        .args(["-c", &watchdog])
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start the test cluster: {e}"))?;
    let cluster = Cluster {
        port,
        next: AtomicU32::new(1),
        ca_file,
    };
    let started = Instant::now();
    loop {
        match postgres::Client::connect(&cluster.url("postgres"), postgres::NoTls) {
            Ok(_) => return Ok(cluster),
            Err(e) if started.elapsed() > Duration::from_secs(60) => {
                let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
                return Err(format!("the test cluster did not start: {e}\n{log}"));
            }
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// A server of its own, made (initdb) but not started: for a bot started before its
/// database. Stopped (immediate shutdown) and removed when dropped.
pub struct LateServer {
    dir: PathBuf,
    port: u16,
    root: bool,
}

impl LateServer {
    /// A new cluster on a free port, not started; `None` (after printing why) without
    /// the binaries.
    pub fn init() -> Option<LateServer> {
        let bin = bin_dir();
        if !bin.join("initdb").exists() {
            eprintln!(
                "skipped: PostgreSQL 15 binaries not found in {}",
                bin.display()
            );
            return None;
        }
        let root = is_root();
        let dir = tempfile::Builder::new()
            .prefix("carcassonne-pg-late-")
            .tempdir()
            .unwrap()
            .keep();
        if root {
            let owned = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&dir)
                .status()
                .unwrap();
            assert!(owned.success());
        }
        let init = as_server_user(root, &bin.join("initdb"))
            .arg("-D")
            .arg(dir.join("data"))
            .args([
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--locale=C",
                "--no-sync",
            ])
            .output()
            .unwrap();
        assert!(
            init.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&init.stderr)
        );
        Some(LateServer {
            dir,
            port: free_port(),
            root,
        })
    }

    /// The URL of its `postgres` database (reachable once started).
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Starts the server and waits until it is ready.
    pub fn start(&self) {
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1",
            self.port,
            self.dir.display()
        );
        let started = as_server_user(self.root, &bin_dir().join("pg_ctl"))
            .arg("-D")
            .arg(self.dir.join("data"))
            .arg("-l")
            .arg(self.dir.join("log"))
            .args(["-w", "-o", &options, "start"])
            .output()
            .unwrap();
        assert!(
            started.status.success(),
            "pg_ctl start: {}",
            String::from_utf8_lossy(&started.stderr)
        );
    }
}

impl Drop for LateServer {
    fn drop(&mut self) {
        let _ = as_server_user(self.root, &bin_dir().join("pg_ctl"))
            .arg("-D")
            .arg(self.dir.join("data"))
            .args(["-m", "immediate", "stop"])
            .output();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
