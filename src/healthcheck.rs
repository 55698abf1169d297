//! `carcassonne-bot healthcheck`: asks a running bot's own HTTP port whether it is
//! healthy, for Docker's `HEALTHCHECK` (the image has no curl). One plain HTTP/1.1
//! GET on loopback; 200 is healthy, anything else (or no answer in time) is not.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

/// How long the probe waits to connect, and then for the answer.
pub const TIMEOUT: Duration = Duration::from_secs(3);

/// The address to probe for a listen address: an unspecified host (`0.0.0.0`, `[::]`)
/// is probed on loopback, since a listener there answers on loopback too.
pub fn probe_address(listen: &str) -> Result<SocketAddr, String> {
    let addr = listen
        .to_socket_addrs()
        .map_err(|e| format!("{listen:?} is not an address (HOST:PORT): {e}"))?
        .next()
        .ok_or_else(|| format!("{listen:?} names no address"))?;
    Ok(match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => {
            SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), addr.port())
        }
        IpAddr::V6(ip) if ip.is_unspecified() => {
            SocketAddr::new(IpAddr::V6(Ipv6Addr::LOCALHOST), addr.port())
        }
        _ => addr,
    })
}

/// GETs `path` at `addr`: `Ok` with the status line when the answer is 200, else `Err`
/// saying what came back (or why nothing did).
pub fn probe(addr: SocketAddr, path: &str) -> Result<String, String> {
    let url = format!("http://{addr}{path}");
    let mut stream = TcpStream::connect_timeout(&addr, TIMEOUT)
        .map_err(|e| format!("{url}: cannot connect: {e}"))?;
    stream
        .set_read_timeout(Some(TIMEOUT))
        .and_then(|()| stream.set_write_timeout(Some(TIMEOUT)))
        .map_err(|e| format!("{url}: {e}"))?;
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    stream
        .write_all(request.as_bytes())
        .map_err(|e| format!("{url}: cannot send the request: {e}"))?;
    // The status line is all that matters; a short read is enough.
    let mut head = Vec::new();
    let mut buf = [0u8; 512];
    while !head.contains(&b'\n') && head.len() < 4096 {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => head.extend_from_slice(&buf[..n]),
            Err(e) => return Err(format!("{url}: no answer: {e}")),
        }
    }
    let text = String::from_utf8_lossy(&head);
    let status_line = text.lines().next().unwrap_or("").trim().to_string();
    let mut words = status_line.split_whitespace();
    let code = match (words.next(), words.next()) {
        (Some(v), Some(code)) if v.starts_with("HTTP/") => code,
        _ => return Err(format!("{url}: not an HTTP answer: {status_line:?}")),
    };
    if code == "200" {
        Ok(format!("{url}: {status_line}"))
    } else {
        Err(format!("{url}: {status_line}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unspecified_hosts_are_probed_on_loopback() {
        assert_eq!(
            probe_address("0.0.0.0:9000").unwrap(),
            "127.0.0.1:9000".parse().unwrap()
        );
        assert_eq!(
            probe_address("[::]:9000").unwrap(),
            "[::1]:9000".parse().unwrap()
        );
        assert_eq!(
            probe_address("127.0.0.2:81").unwrap(),
            "127.0.0.2:81".parse().unwrap()
        );
        assert!(probe_address("9000").is_err());
    }
}
