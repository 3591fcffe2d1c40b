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
    package static func compose(_ text: String) throws -> Node? {
        guard let node = try Yams.compose(yaml: text, .stringsAndMerges) else { return nil }
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
        return node
    }
}

extension Resolver {
    /// How front matter and themes resolve untagged scalars: every one is a string, and the
    /// decoder reads numbers and booleans from the text itself; only `<<` is a merge key, as
    /// in Yams's own decoder. The default resolver matches each scalar, and each key looked
    /// up, against seven regular expressions: 2–3 ms of every start-up went on a theme.
    package static let stringsAndMerges = Resolver.basic.appending(.merge)
}
