import CGraphviz
import Foundation
import LetterpressCore

/// DOT laid out by Graphviz's `dot` in this process and written as SVG. Graphviz keeps its
/// state (the error handler, the attribute defaults of new graphs, its plugins) in globals, so
/// one layout runs at a time, under `lock`.
enum GraphvizLayout {
    /// Sources longer than this are not laid out: no diagram a page holds needs more.
    static let maximumSourceBytes = 64 * 1024
    /// Graphs with more nodes or edges are not laid out: `dot`'s crossing minimisation grows
    /// faster than linearly, and a page could not show them legibly anyway.
    static let maximumNodes = 500
    static let maximumEdges = 1_000
    /// Bounds on `dot`'s network simplex and crossing minimisation passes, so that no graph
    /// within the limits above takes seconds.
    static let iterationLimits = ["nslimit": "20", "nslimit1": "20", "mclimit": "0.5", "searchsize": "30"]
    /// Attributes that make Graphviz read files (pictures, fonts, PostScript shapes): a note's
    /// diagram reads nothing beside it.
    static let fileAttributes = ["image", "imagepath", "shapefile", "fontpath", "fontnames", "stylesheet"]

    private static let lock = NSLock()
    nonisolated(unsafe) private static var context: OpaquePointer?
    /// What Graphviz reported during the current layout (one layout at a time, under `lock`).
    nonisolated(unsafe) private static var messages: [String] = []

    /// The SVG of `dot`, with `style` as the graph's, nodes' and edges' defaults; or why it
    /// cannot be drawn.
    static func svg(dot: String, style: DiagramStyle) -> Result<Data, DiagramError> {
        if let refusal = DotScan.refusal(of: dot, maximumBytes: maximumSourceBytes) { return .failure(refusal) }
        let graphviz: GraphvizLibrary
        switch GraphvizLibrary.shared {
        case let .success(library): graphviz = library
        case let .failure(error): return .failure(error)
        }
        lock.lock()
        defer { lock.unlock() }
        messages = []
        _ = graphviz.setErrorHandler { message in
            if let message { GraphvizLayout.messages.append(String(cString: message)) }
            return 0
        }
        _ = graphviz.setErrorLevel(AGWARN)
        defer { _ = graphviz.resetErrors() }
        if context == nil { context = graphviz.context() }
        guard let context else { return .failure(DiagramError("Graphviz cannot start")) }
        setDefaults(style, graphviz: graphviz)
        guard let graph = graphviz.read(dot) else { return .failure(parseError()) }
        defer { _ = graphviz.close(graph) }
        let (nodes, edges) = (Int(graphviz.nodeCount(graph)), Int(graphviz.edgeCount(graph)))
        guard nodes <= maximumNodes, edges <= maximumEdges else {
            return .failure(DiagramError("\(nodes) nodes and \(edges) edges: more than the \(maximumNodes) nodes or \(maximumEdges) edges a diagram may have"))
        }
        for kind in [AGRAPH, AGNODE, AGEDGE] {
            for name in fileAttributes where graphviz.attribute(graph, Int32(kind), kept(name), nil) != nil {
                return .failure(DiagramError("the attribute '\(name)' reads files, which a diagram may not"))
            }
        }
        for (name, value) in iterationLimits { _ = graphviz.safeSet(UnsafeMutableRawPointer(graph), kept(name), kept(value), kept("")) }
        guard graphviz.layout(context, graph, "dot") == 0 else {
            return .failure(DiagramError("Graphviz cannot lay it out" + lastMessage()))
        }
        defer { _ = graphviz.freeLayout(context, graph) }
        var bytes: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard graphviz.renderData(context, graph, "svg", &bytes, &length) == 0, let bytes else {
            return .failure(DiagramError("Graphviz cannot draw it" + lastMessage()))
        }
        defer { graphviz.freeRenderData(bytes) }
        return .success(Data(bytes: bytes, count: Int(length)))
    }

    /// The theme's look as the attribute defaults of the graphs Graphviz reads next (`agattr`
    /// on no graph sets them, as `dot -G -N -E` does): the source's own attributes win. The
    /// iteration limits are defaults too, so that clusters inherit them: `dot` ranks each
    /// cluster with the cluster's own `nslimit1`, and one declared only after reading (by
    /// `agsafeset` on the root) is empty in every cluster, which `dot` takes as no iterations
    /// at all; the ranks inside then broke constraints between the clusters a cluster holds
    /// (a state's concurrent regions came out side by side though edges put one below another).
    private static func setDefaults(_ style: DiagramStyle, graphviz: GraphvizLibrary) {
        let size = String(format: "%.2f", style.fontSize)
        let text = style.textColor.description
        let line = style.lineColor.description
        let graph = ["fontname": style.fontFamily, "fontsize": size, "fontcolor": text, "bgcolor": "transparent", "color": line]
            .merging(iterationLimits) { $1 }
        let node = ["fontname": style.fontFamily, "fontsize": size, "fontcolor": text, "color": line]
        let edge = ["fontname": style.fontFamily, "fontsize": size, "fontcolor": text, "color": line]
        for (kind, values) in [(AGRAPH, graph), (AGNODE, node), (AGEDGE, edge)] {
            for (name, value) in values { _ = graphviz.attribute(nil, Int32(kind), kept(name), kept(value)) }
        }
    }

    /// Graphviz's message about a source it cannot read, with the line it names.
    private static func parseError() -> DiagramError {
        let text = messages.joined().trimmingCharacters(in: .whitespacesAndNewlines)
        let line = text.firstMatch(of: #/line (\d+)/#).flatMap { Int($0.1) }
        var message = text.replacingOccurrences(of: "Error: ", with: "")
            .replacingOccurrences(of: #"<(stdin|memory)>:\s*"#, with: "", options: .regularExpression)
        if let line { message = message.replacingOccurrences(of: " in line \(line)", with: "") }
        return DiagramError(message.isEmpty ? "Graphviz cannot read it" : Excerpt.name(message), line: line)
    }

    private static func lastMessage() -> String {
        let text = messages.joined().trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? "" : ": " + Excerpt.name(text)
    }

    /// cgraph's functions take attribute names and values as `char *` (they never change them):
    /// a copy kept for the process. Only names, numbers and the themes' fonts and colours come
    /// here, a few dozen strings.
    private static func kept(_ text: String) -> UnsafeMutablePointer<CChar> {
        if let copy = keptStrings[text] { return copy }
        let copy = strdup(text)!
        keptStrings[text] = copy
        return copy
    }

    nonisolated(unsafe) private static var keptStrings: [String: UnsafeMutablePointer<CChar>] = [:]
}
