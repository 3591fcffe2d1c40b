# Set-up, build, demo and tests for Letterpress. Every Debian package the project needs is
# installed here (when missing), so a fresh machine needs nothing done by hand.
SWIFT ?= swift
RENDER := .build/release/render
DEBIAN_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libcmark-gfm-dev \
	libcmark-gfm-extensions-dev libgdk-pixbuf-2.0-dev libpoppler-glib-dev fonts-dejavu-core fonts-liberation \
	fonts-urw-base35 fonts-dejavu-extra fonts-comfortaa fonts-inter fonts-wqy-microhei poppler-utils

.PHONY: all deps build demo test bench clean

all: build

deps:
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
		dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages:$$missing"; \
		sudo=""; [ "$$(id -u)" -eq 0 ] || sudo=sudo; \
		$$sudo apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq --no-install-recommends $$missing >/dev/null && \
		fc-cache >/dev/null; \
	fi

build: deps
	$(SWIFT) build -c release --product render

demo: build
	@mkdir -p out
	@for file in Samples/*.md; do \
		name=$$(basename $$file .md); \
		$(RENDER) $$file -o out/$$name.pdf && \
		$(RENDER) $$file -o out/$$name.png --dpi 96 && \
		echo "out/$$name.pdf and out/$$name*.png"; \
	done

test: deps
	$(SWIFT) test

bench: build
	bash Scripts/bench.sh

clean:
	rm -rf .build out
