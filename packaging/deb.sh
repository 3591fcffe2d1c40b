#!/bin/bash
# Builds the Debian package of render from an installed tree: `make deb` runs it after
# `make install DESTDIR=STAGE PREFIX=/usr`. Its Depends come from dpkg-shlibdeps (the libraries
# the executable and the code-colouring library link), plus the fonts the shipped themes name;
# the other fonts `make deps` installs are Recommends.
#   packaging/deb.sh STAGE VERSION OUTPUT-FOLDER
set -euo pipefail
stage=$(realpath "$1") version=$2 output=$3
architecture=$(dpkg --print-architecture)
work=$(dirname "$stage")
maintainer="the Letterpress authors <letterpress@localhost>"

# dpkg-shlibdeps reads debian/control from the folder it runs in.
mkdir -p "$work/debian"
printf 'Source: render\n\nPackage: render\nArchitecture: any\n' > "$work/debian/control"
libraries=$(cd "$work" && dpkg-shlibdeps -O -e "$stage/usr/bin/render" -e "$stage/usr/lib/letterpress/libLetterpressHighlight.so" \
	2>/dev/null | sed -n 's/^shlibs:Depends=//p')
test -n "$libraries" || { echo "dpkg-shlibdeps found no libraries" >&2; exit 1; }
# render opens Graphviz (libgvc6), librsvg (librsvg2-2), gdk-pixbuf (libgdk-pixbuf-2.0-0) and
# libxml2 (libxml2) with dlopen when a note holds a diagram, an SVG, an image or HTML, which
# dpkg-shlibdeps cannot see: they are named in Depends with the fonts.

# Debian keeps manual pages compressed.
gzip -9nf "$stage/usr/share/man/man1/render.1"
mkdir -p "$stage/DEBIAN" "$stage/usr/share/doc/render"
cat > "$stage/usr/share/doc/render/copyright" <<COPYRIGHT
Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/
Upstream-Name: Letterpress

Files: *
Copyright: 2026 the Letterpress authors
License: Apache-2.0
 On Debian systems the full text of the Apache License 2.0 is in
 /usr/share/common-licenses/Apache-2.0.
COPYRIGHT
printf 'render (%s) unstable; urgency=medium\n\n  * Built from the Letterpress sources (make deb).\n\n -- %s  %s\n' \
	"$version" "$maintainer" "$(date -R -d @"${SOURCE_DATE_EPOCH:-1767225600}")" | gzip -9n > "$stage/usr/share/doc/render/changelog.gz"
gzip -9n -c README.md > "$stage/usr/share/doc/render/README.md.gz"
# The README links to the reference pages under docs/, with their pictures.
mkdir -p "$stage/usr/share/doc/render/docs"
for page in docs/*.md; do gzip -9n -c "$page" > "$stage/usr/share/doc/render/docs/$(basename "$page").gz"; done
install -m 644 docs/*.png "$stage/usr/share/doc/render/docs/"
size=$(du -sk --exclude=DEBIAN "$stage" | cut -f1)
cat > "$stage/DEBIAN/control" <<CONTROL
Package: render
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $size
Section: text
Priority: optional
Depends: $libraries, libgvc6, librsvg2-2, libgdk-pixbuf-2.0-0, libxml2, fonts-dejavu-core, fonts-liberation, fonts-urw-base35
Recommends: fonts-dejavu-extra, fonts-noto-color-emoji, fonts-texgyre-math, fonts-lmodern, fonts-wqy-microhei, fonts-ipaexfont-gothic
Description: Markdown notes to paged PDF, PNG and SVG
 render turns Markdown notes into paged PDF, PNG and SVG with Pango and Cairo:
 themes, tables, code coloured by language, math, a table of contents with
 page numbers, text flowing around shapes, and byte-identical output for CI
 golden images.
CONTROL
mkdir -p "$output"
package="$output/render_${version}_${architecture}.deb"
dpkg-deb --root-owner-group -Zxz --build "$stage" "$package" >/dev/null
echo "$package"
