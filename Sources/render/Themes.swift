import ArgumentParser
import Foundation
import Letterpress

/// `render themes`: the themes `--theme` accepts.
struct Themes: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the available themes.")

    func run() throws {
        let loader = ThemeLoader()
        let names = loader.availableThemes()
        let width = names.map(\.count).max() ?? 0
        for name in names {
            print(name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + loader.summary(of: name))
        }
    }
}
