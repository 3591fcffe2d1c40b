import Foundation

extension BlockTree {
    /// A definition list (pandoc, PHP Markdown Extra, MkDocs' `def_list`): terms, each group
    /// with the definitions that follow it.
    public struct DefinitionList {
        /// The groups of terms and their definitions, in order.
        public var items: [Item]

        /// A definition list of `items`.
        public init(items: [Item]) {
            self.items = items
        }

        /// One or more terms (one a line as written) and their definitions.
        public struct Item {
            /// The terms, each a line of its own.
            public var terms: [Text]
            /// The definitions, each its blocks.
            public var definitions: [[BlockTree]]
            /// Whether no blank line parts the terms from their definitions, nor one
            /// definition's blocks from another: they are then set close, rather than a
            /// paragraph's space apart.
            public var tight: Bool

            /// The item defining `terms` by `definitions`.
            /// - Parameters:
            ///   - terms: The terms, each a line of its own.
            ///   - definitions: The definitions, each its blocks.
            ///   - tight: Whether the definitions are set close.
            public init(terms: [Text], definitions: [[BlockTree]], tight: Bool = true) {
                self.terms = terms
                self.definitions = definitions
                self.tight = tight
            }
        }
    }
}

extension BlockTree.DefinitionList: Sendable where Text: Sendable {}
extension BlockTree.DefinitionList.Item: Sendable where Text: Sendable {}
extension BlockTree.DefinitionList: Equatable where Text: Equatable {}
extension BlockTree.DefinitionList.Item: Equatable where Text: Equatable {}

/// A definition list's fields in the archive, beside its block's `type`: terms as runs.
extension BlockTree.DefinitionList: Codable where Text == AttributedString {
    private enum CodingKeys: String, CodingKey {
        case items
    }

    /// Reads a definition list's items from an archive.
    ///
    /// - Throws: `DecodingError` when a field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        items = try fields.decode([Item].self, forKey: .items)
    }

    /// Writes the items.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(items, forKey: .items)
    }
}

extension BlockTree.DefinitionList.Item: Codable where Text == AttributedString {
    private enum CodingKeys: String, CodingKey {
        case terms, definitions, tight
    }

    /// Reads an item's terms (as runs) and definitions from an archive.
    ///
    /// - Throws: `DecodingError` when a field is missing or of the wrong type.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        terms = try fields.decode([ArchivedText].self, forKey: .terms).map(\.text)
        definitions = try fields.decode([[BlockTree]].self, forKey: .definitions)
        tight = try fields.decode(Bool.self, forKey: .tight)
    }

    /// Writes the terms' runs and the definitions' blocks.
    public func encode(to encoder: any Encoder) throws {
        var fields = encoder.container(keyedBy: CodingKeys.self)
        try fields.encode(terms.map(ArchivedText.init), forKey: .terms)
        try fields.encode(definitions, forKey: .definitions)
        try fields.encode(tight, forKey: .tight)
    }
}
