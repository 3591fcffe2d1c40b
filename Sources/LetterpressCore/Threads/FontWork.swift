import Foundation

/// One rendering at a time in a process. Pango and Cairo 1.16 crash when two threads that lay
/// out or draw text in separate font maps need more font files than Cairo keeps open (see
/// `FontFaces`), so `Renderer.render` and `assertRendering` run inside this. Callers that use
/// `Typesetter` and `OutputWriter` themselves on several threads run those inside it too (or
/// render in separate processes, as `render --jobs` does).
package enum FontWork {
    private static let lock = NSRecursiveLock()

    package static func exclusively<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}
