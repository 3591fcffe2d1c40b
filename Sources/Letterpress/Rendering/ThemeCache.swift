import Foundation

/// A renderer's themes, each loaded once, and their warnings, each theme's reported once: with
/// the first document that uses it.
struct ThemeCache {
    let loader: ThemeLoader
    /// Multiplies every text size (`--text-size`, `--scale`).
    let scale: Double
    private var loaded: [Key: Theme] = [:]
    private var pendingWarnings: [Warning] = []
    /// Whether the warnings of the theme given as a value have been reported.
    private var reportedFixed = false

    /// A theme loaded for one sandbox folder is not allowed for another.
    private struct Key: Hashable {
        var name: String
        var sandbox: URL?
    }

    init(loader: ThemeLoader, scale: Double) {
        self.loader = loader
        self.scale = scale
    }

    /// The theme `name` names (a shipped name or a path), a file of which `resources` must
    /// allow; `fonts` tells a theme loaded now which of its families are not installed.
    mutating func theme(named name: String, resources: Resources, fonts: () -> FontContext) throws -> Theme {
        let key = Key(name: name, sandbox: resources.sandbox)
        if let theme = loaded[key] { return theme }
        var loader = self.loader
        loader.resources = resources
        let (theme, warnings) = try loader.loadReportingWarnings(name, scale: scale)
        loaded[key] = theme
        pendingWarnings += warnings + Self.missingFonts(in: theme, fonts: fonts())
        return theme
    }

    /// `theme`, given as a value for every note: its warnings, and the fonts it asks for that are
    /// not installed, are reported with the first note, as a loaded theme's are.
    mutating func fixed(_ theme: Theme, fonts: () -> FontContext) -> Theme {
        if !reportedFixed {
            reportedFixed = true
            pendingWarnings += theme.warnings + Self.missingFonts(in: theme, fonts: fonts())
        }
        return theme
    }

    /// The warnings of the themes loaded since the last call.
    mutating func takeWarnings() -> [Warning] {
        defer { pendingWarnings = [] }
        return pendingWarnings
    }

    /// A warning for each family a theme asks for first that is not installed, naming the
    /// font used instead.
    private static func missingFonts(in theme: Theme, fonts: FontContext) -> [Warning] {
        var warned = Set<String>()
        var warnings: [Warning] = []
        for list in theme.familyLists {
            guard let first = list.first, warned.insert(first).inserted, let message = fonts.missingFontMessage(list) else { continue }
            warnings.append(Warning(code: .fontMissing, file: "theme '\(Excerpt.name(theme.name))'", message: message))
        }
        return warnings
    }
}
