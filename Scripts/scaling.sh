#!/usr/bin/env bash
# Renders hostile inputs at three sizes (n, 2n, 4n) and reports how time and memory grow when
# the input doubles. Every case must stay linear: at most ~2.2× the time for twice the input.
#
# usage: Scripts/scaling.sh [SCALE]   (SCALE multiplies every size; default 1)
#        CASES=html-table,word Scripts/scaling.sh   (only those cases)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
RENDER=$ROOT/.build/release/render
WORK=${WORK:-/tmp/letterpress-scaling}
SCALE=${1:-1}
[ -x "$RENDER" ] || { echo "build first: make build" >&2; exit 1; }
rm -rf "$WORK"; mkdir -p "$WORK"

python3 - "$WORK" "$SCALE" <<'PY'
import os, random, sys
work, scale = sys.argv[1], float(sys.argv[2])
random.seed(7)
words = "paper ink garden letters quiet margin river stone window harbor".split()
def prose(n):
    return " ".join(random.choice(words) for _ in range(n))
with open("%s/backtracking.yaml" % work, "w") as f:
    f.write("extends: default\nhighlights:\n  - {pattern: '(a+)+$', style: {italic: true}}\n")
# A PNG of 10 000 x 10 000 grey pixels (12 KB; 100 MB decoded) and an SVG as large with a wide
# blur: the images' limits, per reference.
import struct, zlib
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
side = 10000
packer = zlib.compressobj(9)
row = b"\0" * (side + 1)
pixels = b"".join(packer.compress(row) for _ in range(side)) + packer.flush()
with open("%s/huge.png" % work, "wb") as f:
    f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))
with open("%s/blur.svg" % work, "w") as f:
    f.write('<svg xmlns="http://www.w3.org/2000/svg" width="10000" height="10000"><filter id="b">'
            '<feGaussianBlur stdDeviation="400"/></filter><rect width="10000" height="10000" fill="teal" filter="url(#b)"/></svg>')
# A blurred rectangle drawn 64 times through nested <use>: the drawing's own limits.
use = '<rect id="u0" width="2048" height="2048" fill="teal" filter="url(#f)"/>'
for level in range(1, 7):
    use += '<g id="u%d"><use href="#u%d"/><use href="#u%d"/></g>' % (level, level - 1, level - 1)
with open("%s/use64.svg" % work, "w") as f:
    f.write('<svg xmlns="http://www.w3.org/2000/svg" width="2048" height="2048"><defs><filter id="f">'
            '<feGaussianBlur stdDeviation="60"/></filter>' + use + '</defs><use href="#u6"/></svg>')
def styles_theme(n):
    path = "%s/styles-%d.yaml" % (work, n)
    with open(path, "w") as f:
        f.write("extends: default\ncustomStyles:\n" + "".join("  style%d: {italic: true}\n" % i for i in range(n)))
    return path
def junk(n):
    return "".join(random.choice("abc{}()[]<>'\"/*+-=;:,. $\\\n") for _ in range(n)).replace("``", "`x")
cases = {
    "paragraph":   lambda n: prose(n // 6) + "\n",
    "word":        lambda n: "x" * n + "\n",
    "code":        lambda n: "```\n" + "\n".join("let value%d = compute(%d)" % (i, i) for i in range(n // 26)) + "\n```\n",
    "quotes":      lambda n: ">" * n + " deep\n",
    "lists":       lambda n: "- " * (n // 2) + "x\n",
    "carets":      lambda n: "^[" * (n // 2) + "\n",
    "open-bodies": lambda n: "^[a](" * (n // 5) + "\n",
    "brackets":    lambda n: "[" * n + "\n",
    "emphasis":    lambda n: "*" * (n // 2) + "x" + "*" * (n // 2) + "\n",
    "highlight":   lambda n: "---\ntheme: %s/backtracking.yaml\n---\n\n" % work + "\n\n".join(prose(12) + " " + "a" * 40 + "!" for _ in range(n // 120)) + "\n",
    "bad-body":    lambda n: "^[text](" + "a" * n + ")\n",
    "autolink":    lambda n: "https://example.com/" + "a" * n + "\n",
    "urls":        lambda n: "".join("https://example.com/%s\n\n" % ("a" * 8100) for _ in range(n // 8122)),
    "link-text":   lambda n: "[" + prose(n // 6) + "](https://example.com/x)\n",
    "merges":      lambda n: "---\nl0: &l0 {a: 1}\n" + "".join("l%d: &l%d {<<: [*l%d, *l%d]}\n" % (i, i, i - 1, i - 1) for i in range(1, n // 30)) + "badge: *l%d\n---\n\nbody\n" % (n // 30 - 1),
    "references":  lambda n: " ".join(["^[t][set]"] * (n // 10)) + "\n\n^[set]: tracking: 1\n",
    "attributes":  lambda n: " ".join(["^[t](tracking: 1)"] * (n // 18)) + "\n",
    "nested-refs": lambda n: "^[x " * (n // 10) + "][set] y " * (n // 10) + "\n\n^[set]: tracking: 1\n",
    "image-links": lambda n: "![[]()" * (n // 6) + "\n",
    "emph-links":  lambda n: "*[]()" * (n // 5) + "\n",
    "wide-table":  lambda n: "|" + "a|" * (n // 6) + "\n|" + "-|" * (n // 6) + "\n|" + "b|" * (n // 6) + "\n",
    "short-rows":  lambda n: "|" + "a|" * 2000 + "\n|" + "-|" * 2000 + "\n" + "x\n" * ((n - 8000) // 2),
    "delim-rows":  lambda n: "a\n" + "-|-\n-|-|-\n" * (n // 10),
    "addresses":   lambda n: "http://a.b<" * (n // 11) + "\n",
    "parentheses": lambda n: "www.a" + ")" * n + "\n",
    "copies":      lambda n: "[a]: " + "x" * (n // 2) + "\n\n" + "[a]" * (n // 6) + "\n",
    "cdata":       lambda n: "a" + "<![CDATA[a" * (n // 10) + "\n",
    "png":         lambda n: "".join("![huge](%s/huge.png)\n\n" % work for _ in range(n // 1000)),
    "svg-blur":    lambda n: "".join("![blur](%s/blur.svg)\n\n" % work for _ in range(n // 1000)),
    "html-nesting": lambda n: "<div>\n" * (n // 6) + "x\n",
    "html-inline": lambda n: "start " + "a <b>b</b> <span title=x>c</span> " * (n // 36) + "\n",
    "html-blocks": lambda n: "<div>\n\n**x** text\n\n</div>\n\n" * (n // 28),
    "html-table":  lambda n: "<table>\n" + ("<tr>" + "<td>cell</td>" * 10 + "</tr>\n") * (n // 140) + "</table>\n",
    "html-attribute": lambda n: '<img alt="' + "a" * n + '" src="x.png">\n',
    "html-comment": lambda n: "<!--" + "a -- " * (n // 5) + "\n",
    "html-unclosed": lambda n: "text " + "<span><i>" * (n // 9) + "\n",
    "toml-dotted": lambda n: "+++\n" + "a." * (n // 2) + "a = 1\n+++\n\nbody\n",
    "toml-headers": lambda n: "+++\n[" + "a." * (n // 2) + "a]\nb = 1\n+++\n\nbody\n",
    "plain-nul":   lambda n: "---\nmarkup: plain\n---\n" + "".join("line %d with a \0 NUL\n" % i for i in range(n // 24)),
    "inline-tags": lambda n: "text " + "<b>" * (n // 7) + " middle " + "</i>" * (n // 8) + "\n",
    "variables":   lambda n: "---\n" + "".join("v%d: value\n" % i for i in range(n // 40)) + "---\n\n" + " ".join("{{u%d}}" % i for i in range(n // 40)) + "\n",
    "custom-styles": lambda n: "---\ntheme: %s\n---\n\n" % styles_theme(n // 60) + " ".join("^[x](customStyle: 'other%d')" % i for i in range(n // 60)) + "\n",
    "expansion":   lambda n: "---\nbig: \"" + "word " * 2800 + "\"\n---\n\n" + " ".join(["{{big}}"] * (n // 8)) + "\n",
    "code-junk":   lambda n: "```typescript\n" + junk(n) + "\n```\n",
    "svg-use":     lambda n: "".join("![use](%s/use64.svg)\n\n" % work for _ in range(n // 1000)),
    "document":    lambda n: "\n\n".join("## Part %d\n\n%s\n\n- %s\n- %s" % (i, prose(90), prose(12), prose(12)) for i in range(n // 700)) + "\n",
}
sizes = {"paragraph": 400_000, "word": 300_000, "code": 1_000_000, "quotes": 400_000, "lists": 400_000,
         "carets": 200_000, "open-bodies": 200_000, "brackets": 100_000, "emphasis": 20_000, "highlight": 200_000, "merges": 20_000, "bad-body": 30_000,
         "autolink": 100_000, "urls": 400_000, "link-text": 200_000,
         "references": 240_000, "attributes": 400_000, "nested-refs": 20_000, "image-links": 400_000,
         "emph-links": 400_000, "wide-table": 400_000, "short-rows": 200_000, "delim-rows": 400_000,
         "addresses": 400_000, "parentheses": 200_000, "copies": 400_000, "cdata": 400_000,
         "png": 4_000, "svg-blur": 2_000,
         "html-nesting": 200_000, "html-inline": 200_000, "html-blocks": 200_000, "html-table": 400_000,
         "html-attribute": 400_000, "html-comment": 2_000_000, "html-unclosed": 200_000,
         "toml-dotted": 20_000, "toml-headers": 20_000, "plain-nul": 400_000, "inline-tags": 200_000,
         "variables": 40_000, "custom-styles": 60_000, "expansion": 20_000, "code-junk": 100_000, "svg-use": 4_000,
         "document": 2_000_000}
only = set(filter(None, os.environ.get("CASES", "").split(",")))
for name, make in cases.items():
    if only and name not in only: continue
    n = int(sizes[name] * scale)
    for factor in (1, 2, 4):
        with open("%s/%s-%d.md" % (work, name, factor), "w") as f:
            f.write(make(n * factor))
PY

printf '| case | input | time | memory | 2× time | 2× memory | 4× time | 4× memory | time ratios | memory ratios |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
status=0
for one in "$WORK"/*-1.md; do
    name=$(basename "$one" -1.md)
    two=$WORK/$name-2.md
    four=$WORK/$name-4.md
    measure() {
        # Best of five runs: these machines are noisy, and a run of three was not always enough.
        best=""
        for _ in 1 2 3 4 5; do
            # A refused input (exit status 1) counts too: what matters is how soon.
            out=$( { /usr/bin/time -f '%e %M' "$RENDER" "$1" -o "$WORK/out.pdf" --quiet --no-badge || true; } 2>&1 >/dev/null | tail -1)
            if [ -z "$best" ] || awk -v a="${out%% *}" -v b="${best%% *}" 'BEGIN { exit !(a < b) }'; then best=$out; fi
        done
        echo "$best"
    }
    read -r t1 m1 <<<"$(measure "$one")"
    read -r t2 m2 <<<"$(measure "$two")"
    read -r t4 m4 <<<"$(measure "$four")"
    ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (a > 0.05 ? b / a : 1) }'; }
    r2=$(ratio "$t1" "$t2"); r4=$(ratio "$t2" "$t4")
    printf '| %s | %s B | %s s | %s MB | %s s | %s MB | %s s | %s MB | %s, %s | %s, %s |\n' "$name" "$(stat -c %s "$one")" "$t1" "$((m1 / 1024))" \
        "$t2" "$((m2 / 1024))" "$t4" "$((m4 / 1024))" "$r2" "$r4" "$(ratio "$m1" "$m2")" "$(ratio "$m2" "$m4")"
    awk -v a="$r2" -v b="$r4" 'BEGIN { exit !(a > 2.2 || b > 2.2) }' && status=1
done
exit $status
