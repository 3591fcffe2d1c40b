import CLibXML2
import Foundation

/// What drawing an SVG costs before librsvg draws it: how many elements `<use>` makes of its
/// tree, and how many passes over the recorded size its filters and masks take, each drawn
/// to pixels. The file's size bounds neither: 720 bytes of nested `<use>` drew one blurred
/// 2,048² rectangle 64 times (1 GB, 15 s), and 187 bytes of `feMorphology radius="10"` took
/// 20 s. Also what librsvg cannot draw without aborting.
struct DrawingCost: Equatable {
    /// Elements drawn, each `<use>` counting the elements it draws again.
    var elements = 0
    /// Passes over the pixels that filters and masks take: a mask or a plain filter one, a
    /// blur three, a morphology one for each pixel of its window, a convolution one for each
    /// of its kernel's cells.
    var rasterized = 0
    /// Why librsvg must not be given the drawing, if it must not.
    var refusal: String?

    /// Elements a drawing may draw in all, `<use>` included.
    static let maximumElements = 200_000
    /// How deep `<use>` may refer to elements that use others.
    static let maximumUseDepth = 32
    /// The largest `feConvolveMatrix` order librsvg 2.54 takes: past it, it panics and aborts
    /// the process ("Data storage buffer dimension mismatch").
    static let largestConvolution = 20

    /// The cost of the XML in `data`, with a refusal when it draws more than
    /// `maximumElements`, nests `<use>` deeper than `maximumUseDepth` or holds what librsvg
    /// cannot draw; nil when it cannot be parsed as XML (a library that reads it says why).
    static func of(_ data: Data) -> DrawingCost? {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard let document = data.withUnsafeBytes({ bytes in
            xmlReadMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
        }) else { return nil }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else { return nil }
        let ids = ids(under: root)
        var counter = Counter(ids: ids, styleSheetCost: styleSheetCost(under: root, filters: ids.values))
        guard var cost = counter.cost(of: root, depth: 0), cost.elements <= maximumElements else {
            return DrawingCost(refusal: "it draws more than \(maximumElements) elements through <use>, or nests <use> more than \(maximumUseDepth) deep")
        }
        cost.refusal = refusal(under: root)
        return cost
    }

    /// What a style sheet (`<style>`) that sets a filter or a mask may cost each element: its
    /// selectors are not read, so every element is taken to have the document's costliest
    /// filter, and a mask.
    private static func styleSheetCost(under root: xmlNodePtr, filters: Dictionary<String, xmlNodePtr>.Values) -> Int {
        var pending = [root]
        var sheet = ""
        while let node = pending.popLast() {
            if let name = node.pointee.name, String(cString: name) == "style", let text = xmlNodeGetContent(node) {
                sheet += String(cString: text)
                xmlFree(text)
            }
            var child = node.pointee.children
            while let next = child {
                if next.pointee.type == XML_ELEMENT_NODE { pending.append(next) }
                child = next.pointee.next
            }
        }
        guard sheet.contains("filter") || sheet.contains("mask") else { return 0 }
        let costliest = filters.filter { $0.pointee.name.map { String(cString: $0) == "filter" } ?? false }.map(Counter.primitivesCost).max() ?? 1
        return (sheet.contains("filter") ? max(costliest, 1) : 0) + (sheet.contains("mask") ? 1 : 0)
    }

    /// Why librsvg must not draw the document: a convolution larger than it takes, anywhere.
    private static func refusal(under root: xmlNodePtr) -> String? {
        var pending = [root]
        while let node = pending.popLast() {
            if let name = node.pointee.name, String(cString: name) == "feConvolveMatrix",
               let order = attribute("order", of: node), Counter.numbers(order).contains(where: { $0 > Double(largestConvolution) }) {
                return "its feConvolveMatrix order \(Excerpt.quoted(order)) is over \(largestConvolution), the largest drawn"
            }
            var child = node.pointee.children
            while let next = child {
                if next.pointee.type == XML_ELEMENT_NODE { pending.append(next) }
                child = next.pointee.next
            }
        }
        return nil
    }

    /// Every element with an `id`, by it, found without recursion.
    private static func ids(under root: xmlNodePtr) -> [String: xmlNodePtr] {
        var ids: [String: xmlNodePtr] = [:]
        var pending = [root]
        while let node = pending.popLast() {
            if let id = attribute("id", of: node) { ids[id] = ids[id] ?? node }
            var child = node.pointee.children
            while let next = child {
                if next.pointee.type == XML_ELEMENT_NODE { pending.append(next) }
                child = next.pointee.next
            }
        }
        return ids
    }

    fileprivate static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let value = xmlGetProp(node, name) else { return nil }
        defer { xmlFree(value) }
        return String(cString: value)
    }

    /// Costs of elements, each found once however often `<use>` draws it.
    private struct Counter {
        let ids: [String: xmlNodePtr]
        /// What a style sheet may add to each element (see `styleSheetCost`).
        let styleSheetCost: Int
        var known: [xmlNodePtr: DrawingCost] = [:]

        /// The cost of `node` and what it draws; nil past the limits.
        mutating func cost(of node: xmlNodePtr, depth: Int) -> DrawingCost? {
            if let cost = known[node] { return cost }
            guard depth <= DrawingCost.maximumUseDepth else { return nil }
            var cost = DrawingCost(elements: 1, rasterized: rasterCost(of: node))
            // The element's subtree, without recursion (a `<use>` inside it recurses, bounded).
            var pending: [xmlNodePtr] = []
            var child = node.pointee.children
            while let next = child { pending.append(next); child = next.pointee.next }
            if let target = referenced(by: node) {
                guard let used = self.cost(of: target, depth: depth + 1) else { return nil }
                cost.add(used)
            }
            while let next = pending.popLast() {
                guard next.pointee.type == XML_ELEMENT_NODE else { continue }
                cost.add(DrawingCost(elements: 1, rasterized: rasterCost(of: next)))
                if let target = referenced(by: next) {
                    guard let used = self.cost(of: target, depth: depth + 1) else { return nil }
                    cost.add(used)
                }
                guard cost.elements <= DrawingCost.maximumElements else { return cost }
                // What `<defs>` and `<symbol>` hold is drawn only where a `<use>` names it.
                if let name = next.pointee.name, ["defs", "symbol"].contains(String(cString: name)) { continue }
                var grandchild = next.pointee.children
                while let more = grandchild { pending.append(more); grandchild = more.pointee.next }
            }
            known[node] = cost
            return cost
        }

        /// The element a `<use>` draws (`href` or `xlink:href`, `#id`).
        private func referenced(by node: xmlNodePtr) -> xmlNodePtr? {
            guard let name = node.pointee.name, String(cString: name) == "use" else { return nil }
            let href = DrawingCost.attribute("href", of: node) ?? xlinkHref(node)
            guard let href, href.hasPrefix("#") else { return nil }
            return ids[String(href.dropFirst())]
        }

        private func xlinkHref(_ node: xmlNodePtr) -> String? {
            guard let value = xmlGetNsProp(node, "href", "http://www.w3.org/1999/xlink") else { return nil }
            defer { xmlFree(value) }
            return String(cString: value)
        }

        /// The passes over its pixels that the element's filter and mask take, as an attribute
        /// or in its style: a filter it names by id costs what its primitives do, at least one.
        private func rasterCost(of node: xmlNodePtr) -> Int {
            let style = DrawingCost.attribute("style", of: node) ?? ""
            var cost = styleSheetCost + (DrawingCost.attribute("mask", of: node) != nil || style.contains("mask") ? 1 : 0)
            guard let filter = DrawingCost.attribute("filter", of: node) ?? (style.contains("filter") ? style : nil) else { return cost }
            let id = filter.range(of: "#").map { filter[$0.upperBound...].prefix { $0 != ")" && $0 != ";" && $0 != " " } }
            cost += max(1, id.flatMap { ids[String($0)] }.map(Self.primitivesCost) ?? 1)
            return cost
        }

        /// What a filter's primitives cost, in passes over the pixels.
        static func primitivesCost(_ filter: xmlNodePtr) -> Int {
            var cost = 0
            var child = filter.pointee.children
            while let next = child {
                child = next.pointee.next
                guard next.pointee.type == XML_ELEMENT_NODE, let name = next.pointee.name else { continue }
                switch String(cString: name) {
                case "feGaussianBlur": cost += 3
                case "feMorphology":
                    let radius = numbers(DrawingCost.attribute("radius", of: next) ?? "0").map { min(max($0, 0), 1000) }
                    let (x, y) = (radius.first ?? 0, radius.count > 1 ? radius[1] : radius.first ?? 0)
                    cost += Int((2 * x + 1) * (2 * y + 1))
                case "feConvolveMatrix":
                    let order = numbers(DrawingCost.attribute("order", of: next) ?? "3").map { min(max($0, 1), Double(largestConvolution)) }
                    cost += Int((order.first ?? 3) * (order.count > 1 ? order[1] : order.first ?? 3))
                case "feTurbulence": cost += 4 * Int(min(max(numbers(DrawingCost.attribute("numOctaves", of: next) ?? "1").first ?? 1, 1), 100))
                case "feDiffuseLighting", "feSpecularLighting": cost += 9
                default: cost += 1
                }
            }
            return cost
        }

        /// The numbers of an attribute such as `radius="2 3"`; NaN is none.
        static func numbers(_ text: String) -> [Double] {
            text.split { $0 == " " || $0 == "," }.compactMap { Double($0) }.filter { !$0.isNaN }
        }
    }

    private mutating func add(_ other: DrawingCost) {
        elements = min(elements + other.elements, Self.maximumElements + 1)
        rasterized = min(rasterized + other.rasterized, Self.maximumElements + 1)
    }
}
