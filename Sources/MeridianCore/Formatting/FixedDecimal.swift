/// Formats a number with a fixed count of decimals exactly as C's
/// `printf("%.*f")` does (correctly rounded from the binary value), which is
/// what MapKit's description strings use. "nan", "inf" and "-inf" for
/// non-finite values.
import MeridianLibC

package func formatFixed(_ value: Double, decimals: Int) -> String {
    if value.isNaN { return "nan" }
    if value.isInfinite { return value < 0 ? "-inf" : "inf" }
    var buffer = [CChar](repeating: 0, count: 352)
    let count = withVaList([Int32(max(0, min(decimals, 40))), value]) { arguments in
        buffer.withUnsafeMutableBufferPointer { vsnprintf($0.baseAddress, $0.count, "%.*f", arguments) }
    }
    guard count > 0 else { return "" }
    return String(decoding: buffer[0..<Int(min(count, 351))].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// `value` rounded to `places` decimal places (half away from zero), as
/// the writers' `precision` options round coordinates.
package func rounded(_ value: Double, toPlaces places: Int) -> Double {
    var scale = 1.0
    for _ in 0..<places { scale *= 10 }
    return (value * scale).rounded() / scale
}

/// A number as the text writers put it: an integral value without ".0",
/// any other in its shortest round-trip form (which may use an exponent),
/// rounded to `places` first when given.
package func shortestText(_ value: Double, places: Int? = nil) -> String {
    let value = places.map { rounded(value, toPlaces: $0) } ?? value
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
}
