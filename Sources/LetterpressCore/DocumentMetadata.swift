import Foundation

/// Document information written into PDF output.
public struct DocumentMetadata: Sendable, Equatable {
    /// The front matter's title; without one, a PDF takes its first level-1 heading's text.
    public var title: String?
    /// The author (a note's front matter `author`); nil leaves it out.
    public var author: String?
    /// The subject; nil leaves it out. Rendering a note never sets it.
    public var subject: String?
    /// `YYYY-MM-DDThh:mm:ss` (with an optional zone), or nil to leave the date out.
    public var creationDate: String?
    /// The language of the text (a note's front matter `lang`, else `--lang`), for screen
    /// readers (a tagged PDF's `/Lang`); nil leaves it out.
    public var language: LanguageTag?

    /// Metadata with the given fields, nil leaving each out.
    /// - Parameters:
    ///   - title: The document's title; without one, a PDF takes its first level-1 heading's text.
    ///   - author: The document's author.
    ///   - subject: The document's subject.
    ///   - creationDate: `YYYY-MM-DDThh:mm:ss`, with an optional zone.
    ///   - language: The language of the text, such as `en` or `pt-BR`.
    public init(title: String? = nil, author: String? = nil, subject: String? = nil, creationDate: String? = nil,
                language: LanguageTag? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
        self.language = language
    }
}
