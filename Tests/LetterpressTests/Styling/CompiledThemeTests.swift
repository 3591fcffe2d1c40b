import Foundation
@testable import LetterpressStyling
import LetterpressTesting
import Testing

/// The shipped default theme compiled into Swift (`CompiledDefaultTheme.swift`), so that no
/// YAML is read or decoded at start: it must say what `default.yaml` says. This test writes it
/// (`LETTERPRESS_RECORD_GOLDEN=1`) and checks it.
@Suite struct CompiledThemeTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/LetterpressStyling/ThemeFile/CompiledDefaultTheme.swift")

    /// The source of `CompiledDefaultTheme.swift` for `spec`.
    static func source(for spec: ThemeSpec) -> String {
        """
        // Written by CompiledThemeTests from Themes/default.yaml; do not edit. After changing the
        // YAML: LETTERPRESS_RECORD_GOLDEN=1 swift test --filter CompiledThemeTests
        import LetterpressCore
        import LetterpressMarkup

        extension ThemeSpec {
            /// `default.yaml`, decoded when Letterpress was built: decoding it at start took
            /// some 40M instructions, most of them the Swift runtime's first look-ups of the
            /// theme types' conformances. Unsafe: only ever read.
            nonisolated(unsafe) static let compiledDefault: ThemeSpec = \(SwiftLiteral.expression(spec, indent: 1))
        }

        """
    }

    @Test func theCompiledDefaultSaysWhatTheYAMLSays() throws {
        let (decoded, warnings) = try ThemeLoader(searchPaths: []).decodedShipped("default")
        #expect(warnings.isEmpty, "the compiled theme gives no warnings, so its YAML must give none")
        let expected = Self.source(for: decoded)
        if RecordMode.fromEnvironment == .all {
            try expected.write(to: Self.file, atomically: true, encoding: .utf8)
        }
        let written = try String(contentsOf: Self.file, encoding: .utf8)
        #expect(written == expected, "CompiledDefaultTheme.swift is out of date: LETTERPRESS_RECORD_GOLDEN=1 swift test --filter CompiledThemeTests")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(ThemeSpec.compiledDefault) == encoder.encode(decoded))
    }

    @Test func theDefaultThemeIsTheSameEitherWay() throws {
        let decoded = try ThemeLoader(searchPaths: []).decodedShipped("default").spec
        let fromYAML = try ThemeResolver.resolve(decoded, defaults: decoded, scale: 1)
        let compiled = try ThemeResolver.resolve(ThemeSpec.compiledDefault, defaults: ThemeSpec.compiledDefault, scale: 1)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(fromYAML) == encoder.encode(compiled))
    }
}

/// A value as the Swift expression that makes it, read with `Mirror`: a structure whose fields
/// are all set through its initializer with their labels, or made blank and set field by field
/// (a `nil` field left out); an enumeration by its raw value.
enum SwiftLiteral {
    static func expression(_ value: Any, indent: Int) -> String {
        switch value {
        case let text as String: return quoted(text)
        case let number as Double: return "\(number)"
        case let number as Int: return "\(number)"
        case let flag as Bool: return "\(flag)"
        default: break
        }
        let mirror = Mirror(reflecting: value)
        let type = String(reflecting: Swift.type(of: value))
        let inner = String(repeating: "    ", count: indent + 1), outer = String(repeating: "    ", count: indent)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { expression($0.value, indent: indent) } ?? "nil"
        case .collection:
            let items = mirror.children.map { expression($0.value, indent: indent + 1) }
            return items.isEmpty ? "[]" : "[\n" + items.map { inner + $0 + ",\n" }.joined() + outer + "]"
        case .dictionary:
            let pairs = mirror.children.map { pair -> (String, String) in
                let parts = Array(Mirror(reflecting: pair.value).children)
                return (expression(parts[0].value, indent: indent + 1), expression(parts[1].value, indent: indent + 1))
            }.sorted { $0.0 < $1.0 }
            return pairs.isEmpty ? "[:]" : "[\n" + pairs.map { "\(inner)\($0.0): \($0.1),\n" }.joined() + outer + "]"
        case .enum:
            if let raw = value as? any RawRepresentable { return "\(type)(rawValue: \(expression(raw.rawValue, indent: indent)))!" }
            if let payload = mirror.children.first {
                return "\(type).\(payload.label ?? "")(\(expression(payload.value, indent: indent)))"
            }
            return "\(type).\(value)"
        default:
            let fields = mirror.children.compactMap { child -> (String, Any)? in
                guard let label = child.label else { return nil }
                let field = Mirror(reflecting: child.value)
                return field.displayStyle == .optional && field.children.isEmpty ? nil : (label, child.value)
            }
            if fields.count == mirror.children.count, !fields.isEmpty,
               !mirror.children.contains(where: { Mirror(reflecting: $0.value).displayStyle == .optional }) {
                return "\(type)(" + fields.map { "\($0.0): \(expression($0.1, indent: indent))" }.joined(separator: ", ") + ")"
            }
            let assignments = fields.map { "\(inner)value.\($0.0) = \(expression($0.1, indent: indent + 1))\n" }.joined()
            return "{\n\(inner)var value = \(type)()\n\(assignments)\(inner)return value\n\(outer)}()"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20: result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
