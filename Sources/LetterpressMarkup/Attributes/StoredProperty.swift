import Foundation

/// A stored property read and written at its offset in its struct: a key path goes through the
/// runtime's generic projection, some 300 instructions a read, and merging and dumps read every
/// key of every run.
struct StoredProperty<Root, Value>: Sendable {
    private let offset: Int

    init(_ keyPath: KeyPath<Root, Value>) {
        // Nil only for a computed property, which no table names.
        offset = MemoryLayout<Root>.offset(of: keyPath)!
    }

    /// The property's value in the `Root` at `root`.
    func value(in root: UnsafePointer<Root>) -> Value {
        UnsafeRawPointer(root).load(fromByteOffset: offset, as: Value.self)
    }

    /// Replaces the property's value in the `Root` at `root`.
    func set(_ value: Value, in root: UnsafeMutablePointer<Root>) {
        (UnsafeMutableRawPointer(root) + offset).assumingMemoryBound(to: Value.self).pointee = value
    }
}
