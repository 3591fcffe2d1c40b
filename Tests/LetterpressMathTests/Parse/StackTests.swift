import Foundation
import Testing
@testable import LetterpressMath

/// Formulas nested as deeply as the parser allows parse on a small thread stack: the depth
/// limit, not the stack, is what stops them.
@Suite struct StackTests {
    /// Runs `body` on a thread of `stackSize` bytes and waits for it.
    private func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
    }

    @Test(arguments: ["\\sqrt{", "\\frac{x}{", "x^{", "\\left(", "\\text{$", "\\begin{matrix}", "\\not", "\\mathbf{", "\\overbrace{"])
    func nestingToTheLimitFitsInTwoMegabytes(opening: String) {
        let closing = ["\\sqrt{": "}", "\\frac{x}{": "}", "x^{": "}", "\\left(": "\\right)", "\\text{$": "$}",
                       "\\begin{matrix}": "\\end{matrix}", "\\not": "", "\\mathbf{": "}", "\\overbrace{": "}"][opening] ?? ""
        for count in [40, 2_000] {
            let source = String(repeating: opening, count: count) + "x" + String(repeating: closing, count: count)
            onThread(stackSize: 2 << 20) {
                let formula = parse(source)
                let fatal = formula.problems.first { $0.isFatal }?.message
                if count == 40 {
                    #expect(fatal == nil, "\(opening)")
                } else {
                    #expect(fatal == "the formula nests more than 100 groups deep", "\(opening)")
                }
                _ = formula.plainText
            }
        }
    }
}

