import Foundation
import LetterpressCore

/// How an attribute key's value is written in a body and shown in a run dump.
struct AttributeForm<Value>: Sendable {
    /// The value of the key being decoded, or nil after a message saying why it cannot be.
    let read: @Sendable (AttributeDecoder.Entry) -> Value?
    let show: @Sendable (Value) -> String

    /// A value `JSONDecoder` reads as it is, shown as it describes itself.
    static func value(_ expected: String) -> AttributeForm where Value: Decodable {
        AttributeForm(read: { $0.decode(Value.self, expected: expected) }, show: { "\($0)" })
    }

    /// Whole numbers without a fraction; others (and those too large for an `Int`) as Swift writes them.
    private static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}

extension AttributeForm where Value: RawRepresentable & CaseIterable & Decodable, Value.RawValue == String {
    /// One of a fixed set of words, shown as written.
    static var choice: AttributeForm {
        AttributeForm(
            read: { entry in
                let names = Value.allCases.map(\.rawValue)
                guard let text = entry.decode(String.self) else {
                    entry.complain("'\(entry.name)' must be one of \(names.joined(separator: ", "))")
                    return nil
                }
                if let value = Value(rawValue: text) { return value }
                entry.complain("unknown \(entry.name) \(Excerpt.quoted(text))" + Hint.suggestion(for: text, among: names))
                return nil
            },
            show: \.rawValue)
    }

}

extension AttributeForm where Value == Double {
    /// A length in points, shown without a fraction when it has none.
    static var points: AttributeForm {
        AttributeForm(read: { $0.decode(Double.self, expected: "a number of points") }, show: format)
    }

}

extension AttributeForm where Value == String {
    /// A key of the string tables, or `true` for the key the bracketed text makes (empty).
    static var localizationKey: AttributeForm {
        AttributeForm(
            read: { entry in
                if let flag = entry.decode(Bool.self) { return flag ? "" : nil }
                return entry.decode(String.self, expected: "true or a key of the string tables, such as 'invoice.title'")
            },
            show: { $0.isEmpty ? "true" : $0 })
    }
}

extension AttributeForm where Value == [String] {
    /// A family list, written as a list or as one comma-separated string.
    static var families: AttributeForm {
        AttributeForm(
            read: { entry in
                if let list = entry.decode([String].self) { return list }
                return entry.decode(String.self, expected: "a family or a list of families")?
                    .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            },
            show: { $0.joined(separator: ",") })
    }

}

extension AttributeForm where Value == ImageWidth {
    /// An image width: a positive number of points, or a percentage of the column.
    static var imageWidth: AttributeForm {
        AttributeForm(
            read: { entry in
                if let points = entry.decode(Double.self), let width = ImageWidth(points: points) { return width }
                if let text = entry.decode(String.self), let width = ImageWidth(parsing: text) { return width }
                entry.complain("'\(entry.name)' must be points or a percentage such as '40%'; attribute ignored")
                return nil
            },
            show: { width in
                switch width {
                case let .points(points): return format(points)
                case let .fraction(fraction): return format(fraction * 100) + "%"
                }
            })
    }
}
