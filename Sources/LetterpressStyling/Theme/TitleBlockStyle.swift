import Foundation
import LetterpressMarkup

/// The title block at the top of a note's first page (its front matter's title, subtitle,
/// author and date): whether it is shown, and each line's style.
package struct TitleBlockStyle: Sendable, Encodable {
    /// False when the theme says `titleBlock: false`, true for `titleBlock: true` (every
    /// note's title, GitHub's too); nil shows it where the note's tool would.
    package var enabled: Bool?
    package var title: BlockStyle
    package var subtitle: BlockStyle
    package var author: BlockStyle
    package var date: BlockStyle

    /// The style of `part`.
    package func style(_ part: TitlePart) -> BlockStyle {
        switch part {
        case .title: title
        case .subtitle: subtitle
        case .author: author
        case .date: date
        }
    }
}
