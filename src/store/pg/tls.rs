//! TLS to PostgreSQL, for a database on another machine: rustls (the same 0.22 with
//! ring that serenity's HTTP client already builds) behind tokio-postgres' TLS traits.
//!
//! `sslmode=require` (and libpq's `verify-ca` / `verify-full`, taken as the same) turns
//! it on, and then the server's certificate is always verified, name included, against
//! the Mozilla roots and the CA file of `sslrootcert=` in the URL (or libpq's
//! `PGSSLROOTCERT`): a TLS session nobody checked would protect nothing. Without it
//! (`disable`, or the default `prefer`) connections are plain, as on a private network.

use ::postgres::tls::{ChannelBinding, MakeTlsConnect, TlsConnect, TlsStream};
use std::future::Future;
use std::io;
use std::path::Path;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio_rustls::rustls::pki_types::{CertificateDer, ServerName, pem::PemObject};
use tokio_rustls::rustls::{ClientConfig, RootCertStore};

/// A store URL split into what tokio-postgres parses and what it does not know.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Url {
    /// The URL for tokio-postgres (`sslrootcert` removed, libpq's verifying modes
    /// written `require`).
    pub postgres: String,
    /// `sslrootcert`, when given.
    pub root_cert: Option<String>,
}

/// Splits `url` (a `postgres://` URL or libpq's `key=value` words).
pub(super) fn split(url: &str) -> Url {
    let mut root_cert = None;
    let mut keep = |pair: &str| -> Option<String> {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        match (k, v) {
            ("sslrootcert", v) => {
                root_cert = Some(v.to_string());
                None
            }
            ("sslmode", "verify-ca" | "verify-full") => Some("sslmode=require".to_string()),
            _ => Some(pair.to_string()),
        }
    };
    let postgres = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        match url.split_once('?') {
            Some((base, query)) => {
                let pairs: Vec<String> = query.split('&').filter_map(&mut keep).collect();
                if pairs.is_empty() {
                    base.to_string()
                } else {
                    format!("{base}?{}", pairs.join("&"))
                }
            }
            None => url.to_string(),
        }
    } else {
        let words: Vec<String> = url.split_whitespace().filter_map(&mut keep).collect();
        words.join(" ")
    };
    Url {
        postgres,
        root_cert,
    }
}

/// The TLS set-up for connections: the Mozilla roots and, when given, the CA
/// certificates of `root_cert` (PEM).
pub(super) fn connector(root_cert: Option<&Path>) -> Result<RustlsConnect, String> {
    let mut roots = RootCertStore::empty();
    roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned());
    if let Some(path) = root_cert {
        let shown = path.display();
        let certs: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(path)
            .and_then(|it| it.collect::<Result<_, _>>())
            .map_err(|e| format!("cannot read the CA certificates in {shown}: {e}"))?;
        if certs.is_empty() {
            return Err(format!("no CA certificate in {shown}"));
        }
        for cert in certs {
            roots
                .add(cert)
                .map_err(|e| format!("a CA certificate in {shown} is not valid: {e}"))?;
        }
    }
    let config = ClientConfig::builder()
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(RustlsConnect(Arc::new(config)))
}

/// Makes a TLS connection per server name (tokio-postgres' `MakeTlsConnect`).
#[derive(Clone)]
pub(super) struct RustlsConnect(Arc<ClientConfig>);

impl<S> MakeTlsConnect<S> for RustlsConnect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = Tls<S>;
    type TlsConnect = Connect;
    type Error = io::Error;

    fn make_tls_connect(&mut self, domain: &str) -> io::Result<Connect> {
        let name = ServerName::try_from(domain.to_string())
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, format!("{domain}: {e}")))?;
        Ok(Connect {
            config: self.0.clone(),
            name,
        })
    }
}

/// One connection's handshake, with the name the certificate must carry.
pub(super) struct Connect {
    config: Arc<ClientConfig>,
    name: ServerName<'static>,
}

type Handshake<S> = Pin<Box<dyn Future<Output = io::Result<Tls<S>>> + Send>>;

impl<S> TlsConnect<S> for Connect
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    type Stream = Tls<S>;
    type Error = io::Error;
    type Future = Handshake<S>;

    fn connect(self, stream: S) -> Handshake<S> {
        Box::pin(async move {
            let tls = tokio_rustls::TlsConnector::from(self.config)
                .connect(self.name, stream)
                .await?;
            Ok(Tls(tls))
        })
    }
}

/// A TLS stream to the server.
pub(super) struct Tls<S>(tokio_rustls::client::TlsStream<S>);

impl<S: AsyncRead + AsyncWrite + Unpin> TlsStream for Tls<S> {
    /// None: SCRAM then authenticates without channel binding (the default `prefer`
    /// allows it); the session is still the verified TLS one.
    fn channel_binding(&self) -> ChannelBinding {
        ChannelBinding::none()
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncRead for Tls<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl<S: AsyncRead + AsyncWrite + Unpin> AsyncWrite for Tls<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split_of(url: &str) -> (String, Option<String>) {
        let u = split(url);
        (u.postgres, u.root_cert)
    }

    #[test]
    fn the_url_keeps_what_postgres_parses_and_lends_the_rest() {
        assert_eq!(
            split_of("postgres://bot@db.example/games"),
            ("postgres://bot@db.example/games".into(), None)
        );
        assert_eq!(
            split_of("postgres://bot@db/games?sslmode=verify-full&sslrootcert=/etc/ca.pem"),
            (
                "postgres://bot@db/games?sslmode=require".into(),
                Some("/etc/ca.pem".into())
            )
        );
        assert_eq!(
            split_of("postgresql://db/g?sslrootcert=/ca.pem"),
            ("postgresql://db/g".into(), Some("/ca.pem".into()))
        );
        assert_eq!(
            split_of("host=db user=bot sslmode=verify-ca sslrootcert=/ca.pem"),
            (
                "host=db user=bot sslmode=require".into(),
                Some("/ca.pem".into())
            )
        );
        assert_eq!(
            split_of("postgres://db/g?sslmode=prefer&connect_timeout=3"),
            (
                "postgres://db/g?sslmode=prefer&connect_timeout=3".into(),
                None
            )
        );
    }

    #[test]
    fn a_missing_or_empty_ca_file_is_refused_with_its_path() {
        let Err(e) = connector(Some(Path::new("/nonexistent/ca.pem"))) else {
            panic!("a missing file was taken");
        };
        assert!(
            e.starts_with("cannot read the CA certificates in /nonexistent/ca.pem: "),
            "{e}"
        );
        let dir = std::env::temp_dir().join(format!("pg-tls-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let empty = dir.join("empty.pem");
        std::fs::write(&empty, "not a certificate\n").unwrap();
        let Err(e) = connector(Some(&empty)) else {
            panic!("an empty file was taken");
        };
        assert_eq!(e, format!("no CA certificate in {}", empty.display()));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
