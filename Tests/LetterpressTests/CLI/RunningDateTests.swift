import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// `{date}` in headers and footers: the note's date, as its locale writes it, on the day its
/// own zone says.
@Suite struct RunningDateTests {
    /// The text of page 2 of `note` rendered in the `important` theme, whose header shows `{date}`.
    private func secondPage(_ note: String, _ arguments: [String] = []) throws -> String {
        let folder = try TestSupport.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(note.utf8).write(to: folder.appendingPathComponent("n.md"))
        let result = try runRender(["n.md", "-o", "n.pdf", "--theme", "important"] + arguments, in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        return try popplerOutput("pdftotext", ["-f", "2", "-l", "2", folder.appendingPathComponent("n.pdf").path, "-"])
    }

    @Test func theHeadersDateFollowsTheLocale() throws {
        let note = "---\ntitle: Rechnung\ndate: 2024-03-14\n---\none\n\n\\pagebreak\n\ntwo\n"
        #expect(try secondPage(note).contains("Mar 14, 2024"))
        #expect(try secondPage(note, ["--locale", "de"]).contains("14.03.2024"))
        #expect(try secondPage(note, ["--locale", "ja"]).contains("2024/03/14"))
        let undated = "one\n\n\\pagebreak\n\ntwo\n"
        #expect(try secondPage(undated, ["--date", "2024-05-06"]).contains("May 6, 2024"))
        #expect(!(try secondPage(undated)).contains("2024"))
    }

    /// Half past midnight in Tokyo is still the 13th in UTC: the header and the badge say the 14th.
    @Test func aZonedDateIsThatDayInItsZone() throws {
        let note = "---\ndate: 2024-03-14 00:30:00 +09:00\n---\none\n\n\\pagebreak\n\ntwo\n"
        #expect(try secondPage(note).contains("Mar 14, 2024"))
        #expect(BadgePlan.lines(for: try #require(PDFDate.parse("2024-03-14 00:30:00 +09:00")), locale: Locale(identifier: "en"),
                                offset: 9 * 3600) == ["MAR", "14", "2024"])
    }

    /// English skips ICU for speed; its text is what ICU's medium date style writes.
    @Test func englishWithoutICUIsWhatICUWrites() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateStyle = .medium
        for day in ["2024-01-01", "2024-05-06", "2024-12-31", "1999-09-09"] {
            let date = try #require(PDFDate.parse(day))
            #expect(BadgePlan.mediumDate(date, locale: Locale(identifier: "en")) == formatter.string(from: date))
        }
    }
}
