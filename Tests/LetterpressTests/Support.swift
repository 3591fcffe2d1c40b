import Foundation
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// Paths and helpers shared by the tests.
enum TestSupport {
    /// Tests/LetterpressTests.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let packageRoot = testsFolder.deletingLastPathComponent().deletingLastPathComponent()
    static let fixtures = testsFolder.appendingPathComponent("Fixtures")
    static let golden = testsFolder.appendingPathComponent("Golden")

    /// The `render` executable that `swift test` built beside the test bundle.
    static var renderExecutable: URL { Bundle.main.bundleURL.appendingPathComponent("render") }

    /// A new empty temporary folder, inside the test process's own (`processFolder`).
    static func temporaryFolder() throws -> URL {
        let url = processFolder.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The folder of this test process's temporary folders, removed when the process exits: a
    /// full run made some 1,500 of them and left them all behind.
    private static let processFolder: URL = {
        atexit { try? FileManager.default.removeItem(at: TestSupport.processFolderPath) }
        return processFolderPath
    }()

    private static let processFolderPath = FileManager.default.temporaryDirectory.appendingPathComponent("letterpress-tests-\(getpid())")

    static func parse(_ markdown: String) throws -> Document {
        try MarkdownParser.parse(markdown, file: "test.md")
    }

    static let defaultTheme: Theme = try! ThemeLoader().load("default")

    /// Typesets `markdown` with the default theme on a page of the given geometry.
    static func typeset(
        _ markdown: String, theme: Theme = defaultTheme,
        geometry: PageGeometry = PageGeometry(size: .a4, margins: Margins(top: 72, right: 72, bottom: 72, left: 72))
    ) throws -> TypesetDocument {
        return try PageTypesetter(geometry: geometry, fonts: FontContext())
            .typeset(styled(try parse(markdown), theme: theme), baseURL: fixtures, file: "test.md")
    }

    /// `document` styled with `theme`, its warnings naming `file`.
    static func styled(_ document: Document, theme: Theme = defaultTheme, file: String = "test.md") -> StyledDocument {
        Styler(theme: theme, file: file).style(document)
    }

    /// Whether `item` is the default theme's footer on `page`: the page number, in the bottom
    /// margin of `typeset`'s geometry, which is not the note's text.
    static func isFooter(_ item: PageItem, on page: Page) -> Bool {
        guard case let .text(line) = item else { return false }
        return line.origin.y > page.size.height - 72 && line.string.allSatisfy(\.isNumber)
    }
}
