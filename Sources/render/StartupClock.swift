import Foundation

/// How long the process had run when `main` began its work: loading the executable and its
/// libraries, and Swift's and Foundation's start-up.
enum StartupClock {
    /// Seconds from the process's start to now, from /proc (resolution: one clock tick).
    static func processAge() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let uptime = try? String(contentsOfFile: "/proc/uptime", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        // Fields after the command name; the start time is field 22 of the whole line.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]),
              let now = uptime.split(separator: " ").first.flatMap({ Double($0) }) else { return 0 }
        return max(0, now - ticks / Double(sysconf(Int32(_SC_CLK_TCK))))
    }
}
