import Testing

/// Runs the tests of a suite that lays out or draws text one at a time with those of every
/// other such suite: in one process, Pango and Cairo 1.16 crash when threads need more font
/// files at once than Cairo keeps open (see `FontFaces`), and the suites use dozens.
struct FontWorkTrait: SuiteTrait, TestTrait, TestScoping {
    var isRecursive: Bool { true }

    func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        testCase == nil ? nil : self
    }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        await FontWorkTurns.shared.begin()
        do {
            try await function()
        } catch {
            await FontWorkTurns.shared.end()
            throw error
        }
        await FontWorkTurns.shared.end()
    }
}

extension Trait where Self == FontWorkTrait {
    static var fontWork: Self { FontWorkTrait() }
}

/// Lets one test at a time in, the others waiting in order.
private actor FontWorkTurns {
    static let shared = FontWorkTurns()
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func begin() async {
        guard busy else {
            busy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func end() {
        if waiting.isEmpty {
            busy = false
        } else {
            waiting.removeFirst().resume()
        }
    }
}
