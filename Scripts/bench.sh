#!/usr/bin/env bash
# The benchmark: renders the shared corpus (note, report, book) to PDF and PNG, the note again
# with --isolated-fonts, a batch of 200 generated notes with --jobs 1 and 2, and the book with and
# without its badge, with the badge and one mid-column circle, with the badge and such a
# circle on every page, and with a table of contents (toc: true), and notes of 2.5, 10 and 50 MB
# whose footer shows {pages} (time and peak memory); times the peer tools (Typst, WeasyPrint, pango-view) on the same content in the same
# run through ../shared/bench/anchors.sh; writes BENCHMARKS.md.
#
# Then counts instructions (valgrind's callgrind: the same count however busy the machine is) for
# render and Typst on the note and the book, with and without coloured code, and for start-up.
#
# Beside them, the text stack's floor (Scripts/floor.c): the same documents parsed by cmark-gfm, laid
# out by Pango and drawn by Cairo, leanly on one thread, in C and nothing more: a reference for what
# render's own work costs.
#
# usage: Scripts/bench.sh   env: RUNS (hyperfine minimum runs, default 7), PEERS=0 to skip peers,
#                                LONG=0 to skip the long notes, COUNT=0 to skip the counts
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
VENV=${VENV:-/tmp/anchors-venv}
RES=${RES:-/tmp/letterpress-bench}
RUNS=${RUNS:-7}
RENDER=$ROOT/.build/release/render
CORPUS=$BENCH/corpus/out

[ -d "$BENCH" ] || { echo "no benchmark corpus at $BENCH" >&2; exit 1; }
[ -x "$RENDER" ] || { echo "build first: make build" >&2; exit 1; }
# The floor's compiler: the system's, else the Swift toolchain's clang, which every build has.
CC=${CC:-$(command -v cc || command -v clang || true)}
[ -n "$CC" ] || { echo "no C compiler for Scripts/floor.c: set CC" >&2; exit 1; }

missing=""
for package in pandoc pango1.0-tools poppler-utils hyperfine time valgrind; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
if [ -n "$missing" ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi

rm -rf "$RES"
mkdir -p "$RES/json" "$RES/out" "$RES/batch/in"
# The CPU time the host took from this machine while the timed runs ran (steal): on a shared
# machine it slows every wall time of the run, and the table says how much.
grep '^cpu ' /proc/stat > "$RES/cpu.start"

if [ "${PEERS:-1}" != 0 ]; then
    if [ ! -x "$VENV/bin/weasyprint" ]; then
        python3 -m venv "$VENV"
        "$VENV/bin/pip" install -q weasyprint typst markdown
    fi
    anchors=$RES/anchors
    mkdir -p "$anchors"
    RES=$anchors VENV=$VENV RUNS=$RUNS ONLY='weasy-html|typst-py|pango-pdf|letterpress' \
        OUTMD=$anchors/ANCHORS.md PROJECT_ID=letterpress PROJECT_CMD="$RENDER {md} -o {pdf}" \
        bash "$BENCH/anchors.sh" note report book >/dev/null
fi

# One case: hyperfine's JSON, then a run under GNU time for peak memory.
measure() {
    local name=$1; shift
    hyperfine -N --min-runs "$RUNS" --warmup 1 --style none --export-json "$RES/json/$name.json" -- "$*" >/dev/null
    /usr/bin/time -f '%M' -o "$RES/json/$name.rss" "$@" >/dev/null 2>&1
    echo "$name done"
}

for size in note report book; do
    measure "pdf-$size" "$RENDER" "$CORPUS/$size.md" -o "$RES/out/$size.pdf"
    rm -rf "$RES/out/png-$size" && mkdir -p "$RES/out/png-$size"
    measure "png-$size" "$RENDER" "$CORPUS/$size.md" -o "$RES/out/png-$size/$size.png"
done
# The floor, built here from its source: the Makefile's packages have its headers.
$CC -O2 -o "$RES/floor" "$ROOT/Scripts/floor.c" \
    $(pkg-config --cflags --libs pangocairo cairo-pdf libcmark-gfm) -lcmark-gfm-extensions
for size in note book; do
    measure "floor-$size" "$RES/floor" "$CORPUS/$size.md" "$RES/out/floor-$size.pdf"
done
# With fontconfig's configuration left to the project's fonts (what CI golden images use).
measure "pdf-note-isolated" "$RENDER" "$CORPUS/note.md" --isolated-fonts -o "$RES/out/note-isolated.pdf"
measure "png-note-isolated" "$RENDER" "$CORPUS/note.md" --isolated-fonts -o "$RES/out/png-note/note-isolated.png"

python3 - "$CORPUS/book.md" "$RES" <<'PY'
import sys, random
book, res = sys.argv[1], sys.argv[2]
body = open(book).read()
open(res + "/book-plain.md", "w").write("---\ndate: 2024-03-14\nbadge: false\n---\n" + body)
open(res + "/book-badge.md", "w").write("---\ndate: 2024-03-14\n---\n" + body)
# A table of contents: page numbers found by a layout that draws nothing, before the pages.
open(res + "/book-toc.md", "w").write("---\ndate: 2024-03-14\nbadge: false\ntoc: true\n---\n" + body)
open(res + "/book-circle.md", "w").write("---\ndate: 2024-03-14\nexclusions:\n"
    "  - {shape: circle, page: 2, center: [297, 430], radius: 60, margin: 8}\n---\n" + body)
shapes = "\n".join("  - {shape: circle, page: %d, center: [297, 430], radius: 60, margin: 8}" % p for p in range(1, 121))
open(res + "/book-shapes.md", "w").write("---\ndate: 2024-03-14\nexclusions:\n" + shapes + "\n---\n" + body)
# The book four times over: whether memory grows with the pages written.
open(res + "/book-4x.md", "w").write("---\ndate: 2024-03-14\n---\n" + "\n\n".join([body] * 4))
# Long notes of the book repeated, in a theme whose footer shows {pages}: pages wait for the count.
for name, size in (("2.5", 2.5e6), ("10", 10e6), ("50", 50e6)):
    copies = -(-int(size) // len(body))
    open("%s/long-%s.md" % (res, name), "w").write("---\ntheme: important\ndate: 2024-03-14\n---\n" + "\n\n".join([body] * copies))
random.seed(11)
words = "paper ink garden letters quiet margin river stone window harbor notes draft".split()
for i in range(200):
    text = "\n\n".join("## Part %d\n\n%s." % (p, " ".join(random.choice(words) for _ in range(110))) for p in range(3))
    open("%s/batch/in/note%03d.md" % (res, i), "w").write("# Note %d\n\n%s\n" % (i, text))
PY
measure book-plain "$RENDER" "$RES/book-plain.md" -o "$RES/out/book-plain.pdf"
measure book-badge "$RENDER" "$RES/book-badge.md" -o "$RES/out/book-badge.pdf"
measure book-circle "$RENDER" "$RES/book-circle.md" -o "$RES/out/book-circle.pdf"
measure book-toc "$RENDER" "$RES/book-toc.md" -o "$RES/out/book-toc.pdf"
measure book-shapes "$RENDER" "$RES/book-shapes.md" -o "$RES/out/book-shapes.pdf"
measure book-4x "$RENDER" "$RES/book-4x.md" -o "$RES/out/book-4x.pdf"
# Long notes: one timed run each under GNU time (the 50 MB one takes minutes); LONG=0 skips them.
# Without the default limits (120 s, 1 GB): they measure how time and memory grow, and the 50 MB
# one passed 120 s on a busy machine, which stopped the whole benchmark.
if [ "${LONG:-1}" != 0 ]; then
    for size in 2.5 10 50; do
        /usr/bin/time -f '%e %M' -o "$RES/json/long-$size.time" "$RENDER" "$RES/long-$size.md" -o "$RES/out/long-$size.pdf" \
            --limit-time 0 --limit-memory 0 2>/dev/null
        echo "long-$size done"
    done
fi
measure batch-jobs1 "$RENDER" "$RES/batch/in" -o "$RES/batch/out1" --format png --jobs 1 --quiet
measure batch-jobs2 "$RENDER" "$RES/batch/in" -o "$RES/batch/out2" --format png --jobs 2 --quiet
"$RENDER" "$CORPUS/book.md" -o "$RES/out/timed.pdf" --timings 2>"$RES/timings.txt"

# Instructions, on a stripped copy (symbols would only cost the loader), with no time limit
# (valgrind runs it some 50 times slower). "Without colour": the same document with its fences'
# languages taken off, so that no code is coloured.
count() {
    local name=$1; shift
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : //p' > "$RES/json/$name.count"
    echo "$name counted"
}
grep '^cpu ' /proc/stat > "$RES/cpu.end"

if [ "${COUNT:-1}" != 0 ]; then
    counted=$RES/counted
    mkdir -p "$counted"
    cp "$RENDER" "$counted/render" && strip "$counted/render"
    cp "$ROOT/.build/release/libLetterpressHighlight.so" "$counted/"
    cp "$RES/floor" "$counted/floor" && strip "$counted/floor"
    for size in note book; do
        count "count-floor-$size" "$counted/floor" "$CORPUS/$size.md" "$RES/out/count-floor-$size.pdf"
        sed -E 's/^(```+|~~~+)[A-Za-z0-9_+-]+.*$/\1/' "$CORPUS/$size.md" > "$RES/$size-uncoloured.md"
        count "count-$size" "$counted/render" "$CORPUS/$size.md" -o "$RES/out/count-$size.pdf" --limit-time 0
        count "count-$size-uncoloured" "$counted/render" "$RES/$size-uncoloured.md" -o "$RES/out/count-$size-uncoloured.pdf" --limit-time 0
        if [ -x "$VENV/bin/python" ]; then
            count "count-typst-$size" "$VENV/bin/python" -c "import typst; typst.compile('$CORPUS/$size.typ', output='$RES/out/typst-$size.pdf')"
        fi
    done
    count count-version "$counted/render" --version
fi

python3 - "$RES" "$ROOT/BENCHMARKS.md" "$RENDER" <<'PY'
import csv, json, os, re, subprocess, sys, platform
res, target, render = sys.argv[1], sys.argv[2], sys.argv[3]
def load(name):
    path = "%s/json/%s.json" % (res, name)
    if not os.path.exists(path): return None
    r = json.load(open(path))["results"][0]
    rss = open("%s/json/%s.rss" % (res, name)).read().strip().splitlines()[-1]
    return r["median"], r["min"], r["max"], int(rss) // 1024
def pages(path):
    out = subprocess.run(["pdfinfo", path], capture_output=True, text=True).stdout
    m = re.search(r"^Pages:\s+(\d+)", out, re.M)
    return int(m.group(1)) if m else None
peers = {}
tsv = "%s/anchors/runs.tsv" % res
if os.path.exists(tsv):
    for row in csv.DictReader(open(tsv), delimiter="\t"):
        if row["json"] and os.path.exists(row["json"]):
            r = json.load(open(row["json"]))["results"][0]
            peers[(row["id"], row["size"])] = (r["median"], r["min"], r["max"], int(row["rss_kb"] or 0) // 1024)
lines = []
cpu = open("/proc/cpuinfo").read()
model = re.search(r"model name\s*:\s*(.*)", cpu).group(1)
def version(cmd):
    try: return subprocess.run(cmd, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except Exception: return "?"
lines += ["# Benchmarks", "",
          "Made by `make bench` (Scripts/bench.sh): medians of at least %s runs (hyperfine), whole process, with min–max;" % os.environ.get("RUNS", "7"),
          "peak memory from GNU time. Peers run in the same session through ../shared/bench/anchors.sh.", "",
          "- machine: %s, %d cores, %s" % (model, os.cpu_count(), platform.platform()),
          "- render: Swift %s; Pango %s, Cairo %s" % (version(["swift", "--version"]).split("(")[0].replace("Swift version", "").strip(),
                                                     version(["pkg-config", "--modversion", "pango"]), version(["pkg-config", "--modversion", "cairo"])), ""]
def cpu_ticks(name):
    return [int(v) for v in open("%s/%s" % (res, name)).read().split()[1:]]
start, end = cpu_ticks("cpu.start"), cpu_ticks("cpu.end")
spent = [b - a for a, b in zip(start, end)]
# /proc/stat: user nice system idle iowait irq softirq steal …
if sum(spent) > 0:
    lines[-1:-1] = ["- host: %.0f%% of the CPU time went to other machines while the timed runs ran (steal in /proc/stat);"
                    % (100 * spent[7] / sum(spent)),
                    "  above a few percent every wall time is slower and varies more than the machine's: compare",
                    "  within the run (the ratios), and the instruction counts, which do not depend on load"]
versions = "%s/anchors/versions.txt" % res
if os.path.exists(versions):
    lines += ["- peers: " + "; ".join(l.strip() for l in open(versions) if l.startswith(("weasyprint", "typst", "pango-view"))), ""]
lines += ["## The corpus to PDF, beside the peers", "",
          "The floor is Scripts/floor.c: cmark-gfm, Pango and Cairo alone, in C on one thread, on the same document in the",
          "default theme's first-choice fonts and measure (no theme, fallback lists, tags, links, outline, colouring or checks).", "",
          "| document | render | pages | pages/s | peak | Typst | WeasyPrint | pango-view | floor | render/Typst | render/WeasyPrint | render/floor |",
          "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
for size in ["note", "report", "book"]:
    ours = load("pdf-" + size)
    if not ours: continue
    n = pages("%s/out/%s.pdf" % (res, size))
    typst = peers.get(("typst-py", size)); weasy = peers.get(("weasy-html", size)); pango = peers.get(("pango-pdf", size))
    floor = load("floor-" + size)
    fmt = lambda r: "%.3f s (%.3f–%.3f)" % r[:3] if r else "–"
    ratio = lambda p: "%.2f" % (ours[0] / p[0]) if p else "–"
    lines.append("| %s | %s | %s | %.0f | %d MB | %s | %s | %s | %s | %s | %s | %s |" % (
        size, fmt(ours), n, n / ours[0] if n else 0, ours[3], fmt(typst), fmt(weasy), fmt(pango), fmt(floor),
        ratio(typst), ratio(weasy), ratio(floor)))
lines += ["", "## Other cases", "", "| case | median (min–max) | peak |", "|---|---:|---:|"]
labels = [("pdf-note-isolated", "note → PDF, --isolated-fonts"), ("png-note", "note → PNG, 144 dpi"),
          ("png-note-isolated", "note → PNG, 144 dpi, --isolated-fonts"), ("png-report", "report → PNG, 144 dpi"),
          ("png-book", "book → PNG, 144 dpi (all pages)"),
          ("book-plain", "book → PDF, no badge"), ("book-badge", "book → PDF, with the badge"),
          ("book-circle", "book → PDF, badge + a circle mid-column on page 2"),
          ("book-shapes", "book → PDF, badge + a circle mid-column on every page"),
          ("book-toc", "book → PDF, toc: true (no badge)"),
          ("batch-jobs1", "200 notes → PNG, --jobs 1"), ("batch-jobs2", "200 notes → PNG, --jobs 2")]
for name, label in labels:
    r = load(name)
    if r: lines.append("| %s | %.3f s (%.3f–%.3f) | %d MB |" % (label, r[0], r[1], r[2], r[3]))
b1, b2 = load("batch-jobs1"), load("batch-jobs2")
plain, badge, circle, shapes = load("book-plain"), load("book-badge"), load("book-circle"), load("book-shapes")
lines += [""]
if b1 and b2: lines.append("- batch throughput, --jobs 2 over --jobs 1: %.2f×" % (b1[0] / b2[0]))
if plain and badge: lines.append("- the badge costs the book %+.1f%%" % ((badge[0] / plain[0] - 1) * 100))
if plain and circle: lines.append("- the badge and one mid-column circle cost the book %+.1f%%" % ((circle[0] / plain[0] - 1) * 100))
if plain and shapes: lines.append("- the badge and a mid-column circle on every page cost the book %+.1f%%" % ((shapes[0] / plain[0] - 1) * 100))
toc = load("book-toc")
if plain and toc: lines.append("- a table of contents costs the book %+.1f%% (a layout that draws nothing, then the drawn one)" % ((toc[0] / plain[0] - 1) * 100))
book, four = load("book-badge"), load("book-4x")
book_pages, four_pages = pages("%s/out/book-badge.pdf" % res), pages("%s/out/book-4x.pdf" % res)
if book and four and book_pages and four_pages and four_pages > book_pages:
    lines.append("- peak memory, the book (%d pages) against the book four times over (%d pages, %.3f s): %d MB and %d MB, "
                 "%.3f MB more a page" % (book_pages, four_pages, four[0], book[3], four[3],
                                          (four[3] - book[3]) / (four_pages - book_pages)))
longs = []
for size in ["2.5", "10", "50"]:
    path = "%s/json/long-%s.time" % (res, size)
    if os.path.exists(path):
        seconds, kb = open(path).read().split()[-2:]
        longs.append((size, float(seconds), pages("%s/out/long-%s.pdf" % (res, size)), int(kb) // 1024))
if longs:
    lines += ["", "## Long notes whose footer shows the page count (`important` theme, one run each)", "",
              "| note | time | pages | peak |", "|---|---:|---:|---:|"]
    lines += ["| %s MB | %.1f s | %s | %d MB |" % l for l in longs]
    times = {l[0]: l[1] for l in longs}
    if "2.5" in times and "10" in times:
        lines += ["", "- 2.5 MB → 10 MB: %.2f× the time for 4× the input" % (times["10"] / times["2.5"])]
counts = {}
for name in ["note", "note-uncoloured", "typst-note", "floor-note", "book", "book-uncoloured", "typst-book", "floor-book", "version"]:
    path = "%s/json/count-%s.count" % (res, name)
    if os.path.exists(path) and open(path).read().strip():
        counts[name] = int(open(path).read().strip().replace(",", ""))
if counts:
    m = lambda name: "%.1f M" % (counts[name] / 1e6) if name in counts else "–"
    lines += ["", "## Instructions (valgrind --tool=callgrind, a stripped copy; Typst through Python)", "",
              "| case | render | Typst | floor | render/Typst | render/floor |", "|---|---:|---:|---:|---:|---:|"]
    ratio = lambda a, b: "%.2f" % (counts[a] / counts[b]) if a in counts and b in counts else "–"
    for size in ["note", "book"]:
        lines.append("| %s → PDF, its code coloured | %s | %s | %s | %s | %s |" % (
            size, m(size), m("typst-" + size), m("floor-" + size), ratio(size, "typst-" + size), ratio(size, "floor-" + size)))
        lines.append("| %s → PDF, no code coloured | %s | | | | %s |" % (
            size, m(size + "-uncoloured"), ratio(size + "-uncoloured", "floor-" + size)))
    lines.append("| `render --version` | %s | | | | |" % m("version"))
lines += ["", "## Where the time goes (book → PDF, `render --timings`)", "", "```"] + open("%s/timings.txt" % res).read().splitlines() + ["```", ""]
open(target, "w").write("\n".join(lines))
print("\n".join(lines))
PY
