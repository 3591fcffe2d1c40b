import CLibXML2
import Foundation
import LetterpressCore
import LetterpressMarkup

/// What drawing an SVG costs before librsvg draws it: how many elements `<use>` and other
/// references (`url(#…)` in any attribute, `<feImage>`) make of its tree, and how many passes
/// over the recorded size its filters and masks take, each drawn to pixels. The file's size
/// bounds neither: 720 bytes of nested `<use>` drew one blurred 2,048² rectangle 64 times
/// (1 GB, 15 s), and 187 bytes of `feMorphology radius="10"` took 20 s. Also what librsvg
/// cannot draw without aborting.
struct DrawingCost: Equatable {
    /// Elements drawn, each reference counting the elements it draws again.
    var elements = 0
    /// Passes over the pixels that filters and masks take: a mask or a plain filter one, a
    /// blur three, a morphology one for each pixel of its window, a convolution one for each
    /// of its kernel's cells.
    var rasterized = 0
    /// Why librsvg must not be given the drawing, if it must not.
    var refusal: String?

    /// Elements a drawing may draw in all, references included.
    static let maximumElements = 200_000
    /// How deep references may lead to elements that refer to others.
    static let maximumUseDepth = 32
    /// The largest `feConvolveMatrix` order librsvg 2.54 takes: past it, it panics and aborts
    /// the process ("Data storage buffer dimension mismatch").
    static let largestConvolution = 20

    /// The cost of the XML in `data`, with a refusal when it draws more than
    /// `maximumElements`, nests references deeper than `maximumUseDepth` or holds what librsvg
    /// cannot draw; nil when it cannot be parsed as XML (a library that reads it says why).
    /// Entities are not substituted (an external one would be read), but what an internal one
    /// holds is counted wherever it is referred to.
    static func of(_ data: Data) -> DrawingCost? {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        guard let xml, let document = data.withUnsafeBytes({ bytes in
            xml.readMemory(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), nil, nil, options)
        }) else { return nil }
        defer { xml.freeDocument(document) }
        guard let root = xml.rootElement(document) else { return nil }
        let all = elements(under: root)
        var ids: [String: xmlNodePtr] = [:]
        for node in all {
            if let id = attribute("id", of: node) { ids[id] = ids[id] ?? node }
        }
        var counter = Counter(ids: ids, styleSheetCost: styleSheetCost(of: all))
        guard var cost = counter.cost(of: root, depth: 0), cost.elements <= maximumElements else {
            return DrawingCost(refusal: "it draws more than \(maximumElements) elements through references, or nests them more than \(maximumUseDepth) deep")
        }
        cost.refusal = refusal(among: all)
        return cost
    }

    /// `root` and every element under it, seeing through entity references, without recursion.
    private static func elements(under root: xmlNodePtr) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        var pending = [root]
        while let node = pending.popLast() {
            found.append(node)
            pending += children(of: node)
        }
        return found
    }

    /// The elements directly under `node`, those an entity reference stands for among them.
    fileprivate static func children(of node: xmlNodePtr) -> [xmlNodePtr] {
        var found: [xmlNodePtr] = []
        // The sibling lists being read, innermost last: an entity's content is read where its
        // reference stands, then the list around it goes on.
        var lists: [xmlNodePtr?] = [node.pointee.children]
        var seen = 0
        while let last = lists.indices.last, seen < maximumElements {
            guard let next = lists[last] else {
                lists.removeLast()
                continue
            }
            lists[last] = next.pointee.next
            seen += 1
            switch next.pointee.type {
            case XML_ELEMENT_NODE:
                found.append(next)
            case XML_ENTITY_REF_NODE:
                // A reference's child is the entity itself (its siblings are the DTD's others),
                // whose children are what it holds.
                if let entity = next.pointee.children, lists.count < maximumUseDepth { lists.append(entity.pointee.children) }
            default:
                break
            }
        }
        return found
    }

    /// What a style sheet (`<style>`) that sets a filter or a mask may cost each element: its
    /// selectors are not read, so every element is taken to have the document's costliest
    /// filter, and a mask.
    private static func styleSheetCost(of all: [xmlNodePtr]) -> Int {
        guard let xml else { return 0 }
        var sheet = ""
        for node in all where name(of: node) == "style" {
            guard let text = xml.content(node) else { continue }
            sheet += String(cString: text)
            xml.free(text)
        }
        guard sheet.contains("filter") || sheet.contains("mask") else { return 0 }
        let costliest = all.filter { name(of: $0) == "filter" }.map(Counter.primitivesCost).max() ?? 1
        return (sheet.contains("filter") ? max(costliest, 1) : 0) + (sheet.contains("mask") ? 1 : 0)
    }

    /// Why librsvg must not draw the document: a convolution larger than it takes, anywhere.
    private static func refusal(among all: [xmlNodePtr]) -> String? {
        for node in all where name(of: node) == "feConvolveMatrix" {
            if let order = attribute("order", of: node), Counter.numbers(order).contains(where: { !($0 <= Double(largestConvolution)) }) {
                return "its feConvolveMatrix order \(Excerpt.quoted(order)) is over \(largestConvolution), the largest drawn"
            }
        }
        return nil
    }

    /// libxml2, opened on the first drawing; without it, no SVG is drawn (librsvg needs it too,
    /// and says so).
    fileprivate static var xml: XMLLibrary? { try? XMLLibrary.shared.get() }

    fileprivate static func name(of node: xmlNodePtr) -> String {
        node.pointee.name.map { String(cString: $0) } ?? ""
    }

    fileprivate static func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        guard let xml, let value = xml.property(node, name) else { return nil }
        defer { xml.free(value) }
        return String(cString: value)
    }

    /// Every attribute value of `node` (styles included, which may name `url(#…)` too).
    fileprivate static func attributeValues(of node: xmlNodePtr) -> [String] {
        var values: [String] = []
        var property = node.pointee.properties
        while let current = property {
            if let xml, let value = xml.listString(node.pointee.doc, current.pointee.children, 1) {
                values.append(String(cString: value))
                xml.free(value)
            }
            property = current.pointee.next
        }
        return values
    }

    /// Costs of elements, each found once however often references draw it.
    private struct Counter {
        let ids: [String: xmlNodePtr]
        /// What a style sheet may add to each element (see `styleSheetCost`).
        let styleSheetCost: Int
        var known: [xmlNodePtr: DrawingCost] = [:]

        /// Elements drawn only where something refers to them: their content is counted there.
        static let drawnByReference: Set<String> = ["defs", "symbol", "mask", "pattern", "marker", "clipPath", "filter",
                                                    "linearGradient", "radialGradient"]

        /// The cost of `node` and what it draws; nil past the limits.
        mutating func cost(of node: xmlNodePtr, depth: Int) -> DrawingCost? {
            if let cost = known[node] { return cost }
            guard depth <= DrawingCost.maximumUseDepth, var cost = own(node, depth: depth) else { return nil }
            // The element's subtree, without recursion (a reference inside it recurses, bounded).
            var pending = DrawingCost.children(of: node)
            while let next = pending.popLast() {
                guard let drawn = own(next, depth: depth) else { return nil }
                cost.add(drawn)
                guard cost.elements <= DrawingCost.maximumElements else { return cost }
                if !Self.drawnByReference.contains(DrawingCost.name(of: next)) { pending += DrawingCost.children(of: next) }
            }
            known[node] = cost
            return cost
        }

        /// What `node` costs itself: one element, its filters and masks, and what it refers to.
        private mutating func own(_ node: xmlNodePtr, depth: Int) -> DrawingCost? {
            var cost = DrawingCost(elements: 1, rasterized: rasterCost(of: node))
            for target in references(of: node) where target != node {
                guard let drawn = self.cost(of: target, depth: depth + 1) else { return nil }
                cost.add(drawn)
            }
            return cost
        }

        /// The elements `node` draws again: a `<use>`'s or `<feImage>`'s `href`, and every
        /// `url(#id)` in its attributes (fill, stroke, mask, clip-path, markers, filter, style).
        private func references(of node: xmlNodePtr) -> [xmlNodePtr] {
            var names: [Substring] = []
            if ["use", "feImage"].contains(DrawingCost.name(of: node)), let href = DrawingCost.attribute("href", of: node) ?? xlinkHref(node),
               href.hasPrefix("#") {
                names.append(href.dropFirst())
            }
            for value in DrawingCost.attributeValues(of: node) where value.contains("url(") {
                var rest = Substring(value)
                while let start = rest.range(of: "url(") {
                    rest = rest[start.upperBound...].drop { $0 == " " || $0 == "'" || $0 == "\"" }
                    if rest.first == "#" { names.append(rest.dropFirst().prefix { !")'\" ".contains($0) }) }
                }
            }
            return names.compactMap { ids[String($0)] }
        }

        private func xlinkHref(_ node: xmlNodePtr) -> String? {
            guard let xml = DrawingCost.xml, let value = xml.namespacedProperty(node, "href", "http://www.w3.org/1999/xlink")
            else { return nil }
            defer { xml.free(value) }
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
            for primitive in DrawingCost.children(of: filter) {
                switch DrawingCost.name(of: primitive) {
                case "feGaussianBlur": cost += 3
                case "feMorphology":
                    let radius = numbers(DrawingCost.attribute("radius", of: primitive) ?? "0").map { min(max($0, 0), 1000) }
                    let (x, y) = (radius.first ?? 0, radius.count > 1 ? radius[1] : radius.first ?? 0)
                    cost += Int((2 * x + 1) * (2 * y + 1))
                case "feConvolveMatrix":
                    let order = numbers(DrawingCost.attribute("order", of: primitive) ?? "3").map { min(max($0, 1), Double(largestConvolution)) }
                    cost += Int((order.first ?? 3) * (order.count > 1 ? order[1] : order.first ?? 3))
                case "feTurbulence": cost += 4 * Int(min(max(numbers(DrawingCost.attribute("numOctaves", of: primitive) ?? "1").first ?? 1, 1), 100))
                case "feDiffuseLighting", "feSpecularLighting": cost += 9
                default: cost += 1
                }
            }
            return cost
        }

        /// The numbers of an attribute such as `radius="2 3"`, split at XML's whitespace and
        /// commas; what does not read as a number is left out.
        static func numbers(_ text: String) -> [Double] {
            text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }.compactMap { Double($0) }.filter { !$0.isNaN }
        }
    }

    private mutating func add(_ other: DrawingCost) {
        elements = min(elements + other.elements, Self.maximumElements + 1)
        rasterized = min(rasterized + other.rasterized, Self.maximumElements + 1)
    }
}
