#!/usr/bin/env bash
# Builds and runs Tests/Consumer, a package that depends on Letterpress by version, as a user's
# package does: from a clone of this repository's HEAD (commit first: uncommitted changes are
# not in it), tagged with the release's version. SwiftPM refuses a dependency taken by version
# whose products carry unsafe build flags, so this fails if one creeps back. RECORD=1 records the
# test's reference image instead of comparing with it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(sed -n 's/.*static let version = "\(.*\)"/\1/p' "$root/Sources/Letterpress/Rendering/Renderer.swift")
work=$(mktemp -d "${TMPDIR:-/tmp}/letterpress-consumer.XXXXXX")
trap 'rm -rf "$work"' EXIT

git clone --quiet --no-hardlinks "$root" "$work/letterpress"
git -C "$work/letterpress" -c user.name=consumer -c user.email=consumer@localhost tag -a "$version" -m "$version"
cp -R "$root/Tests/Consumer" "$work/consumer"
cd "$work/consumer"
export LETTERPRESS_GIT_URL="file://$work/letterpress" LETTERPRESS_VERSION="$version"
swift build --build-tests
.build/debug/Groceries
if [ "${RECORD:-}" = 1 ]; then
    LETTERPRESS_RECORD_GOLDEN=1 swift test --skip-build || true
    cp Tests/GroceriesTests/groceries.png "$root/Tests/Consumer/Tests/GroceriesTests/groceries.png"
    echo "recorded Tests/Consumer/Tests/GroceriesTests/groceries.png: look at it"
else
    swift test --skip-build
fi
