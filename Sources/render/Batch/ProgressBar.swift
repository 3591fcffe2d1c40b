import Foundation

/// A one-line progress bar on standard error: done/total, the file being rendered, elapsed and
/// remaining time. Used only when standard error is a terminal.
final class ProgressBar {
    private var total = 0
    private var done = 0
    private var current = ""
    private var start = Date()
    private var shown = false

    /// A bar when standard error is a terminal, else nil.
    static func forTerminal() -> ProgressBar? {
        isatty(STDERR_FILENO) != 0 ? ProgressBar() : nil
    }

    func start(total: Int) {
        self.total = total
        start = Date()
        draw()
    }

    func began(_ file: String) {
        current = file
        draw()
    }

    func finished(_ file: String) {
        done += 1
        draw()
    }

    /// Erases the bar, so that a message can be printed in its place.
    func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8))
        shown = false
    }

    private func draw() {
        let elapsed = Date().timeIntervalSince(start)
        let remaining = done > 0 ? elapsed / Double(done) * Double(total - done) : nil
        let columns = terminalWidth()
        let barWidth = 20
        let filled = total > 0 ? barWidth * done / total : 0
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
        let times = "\(Self.clock(elapsed)) elapsed" + (remaining.map { ", ~\(Self.clock($0)) left" } ?? "")
        var line = "\(bar) \(done)/\(total)  \(times)  "
        let room = columns - line.count - 1
        if room > 8 {
            line += current.count > room ? "…" + current.suffix(room - 1) : current
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
        shown = true
    }

    private func terminalWidth() -> Int {
        var size = winsize()
        return ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    private static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded())
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
