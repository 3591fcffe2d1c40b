import Foundation
import Glibc
import Letterpress

/// The machine's paper size, as libpaper finds it: `PAPERSIZE`, then the file `PAPERCONF`
/// names, then `/etc/papersize`, then the paper of the locale's `LC_PAPER` (`LC_ALL`,
/// `LC_PAPER`, `LANG`). Notes whose theme and front matter name no size are set on it.
enum SystemPaper {
    static func size(environment: [String: String] = ProcessInfo.processInfo.environment,
                     configuration: String = "/etc/papersize") -> PageSize? {
        if let name = environment["PAPERSIZE"], let size = named(name) { return size }
        for file in [environment["PAPERCONF"], configuration].compactMap({ $0 }) {
            if let text = try? String(contentsOfFile: file, encoding: .utf8), let size = firstName(in: text).flatMap(named) {
                return size
            }
        }
        let locale = [environment["LC_ALL"], environment["LC_PAPER"], environment["LANG"]].compactMap { $0 }.first { !$0.isEmpty }
        return locale.flatMap(localePaper)
    }

    /// A size libpaper names (`a4`, `letter`, `A4`), as `--page-size` reads it.
    private static func named(_ name: String) -> PageSize? {
        PageSize(parsing: name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased())
    }

    /// The first word of a papersize file that is not in a comment.
    private static func firstName(in text: String) -> String? {
        text.split(separator: "\n").lazy.map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .compactMap { $0.split(separator: " ").first.map(String.init) }.first
    }

    /// The paper the C library gives `locale`, in millimetres, as a named size when it is one;
    /// nil when the locale is not installed or is the C locale (whose A4 says nothing).
    private static func localePaper(_ locale: String) -> PageSize? {
        guard !["C", "POSIX"].contains(locale.split(separator: ".")[0]), let handle = newlocale(LC_PAPER_MASK, locale, nil) else {
            return nil
        }
        defer { freelocale(handle) }
        // The paper items are numbers, returned in the pointer's bits.
        let height = Int(bitPattern: UInt(bitPattern: nl_langinfo_l(nl_item(_NL_PAPER_HEIGHT), handle))) & 0xFFFF_FFFF
        let width = Int(bitPattern: UInt(bitPattern: nl_langinfo_l(nl_item(_NL_PAPER_WIDTH), handle))) & 0xFFFF_FFFF
        guard width > 0, height > 0 else { return nil }
        let points = PageSize(width: Double(width) * 72 / 25.4, height: Double(height) * 72 / 25.4)
        return PageSize.named.first { abs($0.size.width - points.width) < 3 && abs($0.size.height - points.height) < 3 }?.size ?? points
    }
}
