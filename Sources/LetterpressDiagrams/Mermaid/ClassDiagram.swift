/// A Mermaid class diagram as written: its classes in order of first mention, with their
/// annotations and members, its relations in source order, its namespaces, notes and styles.
package struct ClassDiagram: Sendable, Equatable {
    /// `TB`, `BT`, `LR` or `RL`.
    package var direction = "TB"
    /// The front matter's `title`.
    package var title: String?
    package var classes: [Class] = []
    package var relations: [Relation] = []
    /// Namespaces, parents before children.
    package var namespaces: [Namespace] = []
    package var notes: [Note] = []
    /// `classDef` styles by name (`default` applies to every class).
    package var classDefs: [String: [String: String]] = [:]

    package struct Class: Sendable, Equatable {
        package var id: String
        /// The name as shown: a label given (`class A["…"]`) or the id, then its generic type
        /// (`Square<Shape>`).
        package var label: String
        /// `<<interface>>` and the like, without their brackets.
        package var annotations: [String] = []
        package var attributes: [Member] = []
        package var methods: [Member] = []
        /// The index of the namespace the class was first written in.
        package var namespace: Int?
        package var cssClasses: [String] = []
        /// `style` properties.
        package var style: [String: String] = [:]
    }

    package enum Classifier: Sendable, Equatable { case none, isStatic, isAbstract }

    package struct Member: Sendable, Equatable {
        /// As shown: generics as `<T>`, a method's return type after ` : `.
        package var text: String
        /// `$` (static, underlined) or `*` (abstract, in italics) at the end.
        package var classifier: Classifier = .none
    }

    /// What a relation's end is drawn with.
    package enum End: Sendable, Equatable {
        case none
        /// `<|`, `|>`: an empty triangle (inheritance, realization).
        case triangle
        /// `*`: a filled diamond (composition).
        case filledDiamond
        /// `o`: an empty diamond (aggregation).
        case emptyDiamond
        /// `<`, `>`: an open arrowhead (association, dependency).
        case arrow
        /// `()`: a lollipop, an interface the class provides.
        case lollipop
    }

    package struct Relation: Sendable, Equatable {
        /// Indices into `classes`.
        package var from: Int
        package var to: Int
        package var fromEnd: End = .none
        package var toEnd: End = .none
        /// `..` rather than `--`.
        package var dashed = false
        package var label = ""
        /// The multiplicities written in quotes beside each end (`"1"`, `"0..*"`).
        package var fromCardinality = ""
        package var toCardinality = ""
    }

    package struct Namespace: Sendable, Equatable {
        package var name: String
        package var parent: Int?
    }

    package struct Note: Sendable, Equatable {
        package var text: String
        /// The index of the class the note is for (`note for A "…"`).
        package var forClass: Int?
    }

    /// The index of class `id`, added in `namespace` when new.
    mutating func index(ofClass id: String, namespace: Int?) -> Int {
        if let index = classIndex[id] { return index }
        classes.append(Class(id: id, label: id, namespace: namespace))
        classIndex[id] = classes.count - 1
        return classes.count - 1
    }

    private var classIndex: [String: Int] = [:]

    package static func == (a: ClassDiagram, b: ClassDiagram) -> Bool {
        a.direction == b.direction && a.title == b.title && a.classes == b.classes && a.relations == b.relations
            && a.namespaces == b.namespaces && a.notes == b.notes && a.classDefs == b.classDefs
    }
}
