import ArgumentParser
import Foundation
import Letterpress

/// `render compare A B`: golden-image comparison of two PNGs, or two PDFs page by page.
struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two renderings (PNG files, or PDF files page by page).",
        discussion: """
            Pixels count as different when their colours differ beyond --threshold, except where \
            the difference looks like anti-aliasing. Exit status: 0 within --tolerance, 1 when they \
            differ (with --diff, an image shows where, in red over a faded copy, and in blue where \
            only one has pixels): pages of different sizes, or PDFs with different page counts, \
            differ. 2 when they cannot be compared.
            """)

    @Argument(help: "The expected rendering (PNG or PDF).", completion: .file(extensions: ["png", "pdf"]))
    var expected: String

    @Argument(help: "The actual rendering (PNG or PDF).", completion: .file(extensions: ["png", "pdf"]))
    var actual: String

    @Option(parsing: .unconditional, help: "Share of pixels allowed to differ: a fraction (0.002) or a percentage (0.2%).")
    var tolerance = Parsed<Tolerance>(argument: "0")

    @Option(parsing: .unconditional, help: "Colour distance from 0 to 1 below which two pixels count as equal.")
    var threshold: Double = 0.1

    @Option(help: "Where to write a diff image (PDFs: one per differing page, NAME.N.png).")
    var diff: String?

    @Option(parsing: .unconditional, help: "Resolution at which PDF pages are rendered.")
    var dpi: Double = 72

    func validate() throws {
        _ = try tolerance.value()
        guard (0...1).contains(threshold) else { throw ValidationError("--threshold must be between 0 and 1") }
        guard dpi.isFinite, (9...1200).contains(dpi) else { throw ValidationError("--dpi must be between 9 and 1200") }
        if let diff {
            guard !diff.isEmpty else { throw ValidationError("--diff needs a file name") }
            let path = URL(fileURLWithPath: diff).resolvingSymlinksInPath().path
            if [expected, actual].contains(where: { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path == path }) {
                throw ValidationError("--diff \(diff) is one of the files compared; give another name")
            }
        }
    }

    func run() throws {
        let comparison = GoldenComparison(tolerance: try tolerance.value().fraction, threshold: threshold, dpi: dpi)
        let verdict: GoldenComparison.Verdict
        do {
            verdict = try comparison.compare(expected: URL(fileURLWithPath: expected), actual: URL(fileURLWithPath: actual),
                                             diff: diff.map { URL(fileURLWithPath: $0) })
        } catch {
            Console.error("cannot compare: \(error)")
            throw ExitCode(2)
        }
        if verdict.expectedPageCount != verdict.actualPageCount {
            print("\(actual) has \(verdict.actualPageCount) pages, \(expected) has \(verdict.expectedPageCount)")
        }
        for (page, result) in verdict.pages.enumerated() {
            let prefix = verdict.pages.count > 1 ? "page \(page + 1): " : ""
            var line = prefix + String(format: "%d of %d pixels differ (%.4f%%), %d anti-aliased",
                                       result.differingPixels, result.width * result.height, result.fraction * 100, result.antiAliasedPixels)
            if result.sizesDiffer { line += "; \(result.actualSize) pixels, expected \(result.expectedSize)" }
            print(line)
        }
        guard verdict.matches else {
            print(String(format: "differ: %.4f%% > tolerance %.4f%%", verdict.worst * 100, comparison.tolerance * 100))
            throw ExitCode.failure
        }
        print("match")
    }
}
