import Foundation

/// Document information written into PDF output.
public struct DocumentMetadata: Sendable, Equatable {
    /// The front matter's title; without one, a PDF takes its first level-1 heading's text.
    public var title: String?
    public var author: String?
    public var subject: String?
    /// `YYYY-MM-DDThh:mm:ss` (with an optional zone), or nil to leave the date out.
    public var creationDate: String?

    public init(title: String? = nil, author: String? = nil, subject: String? = nil, creationDate: String? = nil) {
        self.title = title
        self.author = author
        self.subject = subject
        self.creationDate = creationDate
    }
}
