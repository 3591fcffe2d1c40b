import Foundation
import LetterpressCore
import LetterpressMarkup

/// The look of an element; every field optional.
struct StyleSpec: Codable {
    var font: FontList?
    var size: Double?
    var weight: FontWeight?
    var italic: Bool?
    var color: Color?
    var background: Color?
    var underline: Bool?
    var tracking: Double?
    var effect: TextEffect?
    var lineHeight: Double?
    var spaceBefore: Double?
    var spaceAfter: Double?
    var align: TextAlignment?
    var padding: Double?
    var indent: Double?
    var barColor: Color?
    var barWidth: Double?
    var minSize: Double?
    var maxSize: Double?
}

extension StyleSpec {
    /// The keys an element's style may set, a row per property, with what each does to the
    /// resolved style: the theme schema and `ThemeResolver.apply` go by it.
    static let fields: [Field] = [
        Field("font", \.font) { font, style in
            if !font.families.isEmpty { style.text.fontFamilies = font.families }
        },
        Field("size", \.size) { size, style in
            if size > 0 { style.text.size = size }
        },
        Field("weight", \.weight) { $1.text.weight = $0 },
        Field("italic", \.italic) { $1.text.italic = $0 },
        Field("color", \.color) { $1.text.color = $0 },
        Field("background", \.background) { $1.background = $0 },
        Field("underline", \.underline) { $1.text.underline = $0 ? LineDecoration() : nil },
        Field("tracking", \.tracking) { $1.text.tracking = $0 },
        Field("effect", \.effect) { $1.text.effect = $0 },
        Field("lineHeight", \.lineHeight) { lineHeight, style in
            if lineHeight > 0 { style.lineHeight = lineHeight }
        },
        Field("spaceBefore", \.spaceBefore) { $1.spaceBefore = $0 },
        Field("spaceAfter", \.spaceAfter) { $1.spaceAfter = $0 },
        Field("align", \.align) { $1.align = $0 },
        Field("padding", \.padding) { $1.padding = $0 },
        Field("indent", \.indent) { $1.indent = $0 },
        Field("barColor", \.barColor) { $1.barColor = $0 },
        Field("barWidth", \.barWidth) { $1.barWidth = $0 },
        // These bound the size when a theme is scaled, and a size set inline (`ThemeResolver.resolve`).
        Field("minSize", \.minSize),
        Field("maxSize", \.maxSize),
    ]

    /// One key of an element's style and what it does to the resolved style when set.
    struct Field {
        let name: String
        let apply: (StyleSpec, inout BlockStyle) -> Void

        /// `property` is a key path made a function, which reads the property directly (a key
        /// path kept as one is built when first used and read by the runtime).
        init<Value>(_ name: String, _ property: @escaping (StyleSpec) -> Value?,
                    _ effect: @escaping (Value, inout BlockStyle) -> Void = { _, _ in }) {
            self.name = name
            apply = { spec, style in
                if let value = property(spec) { effect(value, &style) }
            }
        }
    }
}
