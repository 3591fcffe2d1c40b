import CPangoCairo
import Foundation
import Synchronization
import LetterpressCore

/// Which fonts fontconfig offers to every font map created afterwards: the machine's, with
/// folders of your own added, or only the project's fonts and yours, so that fonts elsewhere on
/// a machine cannot change the pages (what `--font-dir` and `--isolated-fonts` do).
public enum FontSetup {
    /// The folders of the fonts the Makefile installs from Debian's packages.
    package static let projectFontFolders = [
        "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/liberation",
        "/usr/share/fonts/opentype/urw-base35", "/usr/share/fonts/truetype/comfortaa",
        "/usr/share/fonts/opentype/inter", "/usr/share/fonts/truetype/wqy",
        "/usr/share/fonts/opentype/ipaexfont-gothic", "/usr/share/fonts/truetype/lohit-bengali",
        "/usr/share/fonts/truetype/lohit-devanagari", "/usr/share/fonts/truetype/tlwg",
        "/usr/share/fonts/truetype/lohit-tamil", "/usr/share/fonts/truetype/lohit-telugu",
        "/usr/share/fonts/truetype/lohit-kannada", "/usr/share/fonts/truetype/lohit-malayalam",
        "/usr/share/fonts/truetype/lohit-punjabi", "/usr/share/fonts/truetype/lohit-gujarati",
        "/usr/share/fonts/truetype/lohit-oriya", "/usr/share/fonts/truetype/sinhala",
    ]

    /// Font files the Makefile installs into folders that other packages share (all of
    /// Noto's), added alone so that the other fonts there stay out of an isolated configuration.
    package static let projectFontFiles = ["/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"]

    /// Adds the fonts in `folders` to those fontconfig knows; with `isolated`, fontconfig then
    /// knows only those and the project's fonts, so that fonts elsewhere on a machine cannot
    /// change the output. The folders are walked by `FontFolder` and their files added one by
    /// one, in the order fontconfig's own walk took. Call before rendering anything.
    ///
    /// - Parameters:
    ///   - folders: Folders of font files (`.ttf`, `.otf`, `.ttc`…), walked with their subfolders.
    ///   - isolated: Whether fontconfig then knows only these fonts and those the Makefile
    ///     installs (`make deps`), through a private configuration that keeps the rules those
    ///     fonts' packages bring, so that pages come out as with the system's configuration.
    /// - Throws: `LetterpressError.invalidOption` for a folder that is missing, not a folder,
    ///   or too large to walk, or when fontconfig refuses the configuration.
    public static func configure(folders: [URL], isolated: Bool) throws {
        try configure(folders: folders.map(\.path), isolated: isolated)
    }

    /// `configure(folders:isolated:)` with the folders as paths.
    package static func configure(folders: [String], isolated: Bool) throws {
        StartUpWarmUp.wait()
        let files = try folders.flatMap(FontFolder.files(in:))
        if isolated {
            guard let config = FcConfigCreate() else { throw LetterpressError.invalidOption(.fontConfigurationFailed, "fontconfig cannot create a configuration") }
            let xml = isolatedConfiguration(folders: projectFontFolders)
            guard FcConfigParseAndLoadFromMemory(config, xml, 1) != 0, FcConfigBuildFonts(config) != 0 else {
                FcConfigDestroy(config)
                throw LetterpressError.invalidOption(.fontConfigurationFailed, "fontconfig rejected the isolated font configuration")
            }
            add(projectFontFiles.map { Array($0.utf8) } + files, to: config)
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

    /// The rules that come with the project's fonts (their packages' and fontconfig's own, those
    /// Debian turns on), in the system's order, which an isolated configuration reads so that its pages come out as
    /// the system's do: Lohit's hinting and fallbacks, WenQuanYi's place in `sans-serif` and
    /// `monospace` (before IPAex Gothic), colour emoji bitmaps scaled to the text, and bold and
    /// italic that a font lacks made up (without `90-synthetic.conf` bold Chinese came out
    /// regular, WenQuanYi having no bold face).
    static let projectRules = [
        "/usr/share/fontconfig/conf.avail/10-scale-bitmap-fonts.conf", "/etc/fonts/conf.avail/59-lohit-devanagari.conf",
        "/etc/fonts/conf.avail/65-wqy-microhei.conf",
    ] + ["bengali", "devanagari", "gujarati", "gurmukhi", "kannada", "odia", "tamil", "telugu"].map {
        "/etc/fonts/conf.avail/66-lohit-\($0).conf"
    } + ["/usr/share/fontconfig/conf.avail/90-synthetic.conf"]

    /// A fonts.conf that lists only `folders`, keeps the system's font caches, maps the generic
    /// families (and Pango's `emoji`) to the project's fonts, and reads `projectRules`.
    static func isolatedConfiguration(folders: [String]) -> String {
        func escaped(_ text: String) -> String {
            text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        let aliases = [("sans-serif", "DejaVu Sans"), ("serif", "DejaVu Serif"), ("monospace", "DejaVu Sans Mono"),
                       ("emoji", "Noto Color Emoji")]
        return """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
            <fontconfig>
            \(folders.map { "  <dir>\(escaped($0))</dir>" }.joined(separator: "\n"))
              <cachedir>/var/cache/fontconfig</cachedir>
              <cachedir prefix="xdg">fontconfig</cachedir>
            \(aliases.map { "  <alias><family>\($0.0)</family><prefer><family>\($0.1)</family></prefer></alias>" }.joined(separator: "\n"))
            \(projectRules.map { "  <include ignore_missing=\"yes\">\(escaped($0))</include>" }.joined(separator: "\n"))
            </fontconfig>
            """
    }

    /// Rules added to whichever configuration is current when text is first laid out, after the
    /// theme's families. Han characters fall back on WenQuanYi Micro Hei, as before IPAex Gothic
    /// was installed (the system's configuration ranks IPAex first for serif text, which mixed
    /// Japanese forms into Chinese); text tagged Japanese, on IPAex Gothic (WenQuanYi claims
    /// Japanese too, with Chinese forms of 直 and 今).
    static let languageRules = """
        <?xml version="1.0"?>
        <!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
        <fontconfig>
          <match target="pattern">
            <edit name="family" mode="append_last" binding="weak"><string>WenQuanYi Micro Hei</string></edit>
          </match>
          <match target="pattern">
            <test name="lang" compare="contains"><string>ja</string></test>
            <edit name="family" mode="append_last" binding="strong"><string>IPAexGothic</string></edit>
          </match>
        </fontconfig>
        """

    /// The configuration the rules were last added to.
    private static let configurationWithRules = Mutex<OpaquePointer?>(nil)

    /// Adds `languageRules` to the current configuration, once for each configuration.
    static func addLanguageRules() {
        configurationWithRules.withLock { configurationWithRules in
            guard let config = FcConfigGetCurrent(), config != configurationWithRules else { return }
            _ = FcConfigParseAndLoadFromMemory(config, languageRules, 1)
            configurationWithRules = config
        }
    }
}
