/// Which writing tool's syntax a note is read with, beyond GitHub's: `markup:` in the front
/// matter or a theme, or `--from`. `automatic` reads every construct that cannot mean something
/// else in GitHub's Markdown; a named tool reads its own constructs, even those that could;
/// `gfm` reads GitHub's alone.
public enum MarkupDialect: String, Sendable, Codable, CaseIterable {
    case automatic, gfm, obsidian, pandoc, mkdocs, docusaurus, jekyll, hugo

    /// Whether a note in this dialect has `construct` read for its meaning.
    package func reads(_ construct: DialectConstruct) -> Bool {
        switch self {
        case .automatic: construct.isUnambiguous
        case .gfm: false
        default: construct.dialects.contains(self)
        }
    }
}

/// A construct some writing tool adds to Markdown, and the tools that have it.
package enum DialectConstruct: CaseIterable, Sendable {
    // Obsidian
    case callouts, wikilinks, embeds, highlights, comments, tags, blockIDs
    // pandoc (and Quarto)
    case definitionLists, headingAttributes, bracketedSpans, fencedDivs, inlineNotes, lineBlocks, citations, bareCitations, rawTeX, percentTitle
    // MkDocs (Material)
    case admonitions, contentTabs, abbreviations, snippets
    // Docusaurus, VuePress, VitePress
    case containers, mdxStatements
    // Jekyll, Hugo, kramdown, Octopress
    case liquidTags, shortcodes, kramdownAttributes

    /// The tools whose notes have it.
    var dialects: Set<MarkupDialect> {
        switch self {
        case .callouts, .wikilinks, .embeds, .highlights, .comments, .tags, .blockIDs: [.obsidian]
        case .definitionLists, .headingAttributes, .bracketedSpans, .fencedDivs, .inlineNotes, .lineBlocks, .citations, .bareCitations, .rawTeX, .percentTitle: [.pandoc]
        case .admonitions, .contentTabs, .abbreviations, .snippets: [.mkdocs]
        case .containers, .mdxStatements: [.docusaurus]
        case .liquidTags, .kramdownAttributes: [.jekyll]
        case .shortcodes: [.hugo]
        }
    }

    /// Whether GitHub's Markdown gives its syntax no other meaning a note could intend, so that
    /// `automatic` reads it.
    var isUnambiguous: Bool {
        switch self {
        // `#word` is often just text, `@name` a handle, `| ` a line of a table being written;
        // `^[a]` opens the project's own `^[a] b](key: 1)`, and `%%` is written in format strings.
        case .tags, .lineBlocks, .bareCitations, .inlineNotes, .comments: false
        default: true
        }
    }
}
