import ArgumentParser
import Foundation
import Letterpress
import Yams

/// `render themes [NAME]`: the themes `--theme` accepts, or one of them resolved.
struct Themes: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the available themes, or print one resolved (every value filled in).")

    @Argument(help: "A theme name or path to show resolved.", completion: .custom { _, _, _ in ThemeLoader().availableThemes() })
    var name: String?

    func run() throws {
        let loader = ThemeLoader()
        guard let name else {
            let names = loader.availableThemes()
            let width = names.map(\.count).max() ?? 0
            for name in names {
                print(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + loader.summary(of: name))
            }
            return
        }
        do {
            let (theme, warnings) = try loader.loadReportingWarnings(name)
            for warning in warnings { Console.error(warning.description) }
            // Through JSON so that numbers print as people write them (595.28, not 5.9528e+2).
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let object = try JSONSerialization.jsonObject(with: try encoder.encode(theme))
            print(try Yams.serialize(node: Self.node(object), sortKeys: false), terminator: "")
        } catch let error as LetterpressError {
            Console.error(error.description)
            throw ExitCode.failure
        }
    }

    private static func node(_ value: Any) -> Node {
        switch value {
        case let dictionary as [String: Any]:
            return .mapping(Node.Mapping(dictionary.sorted { $0.key < $1.key }.map { (Node($0.key), node($0.value)) }))
        case let array as [Any]:
            return .sequence(Node.Sequence(array.map(node)))
        case let number as NSNumber where String(cString: number.objCType) == "c":
            // JSONSerialization gives booleans as NSNumbers of type char.
            return Node(number.boolValue ? "true" : "false", Tag(.bool))
        case let number as NSNumber:
            let double = number.doubleValue
            let text = double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(format: "%.6g", double)
            return Node(text, Tag(.float))
        case let string as String:
            return Node(string)
        default:
            return Node("null", Tag(.null))
        }
    }
}
