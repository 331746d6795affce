import Foundation
import Testing

import MeridianCore
@testable import MeridianJSON

/// The writer's shortest round-trip numbers: every Double reads back
/// bit for bit, and never takes more significant digits than the standard
/// library's shortest form.
@Suite struct NumberWritingTests {
    func written(_ value: Double) -> String {
        var output = JSONOutput()
        output.writeDouble(value)
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// Significant digits of a decimal text, ignoring sign, point, exponent
    /// and leading or trailing zeros.
    func significantDigits(_ text: String) -> Int {
        let mantissa = text.split(separator: "e").first.map(String.init) ?? text
        let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
        return max(1, String(digits.reversed()).drop { $0 == "0" }.count)
    }

    @Test func randomDoublesRoundTripAndAreShortest() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for round in 0..<200_000 {
            let value: Double
            switch round % 4 {
            case 0: value = Double.random(in: -180...180, using: &generator)
            case 1: value = (Double.random(in: -180...180, using: &generator) * 1e6).rounded() / 1e6
            case 2: value = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &generator))
            default: value = Double.random(in: 1e-8...1e16, using: &generator)
            }
            guard value.isFinite else { continue }
            let text = written(value)
            #expect(Double(text)?.bitPattern == value.bitPattern, "\(value) written as \(text)")
            #expect(significantDigits(text) <= significantDigits(value.description), "\(value) written as \(text)")
            checked += 1
        }
        #expect(checked > 190_000)
    }

    /// Numbers of a few decimals (as most coordinates are) lose exactly
    /// their trailing zeros: the text is the standard library's wherever it
    /// writes positional notation.
    @Test func trailingZerosAreAllDropped() {
        var generator = SystemRandomNumberGenerator()
        var compared = 0
        for decimals in 0...14 {
            let scale = (0..<decimals).reduce(1.0) { value, _ in value * 10 }
            for round in 0..<2_000 {
                let range = round % 2 == 0 ? -180.0...180.0 : 0.0...1e9
                let value = (Double.random(in: range, using: &generator) * scale).rounded() / scale
                guard !value.description.contains("e") else { continue }
                #expect(written(value) == value.description)
                compared += 1
            }
        }
        #expect(written(61.210817) == "61.210817")
        #expect(written(1e-7) == "0.0000001")
        #expect(written(123_456_789_012_345) == "123456789012345.0")
        #expect(compared > 25_000)
    }

    /// Coordinates of 16 and 17 significant digits (most of Natural
    /// Earth's) are the standard library's shortest and closest digits,
    /// those of 17 worked out exactly from the binary value.
    @Test func seventeenDigitsAreTheClosest() {
        var generator = SystemRandomNumberGenerator()
        var seventeen = 0
        for round in 0..<100_000 {
            let range = [-180.0...180.0, -1.0...1.0, 1e3...1e7, 1e-3...1e-1][round % 4]
            let value = Double.random(in: range, using: &generator)
            guard !value.description.contains("e") else { continue }
            #expect(written(value) == value.description)
            if significantDigits(value.description) == 17 { seventeen += 1 }
        }
        #expect(seventeen > 10_000)
        // 0.1 is 0.1000000000000000055511151231257827... as a double.
        #expect(JSONOutput.nearestDecimal(to: 0.1, decimals: 17)?.integer == 10_000_000_000_000_001)
        #expect(JSONOutput.nearestDecimal(to: 0.1, decimals: 1)?.integer == 1)
        #expect(JSONOutput.nearestDecimal(to: 0.1, decimals: 1)?.readsBack == true)
        #expect(JSONOutput.nearestDecimal(to: 0.3, decimals: 1)?.readsBack == true)
        #expect(JSONOutput.nearestDecimal(to: 0.1 + 0.2, decimals: 16)?.readsBack == false)
        #expect(written(-65.61361699999998) == "-65.61361699999998")
    }

    /// A position written in one append (the compact writer's way) is
    /// the text of its numbers written one by one; a position holding a
    /// number that only the general way writes (zero, out of range, not
    /// finite) is left to it, with nothing written.
    @Test func positionsInOneAppendAreTheirNumbersWritten() {
        var generator = SystemRandomNumberGenerator()
        let special: [Double] = [0, -0.0, 1e-9, -1e20, 1e15, 9.99e14, 1e-7, .infinity, -.infinity, .nan, .leastNonzeroMagnitude]
        var inOneAppend = 0
        for round in 0..<20_000 {
            func number() -> Double {
                round % 5 == 0 && Bool.random(using: &generator)
                    ? special.randomElement(using: &generator)!
                    : (Double.random(in: -180...180, using: &generator) * 1e6).rounded() / 1e6
            }
            let altitude: Double? = round % 3 == 0 ? number() : nil
            let c = Coordinate(latitude: number(), longitude: number(), altitude: altitude)
            var output = JSONOutput()
            output.write("x")
            let separated = round % 2 == 0
            let handled = output.writeShortestPosition(c, separated: separated)
            let text = String(decoding: output.bytes, as: UTF8.self)
            let numbers = [c.longitude, c.latitude] + (c.altitude.map { [$0] } ?? [])
            guard handled else {
                #expect(text == "x")
                #expect(numbers.contains { $0 == 0 || !$0.isFinite || abs($0) < 1e-7 || abs($0) >= 1e15 })
                continue
            }
            let expected = "x" + (separated ? "," : "") + "[" + numbers.map(written).joined(separator: ",") + "]"
            #expect(text == expected)
            inOneAppend += 1
        }
        #expect(inOneAppend > 10_000)
    }

    @Test func integralDoublesKeepAPoint() {
        #expect(written(102) == "102.0")
        #expect(written(-0.0) == "-0.0")
        #expect(written(0.5) == "0.5")
        #expect(written(1e-5) == "0.00001")
        #expect(written(-65.61361699999998) == "-65.61361699999998")
    }
}
