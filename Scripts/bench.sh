#!/usr/bin/env bash
# Renders the shared benchmark corpus with `render` and, in the same run, with the peer tools
# (Typst, WeasyPrint, pango-view) through ../shared/bench/anchors.sh, and prints the medians.
#
# usage: Scripts/bench.sh [SIZE ...]     SIZE in note report book (default: all three)
# env:   RUNS=5 (hyperfine minimum runs), ONLY='regex' (anchor ids), VENV=/tmp/anchors-venv
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCH=${BENCH:-$ROOT/../shared/bench}
VENV=${VENV:-/tmp/anchors-venv}
RES=${RES:-/tmp/letterpress-bench}
RENDER=$ROOT/.build/release/render

[ -d "$BENCH" ] || { echo "no benchmark corpus at $BENCH" >&2; exit 1; }
[ -x "$RENDER" ] || { echo "build first: make build" >&2; exit 1; }

missing=""
for package in pandoc pango1.0-tools poppler-utils hyperfine time; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing="$missing $package"
done
if [ -n "$missing" ]; then
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
if [ ! -x "$VENV/bin/weasyprint" ]; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install -q weasyprint typst markdown
fi

rm -rf "$RES"
RES=$RES VENV=$VENV RUNS=${RUNS:-5} ONLY=${ONLY:-'weasy-html|typst-py|pango-pdf|letterpress'} \
    OUTMD=$RES/ANCHORS.md PROJECT_ID=letterpress PROJECT_CMD="$RENDER {md} -o {pdf}" \
    bash "$BENCH/anchors.sh" "$@"

python3 - "$RES" <<'PY'
import csv, json, os, sys
res = sys.argv[1]
rows = {}
with open(os.path.join(res, "runs.tsv")) as f:
    for row in csv.DictReader(f, delimiter="\t"):
        if row["json"] and os.path.exists(row["json"]):
            result = json.load(open(row["json"]))["results"][0]
            rows[(row["id"], row["size"])] = (result["median"], result["min"], result["max"], row["rss_kb"])
sizes = sorted({size for _, size in rows}, key=["note", "report", "book"].index)
print("\n| tool | " + " | ".join(f"{s} median (min–max) s" for s in sizes) + " | max RSS (largest) |")
print("|---|" + "---:|" * (len(sizes) + 1))
for tool in ["letterpress", "typst-py", "weasy-html", "pango-pdf"]:
    cells = []
    for size in sizes:
        r = rows.get((tool, size))
        cells.append(f"{r[0]:.3f} ({r[1]:.3f}–{r[2]:.3f})" if r else "–")
    rss = rows.get((tool, sizes[-1]), (0, 0, 0, ""))[3]
    print(f"| {tool} | " + " | ".join(cells) + f" | {int(rss) // 1024 if rss else '–'} MB |")
print()
for peer in ["typst-py", "weasy-html"]:
    for size in sizes:
        if (peer, size) in rows and ("letterpress", size) in rows:
            ratio = rows[("letterpress", size)][0] / rows[(peer, size)][0]
            print(f"letterpress / {peer} on {size}: {ratio:.2f}")
PY
