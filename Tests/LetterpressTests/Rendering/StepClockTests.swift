import Foundation
import Testing
@testable import Letterpress
@testable import LetterpressCore
@testable import LetterpressExport
@testable import LetterpressMarkup
@testable import LetterpressStyling
@testable import LetterpressTypesetting

/// A step's time leaves out what is measured within it, so the rows add up.
@Suite struct StepClockTests {
    @Test func aNestedStepCountsInItsOwnRowAlone() {
        let clock = StepClock()
        clock.measure(\.typeset) {
            clock.measure(\.parse) { usleep(20_000) }
            usleep(20_000)
        }
        #expect(clock.timings.parse >= 0.02)
        #expect(clock.timings.typeset >= 0.02 && clock.timings.typeset < clock.timings.parse + 0.02)
    }

    @Test func timeMeasuredElsewhereIsTakenFromTheStepUnderWayButNotTheSecondThreads() {
        let clock = StepClock()
        var typesetting = Timings()
        typesetting.style = 0.5
        typesetting.waiting = 0.25
        typesetting.parseBeside = 2
        clock.measure(\.typeset) {
            clock.add(typesetting)
            clock.add(1, to: \.draw)
        }
        #expect(clock.timings.style == 0.5 && clock.timings.waiting == 0.25 && clock.timings.draw == 1)
        #expect(clock.timings.parseBeside == 2)
        // The step took next to nothing itself: the 1.75 s came from within it.
        let typeset = clock.timings.typeset
        #expect(abs(typeset + 1.75) < 0.05)
        clock.add(3, to: \.write)
        #expect(clock.timings.write == 3 && clock.timings.typeset == typeset)
    }
}
