import Foundation

extension Theme {
    /// The shipped `default` theme at its own sizes, which a note without a `theme` gets; the
    /// shipped one whatever `LETTERPRESS_THEMES` holds.
    public static var `default`: Theme { shippedDefault }

    private static let shippedDefault: Theme = {
        do {
            return try ThemeLoader(searchPaths: []).load("default")
        } catch {
            // The shipped themes are compiled in, and everyShippedThemeLoadsCleanly loads each.
            fatalError("the shipped default theme does not load: \(error)")
        }
    }()
}
