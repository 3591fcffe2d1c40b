import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore

/// Warnings and errors carry codes a program can switch on, and the catalog lists every one.
@Suite(.fontWork) struct WarningCodeTests {
    /// Notes of one problem each, parsed, styled and laid out by `Renderer`, come back with the
    /// code of that problem: codes are given where the warning is made, at every stage.
    @Test func warningsOfEachStageCarryTheirCode() throws {
        let notes: [(String, Warning.Code)] = [
            ("---\ndate: soon\n---\nText", .invalidDate),
            ("[TOC]\n\n[TOC]\n\n# A", .repeatedContents),
            ("::: note\nnever closed", .unclosedMarkup),
            ("Some ^[x](bogus: 1) text", .unknownAttribute),
            ("Some ^[x](size: 'huge') text", .invalidAttributeValue),
            ("Some ^[x](effect: letterpress) text", .invalidAttributes),
            ("Some ^[x][nolabel] text", .undefinedAttributeLabel),
            ("Some ^[x](customStyle: 'nosuch') text", .unknownCustomStyle),
            ("Some ^[x](customColor: 'nosuch') text", .unknownCustomColor),
            ("A [link](#nowhere)", .brokenInternalLink),
            ("A {{nothing}} here", .undefinedVariable),
            ("![remote](https://example.com/a.png)", .remoteImage),
            ("![pic](nothere.png)", .imageNotDrawn),
            ("$$ \\frac{1}{ $$", .formulaProblem),
            ("$$ x \\label{a} $$\n\nSee \\eqref{b}.", .undefinedReference),
            ("$$ x \\label{a} $$\n\n$$ y \\label{a} $$", .duplicateLabel),
            ("```mermaid\nflowchart LR\n  A -->\n```", .diagramNotDrawn),
            ("A bell \u{1} rings", .glyphMissing),
        ]
        let renderer = Renderer()
        for (note, code) in notes {
            let warnings = try renderer.renderDocument(markdown: note, as: .pdf).warnings
            #expect(warnings.map(\.code) == [code], "\(note): \(warnings)")
        }
    }

    /// A theme's warnings, found when it is loaded, carry their codes too.
    @Test func themeWarningsCarryTheirCodes() throws {
        let theme = try TestSupport.temporaryFolder().appendingPathComponent("t.yaml")
        try "body:\n  sise: 12\n  font: [\"No Such Family\"]\n".write(to: theme, atomically: true, encoding: .utf8)
        let warnings = try Renderer(theme: .file(theme)).renderDocument(markdown: "# Title\n\nText", as: .pdf).warnings
        #expect(warnings.map(\.code) == [.unknownThemeKey, .fontMissing], "\(warnings.map(\.description))")
    }

    /// A summary line keeps the code of the warnings it counts.
    @Test func aSummaryHasTheCodeOfWhatItCounts() throws {
        let note = (1...12).map { "![\($0)](missing-\($0).png)" }.joined(separator: "\n\n")
        let warnings = try Renderer().renderDocument(markdown: note, as: .pdf).warnings
        #expect(warnings.count == 11 && warnings[10].message.hasPrefix("… and 2 more"), "\(warnings)")
        #expect(Set(warnings.map(\.code)) == [.imageNotDrawn])
    }

    /// Errors are cases to switch on, `invalidOption` with the code of what was wrong, and every
    /// error has a code; their messages are as they were.
    @Test func errorsAreCasesAndCodes() throws {
        func error(_ body: () throws -> Void) -> LetterpressError? {
            do { try body() } catch let error as LetterpressError { return error } catch {}
            return nil
        }
        var options = RenderOptions()
        options.dpi = 5000
        let dpi = error { _ = try Renderer(options: options).render(markdown: "Text.", as: .png) }
        guard case let .invalidOption(.resolutionOutOfRange, message)? = dpi else {
            Issue.record("not a resolution out of range: \(String(describing: dpi))")
            return
        }
        #expect(message == "dpi must be between 9 and 1200, not 5000.0")

        let margins = error { _ = try Renderer().render(markdown: "---\nmargin: 400pt\n---\nText", as: .pdf) }
        #expect(margins?.code == .noRoomForText)
        #expect(margins?.description == "the margins leave no room for text on a 595.276×841.89 pt page")

        let theme = error { _ = try Renderer(theme: .named("nosuch")).render(markdown: "Text", as: .pdf) }
        #expect(theme?.code == .unknownTheme)
        if case .unknownTheme(let name, _)? = theme { #expect(name == "nosuch") } else { Issue.record("\(String(describing: theme))") }

        let frontMatter = error { _ = try Renderer().render(markdown: "---\nmargin: wide\npageSize: a9\n---\nText", as: .pdf) }
        #expect(frontMatter?.code == .invalidFrontMatter)
        #expect(frontMatter?.errors.map(\.code) == [.invalidFrontMatter, .invalidFrontMatter])
    }

    /// Every code the library declares is listed once in the catalog's article, and every code
    /// listed there is one: the list cannot fall behind. Each constant's name is its identifier
    /// in camel case, so that neither is misspelt.
    @Test func everyCodeIsInTheCatalog() throws {
        func constants(_ file: String) throws -> [(name: String, rawValue: String)] {
            let source = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Sources/LetterpressCore/\(file)"), encoding: .utf8)
            return source.matches(of: #/static let (\w+) = Code\(rawValue: "([^"]*)"\)/#).map { (String($0.1), String($0.2)) }
        }
        let codes = try constants("Warning+Code.swift") + constants("LetterpressError+Code.swift")
        #expect(codes.count >= 60)
        for (name, rawValue) in codes {
            let words = rawValue.split(separator: "-").enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }
            #expect(words.joined() == name, "\(name) is '\(rawValue)'")
        }
        let article = try String(contentsOf: DocumentationTests.catalog.appendingPathComponent("WarningAndErrorCodes.md"), encoding: .utf8)
        let listed = article.matches(of: #/\n- `([a-z-]+)`: \S/#).map { String($0.1) }
        #expect(listed.sorted() == codes.map(\.rawValue).sorted())
        #expect(Set(listed).count == listed.count)
        #expect(Warning.Code.imageNotDrawn.rawValue == "image-not-drawn" && LetterpressError.Code.unknownTheme.description == "unknown-theme")
    }
}
