import Foundation

/// Whether a note's TeX math is read, and the macros its formulas start with: the front
/// matter's `math:` key (`math: false`, or `math: {macros: {RR: '\mathbb{R}'}}`), which
/// `--no-math` (and a theme's `math:`) may turn off.
public struct MathSetting: Sendable, Equatable, Decodable {
    /// Whether `$…$`, `$$…$$`, `\(…\)`, `\[…\]`, ` ```math ` and the top-level environments
    /// are formulas; false: every `$` is text, as in a note before math was read.
    public var enabled: Bool
    /// Macros every formula of the note may use, by name (`RR` or `\RR`) to body.
    public var macros: [String: String]

    /// Math read, with `macros`.
    public init(enabled: Bool = true, macros: [String: String] = [:]) {
        self.enabled = enabled
        self.macros = macros
    }

    private enum CodingKeys: String, CodingKey { case enabled, macros }

    /// `true`, `false`, or a mapping of `enabled` and `macros`.
    public init(from decoder: any Decoder) throws {
        if let flag = try? decoder.singleValueContainer().decode(Bool.self) {
            self.init(enabled: flag)
            return
        }
        let keys = try decoder.container(keyedBy: CodingKeys.self)
        self.init(enabled: try keys.decodeIfPresent(Bool.self, forKey: .enabled) ?? true,
                  macros: try keys.decodeIfPresent([String: String].self, forKey: .macros) ?? [:])
    }

    /// The note's setting (this one) over a theme's: off when either is, the note's macros
    /// winning over the theme's of the same name.
    package func over(_ theme: MathSetting) -> MathSetting {
        MathSetting(enabled: enabled && theme.enabled, macros: theme.macros.merging(macros) { $1 })
    }

    /// This setting, turned off when `enabled` is false (`--no-math`).
    package func enabled(_ enabled: Bool) -> MathSetting {
        var setting = self
        setting.enabled = self.enabled && enabled
        return setting
    }
}
