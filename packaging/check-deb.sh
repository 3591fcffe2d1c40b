#!/bin/bash
# `make check-deb`: installs the Debian package with apt into a minimal Debian 12 root that never
# saw the sources (made once with debootstrap in .build/debian-root and kept, a clean copy
# taken for each check), then renders notes there: a note with code in a language, math, diagrams
# (Graphviz and librsvg, which render opens with dlopen), a PNG, the man page and the completion
# script. The proof that the package's Depends are complete.
#   packaging/check-deb.sh PACKAGE.deb
set -euo pipefail
package=$(realpath "$1")
cache=.build/debian-root
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
if [ ! -x "$cache/usr/bin/apt-get" ]; then
	command -v debootstrap >/dev/null || { echo "check-deb needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
	rm -rf "$cache.partial"
	debootstrap --variant=minbase bookworm "$cache.partial" "$mirror"
	mv "$cache.partial" "$cache"
fi
root=$(mktemp -d /var/tmp/render-check-XXXXXX)
cleanup() {
	for mount in proc dev; do umount "$root/$mount" 2>/dev/null || true; done
	rm -rf "$root"
}
trap cleanup EXIT
cp -a "$cache/." "$root/"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
cp /etc/resolv.conf "$root/etc/resolv.conf"
cp "$package" "$root/tmp/"
mkdir -p "$root/tmp/notes"
cat > "$root/tmp/notes/notes.md" <<'NOTE'
---
title: Checked on a fresh Debian 12
date: 2026-01-01
---
# A note from the package

Some *emphasis*, a [link](https://example.com), and $e^{i\pi} + 1 = 0$.

```swift
let greeting = "coloured by KDE's definitions"
```

| a | b |
|---|---|
| 1 | 2 |

```mermaid
flowchart LR
  parse[Parse] --> draw(Draw)
```

```dot
digraph { notes -> pages }
```
NOTE
chroot "$root" /bin/bash -euo pipefail -c '
	export DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8
	apt-get update -qq
	start=$(date +%s)
	apt-get install -y -qq /tmp/'"$(basename "$package")"' >/dev/null
	echo "apt install took $(( $(date +%s) - start )) s"
	cd /tmp/notes
	render notes.md 2>warnings.txt
	render notes.md -o page.png --dpi 40
	test -s notes.pdf && test -s page.png
	! grep -q "cannot be loaded" warnings.txt
	! grep -q "shown as code" warnings.txt
	cat warnings.txt
	man -w render >/dev/null 2>&1 || test -f /usr/share/man/man1/render.1.gz
	bash -c "source /usr/share/bash-completion/completions/render && complete -p render" >/dev/null
	render --version
	du -sh /usr/bin/render /usr/lib/letterpress
'
cp "$root/tmp/notes/page.png" out/check-deb-page.png
echo "out/check-deb-page.png: the page rendered in the fresh root"
