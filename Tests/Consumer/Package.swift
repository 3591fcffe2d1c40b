// swift-tools-version:6.0
import PackageDescription

// A package outside Letterpress that depends on it by version, as its users' packages do:
// `make consumer` (Scripts/consumer-check.sh) tags a clone of the repository and points
// LETTERPRESS_GIT_URL at it. SwiftPM refuses unsafe build flags in a dependency taken by
// version, so this is what proves that every product can be used that way.
let letterpress = Context.environment["LETTERPRESS_GIT_URL"] ?? "https://github.com/letterpress/letterpress"
let version = Version(Context.environment["LETTERPRESS_VERSION"] ?? "0.1.0") ?? "0.1.0"

let package = Package(
    name: "Groceries",
    dependencies: [
        .package(url: letterpress, from: version),
    ],
    targets: [
        // LetterpressHighlight beside Letterpress: the program colours code.
        .executableTarget(
            name: "Groceries",
            dependencies: [.product(name: "Letterpress", package: "Letterpress"),
                           .product(name: "LetterpressHighlight", package: "Letterpress")]),
        .testTarget(
            name: "GroceriesTests",
            dependencies: [.product(name: "Letterpress", package: "Letterpress"),
                           .product(name: "LetterpressTesting", package: "Letterpress")],
            exclude: ["groceries.png"]),
    ]
)
