import Foundation

/// Where a rendering's time went, in seconds, for `render --timings`.
public struct Timings: Sendable, Equatable, Codable {
    /// Loading the theme and the first font look-ups it causes.
    public var theme = 0.0
    /// Parsing (reading and decoding the file included) on the main thread.
    public var parse = 0.0
    /// Styling on the main thread.
    public var style = 0.0
    /// Parsing on a second thread, beside typesetting: not part of the total.
    public var parseBeside = 0.0
    /// Styling on a second thread, beside typesetting: not part of the total.
    public var styleBeside = 0.0
    /// Shaping, line breaking and pagination (styling excluded).
    public var typeset = 0.0
    /// Shaping and line breaking on the second thread, once it has parsed everything: not
    /// part of the total.
    public var typesetBeside = 0.0
    /// Time typesetting waited for the second thread to parse and style the next blocks, or to
    /// lay out the last blocks it took.
    public var waiting = 0.0
    /// Painting page items on Cairo surfaces.
    public var draw = 0.0
    /// Encoding and writing files (PDF and SVG output); for PNG, which other threads compress,
    /// the time this thread waited for them.
    public var write = 0.0
    /// Laying the note out without drawing to find the pages its table of contents and
    /// `{page:#…}` show.
    public var measure = 0.0
    /// How many layouts finding those pages took in all, the drawn ones included (0 for a note
    /// without them, laid out once).
    public var measureLayouts = 0

    /// Timings with every step at zero.
    public init() {}

    package static func + (a: Timings, b: Timings) -> Timings {
        var sum = a
        sum.theme += b.theme
        sum.parse += b.parse
        sum.style += b.style
        sum.parseBeside += b.parseBeside
        sum.styleBeside += b.styleBeside
        sum.typeset += b.typeset
        sum.typesetBeside += b.typesetBeside
        sum.waiting += b.waiting
        sum.draw += b.draw
        sum.write += b.write
        sum.measure += b.measure
        sum.measureLayouts += b.measureLayouts
        return sum
    }

    /// Seconds since an arbitrary moment, from a monotonic clock.
    package static func now() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// The CPU time the calling thread has used, in seconds: a budget of it is not shortened
    /// by a busy machine.
    package static func threadSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `body`, adding its duration to `seconds`.
    package static func measure<T>(_ seconds: inout Double, _ body: () throws -> T) rethrows -> T {
        let start = now()
        defer { seconds += now() - start }
        return try body()
    }
}
