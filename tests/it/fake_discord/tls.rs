//! The fake's HTTPS side: a certificate authority and a certificate for discord.com,
//! made at test time, and the client the bot gets (it reaches the fake for
//! `https://discord.com` and trusts that authority, nothing else changes).

use std::net::SocketAddr;
use std::sync::Arc;
use tokio_rustls_026::TlsAcceptor;
use tokio_rustls_026::rustls::{self, pki_types};

/// The fake's server side and the authority a client must trust.
pub struct Tls {
    pub acceptor: TlsAcceptor,
    ca_der: Vec<u8>,
}

impl Tls {
    /// A fresh authority and a `discord.com` certificate it signed.
    pub fn new() -> Tls {
        let ca_key = rcgen::KeyPair::generate().expect("a CA key");
        let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).expect("CA params");
        ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(rcgen::DnType::CommonName, "fake Discord test authority");
        let ca_cert = ca.self_signed(&ca_key).expect("the CA certificate");
        let key = rcgen::KeyPair::generate().expect("a server key");
        let params =
            rcgen::CertificateParams::new(vec!["discord.com".to_string()]).expect("params");
        let cert = params
            .signed_by(&key, &ca_cert, &ca_key)
            .expect("the discord.com certificate");
        let chain = vec![cert.der().clone(), ca_cert.der().clone()];
        let key = pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into());
        // No ALPN: HTTP/1.1, as reqwest speaks it in the bot (no http2 feature).
        let config = rustls::ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(chain, key)
            .expect("a TLS server configuration");
        Tls {
            acceptor: TlsAcceptor::from(Arc::new(config)),
            ca_der: ca_cert.der().to_vec(),
        }
    }

    /// The bot's HTTP client: `discord.com` resolves to `addr`, the test authority is
    /// trusted, and no proxy from the environment is used.
    pub fn client(&self, addr: SocketAddr) -> reqwest::Client {
        reqwest::Client::builder()
            .no_proxy()
            .resolve("discord.com", addr)
            .add_root_certificate(
                reqwest::Certificate::from_der(&self.ca_der).expect("the CA certificate"),
            )
            .build()
            .expect("the bot's HTTP client")
    }
}
