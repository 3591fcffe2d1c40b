import LetterpressCore

/// The passes over a note's lines before cmark reads it that rewrite the constructs of the
/// tools a dialect reads into Markdown cmark and the converter know, line for line.
enum ToolSource {
    /// `body` rewritten, and what the passes warn of; `body` itself when it has nothing to
    /// rewrite.
    static func prepared(_ body: String, file: String, dialect: MarkupDialect) -> (String, [Warning]) {
        guard dialect != .gfm else { return (body, []) }
        let (site, siteWarnings) = SiteSource.prepared(body, file: file, dialect: dialect)
        let (obsidian, obsidianWarnings) = ObsidianSource.prepared(site, file: file, dialect: dialect)
        return (obsidian, siteWarnings + obsidianWarnings)
    }
}
