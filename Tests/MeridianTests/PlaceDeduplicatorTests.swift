import Meridian
import Testing

/// Apple's Place ID procedure, rule by rule ("Identifying unique locations
/// with Place IDs": look up on insertion, then a full pass because
/// alternate lists are not exhaustive).
@Suite struct PlaceDeduplicatorTests {
    func place(_ id: String, _ alternates: [String] = []) -> Feature {
        var feature = Feature()
        feature.id = .string(id)
        if !alternates.isEmpty { feature.properties["alternate_ids"] = .array(alternates.map(JSONValue.string)) }
        return feature
    }

    func kept(_ features: [Feature], _ deduplicator: inout PlaceDeduplicator) -> [String] {
        features.compactMap { feature in
            if case .kept = deduplicator.admit(feature, from: "in") { return feature.id?.description }
            return nil
        }
    }

    @Test func aRepeatedIDIsDroppedOnInsertion() {
        var deduplicator = PlaceDeduplicator()
        #expect(kept([place("a"), place("a")], &deduplicator) == ["a"])
        #expect(deduplicator.duplicates.first?.pass == .insertion)
        #expect(deduplicator.duplicates.first?.matchedAlternate == false)
    }

    @Test func aNewPlaceWhoseAlternateIsInTheSetIsDroppedOnInsertion() {
        var deduplicator = PlaceDeduplicator()
        #expect(kept([place("a"), place("b", ["a"])], &deduplicator) == ["a"])
        let duplicate = deduplicator.duplicates[0]
        #expect(duplicate.matched == "a" && duplicate.matchedAlternate && duplicate.pass == .insertion)
        #expect(duplicate.duplicateOf == "a")
    }

    @Test func anEarlierPlaceListingTheNewIDIsCaughtByTheFullPass() {
        // a lists b, but b does not list a: insertion alone keeps both.
        var deduplicator = PlaceDeduplicator()
        #expect(kept([place("a", ["b"]), place("b")], &deduplicator) == ["a"])
        let duplicate = deduplicator.duplicates[0]
        #expect(duplicate.pass == .fullPass && duplicate.matched == "b" && !duplicate.matchedAlternate)
        #expect(duplicate.duplicateOf == "a")
    }

    @Test func twoPlacesSharingOnlyAnAlternateAreDuplicates() {
        var deduplicator = PlaceDeduplicator()
        #expect(kept([place("a", ["x"]), place("b", ["x"])], &deduplicator) == ["a"])
        #expect(deduplicator.duplicates[0].pass == .fullPass && deduplicator.duplicates[0].matched == "x")
    }

    @Test func aPlaceDroppedByTheFullPassStillCountsForLaterInsertions() {
        // Apple's full pass runs over the set after the insertions, so b was
        // in the set when c (listing b) arrived.
        var deduplicator = PlaceDeduplicator()
        #expect(kept([place("a", ["b"]), place("b"), place("c", ["b"])], &deduplicator) == ["a"])
        #expect(deduplicator.duplicates.map(\.pass) == [.fullPass, .insertion])
    }

    @Test func featuresWithoutAnIDAreKept() {
        var deduplicator = PlaceDeduplicator()
        #expect(kept([Feature(), Feature(), place("a")], &deduplicator).count == 1)
        #expect(deduplicator.keptCount == 3 && deduplicator.withoutIDCount == 2)
    }

    @Test func numberAndStringIDsCompareAsText() {
        var deduplicator = PlaceDeduplicator()
        var number = Feature()
        number.id = .integer(7)
        #expect(deduplicator.admit(number, from: "x") == .kept)
        if case .kept = deduplicator.admit(place("7"), from: "y") { Issue.record("7 and \"7\" are one place") }
    }

    @Test func theIDCanComeFromAProperty() {
        var deduplicator = PlaceDeduplicator(alternatesProperty: "also", idProperty: "place_id")
        var first = Feature()
        first.properties["place_id"] = "I1"
        var second = Feature()
        second.properties["place_id"] = "I2"
        second.properties["also"] = "I1"
        #expect(deduplicator.admit(first, from: "x") == .kept)
        #expect(deduplicator.admit(second, from: "x") != .kept)
        #expect(deduplicator.duplicates[0].id == "I2" && deduplicator.duplicates[0].matched == "I1")
    }

    @Test func aChainResolvesToTheFirstOccurrences() {
        // d shares c with a (full pass); b was listed by a (full pass); e
        // lists d, which was inserted before the full pass removed it.
        let features = [place("a", ["b", "c"]), place("d", ["c"]), place("b"), place("e", ["d"]), place("f")]
        var first = PlaceDeduplicator()
        var second = PlaceDeduplicator()
        #expect(kept(features, &first) == ["a", "f"])
        #expect(kept(features, &second) == ["a", "f"])
        #expect(first.duplicates.map(\.pass) == [.fullPass, .fullPass, .insertion])
    }
}
