// swift-tools-version:6.0
import PackageDescription

// Linux only: the code calls Glibc, inotify and /proc/self/exe, and draws with Pango, Cairo
// and fontconfig from Debian's packages (Sources/Letterpress/LinuxOnly.swift stops the build
// elsewhere), so no other platform is declared.
let package = Package(
    name: "Letterpress",
    products: [
        .library(name: "Letterpress", targets: ["Letterpress"]),
        .library(name: "LetterpressTesting", targets: ["LetterpressTesting"]),
        .executable(name: "render", targets: ["render"]),
        // Coloured code: a shared library `render` opens only for notes whose code names a
        // language, installed beside it (see Styling/Highlight/HighlightLibrary.swift).
        .library(name: "LetterpressHighlight", type: .dynamic, targets: ["LetterpressHighlight"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        // TOML front matter (Hugo's `+++` blocks), read by toml++.
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        // `make docs`: the DocC catalog in Sources/Letterpress/Letterpress.docc.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // libxml2's headers alone (its functions are opened on first use, `XMLLibrary`): no
        // pkg-config, whose flags would link it into every process. The headers include each
        // other as <libxml/…>, which include/libxml, a link to Debian's, answers.
        .target(name: "CLibXML2"),
        .systemLibrary(
            name: "CHarfBuzz", pkgConfig: "harfbuzz",
            providers: [.apt(["libharfbuzz-dev"])]),
        // Graphviz's headers only (libgraphviz-dev): LetterpressDiagrams opens libgvc with
        // dlopen when a note holds a diagram, so nothing links it.
        .systemLibrary(name: "CGraphviz"),
        .systemLibrary(
            name: "CQt5", pkgConfig: "Qt5Gui",
            providers: [.apt(["qtbase5-dev"])]),
        // KDE's KSyntaxHighlighting (Debian's libkf5syntaxhighlighting-dev) behind a C face.
        // Letterpress must not depend on it: it is dlopened, never linked.
        .target(
            name: "LetterpressHighlight",
            dependencies: ["CQt5"],
            // No unsafe flags, so that packages depending on Letterpress by version can use the
            // product: the release library's link flags are the Makefile's (HIGHLIGHT_LINK).
            linkerSettings: [.linkedLibrary("KF5SyntaxHighlighting"), .linkedLibrary("Qt5Core")]),
        // The pipeline's stages, each a target that sees only the stages before it:
        // Core ← Markup ← Styling ← Typesetting ← Export ← Letterpress (the façade), which
        // re-exports them all (docs/architecture.md).
        .target(
            name: "LetterpressCore",
            dependencies: ["CFatalCleanup", "Yams"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        // TeX math: a parser and a layout on OpenType MATH fonts, read through HarfBuzz. A
        // stage beside the pipeline: Markup parses formulas with it, Typesetting lays them out.
        .target(
            name: "LetterpressMath",
            dependencies: ["LetterpressCore", "CHarfBuzz"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        // Diagrams: DOT laid out by Graphviz in process, and Mermaid diagrams read by the
        // project's own parser and laid out the same way, as SVG. Typesetting draws them.
        .target(
            name: "LetterpressDiagrams",
            dependencies: ["LetterpressCore", "CGraphviz", "Yams"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(
            name: "LetterpressMarkup",
            dependencies: ["LetterpressCore", "LetterpressMath", "CCmarkGFM", "CLibXML2", "CMessageFormat", "Yams", "TOMLKit"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(
            name: "LetterpressStyling",
            dependencies: ["LetterpressCore", "LetterpressMath", "LetterpressMarkup", "Yams"],
            resources: [.embedInCode("Themes")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(
            name: "LetterpressTypesetting",
            dependencies: ["LetterpressCore", "LetterpressMath", "LetterpressDiagrams", "LetterpressMarkup", "LetterpressStyling", "CCairo", "CPangoCairo", "CLibXML2", "Yams"],
            swiftSettings: [.swiftLanguageMode(.v6)],
            linkerSettings: [.linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig")]),
        .target(
            name: "LetterpressExport",
            dependencies: ["LetterpressCore", "LetterpressMarkup", "LetterpressTypesetting", "CCairo", "CPNGWriter", "CMemoryFile"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(
            name: "Letterpress",
            dependencies: ["LetterpressCore", "LetterpressMath", "LetterpressDiagrams", "LetterpressMarkup", "LetterpressStyling", "LetterpressTypesetting", "LetterpressExport", "CPangoCairo"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(
            name: "LetterpressTesting",
            dependencies: ["Letterpress"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "CFuzzDriver"),
        .target(name: "CFatalCleanup"),
        // memfd_create, for outputs rendered into memory (Swift's Glibc module does not declare it).
        .target(name: "CMemoryFile"),
        // ICU's MessageFormat and plural rules (Debian's libicu-dev), for `{{n, plural, …}}`.
        .target(name: "CMessageFormat", linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc")]),
        .target(name: "CPNGWriter", linkerSettings: [.linkedLibrary("deflate"), .linkedLibrary("z")]),
        .executableTarget(
            name: "LetterpressFuzz",
            dependencies: ["Letterpress", "CFuzzDriver"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(
            name: "render",
            dependencies: ["Letterpress", "Yams", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "LetterpressTests",
            dependencies: ["Letterpress", "LetterpressCore", "LetterpressMath", "LetterpressDiagrams", "LetterpressMarkup", "LetterpressStyling", "LetterpressTypesetting",
                           "LetterpressExport", "LetterpressTesting", "CPNGWriter", "Yams"],
            exclude: ["Golden", "Fixtures"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        .testTarget(
            name: "LetterpressMathTests",
            dependencies: ["LetterpressMath", "LetterpressCore"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
        // The command's own types, in-process; LetterpressTests runs the built `render` end to end.
        .testTarget(
            name: "RenderTests",
            dependencies: ["render"],
            swiftSettings: [.swiftLanguageMode(.v6)]),
    ],
    cxxLanguageStandard: .cxx17
)
