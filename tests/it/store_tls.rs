//! TLS to PostgreSQL (issue #22: a database on another machine). The test cluster speaks
//! TLS with a certificate of its own authority, plain to whoever does not ask.

use crate::pg_cluster;
use carcassonne_bot::store::Store;

/// The server's view of the connections of application `app` in `db`: TLS or not.
fn tls_of(url: &str, db: &str, app: &str) -> Vec<bool> {
    let mut admin = postgres::Client::connect(url, postgres::NoTls).unwrap();
    admin
        .query(
            "SELECT s.ssl FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
             WHERE a.datname = $1 AND a.application_name = $2",
            &[&db, &app],
        )
        .unwrap()
        .iter()
        .map(|r| r.get(0))
        .collect()
}

#[test]
fn sslmode_require_speaks_tls_verified_by_the_given_authority() {
    let Some((url, ca)) = pg_cluster::fresh_database_with_ca() else {
        return;
    };
    let db = url.rsplit('/').next().unwrap().to_string();
    // libpq's spelling, as an admin would copy it from their provider.
    let tls_url = format!(
        "{url}?sslmode=verify-full&sslrootcert={}&application_name=over-tls",
        ca.display()
    );
    let store = Store::open_postgres(&tls_url).unwrap();
    // Opening applied the migrations on one connection, kept for the next call.
    assert_eq!(tls_of(&url, &db, "over-tls"), vec![true]);
    assert!(store.peek(1).unwrap().is_none());
    // Without sslmode, as before: plain.
    let plain = Store::open_postgres(&format!("{url}?application_name=plain")).unwrap();
    assert!(plain.peek(1).unwrap().is_none());
    assert_eq!(tls_of(&url, &db, "plain"), vec![false]);
}

#[test]
fn a_server_no_trusted_authority_vouches_for_is_refused() {
    let Some(url) = pg_cluster::fresh_database() else {
        return;
    };
    if std::env::var_os("PGSSLROOTCERT").is_some() {
        eprintln!("skipped: PGSSLROOTCERT is set, the test needs the Mozilla roots alone");
        return;
    }
    // The Mozilla roots do not know the test authority.
    let Err(e) = Store::open_postgres(&format!("{url}?sslmode=require")) else {
        panic!("an unverified server was taken");
    };
    assert_eq!(
        e.to_string(),
        "storage error: PostgreSQL: error performing TLS handshake: invalid peer certificate: UnknownIssuer"
    );
}
