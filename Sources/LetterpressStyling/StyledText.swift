import Foundation
import LetterpressMarkup

/// A paragraph's text with its styled runs, ranges in UTF-8 bytes as Pango counts them.
package struct StyledText: Sendable, Equatable {
    package var string: String
    package var runs: [StyledRun]
    /// The style of the paragraph itself, which sets the height of an empty one.
    package var base: TextStyle?
    /// The named places in the text, in order: where links inside the document go.
    package var anchors: [TextAnchor]

    package init(string: String, runs: [StyledRun], base: TextStyle? = nil, anchors: [TextAnchor] = []) {
        self.string = string
        self.runs = runs
        self.base = base
        self.anchors = anchors
        if Self.hasNUL(string) { self = replacingNULs() }
    }

    /// Whether `string` holds a NUL, which Pango takes for the end of the text (and whose
    /// itemizer may abort on it): a value from a string table, front matter, an archive or the
    /// library may bring one into any text, however the note was read.
    private static func hasNUL(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in bytes.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }
    }

    /// Plain text in one style.
    package init(_ string: String, style: TextStyle) {
        self.init(string: string, runs: [StyledRun(range: 0..<string.utf8.count, style: style)], base: style)
    }
}

/// A named place in a paragraph's text: an anchor (`LetterpressAttributes.AnchorAttribute`)
/// at a UTF-8 offset.
package struct TextAnchor: Sendable, Equatable {
    package var name: String
    package var offset: Int

    package init(name: String, offset: Int) {
        self.name = name
        self.offset = offset
    }
}

extension StyledText {
    /// The line limit of the paragraph: the first run's that has one.
    package var lineLimit: LineLimit? {
        runs.lazy.compactMap { run in run.style.lineLimit.map { LineLimit(lines: $0, truncation: run.style.truncation) } }.first
    }

    /// The width the paragraph is set in: its first run's `width`, unless that run is an image,
    /// whose own width it is.
    package var paragraphWidth: ImageWidth? {
        guard let first = runs.first, first.style.inlineImage == nil else { return nil }
        return first.style.paragraphWidth
    }

    /// How the paragraph may fit its lines when it would take more (`minimumScaleFactor`,
    /// `allowsTightening`): its first run's that sets either.
    package var fitting: (minimumScaleFactor: Double, allowsTightening: Bool)? {
        // By index: asked of every paragraph, and a style copied out of each run costs its retains.
        for index in runs.indices {
            let (factor, tightening) = (runs[index].style.minimumScaleFactor, runs[index].style.allowsTightening)
            if factor != nil || tightening { return (factor ?? 1, tightening) }
        }
        return nil
    }

    /// The text with every size, and the spacing that goes with it, multiplied by `factor`, and
    /// `tightening` times each run's size taken from the space between its letters.
    package func fitted(scale factor: Double, tightening: Double) -> StyledText {
        var fitted = self
        for index in fitted.runs.indices {
            var style = fitted.runs[index].style
            style.tracking = style.tracking * factor - tightening * style.size * factor
            style.size *= factor
            style.baselineOffset *= factor
            fitted.runs[index].style = style
        }
        if var base = fitted.base {
            base.size *= factor
            fitted.base = base
        }
        return fitted
    }

    /// Words longer than this many bytes get a zero-width space every `longWordStep` bytes.
    static let longWord = 200
    static let longWordStep = 64

    /// The text with invisible break opportunities (U+200B) inside words longer than
    /// `longWord` bytes, runs moved to match; the text itself when it has none.
    package func breakingLongWords() -> StyledText {
        var run = 0
        var needed = false
        for byte in string.utf8 {
            run = byte == 0x20 || byte == 0x0A || byte == 0x09 ? 0 : run + 1
            if run > Self.longWord { needed = true; break }
        }
        guard needed else { return self }
        var offsets: [Int] = []
        run = 0
        for (index, byte) in string.utf8.enumerated() {
            // Only between characters: a UTF-8 continuation byte never starts one.
            if run >= Self.longWordStep && byte & 0xC0 != 0x80 {
                offsets.append(index)
                run = 0
            }
            run = byte == 0x20 || byte == 0x0A || byte == 0x09 ? 0 : run + 1
        }
        return insertingBreaks(before: offsets)
    }

    /// The text with each NUL replaced by U+FFFD, as a note's own NULs are, runs and anchors
    /// moved to match.
    private func replacingNULs() -> StyledText {
        rewritten { _, byte in byte == 0 ? (prefix: [], bytes: [0xEF, 0xBF, 0xBD]) : nil }
    }

    /// The text with an invisible break opportunity (U+200B) before each of `offsets` (UTF-8
    /// offsets on character boundaries, in order), runs and anchors moved to match.
    package func insertingBreaks(before offsets: [Int]) -> StyledText {
        guard !offsets.isEmpty else { return self }
        var next = 0
        return rewritten { index, byte in
            guard next < offsets.count && offsets[next] == index else { return nil }
            next += 1
            return (prefix: [0xE2, 0x80, 0x8B], bytes: [byte])
        }
    }

    /// The text with some bytes rewritten: `change` gives, for a byte and its offset, what
    /// goes before it (which ends the run before) and what it becomes, or nil to keep it.
    /// Runs and anchors move to where their first byte went.
    private func rewritten(_ change: (Int, UInt8) -> (prefix: [UInt8], bytes: [UInt8])?) -> StyledText {
        let bytes = Array(string.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var mapping = [Int](repeating: 0, count: bytes.count + 1)
        for (index, byte) in bytes.enumerated() {
            if let (prefix, replacement) = change(index, byte) {
                output += prefix
                mapping[index] = output.count
                output += replacement
            } else {
                mapping[index] = output.count
                output.append(byte)
            }
        }
        mapping[bytes.count] = output.count
        let runs = self.runs.map { StyledRun(range: mapping[$0.range.lowerBound]..<mapping[$0.range.upperBound], style: $0.style, id: $0.id) }
        let anchors = self.anchors.map { TextAnchor(name: $0.name, offset: mapping[$0.offset]) }
        return StyledText(string: String(decoding: output, as: UTF8.self), runs: runs, base: base, anchors: anchors)
    }

    /// The text on one line, its line breaks (U+2028) spaces and without the marks that
    /// stand for images: a heading's title in the PDF outline.
    package var oneLine: String {
        String(String.UnicodeScalarView(string.unicodeScalars.compactMap { $0 == "\u{2028}" ? " " : $0 == "\u{FFFC}" ? nil : $0 }))
            .trimmingCharacters(in: .whitespaces)
    }

    /// Where the run `count` runs after the one holding byte `byte` starts, if there is one.
    package func start(ofRun count: Int, after byte: Int) -> Int? {
        let index = firstRun(reaching: byte) + count
        return index < runs.count ? runs[index].range.lowerBound : nil
    }

    /// The index of the first run that ends after `byte`, found by halving (runs are in order
    /// and do not overlap).
    private func firstRun(reaching byte: Int) -> Int {
        var first = 0
        var past = runs.count
        while first < past {
            let middle = (first + past) / 2
            if runs[middle].range.upperBound <= byte { first = middle + 1 } else { past = middle }
        }
        return first
    }

    /// The text of `bytes` (UTF-8 offsets on character boundaries) with its runs clipped and
    /// moved to start at 0, keeping their ids.
    package func slice(_ bytes: Range<Int>) -> StyledText {
        // Native strings index their UTF-8 by offset in constant time: no copy of the whole.
        let utf8 = string.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
        let part = String(decoding: utf8[lower..<utf8.index(lower, offsetBy: bytes.count)], as: UTF8.self)
        var runs: [StyledRun] = []
        for run in self.runs[firstRun(reaching: bytes.lowerBound)...] {
            guard run.range.lowerBound < bytes.upperBound else { break }
            let clipped = run.range.clamped(to: bytes)
            guard !clipped.isEmpty else { continue }
            runs.append(StyledRun(range: (clipped.lowerBound - bytes.lowerBound)..<(clipped.upperBound - bytes.lowerBound),
                                  style: run.style, id: run.id))
        }
        let anchors = self.anchors.isEmpty ? [] : self.anchors.filter { bytes.contains($0.offset) }.map {
            TextAnchor(name: $0.name, offset: $0.offset - bytes.lowerBound)
        }
        return StyledText(string: part, runs: runs, base: base, anchors: anchors)
    }
}
