# syntax=docker/dockerfile:1
#
# The Carcassonne Discord bot in a small image (docs/discord.md).
#
#   docker build -t carcassonne-bot .
#   docker run -d --name carcassonne --restart unless-stopped \
#     -e DISCORD_TOKEN=... -v carcassonne-data:/data carcassonne-bot
#
# Needs BuildKit (the default builder since Docker 23) for the cache mounts.

ARG RUST_VERSION=1.95
ARG DEBIAN_RELEASE=trixie

FROM rust:${RUST_VERSION}-slim-${DEBIAN_RELEASE} AS build
WORKDIR /build
# Only what the build reads: the manifest and lock file, the build script (it compiles
# the translations in), the sources, the bench targets the manifest declares, the fonts,
# translations and tile data compiled into the binary, and the PostgreSQL migrations
# (include_str!). CI builds exactly these files (.ci/image-context), so a file missing
# here fails CI. The `dist` profile is the release profile without line tables,
# stripped (Cargo.toml).
COPY Cargo.toml Cargo.lock build.rs ./
COPY src ./src
COPY migrations ./migrations
COPY benches ./benches
COPY assets ./assets
COPY data/tiles ./data/tiles
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/usr/local/cargo/git \
    --mount=type=cache,target=/build/target \
    cargo build --profile dist --locked --bin carcassonne-bot \
    && install -D -m 0755 target/dist/carcassonne-bot /out/carcassonne-bot

FROM debian:${DEBIAN_RELEASE}-slim
# The fonts are in the binary (assets/fonts, docs/render.md): no font package.
RUN apt-get update \
    && apt-get install -y --no-install-recommends ca-certificates \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --user-group --home-dir /data --no-create-home \
        --shell /usr/sbin/nologin carcassonne \
    && mkdir -p /data \
    && chown carcassonne:carcassonne /data
COPY --from=build /out/carcassonne-bot /usr/local/bin/carcassonne-bot
USER carcassonne:carcassonne
WORKDIR /data
# The games: keep this volume across upgrades.
VOLUME /data
# The health port (/health, /ready, /metrics): on in the image, for the HEALTHCHECK
# below and for a proxy's health checks; publish it only to your monitoring.
ENV CARCASSONNE_DB=/data/db \
    CARCASSONNE_METRICS_LISTEN=0.0.0.0:9000 \
    RUST_LOG=info
EXPOSE 9000
# The binary asks its own /health (no curl in the image): exit 0 on 200, 1 otherwise.
# The start period covers a database still starting (--store-wait, 60 s by default).
HEALTHCHECK --interval=30s --timeout=5s --start-period=90s --retries=3 \
    CMD ["/usr/local/bin/carcassonne-bot", "healthcheck"]
# SIGTERM (docker stop) shuts the bot down cleanly: shards closed, database flushed,
# exit 0, within Docker's default 10 s grace period.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/local/bin/carcassonne-bot"]
CMD ["run"]
