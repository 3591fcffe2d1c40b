import Yams

/// The one place front matter and themes are read as YAML.
package enum YAMLLoader {
    /// The most nodes a front matter or a theme file may hold once expanded: an alias counts as
    /// a copy of the node it names, a merge key's mappings as the keys they bring in, since the
    /// decoder and the theme's schema walk them so. Seven levels of merge keys, each bringing in
    /// the level below ten times, make 600 bytes ten million nodes.
    static let maximumNodes = 100_000

    /// A document that expands past `maximumNodes`.
    package struct TooLarge: Error, CustomStringConvertible {
        package var description: String {
            "expands to more than \(YAMLLoader.maximumNodes) YAML nodes through aliases and merge keys, the most allowed"
        }
    }

    /// The node `text` composes to (nil for an empty document); throws Yams' `YamlError` for
    /// invalid YAML and `TooLarge` past the limit, counting no further than it.
    ///
    /// Every untagged scalar is a string: the decoder reads numbers and booleans from the text
    /// itself. Only a plain `<<` key is a merge key, as in Yams' own decoder. Yams' resolver
    /// rules are regular expressions: its default set matched each scalar, and each key looked
    /// up, against seven of them, and the one for `<<` alone took some 8 M instructions to
    /// compile (the process's first regular expression starts ICU). So the resolver has no
    /// rules, and the merge keys are marked here.
    package static func compose(_ text: String) throws -> Node? {
        guard let node = try Yams.compose(yaml: text, .basic) else { return nil }
        var count = 0
        var pending = [node]
        while let next = pending.popLast() {
            count += 1
            guard count <= maximumNodes else { throw TooLarge() }
            switch next {
            case .scalar, .alias: break
            case let .sequence(sequence): pending.append(contentsOf: sequence)
            case let .mapping(mapping):
                for (key, value) in mapping { pending += [key, value] }
            }
        }
        // Counted first: the marking copies what aliases share, no more than the limit allows.
        guard text.utf8.contains(UInt8(ascii: "<")) else { return node }
        return markingMergeKeys(node) ?? node
    }

    /// `node` with each plain `<<` key tagged as a merge key; nil when it has none.
    private static func markingMergeKeys(_ node: Node) -> Node? {
        switch node {
        case .scalar, .alias:
            return nil
        case var .sequence(sequence):
            var changed = false
            for index in sequence.indices {
                guard let marked = markingMergeKeys(sequence[index]) else { continue }
                sequence[index] = marked
                changed = true
            }
            return changed ? .sequence(sequence) : nil
        case var .mapping(mapping):
            var changed = false
            for index in mapping.indices {
                let (key, value) = mapping[index]
                let markedKey = mergeKey(key) ?? markingMergeKeys(key)
                let markedValue = markingMergeKeys(value)
                guard markedKey != nil || markedValue != nil else { continue }
                mapping[index] = (markedKey ?? key, markedValue ?? value)
                changed = true
            }
            return changed ? .mapping(mapping) : nil
        }
    }

    /// `key` tagged as a merge key when it is a plain `<<` (a quoted one is a string). Yams has
    /// resolved the keys' tags already, to see whether any repeats: an untagged one is a
    /// string by now, as is one tagged `!!str`, which YAML would keep a string.
    private static func mergeKey(_ key: Node) -> Node? {
        guard case let .scalar(scalar) = key, scalar.string == "<<", scalar.style == .plain,
              [Tag.Name.implicit.rawValue, Tag.Name.str.rawValue].contains(scalar.tag.description) else { return nil }
        return .scalar(Node.Scalar(scalar.string, Tag(.merge, .basic, .default), scalar.style, scalar.mark, scalar.anchor))
    }
}
