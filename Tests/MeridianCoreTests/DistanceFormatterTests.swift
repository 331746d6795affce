import Testing

@testable import MeridianCore

@Suite struct DistanceFormatterTests {
    @Test(arguments: [
        (7.4, "7 m"), (45.0, "45 m"), (123.0, "120 m"), (994.0, "990 m"), (996.0, "1 km"),
        (1_234.0, "1.2 km"), (9_960.0, "10 km"), (12_345.0, "12 km"), (1_204_000.0, "1,204 km"),
        (0.0, "0 m"), (-250.0, "250 m"),
    ])
    func metricAbbreviated(meters: Double, text: String) {
        #expect(DistanceFormatter().string(fromDistance: meters) == text)
    }

    @Test(arguments: [
        (30.48, "100 ft"), (152.4, "500 ft"), (160.9344, "0.1 mi"), (1_609.344, "1 mi"), (1_234.0, "0.8 mi"),
        (32_186.88, "20 mi"),
    ])
    func imperialAbbreviated(meters: Double, text: String) {
        #expect(DistanceFormatter(units: .imperial).string(fromDistance: meters) == text)
    }

    @Test func imperialWithYardsUsesYardsBelowATenthOfAMile() {
        let formatter = DistanceFormatter(units: .imperialWithYards)
        #expect(formatter.string(fromDistance: 91.44) == "100 yd")
        #expect(formatter.string(fromDistance: 3_218.688) == "2 mi")
    }

    @Test func fullStyleSpellsUnitsWithPlurals() {
        var formatter = DistanceFormatter(unitStyle: .full)
        #expect(formatter.string(fromDistance: 1) == "1 meter")
        #expect(formatter.string(fromDistance: 2_500) == "2.5 kilometers")
        formatter.units = .imperial
        #expect(formatter.string(fromDistance: 0.3048) == "1 foot")
        #expect(formatter.string(fromDistance: 1_609.344) == "1 mile")
        #expect(formatter.string(fromDistance: 30.48) == "100 feet")
        formatter.units = .imperialWithYards
        #expect(formatter.string(fromDistance: 45.72) == "50 yards")
    }

    @Test func nonFiniteDistancesGiveEmptyText() {
        #expect(DistanceFormatter().string(fromDistance: .nan) == "")
        #expect(DistanceFormatter().string(fromDistance: .infinity) == "")
    }
}
