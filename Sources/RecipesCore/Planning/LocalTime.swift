import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Local wall-clock time as the C library computes it: the process's time zone from `TZ`
/// (else /etc/localtime), with the same tz database rules as date(1), cron and the status
/// bars `recipes next` feeds. It needs no ICU, which keeps a status bar's start-up cheap.
///
/// ```swift
/// let local = LocalTime.system
/// let parts = local.components(of: Date())   // year, month, day, hour, minute, weekday
/// ```
public struct LocalTime: Sendable {
    /// Which clock local time follows: the system's time zone (`TZ`), or a fixed offset from UTC.
    public enum Zone: Sendable, Equatable {
        /// The process's time zone (`TZ`).
        case system
        /// A fixed offset from UTC, in seconds east; `.fixed(0)` is UTC.
        case fixed(secondsEast: Int)
    }

    /// The calendar fields of a local date and time.
    public struct Components: Equatable, Sendable {
        /// The year, for example 2026.
        public var year: Int
        /// 1 to 12.
        public var month: Int
        /// 1 to 31.
        public var day: Int
        /// 0 to 23.
        public var hour: Int
        /// 0 to 59.
        public var minute: Int
        /// 0 to 59.
        public var second: Int
        /// 0 for Sunday to 6 for Saturday.
        public var weekday: Int
    }

    /// The time zone this calendar uses.
    public let zone: Zone

    /// Local time in `zone`.
    public init(zone: Zone) {
        self.zone = zone
    }

    /// The system's time zone, as `TZ` sets it.
    public static let system = LocalTime(zone: .system)
    /// Coordinated Universal Time.
    public static let utc = LocalTime(zone: .fixed(secondsEast: 0))

    /// The local year, month, day, time and weekday of `date`.
    public func components(of date: Date) -> Components {
        // Clamped to some thirty million years either way: beyond that (or for NaN) the
        // conversion to time_t would trap, and no recipe is planned there.
        let seconds = date.timeIntervalSince1970
        var time = time_t(seconds.isNaN ? 0 : min(max(seconds, -1e15), 1e15).rounded(.down))
        var parts = tm()
        switch zone {
        case .system:
            localtime_r(&time, &parts)
        case .fixed(let offset):
            time += time_t(offset)
            gmtime_r(&time, &parts)
        }
        return Components(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
                          hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec),
                          weekday: Int(parts.tm_wday))
    }

    /// The instant of a local date and time. Out-of-range fields carry over (day 32 is the
    /// first of next month); a time skipped by a daylight-saving change moves forward.
    public func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date {
        var parts = tm()
        parts.tm_year = Int32(clamping: year - 1900)
        parts.tm_mon = Int32(clamping: month - 1)
        parts.tm_mday = Int32(clamping: day)
        parts.tm_hour = Int32(clamping: hour)
        parts.tm_min = Int32(clamping: minute)
        parts.tm_sec = Int32(clamping: second)
        switch zone {
        case .system:
            parts.tm_isdst = -1
            return Date(timeIntervalSince1970: TimeInterval(mktime(&parts)))
        case .fixed(let offset):
            return Date(timeIntervalSince1970: TimeInterval(timegm(&parts) - time_t(offset)))
        }
    }

    /// Midnight at the start of `date`'s local day.
    public func startOfDay(_ date: Date) -> Date {
        let parts = components(of: date)
        return self.date(year: parts.year, month: parts.month, day: parts.day)
    }

    /// The same local time of day, `days` calendar days later (or earlier).
    public func adding(days: Int, to date: Date) -> Date {
        let parts = components(of: date)
        return self.date(year: parts.year, month: parts.month, day: parts.day + days,
                         hour: parts.hour, minute: parts.minute, second: parts.second)
    }

    /// Calendar days from `from`'s local date to `to`'s (0 the same day, 1 the next).
    public func dayDistance(from: Date, to: Date) -> Int {
        Self.dayNumber(components(of: to)) - Self.dayNumber(components(of: from))
    }

    /// Whether `lhs` and `rhs` fall on the same local day.
    public func isSameDay(_ lhs: Date, _ rhs: Date) -> Bool { dayDistance(from: lhs, to: rhs) == 0 }

    /// Days in a month of the Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a civil date (Howard Hinnant's days_from_civil).
    static func dayNumber(_ parts: Components) -> Int {
        let year = parts.month <= 2 ? parts.year - 1 : parts.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (parts.month + (parts.month > 2 ? -3 : 9)) + 2) / 5 + parts.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
