import Foundation
import Testing

/// The check: one invoice template, its phrases in a string catalog, renders in
/// English and German from the command line.
@Suite struct LocalizedInvoiceTests {
    private static let samples = TestSupport.packageRoot.appendingPathComponent("Samples")

    /// The PDF text of `note` rendered with `arguments`, line breaks and no-break spaces made spaces.
    private func text(_ note: URL, _ arguments: [String]) throws -> (String, CommandResult) {
        let folder = try TestSupport.temporaryFolder()
        let pdf = folder.appendingPathComponent("invoice.pdf")
        let result = try runRender([note.path, "-o", pdf.path] + arguments, in: folder)
        let text = result.status == 0 ? try pdfText(pdf) : ""
        return (text.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\u{A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " "), result)
    }

    @Test func theInvoiceSpeaksEnglishAndGerman() throws {
        let invoice = Self.samples.appendingPathComponent("invoice.md")
        let (english, result) = try text(invoice, ["--locale", "en"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        for phrase in ["Invoice 2024-031", "3 files", "€1,234.50", "March 14, 2024", "Please pay within 30 days", "Period: Feb 19",
                       "Mar 8, 2024"] {
            #expect(english.contains(phrase), "\(phrase)")
        }

        // The template without its front matter's table, which --strings then gives.
        let folder = try TestSupport.temporaryFolder()
        let template = folder.appendingPathComponent("invoice.md")
        let source = try String(contentsOf: invoice, encoding: .utf8)
        try source.replacingOccurrences(of: "strings: Localizable.xcstrings\n", with: "").write(to: template, atomically: true, encoding: .utf8)
        let catalog = Self.samples.appendingPathComponent("Localizable.xcstrings").path
        let (german, germanResult) = try text(template, ["--locale", "de", "--strings", catalog])
        #expect(germanResult.status == 0 && germanResult.stderr.isEmpty, "\(germanResult.stderr)")
        for phrase in ["Rechnung 2024-031", "3 Dateien", "1.234,50 €", "14. März 2024", "innerhalb von 30 Tagen",
                       "Leistungszeitraum: 19.02.", "08.03.2024"] {
            #expect(german.contains(phrase), "\(phrase)")
        }
    }

    @Test func aMissingTableFailsTheNoteAtItsLine() throws {
        let folder = try TestSupport.temporaryFolder()
        let note = folder.appendingPathComponent("n.md")
        try "---\nstrings: [Missing.xcstrings]\n---\n^[Hi](localized: 'hi')\n".write(to: note, atomically: true, encoding: .utf8)
        let result = try runRender([note.path, "-o", folder.appendingPathComponent("n.pdf").path], in: folder)
        #expect(result.status != 0)
        #expect(result.stderr.contains("n.md:2:10: error: front matter: strings: Missing.xcstrings: no such file"), "\(result.stderr)")
    }

    /// `render inspect` reads the front matter's tables and `--strings`, as rendering does, and
    /// lists its warnings in file order.
    @Test func inspectTranslatesAsRenderingDoes() throws {
        let invoice = Self.samples.appendingPathComponent("invoice.md")
        let german = try runRender(["inspect", invoice.path, "--locale", "de"], in: Self.samples)
        let dump = String(decoding: german.stdout, as: UTF8.self)
        #expect(german.status == 0 && german.stderr.isEmpty, "\(german.stderr)")
        #expect(dump.contains("\"Rechnung\"") && dump.contains("3 Dateien"), "\(dump)")
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("^[Total](localized: 'invoice.total') ^[a](localized: 'nope.two')\n\n^[b](size: x)\n".utf8)
            .write(to: folder.appendingPathComponent("n.md"))
        let catalog = Self.samples.appendingPathComponent("Localizable.xcstrings").path
        let table = try runRender(["inspect", "n.md", "--locale", "de", "--strings", catalog], in: folder)
        #expect(String(decoding: table.stdout, as: UTF8.self).contains("\"Summe\""))
        #expect(table.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.map { String($0.prefix(9)) } == ["n.md:1:38", "n.md:3:1:"])
        // Without its table, the invoice's missing translations are listed from its top down.
        let source = try String(contentsOf: invoice, encoding: .utf8)
        try source.replacingOccurrences(of: "strings: Localizable.xcstrings\n", with: "").write(to: folder.appendingPathComponent("i.md"), atomically: true, encoding: .utf8)
        let lines = try runRender(["inspect", "i.md", "--locale", "de"], in: folder).stderr.components(separatedBy: "\n")
            .compactMap { $0.split(separator: ":").dropFirst().first.flatMap { Int($0) } }
        #expect(lines.count > 5 && lines == lines.sorted(), "\(lines)")
    }
}
