//! A small HTTP/1.1 server side: requests read from a stream (keep-alive,
//! Content-Length or chunked bodies), and multipart/form-data bodies split into parts.

use tokio::io::{AsyncRead, AsyncReadExt};

/// One request as received.
#[derive(Clone, Debug)]
pub struct RawRequest {
    pub method: String,
    /// The path with its query string.
    pub target: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl RawRequest {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Reads more bytes into `buf`; `false` at the end of the stream.
async fn fill(stream: &mut (impl AsyncRead + Unpin), buf: &mut Vec<u8>) -> std::io::Result<bool> {
    let mut chunk = [0u8; 16 * 1024];
    let n = stream.read(&mut chunk).await?;
    buf.extend_from_slice(&chunk[..n]);
    Ok(n > 0)
}

/// Reads the next request from `stream` (`buf` keeps bytes read beyond it). `Ok(None)`
/// when the client closed the connection between requests.
pub async fn read_request(
    stream: &mut (impl AsyncRead + Unpin),
    buf: &mut Vec<u8>,
) -> Result<Option<RawRequest>, String> {
    let head_len = loop {
        if let Some(i) = find(buf, b"\r\n\r\n") {
            break i + 4;
        }
        let idle = buf.is_empty();
        let more = fill(stream, buf).await.map_err(|e| match idle {
            true => format!("{e} (between requests)"),
            false => format!("{e} (inside a request head)"),
        })?;
        if !more {
            return if buf.is_empty() {
                Ok(None)
            } else {
                Err("connection closed inside a request head".into())
            };
        }
    };
    let mut headers = [httparse::EMPTY_HEADER; 64];
    let mut req = httparse::Request::new(&mut headers);
    match req.parse(&buf[..head_len]) {
        Ok(httparse::Status::Complete(_)) => {}
        Ok(httparse::Status::Partial) => return Err("partial request head".into()),
        Err(e) => return Err(format!("bad request head: {e}")),
    }
    let method = req.method.unwrap_or_default().to_string();
    let target = req.path.unwrap_or_default().to_string();
    let headers: Vec<(String, String)> = req
        .headers
        .iter()
        .map(|h| {
            (
                h.name.to_string(),
                String::from_utf8_lossy(h.value).into_owned(),
            )
        })
        .collect();
    buf.drain(..head_len);
    let get = |name: &str| {
        headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    };
    // A body cut short says whose it was (the head is read).
    let whose = |e: String| format!("{e} (in the body of {method} {target})");
    let body = if get("transfer-encoding").is_some_and(|v| v.eq_ignore_ascii_case("chunked")) {
        read_chunked(stream, buf).await.map_err(whose)?
    } else {
        let len: usize = match get("content-length") {
            Some(v) => v.trim().parse().map_err(|_| "bad content-length")?,
            None => 0,
        };
        while buf.len() < len {
            let more = fill(stream, buf).await.map_err(|e| whose(e.to_string()))?;
            if !more {
                return Err(whose("connection closed inside a body".into()));
            }
        }
        buf.drain(..len).collect()
    };
    Ok(Some(RawRequest {
        method,
        target,
        headers,
        body,
    }))
}

async fn read_chunked(
    stream: &mut (impl AsyncRead + Unpin),
    buf: &mut Vec<u8>,
) -> Result<Vec<u8>, String> {
    let mut body = Vec::new();
    loop {
        let line_end = loop {
            if let Some(i) = find(buf, b"\r\n") {
                break i;
            }
            if !fill(stream, buf).await.map_err(|e| e.to_string())? {
                return Err("connection closed inside a chunk size".into());
            }
        };
        let size_text = String::from_utf8_lossy(&buf[..line_end]).to_string();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .map_err(|_| format!("bad chunk size '{size_text}'"))?;
        buf.drain(..line_end + 2);
        if size == 0 {
            // Trailers (none expected) end with an empty line.
            loop {
                if let Some(i) = find(buf, b"\r\n") {
                    buf.drain(..i + 2);
                    if i == 0 {
                        return Ok(body);
                    }
                    continue;
                }
                if !fill(stream, buf).await.map_err(|e| e.to_string())? {
                    return Ok(body);
                }
            }
        }
        while buf.len() < size + 2 {
            if !fill(stream, buf).await.map_err(|e| e.to_string())? {
                return Err("connection closed inside a chunk".into());
            }
        }
        body.extend_from_slice(&buf[..size]);
        buf.drain(..size + 2);
    }
}

/// A response with a JSON body (or none for 204) and `headers`.
pub fn response(
    status: u16,
    body: Option<&serde_json::Value>,
    headers: &[(String, String)],
) -> Vec<u8> {
    let reason = match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        404 => "Not Found",
        429 => "Too Many Requests",
        _ => "Status",
    };
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut out = format!("HTTP/1.1 {status} {reason}\r\n");
    for (k, v) in headers {
        out.push_str(&format!("{k}: {v}\r\n"));
    }
    if status != 204 {
        out.push_str("Content-Type: application/json\r\n");
        out.push_str(&format!("Content-Length: {}\r\n", body.len()));
    }
    out.push_str("\r\n");
    out.push_str(&body);
    out.into_bytes()
}

/// One part of a multipart/form-data body.
#[derive(Clone, Debug)]
pub struct Part {
    pub name: String,
    pub filename: Option<String>,
    pub content_type: Option<String>,
    pub data: Vec<u8>,
}

/// Splits a multipart/form-data body (`content_type` carries the boundary).
pub fn multipart(content_type: &str, body: &[u8]) -> Result<Vec<Part>, String> {
    let boundary = content_type
        .split(';')
        .map(str::trim)
        .find_map(|p| p.strip_prefix("boundary="))
        .ok_or("multipart without boundary")?
        .trim_matches('"');
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut rest = body;
    let start = find(rest, &delimiter).ok_or("no first boundary")?;
    rest = &rest[start + delimiter.len()..];
    loop {
        if rest.starts_with(b"--") {
            return Ok(parts);
        }
        rest = rest
            .strip_prefix(b"\r\n")
            .ok_or("boundary not followed by CRLF")?;
        let head_end = find(rest, b"\r\n\r\n").ok_or("part without header end")?;
        let head = String::from_utf8_lossy(&rest[..head_end]).to_string();
        rest = &rest[head_end + 4..];
        let end = find(rest, &[b"\r\n".as_slice(), &delimiter].concat())
            .ok_or("part without closing boundary")?;
        let data = rest[..end].to_vec();
        rest = &rest[end + 2 + delimiter.len()..];
        // Header lines in any order; Content-Disposition carries name and filename.
        let mut name = None;
        let mut filename = None;
        let mut content_type = None;
        for line in head.split("\r\n") {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            if k.trim().eq_ignore_ascii_case("content-disposition") {
                for attr in v.split(';').map(str::trim) {
                    if let Some(n) = attr.strip_prefix("name=") {
                        name = Some(n.trim_matches('"').to_string());
                    } else if let Some(f) = attr.strip_prefix("filename=") {
                        filename = Some(f.trim_matches('"').to_string());
                    }
                }
            } else if k.trim().eq_ignore_ascii_case("content-type") {
                content_type = Some(v.trim().to_string());
            }
        }
        parts.push(Part {
            name: name.ok_or("part without a name")?,
            filename,
            content_type,
            data,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn requests_and_multipart_parse() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"a\":1}\r\n--XyZ\r\nContent-Type: image/png\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"b.png\"\r\n\r\n\x89PNG\r\n--XyZ--\r\n";
        let mut raw = format!(
            "POST /x HTTP/1.1\r\nContent-Type: multipart/form-data; boundary=XyZ\r\nContent-Length: {}\r\n\r\n",
            body.len()
        )
        .into_bytes();
        raw.extend_from_slice(body);
        raw.extend_from_slice(b"GET /y HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n");
        let mut stream = &raw[..];
        let mut buf = Vec::new();
        let r = read_request(&mut stream, &mut buf).await.unwrap().unwrap();
        let parts = multipart(r.header("content-type").unwrap(), &r.body).unwrap();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].name, "payload_json");
        assert_eq!(parts[0].data, b"{\"a\":1}");
        assert_eq!(parts[1].filename.as_deref(), Some("b.png"));
        assert_eq!(parts[1].data, b"\x89PNG");
        let r = read_request(&mut stream, &mut buf).await.unwrap().unwrap();
        assert_eq!((r.method.as_str(), r.target.as_str()), ("GET", "/y"));
        assert_eq!(r.body, b"abcde");
        assert!(read_request(&mut stream, &mut buf).await.unwrap().is_none());
    }
}
