# Set-up, build, demo and tests for Letterpress. Every Debian package the project needs is
# installed here (when missing), so a fresh machine needs nothing done by hand.
SWIFT ?= swift
PREFIX ?= /usr/local
RENDER := .build/release/render
HIGHLIGHT := .build/release/libLetterpressHighlight.so
DEBIAN_PACKAGES := pkg-config libcairo2-dev libpango1.0-dev libcmark-gfm-dev \
	libcmark-gfm-extensions-dev libxml2-dev libicu-dev libgdk-pixbuf-2.0-dev librsvg2-dev webp-pixbuf-loader libpoppler-glib-dev libdeflate-dev zlib1g-dev fonts-dejavu-core fonts-liberation \
	fonts-urw-base35 fonts-dejavu-extra fonts-comfortaa fonts-inter fonts-wqy-microhei poppler-utils \
	fonts-noto-color-emoji fonts-ipaexfont-gothic fonts-lohit-beng-bengali fonts-lohit-deva fonts-tlwg-loma-ttf \
	fonts-lohit-taml fonts-lohit-telu fonts-lohit-knda fonts-lohit-mlym fonts-lohit-guru fonts-lohit-gujr fonts-lohit-orya fonts-lklug-sinhala \
	libkf5syntaxhighlighting-dev libharfbuzz-dev fonts-texgyre-math fonts-lmodern libgraphviz-dev

FUZZ_SECONDS ?= 60
FUZZ_SEED ?= 0
FUZZ_FLAGS := -c debug --product LetterpressFuzz --scratch-path .build-fuzz \
	-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -DFUZZING -Xswiftc -use-ld=lld

.PHONY: all deps build consumer install uninstall man dist deb check-deb demo test docs bench scaling fuzz fuzz-smoke sanitize sanitize-threads clean

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

# The code-colouring library is C++ alone and must not need the Swift runtime's shared library
# (render links its own statically; an installed machine has none): swiftc links its start-up
# routines and the runtime into a library by default, so these leave out the first and take the
# second from the static archive, from which nothing is then pulled. Given here, not in
# Package.swift, where they would be unsafe flags that packages depending on Letterpress refuse.
HIGHLIGHT_LINK := -Xswiftc -nostartfiles -Xswiftc -static-stdlib -Xlinker --as-needed

# Generic types' metadata made by direct calls rather than from mangled names: the runtime
# demangles a name by checking the type's requirements, and each conformance it checks the
# first time scans all 7,000 of the binary's (0.4M instructions each; a Dictionary with a key
# type of its own is one). A plain note's process: 246M instructions, 235M with this.
RENDER_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors

build: deps
	$(SWIFT) build -c release --product render --static-swift-stdlib $(RENDER_FLAGS)
	$(SWIFT) build -c release --product LetterpressHighlight $(HIGHLIGHT_LINK)

# The executable (the shipped themes are compiled into it), stripped, and the library that
# colours code, which render opens from ../lib/letterpress only for notes whose code names a
# language; the man page and the completion scripts (bash, zsh, fish), which render writes.
# No build here, so that `sudo make install` leaves .build alone; `make uninstall` removes
# exactly these files.
INSTALLED := bin/render lib/letterpress/libLetterpressHighlight.so share/man/man1/render.1 \
	share/bash-completion/completions/render share/zsh/site-functions/_render share/fish/vendor_completions.d/render.fish
VERSION := $(shell sed -n 's/.*static let version = "\(.*\)"/\1/p' Sources/Letterpress/Rendering/Renderer.swift)

install:
	@test -x $(RENDER) || { echo "$(RENDER) is missing: run 'make build' first"; exit 1; }
	install -D -m 755 -s $(RENDER) $(DESTDIR)$(PREFIX)/bin/render
	install -D -m 644 $(HIGHLIGHT) $(DESTDIR)$(PREFIX)/lib/letterpress/libLetterpressHighlight.so
	strip --strip-unneeded $(DESTDIR)$(PREFIX)/lib/letterpress/libLetterpressHighlight.so
	install -D -m 644 docs/render.1 $(DESTDIR)$(PREFIX)/share/man/man1/render.1
	install -d $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	$(RENDER) --generate-completion-script bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/render
	$(RENDER) --generate-completion-script zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_render
	$(RENDER) --generate-completion-script fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/render.fish

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/,$(INSTALLED))
	-rmdir $(DESTDIR)$(PREFIX)/lib/letterpress 2>/dev/null

# The man page, from the command's own help (ArgumentParser's generate-manual, built from the
# checkout SwiftPM keeps); docs/render.1 is committed so that installing needs no Swift tools.
man: build
	$(SWIFT) build -c release --package-path .build/checkouts/swift-argument-parser --scratch-path .build/generate-manual \
		--product generate-manual
	.build/generate-manual/release/generate-manual $(RENDER) --output-directory docs --authors "the Letterpress authors" \
		--section 1 --date 2026-01-01
	@# The worker processes' command is internal (hidden from the help): not in the manual either.
	sed -i '/^\.It Em worker$$/,/^\.El$$/d' docs/render.1
	@echo "docs/render.1 (man ./docs/render.1)"

# A release archive: the installed tree under render-VERSION-ARCH/, with README, LICENSE and the
# reference pages the README links to (docs/).
dist: build
	@rm -rf .build/dist && mkdir -p .build/dist out
	$(MAKE) install DESTDIR=$(CURDIR)/.build/dist/render-$(VERSION)-$$(uname -m) PREFIX=
	install -m 644 README.md LICENSE .build/dist/render-$(VERSION)-$$(uname -m)/
	install -d .build/dist/render-$(VERSION)-$$(uname -m)/docs
	install -m 644 docs/*.md docs/*.png .build/dist/render-$(VERSION)-$$(uname -m)/docs/
	tar -C .build/dist --owner=0 --group=0 -czf out/render-$(VERSION)-$$(uname -m).tar.gz render-$(VERSION)-$$(uname -m)
	@ls -l out/render-$(VERSION)-$$(uname -m).tar.gz

# The Debian package (Debian 12), its Depends from dpkg-shlibdeps: see packaging/deb.sh.
deb: build
	@rm -rf .build/deb && mkdir -p .build/deb
	$(MAKE) install DESTDIR=$(CURDIR)/.build/deb/root PREFIX=/usr
	@bash packaging/deb.sh .build/deb/root $(VERSION) out
	@dpkg-deb -c out/render_$(VERSION)_$$(dpkg --print-architecture).deb
	@if command -v lintian >/dev/null; then lintian --tag-display-limit 0 out/render_$(VERSION)_$$(dpkg --print-architecture).deb || true; fi

# The package installed with apt in a fresh minimal Debian 12 root (debootstrap, kept in
# .build/debian-root), rendering a note there: see packaging/check-deb.sh. As root; about
# 4 minutes the first time, 2 after (apt fetches the libraries and fonts each time).
check-deb: deb
	@command -v debootstrap >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
	bash packaging/check-deb.sh out/render_$(VERSION)_$$(dpkg --print-architecture).deb

demo: build
	@mkdir -p out
	@for file in Samples/*.md Samples/*.txt; do \
		name=$$(basename $${file%.*}); \
		$(RENDER) $$file -o out/$$name.pdf && \
		$(RENDER) $$file -o out/$$name.png --dpi 96 && \
		echo "out/$$name.pdf and out/$$name*.png"; \
	done
	@$(RENDER) Samples/invoice.md --locale de -o out/invoice-de.pdf && \
	$(RENDER) Samples/invoice.md --locale de -o out/invoice-de.png --dpi 96 && \
	echo "out/invoice-de.pdf and out/invoice-de*.png (the invoice in German)"

# Tests/Consumer built and run as a package that depends on Letterpress by version (a tagged
# clone of HEAD) and uses Letterpress, LetterpressHighlight and LetterpressTesting.
consumer: deps
	bash Scripts/consumer-check.sh

# Each stage target built alone, in pipeline order, before the rest: on a fresh clone (CI) a
# stage that imports a later one fails here, since that one is not built yet.
STAGES := LetterpressCore LetterpressMath LetterpressDiagrams LetterpressMarkup LetterpressStyling LetterpressTypesetting LetterpressExport Letterpress

test: deps
	@for target in $(STAGES); do $(SWIFT) build --target $$target || exit 1; done
	$(SWIFT) test

# The DocC documentation of the library (Sources/Letterpress/Letterpress.docc, with the stages
# it re-exports: Scripts/docs.sh) and of LetterpressTesting, as static sites in
# .build/docs/Letterpress and .build/docs/LetterpressTesting. A link DocC cannot resolve is an
# error, so the catalog stays in step with the API.
docs: deps
	@rm -rf .build/docs && mkdir -p .build/docs
	@SWIFT=$(SWIFT) bash Scripts/docs.sh .build/docs/Letterpress
	@$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target LetterpressTesting \
		--output-path .build/docs/LetterpressTesting --transform-for-static-hosting --hosting-base-path LetterpressTesting \
		--warnings-as-errors
	@echo "Documentation in .build/docs: serve the folder (python3 -m http.server -d .build/docs) and open /Letterpress/documentation/letterpress"

bench: build
	bash Scripts/bench.sh

# Time and memory on hostile inputs at two sizes: doubling the input must cost at most ~2.2×.
scaling: build
	bash Scripts/scaling.sh

# Coverage-guided fuzzing of parse → style → typeset from the seed corpus in Fuzz/corpus: notes
# (Markdown, front matter, inspect --json archives), and themes, images, TeX math and Mermaid
# diagrams (inputs starting `#theme`, `#image`, `#math` or `#mermaid` and a newline; see
# Sources/LetterpressFuzz).
# New inputs go to .build-fuzz/corpus; a crasher is saved as crash-*: keep it as a test.
fuzz: deps
	$(SWIFT) build $(FUZZ_FLAGS)
	@mkdir -p .build-fuzz/corpus
	ASAN_OPTIONS=detect_leaks=0 .build-fuzz/debug/LetterpressFuzz .build-fuzz/corpus Fuzz/corpus \
		-max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=20 -rss_limit_mb=4096 -seed=$(FUZZ_SEED) \
		-artifact_prefix=.build-fuzz/

# The short pass CI runs after the tests, from a fixed seed.
fuzz-smoke:
	$(MAKE) fuzz FUZZ_SECONDS=45 FUZZ_SEED=1

# The test suite, and the render executable it runs, under AddressSanitizer, then
# ThreadSanitizer (the batch runs on threads). Leak detection is off: fontconfig and Pango keep
# process-wide caches that look like leaks at exit. Swift has no -sanitize=undefined on Linux;
# its debug builds trap overflow, bad indexes and bad unwraps themselves.
sanitize: deps
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --sanitize=address --scratch-path .build-asan
	LETTERPRESS_SANITIZER=thread TSAN_OPTIONS=report_signal_unsafe=0 \
		$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

# The concurrency tests under ThreadSanitizer, which CI runs: the stream between the parsing
# and typesetting threads, the layout helper, pages drawn on other threads, PNG bands.
CONCURRENCY_TESTS := ConcurrentTypesettingTests|ParagraphsAheadTests|PageValueTests|PageStreamingTests|PNGEncoderTests|PageOutputTests

sanitize-threads: deps
	LETTERPRESS_SANITIZER=thread TSAN_OPTIONS="report_signal_unsafe=0 halt_on_error=1" \
		$(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter '$(CONCURRENCY_TESTS)'

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan out
