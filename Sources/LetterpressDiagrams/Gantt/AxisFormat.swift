/// A gantt chart's `axisFormat`: d3's `timeFormat` directives, which Mermaid writes the axis's
/// dates with (`%Y-%m-%d` unless the chart says otherwise), with English names: `%a %A %b %B
/// %c %d %e %H %I %j %L %m %M %p %Q %s %S %U %w %W %x %X %y %Y %Z %%`, each padded as d3 pads it
/// unless `-` (no padding), `_` (spaces) or `0` (zeros) follows the `%`. The format is cut into
/// pieces once; each date is then written piece by piece.
struct AxisFormat: Sendable, Equatable {
    enum Piece: Sendable, Equatable {
        case literal(String)
        case directive(Character, padding: Character?)
    }

    static let standard = AxisFormat("%Y-%m-%d")
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    let pieces: [Piece]

    init(_ format: String) {
        var pieces: [Piece] = []
        var literal = ""
        var iterator = format.makeIterator()
        while let character = iterator.next() {
            guard character == "%" else {
                literal.append(character)
                continue
            }
            guard var directive = iterator.next() else {
                literal.append("%")
                break
            }
            var padding: Character?
            if directive == "-" || directive == "_" || directive == "0", let next = iterator.next() {
                padding = directive
                directive = next
            }
            if directive == "%" {
                literal.append("%")
                continue
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(.directive(directive, padding: padding))
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        self.pieces = pieces
    }

    /// Whether the format writes the time of day, so that ticks within a day are told apart.
    var showsTimeOfDay: Bool {
        pieces.contains { piece in
            if case let .directive(directive, _) = piece { return "HIMSLpcXsQ".contains(directive) }
            return false
        }
    }

    /// `time` written in this format.
    func string(_ time: CivilTime) -> String {
        let fields = time.fields
        var result = ""
        for piece in pieces {
            switch piece {
            case let .literal(text):
                result += text
            case let .directive(directive, padding):
                result += Self.write(directive, padding: padding, time: time, fields: fields)
            }
        }
        return result
    }

    private static func write(_ directive: Character, padding: Character?, time: CivilTime,
                              fields: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int)) -> String {
        func padded(_ value: Int, _ width: Int, _ standard: Character = "0") -> String {
            let digits = String(value)
            let pad = padding ?? standard
            guard pad != "-", digits.count < width else { return digits }
            return String(repeating: pad == "_" ? " " : "0", count: width - digits.count) + digits
        }
        let month = DateFormat.monthNames[fields.month - 1]
        let weekday = weekdayNames[time.weekday]
        switch directive {
        case "a": return String(weekday.prefix(3))
        case "A": return weekday
        case "b", "h": return String(month.prefix(3))
        case "B": return month
        case "c": return AxisFormat("%a %b %e %H:%M:%S %Y").string(time)
        case "d": return padded(fields.day, 2)
        case "e": return padded(fields.day, 2, "_")
        case "H": return padded(fields.hour, 2)
        case "I": return padded((fields.hour + 11) % 12 + 1, 2)
        case "j": return padded(time.dayOfYear, 3)
        case "L": return padded(fields.millisecond, 3)
        case "m": return padded(fields.month, 2)
        case "M": return padded(fields.minute, 2)
        case "p": return fields.hour < 12 ? "AM" : "PM"
        case "Q": return String(time.milliseconds)
        case "s": return String(CivilTime.floorDivide(time.milliseconds, 1000))
        case "S": return padded(fields.second, 2)
        case "U": return padded((time.dayOfYear - 1 + 7 - time.weekday) / 7, 2)
        case "W": return padded((time.dayOfYear - 1 + 7 - (time.weekday + 6) % 7) / 7, 2)
        case "u": return String(time.weekday == 0 ? 7 : time.weekday)
        case "w": return String(time.weekday)
        case "x": return AxisFormat("%m/%d/%Y").string(time)
        case "X": return AxisFormat("%H:%M:%S").string(time)
        case "y": return padded(fields.year % 100, 2)
        case "Y": return padded(fields.year, 4)
        case "Z": return "+0000"
        default: return "%" + String(directive)
        }
    }
}
