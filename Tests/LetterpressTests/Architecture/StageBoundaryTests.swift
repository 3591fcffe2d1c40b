import Foundation
import Testing

/// The library's stages depend one way: each target imports only the stages before it, and
/// Package.swift declares exactly those. The compiler enforces a declared dependency; these
/// tests catch an undeclared one, which an incremental build can hide (every module's
/// interface lies in the same build folder), and a declaration that widens a stage's view.
@Suite struct StageBoundaryTests {
    /// The stages in pipeline order, each with the stages it may import.
    static let stages: KeyValuePairs<String, [String]> = [
        "LetterpressCore": [],
        "LetterpressMath": ["LetterpressCore"],
        "LetterpressDiagrams": ["LetterpressCore"],
        "LetterpressMarkup": ["LetterpressCore", "LetterpressMath"],
        "LetterpressStyling": ["LetterpressCore", "LetterpressMath", "LetterpressMarkup"],
        "LetterpressTypesetting": ["LetterpressCore", "LetterpressMath", "LetterpressDiagrams", "LetterpressMarkup", "LetterpressStyling"],
        "LetterpressExport": ["LetterpressCore", "LetterpressMath", "LetterpressDiagrams", "LetterpressMarkup", "LetterpressStyling", "LetterpressTypesetting"],
        "Letterpress": ["LetterpressCore", "LetterpressMath", "LetterpressDiagrams", "LetterpressMarkup", "LetterpressStyling", "LetterpressTypesetting", "LetterpressExport"],
    ]

    /// The `Letterpress…` modules the sources of `target` import.
    static func imports(of target: String) throws -> Set<String> {
        let folder = TestSupport.packageRoot.appendingPathComponent("Sources/\(target)")
        var found = Set<String>()
        for case let file as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!
        where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: #/(?m)^(?:@_exported )?import (Letterpress\w*)$/#) { found.insert(String(match.1)) }
        }
        return found
    }

    /// The `Letterpress…` targets Package.swift says `target` depends on.
    static func declaredDependencies(of target: String) throws -> Set<String> {
        let manifest = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try Regex(#"name: "\#(target)",\s*dependencies: \[([^\]]*)\]"#)
        let match = try #require(manifest.firstMatch(of: pattern), "no target \(target) with dependencies in Package.swift")
        let list = String(try #require(match.output[1].substring))
        return Set(list.matches(of: #/"(Letterpress\w*)"/#).map { String($0.1) })
    }

    @Test(arguments: stages.map(\.key))
    func aStageImportsOnlyTheStagesBeforeIt(_ target: String) throws {
        let allowed = Set(Self.stages.first { $0.key == target }!.value)
        let imported = try Self.imports(of: target)
        #expect(imported.subtracting(allowed).isEmpty, "\(target) imports \(imported.subtracting(allowed).sorted())")
        #expect(!imported.contains(target))
    }

    @Test(arguments: stages.map(\.key))
    func packageSwiftDeclaresWhatAStageImports(_ target: String) throws {
        let declared = try Self.declaredDependencies(of: target)
        let allowed = Set(Self.stages.first { $0.key == target }!.value)
        #expect(declared.isSubset(of: allowed), "\(target) depends on \(declared.subtracting(allowed).sorted())")
        #expect(try Self.imports(of: target).isSubset(of: declared), "\(target) imports what it does not declare")
    }

    /// The façade re-exports every stage, so `import Letterpress` is the one import a user writes.
    @Test func theFacadeReExportsEveryStage() throws {
        let exports = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("Sources/Letterpress/Exports.swift"), encoding: .utf8)
        for (stage, _) in Self.stages where stage != "Letterpress" {
            #expect(exports.contains("@_exported import \(stage)\n"), "Letterpress does not re-export \(stage)")
        }
    }
}
