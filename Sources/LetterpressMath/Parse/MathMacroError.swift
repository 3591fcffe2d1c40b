/// A macro definition given outside a formula (front matter or a theme's `math: {macros: …}`)
/// that cannot be used.
public struct MathMacroError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the macro.
    public var message: String

    /// The message.
    public var description: String { message }
}
