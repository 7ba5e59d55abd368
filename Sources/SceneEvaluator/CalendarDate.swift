/// A day of the proleptic Gregorian calendar, written `YYYY-MM-DD`. Dates in scenes come from
/// parameters, never from the clock, so output is reproducible; this is all the calendar they need
/// (days since 1970-01-01 by Howard Hinnant's civil-date algorithms, no time zones).
struct CalendarDate: Hashable {
    let year: Int, month: Int, day: Int

    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]

    /// Parses `YYYY-MM-DD` (years 1 to 9999); nil for anything else, February 30th included.
    init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            y >= 1, (1...12).contains(m), d >= 1, d <= CalendarDate.daysIn(month: m, year: y)
        else { return nil }
        (year, month, day) = (y, m, d)
    }

    private init(year: Int, month: Int, day: Int) { (self.year, self.month, self.day) = (year, month, day) }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01.
    var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    init?(dayNumber z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yearOfEra + era * 400 + (m <= 2 ? 1 : 0)
        guard (1...9999).contains(y) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// 0 for Sunday through 6 for Saturday (1970-01-01 was a Thursday).
    var weekday: Int { ((dayNumber % 7) + 7 + 4) % 7 }

    var text: String {
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }
}
