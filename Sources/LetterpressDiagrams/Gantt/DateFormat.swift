/// A gantt chart's `dateFormat`: the tokens of dayjs (which Mermaid reads dates with) that
/// schedules use, read strictly as dayjs does in Mermaid: `YYYY`, `YY`, `Q`, `M`, `MM`, `MMM`,
/// `MMMM`, `D`, `DD`, `Do`, `DDD`, `DDDD`, `H`, `HH`, `h`, `hh`, `A`, `a`, `m`, `mm`, `s`, `ss`,
/// `S`, `SS`, `SSS`, `X` (Unix seconds), `x` (Unix milliseconds), `Z`, `ZZ`; `[text]` and any
/// other character stand for themselves. The format is cut into tokens once; a date is then
/// read token by token, in one pass.
struct DateFormat: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case literal(String)
        /// `count` digits exactly, or 1 to `count` when `flexible`.
        case number(Field, count: Int, flexible: Bool)
        case monthName(abbreviated: Bool)
        case ordinalDay
        case meridiem
        case unixSeconds
        case unixMilliseconds
        case zone
    }

    enum Field: Sendable, Equatable { case year, shortYear, quarter, month, day, dayOfYear, hour, hour12, minute, second, fraction }

    static let standard = DateFormat("YYYY-MM-DD")
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                             "November", "December"]

    let text: String
    let tokens: [Token]

    init(_ format: String) {
        text = format
        var tokens: [Token] = []
        var literal = ""
        let characters = Array(format)
        var index = 0
        // How many times `character` repeats from `index`, counted up to `limit` only, so that a
        // long run is read in one pass.
        func run(of character: Character, limit: Int) -> Int {
            var end = index
            while end < characters.count, end - index < limit, characters[end] == character { end += 1 }
            return end - index
        }
        func add(_ token: Token) {
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
            tokens.append(token)
        }
        while index < characters.count {
            let character = characters[index]
            var length = 1
            switch character {
            case "[":
                let close = characters[(index + 1)...].firstIndex(of: "]") ?? characters.count
                literal += String(characters[(index + 1)..<close])
                length = close - index + 1
            case "Y":
                length = run(of: "Y", limit: 4) == 4 ? 4 : run(of: "Y", limit: 2)
                add(length == 4 ? .number(.year, count: 4, flexible: false) : .number(.shortYear, count: 2, flexible: false))
            case "M":
                length = run(of: "M", limit: 4)
                add(length >= 3 ? .monthName(abbreviated: length == 3) : .number(.month, count: 2, flexible: length == 1))
            case "D":
                if index + 1 < characters.count, characters[index + 1] == "o" {
                    length = 2
                    add(.ordinalDay)
                } else {
                    length = run(of: "D", limit: 4)
                    add(length >= 3 ? .number(.dayOfYear, count: 3, flexible: length == 3) : .number(.day, count: 2, flexible: length == 1))
                }
            case "Q": add(.number(.quarter, count: 1, flexible: false))
            case "H", "h", "m", "s":
                length = run(of: character, limit: 2)
                let field: Field = character == "H" ? .hour : character == "h" ? .hour12 : character == "m" ? .minute : .second
                add(.number(field, count: 2, flexible: length == 1))
            case "S":
                length = run(of: "S", limit: 3)
                add(.number(.fraction, count: length, flexible: false))
            case "A", "a": add(.meridiem)
            case "X": add(.unixSeconds)
            case "x": add(.unixMilliseconds)
            case "Z":
                length = run(of: "Z", limit: 2)
                add(.zone)
            default:
                literal.append(character)
            }
            index += length
        }
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        self.tokens = tokens
    }

    /// The moment `text` names in this format, all of it read; nil when it does not fit the
    /// format or names no date (February 30th).
    func parse(_ text: String) -> CivilTime? {
        var reader = DateReader(text)
        var year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, millisecond = 0
        var dayOfYear: Int?, pm: Bool?, zoneMinutes = 0
        for token in tokens {
            switch token {
            case let .literal(literal):
                guard reader.take(literal) else { return nil }
            case let .number(field, count, flexible):
                guard let value = reader.digits(count, flexible: flexible) else { return nil }
                switch field {
                case .year: year = value
                // dayjs reads a two-digit year 68 or less as 20xx, else 19xx.
                case .shortYear: year = value > 68 ? 1900 + value : 2000 + value
                case .quarter: month = (value - 1) * 3 + 1
                case .month: month = value
                case .day: day = value
                case .dayOfYear: dayOfYear = value
                case .hour, .hour12: hour = value
                case .minute: minute = value
                case .second: second = value
                case .fraction: millisecond = value * [100, 10, 1][count - 1]
                }
            case let .monthName(abbreviated):
                guard let index = reader.monthName(abbreviated: abbreviated) else { return nil }
                month = index + 1
            case .ordinalDay:
                guard let value = reader.digits(2, flexible: true), reader.ordinalSuffix() else { return nil }
                day = value
            case .meridiem:
                guard let isPM = reader.meridiem() else { return nil }
                pm = isPM
            case .unixSeconds:
                guard let seconds = reader.decimal(), abs(seconds) < 1e12 else { return nil }
                return reader.isAtEnd ? CivilTime(milliseconds: Int64((seconds * 1000).rounded())) : nil
            case .unixMilliseconds:
                guard let value = reader.decimal(), abs(value) < 1e15 else { return nil }
                return reader.isAtEnd ? CivilTime(milliseconds: Int64(value.rounded())) : nil
            case .zone:
                guard let minutes = reader.zone() else { return nil }
                zoneMinutes = minutes
            }
        }
        guard reader.isAtEnd else { return nil }
        if let pm {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (pm ? 12 : 0)
        }
        if let dayOfYear {
            guard let start = CivilTime(year: year, month: 1, day: 1), (1...(CivilTime.isLeap(year) ? 366 : 365)).contains(dayOfYear)
            else { return nil }
            return start.adding(milliseconds: Int64(dayOfYear - 1) * CivilTime.millisecondsPerDay + Int64(((hour * 60 + minute) * 60 + second) * 1000))
        }
        return CivilTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, millisecond: millisecond)?
            .adding(milliseconds: -Int64(zoneMinutes) * 60_000)
    }
}

/// The text of a date read left to right, once, for `DateFormat`.
private struct DateReader {
    private let characters: [Character]
    private var index = 0

    init(_ text: String) {
        characters = Array(text)
    }

    var isAtEnd: Bool { index == characters.count }

    mutating func take(_ literal: String) -> Bool {
        for character in literal {
            guard index < characters.count, characters[index] == character else { return false }
            index += 1
        }
        return true
    }

    /// `count` ASCII digits, or 1 to `count` of them when `flexible`.
    mutating func digits(_ count: Int, flexible: Bool) -> Int? {
        var value = 0, read = 0
        while read < count, index < characters.count, characters[index].isASCIIDigit {
            value = value * 10 + characters[index].wholeNumberValue!
            index += 1
            read += 1
        }
        return read == count || (flexible && read > 0) ? value : nil
    }

    /// A signed number with an optional fraction, as Unix times are written.
    mutating func decimal() -> Double? {
        let start = index
        if index < characters.count, characters[index] == "-" || characters[index] == "+" { index += 1 }
        let digitsStart = index
        while index < characters.count, characters[index].isASCIIDigit || characters[index] == "." { index += 1 }
        guard index > digitsStart, index - start <= 24 else { return nil }
        return Double(String(characters[start..<index]))
    }

    /// A month's English name, whole or its first three letters, in any case.
    mutating func monthName(abbreviated: Bool) -> Int? {
        for (number, name) in DateFormat.monthNames.enumerated() {
            let wanted = abbreviated ? String(name.prefix(3)) : name
            let end = index + wanted.count
            guard end <= characters.count, String(characters[index..<end]).lowercased() == wanted.lowercased() else { continue }
            index = end
            return number
        }
        return nil
    }

    mutating func ordinalSuffix() -> Bool {
        ["st", "nd", "rd", "th"].contains { take($0) }
    }

    /// `am` or `pm`, in any case: whether it is `pm`.
    mutating func meridiem() -> Bool? {
        guard index + 2 <= characters.count else { return nil }
        let word = String(characters[index..<(index + 2)]).lowercased()
        guard word == "am" || word == "pm" else { return nil }
        index += 2
        return word == "pm"
    }

    /// `Z`, `+05:30`, `-0800`: minutes east of UTC.
    mutating func zone() -> Int? {
        if take("Z") { return 0 }
        guard index < characters.count, characters[index] == "+" || characters[index] == "-" else { return nil }
        let sign = characters[index] == "-" ? -1 : 1
        index += 1
        guard let hours = digits(2, flexible: false) else { return nil }
        _ = take(":")
        guard let minutes = digits(2, flexible: false), hours <= 14, minutes < 60 else { return nil }
        return sign * (hours * 60 + minutes)
    }
}
