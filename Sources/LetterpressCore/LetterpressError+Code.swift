extension LetterpressError {
    /// What went wrong, as a stable identifier a program can switch on (`"unknown-theme"`); the
    /// catalog's "Warning and error codes" article lists them all. `LetterpressError.code`
    /// gives it for every error; `invalidOption` carries it, since options fail in many ways.
    ///
    /// A struct rather than an enum, as `Warning.Code` is: an added code breaks no caller's
    /// `switch`. Switch on the constants with a `default:`, or compare `rawValue`s.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        /// The identifier: lowercase words joined by hyphens, never changed once released.
        public let rawValue: String

        /// The code `rawValue`, known or not (one read back from `render`'s JSON output).
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// The identifier, `rawValue`.
        public var description: String { rawValue }

        // MARK: One for each case but invalidOption

        /// A note, theme, string table or archive that cannot be read (`unreadableInput`).
        public static let unreadableInput = Code(rawValue: "unreadable-input")
        /// Front matter that cannot be read or used (`invalidFrontMatter`).
        public static let invalidFrontMatter = Code(rawValue: "invalid-front-matter")
        /// A theme file that cannot be read or used (`invalidTheme`).
        public static let invalidTheme = Code(rawValue: "invalid-theme")
        /// A string table that cannot be read (`invalidStringTable`).
        public static let invalidStringTable = Code(rawValue: "invalid-string-table")
        /// A run archive (`render inspect --json`) that is not valid (`invalidArchive`).
        public static let invalidArchive = Code(rawValue: "invalid-archive")
        /// A theme name that is neither shipped nor found (`unknownTheme`).
        public static let unknownTheme = Code(rawValue: "unknown-theme")
        /// An output that cannot be written (`outputFailed`).
        public static let outputFailed = Code(rawValue: "output-failed")
        /// Warnings that `--strict` made a failure (`strictWarnings`).
        public static let strictWarnings = Code(rawValue: "strict-warnings")

        // MARK: Options and settings (invalidOption)

        /// A resolution (dpi) out of the range allowed.
        public static let resolutionOutOfRange = Code(rawValue: "resolution-out-of-range")
        /// A text scale out of the range allowed.
        public static let textScaleOutOfRange = Code(rawValue: "text-scale-out-of-range")
        /// A font folder (`--font-dir`) that is missing, not a folder, or too large to read.
        public static let invalidFontFolder = Code(rawValue: "invalid-font-folder")
        /// Fontconfig cannot make the font configuration that a font folder needs.
        public static let fontConfigurationFailed = Code(rawValue: "font-configuration-failed")
        /// Margins that leave no room for text on the page.
        public static let noRoomForText = Code(rawValue: "no-room-for-text")
        /// A note of several PNG or SVG pages asked for as one file.
        public static let severalPages = Code(rawValue: "several-pages")
        /// An output whose format neither its name nor the caller gives.
        public static let noOutputFormat = Code(rawValue: "no-output-format")
        /// An output that would overwrite its input.
        public static let outputOverwritesInput = Code(rawValue: "output-overwrites-input")
        /// Watching for changes (`--watch`) that this system cannot do.
        public static let watchUnavailable = Code(rawValue: "watch-unavailable")
        /// Notes to merge into one PDF, but none given.
        public static let nothingToMerge = Code(rawValue: "nothing-to-merge")
        /// A state the renderer should never reach; please report it.
        public static let internalError = Code(rawValue: "internal-error")
    }

    /// What went wrong, for a program: the case's code, the one `invalidOption` carries, or for
    /// `several` the first error's (one reading of one file gives them, so they share it).
    public var code: Code {
        switch self {
        case .unreadableInput: return .unreadableInput
        case .invalidFrontMatter: return .invalidFrontMatter
        case .invalidTheme: return .invalidTheme
        case .invalidStringTable: return .invalidStringTable
        case .invalidArchive: return .invalidArchive
        case .unknownTheme: return .unknownTheme
        case let .invalidOption(code, _): return code
        case .outputFailed: return .outputFailed
        case .strictWarnings: return .strictWarnings
        case let .several(errors): return errors.first?.code ?? .internalError
        }
    }
}
