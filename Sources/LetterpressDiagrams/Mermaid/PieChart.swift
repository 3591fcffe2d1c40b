/// A Mermaid pie chart as written: its slices in source order, which is the order Mermaid draws
/// them in, clockwise from 12 o'clock, and lists them in its legend.
package struct PieChart: Sendable, Equatable {
    package var title: String?
    /// `pie showData`: the legend gives each slice's value after its label.
    package var showData = false
    package var slices: [Slice] = []

    package struct Slice: Sendable, Equatable {
        package var label: String
        /// 0 or more; the slices' values need not add up to anything.
        package var value: Double
    }

    /// What the values add up to.
    package var total: Double { slices.reduce(0) { $0 + $1.value } }
}
