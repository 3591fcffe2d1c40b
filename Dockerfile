# render in a container: the Debian package built by `make deb` on Swift's Debian 12 image,
# installed with apt (which brings its libraries and fonts) on a slim Debian 12.
#   docker build -t render .
#   docker run --rm -v "$PWD:/data" render notes.md            # writes notes.pdf beside it
#   docker run --rm -i render - < notes.md > notes.pdf
# The image's steps are those `make deb` and docs/install.md run; the image
# itself has not been built where Letterpress is developed (no container engine there).
FROM swift:6.3-bookworm AS build
WORKDIR /src
COPY . .
RUN make deps && make deb

FROM debian:bookworm-slim
COPY --from=build /src/out/render_*.deb /tmp/
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends /tmp/render_*.deb \
    && rm -rf /var/lib/apt/lists/* /tmp/render_*.deb
WORKDIR /data
ENTRYPOINT ["render"]
CMD ["--help"]
