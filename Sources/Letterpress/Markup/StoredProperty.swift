import Foundation

/// A stored property read at its offset in its struct: reading through a key path goes through
/// the runtime's generic projection, some 300 instructions a read, and the attribute tables
/// read every key of every run.
struct StoredProperty<Root, Value> {
    private let offset: Int

    init(_ keyPath: KeyPath<Root, Value>) {
        // Nil only for a computed property, which no table names.
        offset = MemoryLayout<Root>.offset(of: keyPath)!
    }

    /// The property's value in the `Root` at `root`.
    func value(in root: UnsafePointer<Root>) -> Value {
        UnsafeRawPointer(root).load(fromByteOffset: offset, as: Value.self)
    }
}
