// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Letterpress",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "Letterpress", targets: ["Letterpress"]),
        .executable(name: "render", targets: ["render"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(
            name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        .systemLibrary(
            name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .target(
            name: "Letterpress",
            dependencies: ["CPangoCairo", "CCmarkGFM", "CGdkPixbuf", "Yams"],
            resources: [.copy("Themes")],
            swiftSettings: [.swiftLanguageMode(.v5)],
            linkerSettings: [.linkedLibrary("pangoft2-1.0"), .linkedLibrary("fontconfig")]),
        .executableTarget(
            name: "render",
            dependencies: ["Letterpress", "Yams", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .testTarget(
            name: "LetterpressTests",
            dependencies: ["Letterpress"],
            exclude: ["Golden", "Fixtures"],
            swiftSettings: [.swiftLanguageMode(.v5)]),
    ]
)
