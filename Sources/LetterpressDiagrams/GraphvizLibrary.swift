import CGraphviz
import Foundation

/// Graphviz's functions, opened with `dlopen` the first time a diagram is drawn: linked into
/// `render`, its six libraries (gvc, cgraph, cdt, pathplan, ltdl, expat) were loaded and
/// relocated at every start, for the few notes that hold a diagram.
struct GraphvizLibrary: @unchecked Sendable {
    // Unchecked: only immutable C function pointers, called under `GraphvizLayout`'s lock.
    typealias ErrorHandler = @convention(c) (UnsafeMutablePointer<CChar>?) -> Int32

    let setErrorHandler: @convention(c) (ErrorHandler?) -> ErrorHandler?
    let setErrorLevel: @convention(c) (agerrlevel_t) -> agerrlevel_t
    let resetErrors: @convention(c) () -> Int32
    let context: @convention(c) () -> OpaquePointer?
    let read: @convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<Agraph_t>?
    let close: @convention(c) (UnsafeMutablePointer<Agraph_t>?) -> Int32
    let nodeCount: @convention(c) (UnsafeMutablePointer<Agraph_t>?) -> Int32
    let edgeCount: @convention(c) (UnsafeMutablePointer<Agraph_t>?) -> Int32
    let attribute: @convention(c) (UnsafeMutablePointer<Agraph_t>?, Int32, UnsafeMutablePointer<CChar>?, UnsafePointer<CChar>?)
        -> UnsafeMutablePointer<Agsym_t>?
    let safeSet: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> Int32
    let layout: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?) -> Int32
    let freeLayout: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?) -> Int32
    let renderData: @convention(c) (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?,
                                    UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UInt32>?) -> Int32
    let freeRenderData: @convention(c) (UnsafeMutablePointer<CChar>?) -> Void

    /// The library, opened once, or why it cannot be.
    static let shared: Result<GraphvizLibrary, DiagramError> = open()

    /// The soname Debian's libgvc6 installs: its dependencies (cgraph, cdt, …) come with it, and
    /// `dlsym` finds their functions through it.
    static let fileName = "libgvc.so.6"

    private static func open() -> Result<GraphvizLibrary, DiagramError> {
        guard let handle = dlopen(fileName, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? fileName
            return .failure(DiagramError("Graphviz cannot be loaded (\(reason); install libgvc6)", isAboutInstallation: true))
        }
        func symbol<T>(_ name: String, as type: T.Type) throws(DiagramError) -> T {
            guard let address = dlsym(handle, name) else {
                throw DiagramError("Graphviz cannot be loaded (\(fileName) lacks \(name))", isAboutInstallation: true)
            }
            return unsafeBitCast(address, to: type)
        }
        do {
            return .success(GraphvizLibrary(
                setErrorHandler: try symbol("agseterrf", as: (@convention(c) (ErrorHandler?) -> ErrorHandler?).self),
                setErrorLevel: try symbol("agseterr", as: (@convention(c) (agerrlevel_t) -> agerrlevel_t).self),
                resetErrors: try symbol("agreseterrors", as: (@convention(c) () -> Int32).self),
                context: try symbol("gvContext", as: (@convention(c) () -> OpaquePointer?).self),
                read: try symbol("agmemread", as: (@convention(c) (UnsafePointer<CChar>?) -> UnsafeMutablePointer<Agraph_t>?).self),
                close: try symbol("agclose", as: (@convention(c) (UnsafeMutablePointer<Agraph_t>?) -> Int32).self),
                nodeCount: try symbol("agnnodes", as: (@convention(c) (UnsafeMutablePointer<Agraph_t>?) -> Int32).self),
                edgeCount: try symbol("agnedges", as: (@convention(c) (UnsafeMutablePointer<Agraph_t>?) -> Int32).self),
                attribute: try symbol("agattr", as: (@convention(c) (UnsafeMutablePointer<Agraph_t>?, Int32, UnsafeMutablePointer<CChar>?,
                                                                     UnsafePointer<CChar>?) -> UnsafeMutablePointer<Agsym_t>?).self),
                safeSet: try symbol("agsafeset", as: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<CChar>?, UnsafePointer<CChar>?,
                                                                      UnsafePointer<CChar>?) -> Int32).self),
                layout: try symbol("gvLayout", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?) -> Int32).self),
                freeLayout: try symbol("gvFreeLayout", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?) -> Int32).self),
                renderData: try symbol("gvRenderData", as: (@convention(c) (OpaquePointer?, UnsafeMutablePointer<Agraph_t>?, UnsafePointer<CChar>?,
                                                                            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
                                                                            UnsafeMutablePointer<UInt32>?) -> Int32).self),
                freeRenderData: try symbol("gvFreeRenderData", as: (@convention(c) (UnsafeMutablePointer<CChar>?) -> Void).self)))
        } catch {
            return .failure(error)
        }
    }
}
