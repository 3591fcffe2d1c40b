#!/bin/bash
# The Letterpress module's DocC site, with the stages it re-exports. The DocC plugin documents a
# target's own symbols only, and `Letterpress` holds the façade: the stages' public types
# (Document, Styler, Theme, Page…) live in LetterpressCore, …Markup, …Styling, …Typesetting and
# …Export and reach users through `@_exported import`. swift-symbolgraph-extract includes
# them when told which modules it may take re-exported symbols from.
set -euo pipefail
swift=${SWIFT:-swift}
output=${1:-.build/docs/Letterpress}
stages=LetterpressCore,LetterpressMath,LetterpressMarkup,LetterpressStyling,LetterpressTypesetting,LetterpressExport

"$swift" build --target Letterpress
"$swift" build --product snippet-extract
bin=$("$swift" build --show-bin-path)
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT

# The C modules the stages import: the package's own and its dependencies'.
modules=()
for map in "$bin"/*.build/module.modulemap .build/checkouts/Yams/Sources/CYaml/include/module.modulemap; do
    modules+=(-Xcc "-fmodule-map-file=$map")
done
for folder in Sources/C*/; do modules+=(-I "$folder"); done
for flag in $(pkg-config --cflags-only-I pangocairo cairo-ft libcmark-gfm libxml-2.0 librsvg-2.0 gdk-pixbuf-2.0); do
    modules+=(-Xcc "$flag")
done

swift-symbolgraph-extract -module-name Letterpress -I "$bin/Modules" "${modules[@]}" \
    -target "$(uname -m)-unknown-linux-gnu" -minimum-access-level public \
    -experimental-allowed-reexported-modules=$stages -output-dir "$graphs"
"$bin/snippet-extract" --output "$graphs/Letterpress-snippets.symbols.json" --module-name Letterpress \
    $(find "$PWD/Snippets" -name '*.swift' | sort)

rm -rf "$output"
docc convert Sources/Letterpress/Letterpress.docc --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name Letterpress --fallback-bundle-identifier Letterpress \
    --output-path "$output" --transform-for-static-hosting --hosting-base-path Letterpress --warnings-as-errors
