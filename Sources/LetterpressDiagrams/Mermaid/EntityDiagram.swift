/// A Mermaid entity relationship diagram (`erDiagram`) as written: its entities in order of
/// first mention with their attributes, its relationships in source order, and its styles.
package struct EntityDiagram: Sendable, Equatable {
    /// `TB`, `BT`, `LR` or `RL`.
    package var direction = "TB"
    /// The front matter's `title`.
    package var title: String?
    package var entities: [Entity] = []
    package var relationships: [Relationship] = []
    /// `classDef` styles by name (`default` applies to every entity).
    package var classDefs: [String: [String: String]] = [:]

    package struct Entity: Sendable, Equatable {
        package var id: String
        /// The alias shown instead of the id (`p[Person]`), or the id.
        package var label: String
        package var attributes: [Attribute] = []
        package var cssClasses: [String] = []
        /// `style` properties.
        package var style: [String: String] = [:]
    }

    package struct Attribute: Sendable, Equatable {
        package var type: String
        package var name: String
        /// `PK`, `FK`, `UK`, in order.
        package var keys: [String] = []
        package var comment = ""
    }

    /// How many of one entity the other relates to, as crow's foot notation draws it.
    package enum Cardinality: Sendable, Equatable { case zeroOrOne, exactlyOne, zeroOrMore, oneOrMore }

    package struct Relationship: Sendable, Equatable {
        /// Indices into `entities`.
        package var from: Int
        package var to: Int
        /// The cardinality at the first entity's end, and at the second's.
        package var fromCardinality: Cardinality
        package var toCardinality: Cardinality
        /// `--` (a solid line) rather than `..` (dashed).
        package var identifying: Bool
        package var label = ""
    }

    /// The index of entity `id`, added when new.
    mutating func index(ofEntity id: String) -> Int {
        if let index = entityIndex[id] { return index }
        entities.append(Entity(id: id, label: id))
        entityIndex[id] = entities.count - 1
        return entities.count - 1
    }

    private var entityIndex: [String: Int] = [:]

    package static func == (a: EntityDiagram, b: EntityDiagram) -> Bool {
        a.direction == b.direction && a.title == b.title && a.entities == b.entities && a.relationships == b.relationships
            && a.classDefs == b.classDefs
    }
}
