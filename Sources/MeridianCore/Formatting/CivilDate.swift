/// Days since 1970-01-01 and the calendar dates they are (proleptic
/// Gregorian, Howard Hinnant's algorithms), for the formats that store
/// dates as numbers (Parquet's DATE and TIMESTAMP, OSM's timestamps).
package enum CivilDate {
    /// `yyyy-mm-dd` of a day counted from 1970-01-01.
    package static func text(days: Int64) -> String {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shifted = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shifted + 2) / 5 + 1
        let month = shifted < 10 ? shifted + 3 : shifted - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// The day counted from 1970-01-01 of a date.
    package static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = year - (month <= 2 ? 1 : 0)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `value` with at least `width` digits, its sign before them.
    package static func padded(_ value: Int64, _ width: Int) -> String {
        let text = String(value.magnitude)
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
