import Synchronization

/// How messages name the options a rendering was given: by the properties of
/// `RenderOptions` for a program using the library ("no variable 'x' in the front matter or
/// RenderOptions.variables"), by its flags for the `render` command, which says so once at
/// start (`speakOfCommandLine()`): a library's messages never tell its users to pass a flag
/// they have no command line for.
package enum OptionWords {
    private static let commandLine = Atomic<Bool>(false)

    /// Messages from now on name the command line's flags.
    package static func speakOfCommandLine() { commandLine.store(true, ordering: .relaxed) }

    private static func word(flag: String, property: String) -> String {
        commandLine.load(ordering: .relaxed) ? flag : property
    }

    /// The option that keeps reading to the note's folder.
    package static var sandbox: String { word(flag: "--sandbox", property: "RenderOptions.sandbox") }
    /// The option that fails a rendering with warnings.
    package static var strict: String { word(flag: "--strict", property: "RenderOptions.strict") }
    /// The option that gives `{{name}}` values.
    package static var variables: String { word(flag: "--var", property: "RenderOptions.variables") }
    /// The option that names string tables.
    package static var strings: String { word(flag: "--strings", property: "RenderOptions.strings") }
    /// The option that sets the resolution of raster pages.
    package static var dpi: String { word(flag: "--dpi", property: "dpi") }
    /// The option that adds a folder of fonts.
    package static var fontFolder: String { word(flag: "--font-dir", property: "font folder") }
}
