import Foundation
import Letterpress
import Synchronization

/// Which fonts `assertRendering` lays text out with. Fonts decide the pictures, so a suite whose
/// references must match on every machine isolates them.
public enum TestFonts: Sendable, Equatable {
    /// The machine's fonts, as its fontconfig configuration offers them.
    case system
    /// Only the fonts `make deps` installs and those in `folders` (their subfolders too), through
    /// a private fontconfig configuration, as `render --isolated-fonts --font-dir` renders.
    case isolated(adding: [URL] = [])

    /// The choice set up in this process; fontconfig has one configuration per process, so
    /// every check of a run must ask for the same.
    private static let current = Mutex<TestFonts?>(nil)

    /// Sets the fonts up the first time; throws when an earlier check chose other fonts.
    func apply() throws {
        try Self.current.withLock { current in
            if let current {
                guard current == self else {
                    throw LetterpressError.invalidOption(.fontConfigurationFailed, "RenderingCheck.fonts: this process already renders with \(current), "
                        + "not \(self): a process has one font configuration, so give every check the same fonts")
                }
                return
            }
            if case let .isolated(folders) = self { try FontSetup.configure(folders: folders, isolated: true) }
            current = self
        }
    }
}

extension TestFonts: CustomStringConvertible {
    /// `system fonts`, or `isolated fonts` with the folders added.
    public var description: String {
        switch self {
        case .system: "system fonts"
        case let .isolated(folders) where folders.isEmpty: "isolated fonts"
        case let .isolated(folders): "isolated fonts with \(folders.map(\.path).joined(separator: ", "))"
        }
    }
}
