import Foundation
import LetterpressCore

/// A coloured band that spans every slice of a container on a page: the bar beside a block
/// quote, the background behind a code block.
struct ContainerBand {
    var x: Double
    var width: Double
    var color: Color
}
