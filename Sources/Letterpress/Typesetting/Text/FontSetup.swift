import CPangoCairo
import Foundation

/// Which fonts fontconfig offers to every font map created afterwards.
public enum FontSetup {
    /// The folders of the fonts the Makefile installs from Debian's packages.
    public static let projectFontFolders = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation",
        "/usr/share/fonts/opentype/urw-base35", "/usr/share/fonts/truetype/comfortaa",
        "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/wqy",
    ]

    /// Adds the fonts in `folders` to those fontconfig knows; with `isolated`, fontconfig then
    /// knows only those and the project's fonts, so that fonts elsewhere on a machine cannot
    /// change the output. The folders are walked by `FontFolder` and their files added one by
    /// one, in the order fontconfig's own walk took. Call before rendering anything.
    public static func configure(folders: [String], isolated: Bool) throws {
        StartUpWarmUp.wait()
        let files = try folders.flatMap(FontFolder.files(in:))
        if isolated {
            guard let config = FcConfigCreate() else { throw LetterpressError.invalidOption("fontconfig cannot create a configuration") }
            let xml = isolatedConfiguration(folders: projectFontFolders)
            guard FcConfigParseAndLoadFromMemory(config, xml, 1) != 0, FcConfigBuildFonts(config) != 0 else {
                FcConfigDestroy(config)
                throw LetterpressError.invalidOption("fontconfig rejected the isolated font configuration")
            }
            add(files, to: config)
            FcConfigSetCurrent(config)
            FcConfigDestroy(config)
        } else {
            add(files, to: nil)
        }
    }

    /// Adds each of `files` to `config` (nil: the current configuration). A file that holds no
    /// font adds nothing, as in a folder fontconfig walks itself.
    private static func add(_ files: [[UInt8]], to config: OpaquePointer?) {
        for file in files {
            _ = (file + [0]).withUnsafeBufferPointer { FcConfigAppFontAddFile(config, $0.baseAddress) }
        }
    }

    /// A fonts.conf that lists only `folders`, keeps the system's font caches, and maps the
    /// generic families to the project's fonts.
    static func isolatedConfiguration(folders: [String]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let aliases = [("sans-serif", "DejaVu Sans"), ("serif", "DejaVu Serif"), ("monospace", "DejaVu Sans Mono")]
        return """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
            \(folders.map { "  <dir>\(escaped($0))</dir>" }.joined(separator: "\n"))
              <cachedir>/var/cache/fontconfig</cachedir>
              <cachedir prefix="xdg">fontconfig</cachedir>
            \(aliases.map { "  <alias><family>\($0.0)</family><prefer><family>\($0.1)</family></prefer></alias>" }.joined(separator: "\n"))
            </fontconfig>
            """
    }
}
