import Foundation

/// The names of what a comparison writes beside a reference, one convention for
/// `render --golden`, `assertRendering` and `render compare`.
public enum GoldenFiles {
    /// `NAME.diff.png` beside `reference`: its differences from the rendering, in red.
    public static func diff(for reference: URL) -> URL {
        reference.deletingPathExtension().appendingPathExtension("diff.png")
    }

    /// `NAME.actual.png` beside `reference`: the rendering that differed from it.
    public static func actual(for reference: URL) -> URL {
        reference.deletingPathExtension().appendingPathExtension("actual.png")
    }

    /// The diff image of page `number` (from 1) when the files compared have several pages:
    /// `NAME.N.png` for a `diff` of `NAME.png`.
    public static func diff(_ diff: URL, page number: Int) -> URL {
        diff.deletingPathExtension().appendingPathExtension("\(number).png")
    }
}
