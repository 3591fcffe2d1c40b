import Foundation

/// When `assertRendering` writes reference images instead of comparing with them. Recording
/// always fails the check, so that a recording run never passes by accident: look at what was
/// recorded, then run again.
public enum RecordMode: Sendable, Equatable {
    /// Compare with every reference; a missing one is a failure.
    case never
    /// Record the references that are missing, compare with the others.
    case missing
    /// Record every reference, and remove reference pages the document no longer has.
    case all

    /// What the environment variable `LETTERPRESS_RECORD_GOLDEN` says: `missing` for the value
    /// `missing`, `all` for any other value, `never` when it is not set.
    public static var fromEnvironment: RecordMode {
        switch ProcessInfo.processInfo.environment["LETTERPRESS_RECORD_GOLDEN"] {
        case nil: .never
        case "missing": .missing
        default: .all
        }
    }
}
