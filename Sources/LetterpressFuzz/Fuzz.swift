import Foundation
import Letterpress

/// Runs one input through parse → style → typeset, as a fuzz target does; nothing it finds may
/// crash, hang or exhaust memory.
enum FuzzTarget {
    static let renderer: Renderer = {
        var options = RenderOptions()
        options.badge = false
        return Renderer(options: options)
    }()

    static func run(_ data: Data) {
        guard let document = try? Renderer.document(from: data, file: "fuzz.md") else { return }
        _ = try? renderer.typeset(document, file: "fuzz.md")
    }
}

#if FUZZING
import CFuzzDriver

/// libFuzzer's target (`make fuzz` builds with `-sanitize=fuzzer,address -DFUZZING`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let bytes else { return 0 }
    FuzzTarget.run(Data(bytes: bytes, count: size))
    return 0
}

/// The process's entry point when built for fuzzing: SwiftPM points `main` at this symbol, so
/// it hands control to libFuzzer's driver.
@_cdecl("LetterpressFuzz_main")
public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return LLVMFuzzerRunDriver(&count, &arguments) { bytes, size in fuzzOneInput(bytes, size) }
}
#else
/// Without libFuzzer: replays the files given, such as saved crashers.
@main
struct Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let data = FileManager.default.contents(atPath: path) else {
                FileHandle.standardError.write(Data("\(path): cannot read\n".utf8))
                exit(1)
            }
            FuzzTarget.run(data)
            print("\(path): ok")
        }
    }
}
#endif
