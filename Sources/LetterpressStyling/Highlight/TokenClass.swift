import Foundation

/// What a piece of code is, as a theme's `code.syntax` colours it: KSyntaxHighlighting's
/// default styles, folded into the classes a reader tells apart on paper.
package enum TokenClass: String, CaseIterable, Sendable {
    case keyword, type, function, variable, string, number, constant, comment, `operator`, attribute, preprocessor
    /// Lines a diff adds and removes.
    case inserted, deleted

    /// The class of KSyntaxHighlighting's `Theme::TextStyle` `style` (or the shim's diff
    /// classes); nil for plain text, and for `Others` and `Error`, which definitions use for
    /// pieces they could not place (Rust's lifetimes, Bash's test flags).
    init?(highlighterStyle style: Int32) {
        switch style {
        case 1, 4: self = .keyword                 // Keyword, ControlFlow
        case 2, 6: self = .function                // Function, BuiltIn (`echo`, `println!`)
        case 3: self = .variable
        case 5: self = .operator
        case 7, 16: self = .type                   // Extension (Qt's classes), DataType
        case 8, 15: self = .preprocessor           // Preprocessor, Import
        case 9: self = .attribute
        case 10, 11, 12, 13, 14: self = .string    // Char, SpecialChar, String, VerbatimString, SpecialString
        case 17, 18, 19: self = .number            // DecVal, BaseN, Float
        case 20: self = .constant
        case 21, 22, 23, 24, 25, 26, 27, 28: self = .comment  // comments, documentation and their markers
        case 100: self = .inserted
        case 101: self = .deleted
        default: return nil
        }
    }
}
