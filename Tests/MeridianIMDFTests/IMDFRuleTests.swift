import MeridianCore
import MeridianGeoJSON
import Testing

@testable import MeridianIMDF

/// One test per rule, named after it: each breaks the valid test venue in
/// one place and expects that rule's code, located at the feature and
/// property.
@Suite struct IMDFRuleTests {
    typealias V = VenueBuilder

    @Test func validVenueHasNoDiagnostics() {
        #expect(V().validate().isEmpty)
    }

    // MARK: Structural rules (official names)

    @Test func fileMustBeValidGeoJSON() {
        var source = V().source
        let index = source.featureFiles.firstIndex { $0.featureType == .unit }!
        source.featureFiles[index].bytes = Array(#"{"type": "FeatureCollection", "features": [}"#.utf8)
        let found = IMDFValidator().validate(IMDFArchive(source: source)).with(.fileMustBeValidGeoJSON)
        #expect(found.count == 1)
        #expect(found.first?.location.file == "unit.geojson")
        #expect(found.first?.location.line == 1)
    }

    @Test func fileMustContainFeatureCollection() {
        var source = V().source
        let index = source.featureFiles.firstIndex { $0.featureType == .anchor }!
        source.featureFiles[index].bytes = Array(#"{"type": "Feature", "geometry": null, "properties": {}}"#.utf8)
        #expect(
            IMDFValidator().validate(IMDFArchive(source: source)).with(.fileMustContainFeatureCollection).count == 1)
    }

    @Test func featureMustHaveId() {
        var venue = V()
        venue.add(
            "unit", id: nil, geometry: V.rect(0, 20, 5, 25), ["category": "room", "level_id": .string(V.levelID)])
        #expect(venue.validate().with(.featureMustHaveId).count == 1)
    }

    @Test func featureIdMustBeString() {
        var venue = V()
        venue.add(
            "unit", id: .integer(7), geometry: V.rect(0, 20, 5, 25),
            ["category": "room", "level_id": .string(V.levelID)])
        #expect(venue.validate().with(.featureIdMustBeString).first?.location.featureID == "7")
    }

    @Test func featureIdMustNotBeEmpty() {
        var venue = V()
        venue.add("unit", id: "", geometry: V.rect(0, 20, 5, 25), ["category": "room", "level_id": .string(V.levelID)])
        #expect(venue.validate().with(.featureIdMustNotBeEmpty).count == 1)
    }

    @Test func featureIdMustBeUnique() {
        var venue = V()
        venue.add(
            "amenity", id: .string(V.unitA), geometry: V.point(5, 5),
            ["category": "atm", "unit_ids": [.string(V.unitA)]])
        let found = venue.validate().with(.featureIdMustBeUnique)
        #expect(found.count == 1)
        #expect(found.first?.location.featureID == V.unitA)
        #expect(found.first?.message.contains("unit.geojson") == true)
    }

    @Test func featureMustHaveFeatureType() {
        var venue = V()
        venue.add(
            "unit", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 20, 5, 25), ["category": "room"],
            featureType: .null)
        #expect(venue.validate().with(.featureMustHaveFeatureType).count == 1)
    }

    @Test func featureTypeMustBeString() {
        var venue = V()
        venue.add(
            "unit", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 20, 5, 25), ["category": "room"],
            featureType: 5)
        #expect(venue.validate().with(.featureTypeMustBeString).count == 1)
    }

    @Test func featureTypeMustNotBeEmpty() {
        var venue = V()
        venue.add(
            "unit", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 20, 5, 25), ["category": "room"],
            featureType: "")
        #expect(venue.validate().with(.featureTypeMustNotBeEmpty).count == 1)
    }

    @Test func zeroCountOfUnitQualifiedAddresses() {
        var venue = V()
        venue.set(V.addressID, "unit", nil)
        let found = venue.validate().with(.zeroCountOfUnitQualifiedAddresses)
        #expect(found.count == 1 && found[0].severity == .info)
    }

    @Test func ringUnclosedIsAViolation() {
        var venue = V()
        venue.edit(V.unitA) {
            $0["geometry"] = [
                "type": "Polygon", "coordinates": [[V.xy(0, 0), V.xy(10, 0), V.xy(10, 10), V.xy(0, 10)]],
            ]
        }
        let found = venue.validate().with(.ringUnclosed)
        #expect(found.count == 1 && found[0].location.featureID == V.unitA && found[0].location.property == "geometry")
    }

    @Test func ringTooShortIsAViolation() {
        var venue = V()
        venue.edit(V.unitA) {
            $0["geometry"] = ["type": "Polygon", "coordinates": [[V.xy(0, 0), V.xy(10, 0), V.xy(0, 0)]]]
        }
        #expect(venue.validate().with(.ringTooShort).count == 1)
    }

    @Test func selfIntersectionIsAViolation() {
        var venue = V()
        // A bow tie.
        venue.edit(V.unitA) {
            $0["geometry"] = [
                "type": "Polygon", "coordinates": [[V.xy(0, 0), V.xy(10, 10), V.xy(10, 0), V.xy(0, 10), V.xy(0, 0)]],
            ]
        }
        let found = venue.validate().with(.selfIntersection)
        #expect(found.count == 1 && found[0].code == "imdf.FileMustBeValidGeoJSON.self-intersection")
    }

    @Test func coordinateOutOfRangeIsAViolation() {
        var venue = V()
        venue.edit(V.anchorID) { $0["geometry"] = ["type": "Point", "coordinates": [0.1, 95.0]] }
        #expect(venue.validate().with(.coordinateOutOfRange).count == 1)
    }

    // MARK: Archive and manifest

    @Test func archiveLayoutWarnsOfNestedFoldersAndJSONNames() {
        var files: [String: [UInt8]] = [:]
        for file in V().source.featureFiles {
            files[
                "Export/"
                    + file.name.replacingOccurrences(
                        of: ".geojson", with: file.featureType == .unit ? ".json" : ".geojson")] = file.bytes
        }
        files["Export/manifest.json"] = V().source.manifest!.bytes
        let source = IMDFSource(files: files)
        #expect(source.featureFiles.count == 8)
        let warnings = source.diagnostics.with(.archiveLayout)
        #expect(warnings.count == 2)
        #expect(warnings.allSatisfy { $0.severity == .warning })
        let archive = IMDFArchive(source: source)
        #expect(archive.units.count == 2)
        #expect(IMDFValidator().validate(archive).violations.isEmpty)
    }

    @Test func archiveUnknownFileIsAWarning() {
        var files = Dictionary(uniqueKeysWithValues: V().source.featureFiles.map { ($0.name, $0.bytes) })
        files["manifest.json"] = V().source.manifest!.bytes
        files["notes.txt"] = Array("hello".utf8)
        files["points.geojson"] = Array("{}".utf8)
        #expect(IMDFSource(files: files).diagnostics.with(.archiveUnknownFile).count == 2)
    }

    @Test func manifestMissing() {
        var source = V().source
        source.manifest = nil
        #expect(IMDFValidator().validate(IMDFArchive(source: source)).with(.manifestMissing).count == 1)
    }

    @Test func manifestInvalid() {
        var venue = V()
        venue.manifest = [1, 2]
        #expect(venue.validate().with(.manifestInvalid).count == 1)
    }

    @Test func manifestVersion() {
        var venue = V()
        venue.manifest = ["version": "2.0", "created": "2026-01-01T00:00:00Z", "language": "en"]
        #expect(venue.validate().with(.manifestVersion).first?.severity == .error)
    }

    @Test func manifestPrereleaseIsAWarning() {
        var venue = V()
        venue.manifest = ["version": "1.0.0.beta.2", "created": "2026-01-01T00:00:00Z", "language": "en"]
        let found = venue.validate()
        #expect(found.with(.manifestPrerelease).first?.severity == .warning)
        #expect(found.violations.isEmpty)
    }

    @Test func manifestLanguage() {
        var venue = V()
        venue.manifest = ["version": "1.0.0", "created": "2026-01-01T00:00:00Z"]
        #expect(venue.validate().with(.manifestLanguage).count == 1)
        venue.manifest = ["version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "english please"]
        #expect(venue.validate().with(.manifestLanguage).count == 1)
    }

    @Test func manifestCreatedMissingIsAWarning() {
        var venue = V()
        venue.manifest = ["version": "1.0.0", "language": "en"]
        #expect(venue.validate().with(.manifestCreated).first?.severity == .warning)
    }

    @Test func manifestExtension() {
        var venue = V()
        venue.manifest = [
            "version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en", "extensions": ["mine"],
        ]
        #expect(venue.validate().with(.manifestExtension).count == 1)
    }

    @Test func manifestUnknownKey() {
        var venue = V()
        venue.manifest = ["version": "1.0.0", "created": "2026-01-01T00:00:00Z", "language": "en", "author": "me"]
        #expect(venue.validate().with(.manifestUnknownKey).first?.location.property == "author")
    }

    // MARK: Features and properties

    @Test func idNotUUID() {
        var venue = V()
        venue.add(
            "unit", id: "unit-1", geometry: V.rect(0, 20, 5, 25), ["category": "room", "level_id": .string(V.levelID)])
        #expect(venue.validate().with(.idNotUUID).first?.location.featureID == "unit-1")
    }

    @Test func idNotCanonicalIsAWarning() {
        var venue = V()
        venue.add(
            "unit", id: "B0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 20, 5, 25),
            ["category": "room", "level_id": .string(V.levelID)])
        #expect(venue.validate().with(.idNotCanonical).first?.severity == .warning)
    }

    @Test func featureTypeMismatch() {
        var venue = V()
        venue.add(
            "unit", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 20, 5, 25), ["category": "room"],
            featureType: "level")
        #expect(venue.validate().with(.featureTypeMismatch).count == 1)
    }

    @Test func venueCountMustBeOne() {
        var venue = V()
        venue.add(
            "venue", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 0, 20, 10),
            [
                "category": "hotel", "name": ["en": "Second"], "display_point": V.point(10, 5),
                "address_id": .string(V.addressID),
            ])
        #expect(venue.validate().with(.venueCount).count == 1)
        venue.files["venue"] = nil
        #expect(venue.validate().with(.venueCount).count == 1)
    }

    @Test func levelMissing() {
        var venue = V()
        venue.files["level"] = nil
        #expect(venue.validate().with(.levelMissing).count == 1)
    }

    @Test func propertyMissing() {
        var venue = V()
        venue.set(V.unitA, "category", nil)
        venue.set(V.occupantID, "category", .null)
        let found = venue.validate().with(.propertyMissing)
        #expect(Set(found.map(\.location.featureID)) == [V.unitA, V.occupantID])
        #expect(found.allSatisfy { $0.location.property == "category" })
    }

    @Test func propertyType() {
        var venue = V()
        venue.set(V.levelID, "ordinal", "zero")
        venue.set(V.unitA, "name", "A")
        let found = venue.validate().with(.propertyType)
        #expect(Set(found.map(\.location.property)) == ["ordinal", "name"])
    }

    @Test func propertyFormatIsAWarning() {
        var venue = V()
        venue.set(V.venueID, "phone", "12345")
        venue.set(V.venueID, "website", "example.org")
        let found = venue.validate().with(.propertyFormat)
        #expect(found.count == 2 && found.allSatisfy { $0.severity == .warning })
    }

    @Test func propertyUnknownIsAWarning() {
        var venue = V()
        venue.set(V.unitA, "colour", "red")
        let found = venue.validate().with(.propertyUnknown)
        #expect(found.count == 1 && found[0].location.property == "colour" && found[0].location.file == "unit.geojson")
        #expect(found[0].location.jsonPointer == "/features/0/properties/colour")
    }

    @Test func categoryUnknown() {
        var venue = V()
        venue.set(V.unitA, "category", "spaceship")
        venue.set(V.unitB, "accessibility", ["wheelchair", "telepathy"])
        #expect(venue.validate().with(.categoryUnknown).count == 2)
        // The value is kept as written.
        #expect(venue.archive.unit(withID: V.unitA)?.category?.rawValue == "spaceship")
    }

    @Test func geometryType() {
        var venue = V()
        venue.edit(V.anchorID) { $0["geometry"] = V.rect(1, 1, 2, 2) }
        venue.edit(V.occupantID) { $0["geometry"] = V.point(5, 5) }
        #expect(venue.validate().with(.geometryType).count == 2)
    }

    @Test func geometrySinglePartMultiIsAWarning() {
        var venue = V()
        venue.edit(V.openingID) {
            $0["geometry"] = ["type": "MultiLineString", "coordinates": [[V.xy(10, 4), V.xy(10, 6)]]]
        }
        let found = venue.validate()
        #expect(found.with(.geometrySinglePartMulti).count == 1)
        #expect(found.violations.isEmpty)
        #expect(venue.archive.openings.first?.geometry?.coordinates.count == 2)
        venue.edit(V.openingID) {
            $0["geometry"] = [
                "type": "MultiLineString", "coordinates": [[V.xy(10, 4), V.xy(10, 5)], [V.xy(10, 5), V.xy(10, 6)]],
            ]
        }
        #expect(venue.validate().with(.geometryType).count == 1)
    }

    @Test func geometryWindingIsAWarning() {
        var venue = V()
        venue.edit(V.unitA) {
            $0["geometry"] = [
                "type": "Polygon", "coordinates": [[V.xy(0, 0), V.xy(0, 10), V.xy(10, 10), V.xy(10, 0), V.xy(0, 0)]],
            ]
        }
        let found = venue.validate()
        #expect(found.with(.geometryWinding).first?.severity == .warning)
        #expect(found.violations.isEmpty)
    }

    @Test func geometrySliverIsAWarning() {
        var venue = V()
        venue.add(
            "unit", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 10, 10, 10.02),
            [
                "category": "room", "level_id": .string(V.levelID), "display_point": V.point(5, 10.01),
            ])
        #expect(
            venue.validate().with(.geometrySliver).first?.location.featureID == "b0000001-0000-4000-8000-000000000001")
    }

    @Test func referenceUnresolved() {
        var venue = V()
        venue.set(V.occupantID, "anchor_id", "deadbeef-0000-4000-8000-00000000dead")
        let found = venue.validate().with(.referenceUnresolved)
        #expect(
            found.count == 1 && found[0].location.featureID == V.occupantID && found[0].location.property == "anchor_id"
        )
        #expect(found[0].location.file == "occupant.geojson")
    }

    @Test func referenceWrongType() {
        var venue = V()
        venue.set(V.unitA, "level_id", .string(V.unitB))
        #expect(venue.validate().with(.referenceWrongType).first?.location.property == "level_id")
    }

    @Test func relationshipReferencesResolveToTheStatedType() {
        var venue = V()
        venue.add(
            "relationship", id: "b0000001-0000-4000-8000-000000000001", geometry: nil,
            [
                "category": "traversal", "direction": "directed",
                "origin": ["id": .string(V.unitA), "feature_type": "unit"],
                "destination": ["id": .string(V.unitB), "feature_type": "level"],
            ])
        let found = venue.validate()
        #expect(found.with(.referenceWrongType).map(\.location.property) == ["destination"])
        #expect(venue.archive.relationships(involving: V.unitA).count == 1)
    }

    @Test func displayPointOutside() {
        var venue = V()
        venue.set(V.unitA, "display_point", V.point(15, 5))
        let found = venue.validate().with(.displayPointOutside)
        #expect(
            found.count == 1 && found[0].location.featureID == V.unitA && found[0].location.property == "display_point")
    }

    @Test func displayPointShared() {
        var venue = V()
        venue.set(V.unitB, "display_point", V.point(5, 5))
        let found = venue.validate()
        #expect(Set(found.with(.displayPointShared).map(\.location.featureID)) == [V.unitA, V.unitB])
        #expect(found.with(.displayPointOutside).map(\.location.featureID) == [V.unitB])
    }

    @Test func displayPointMissingIsAWarning() {
        var venue = V()
        venue.set(V.unitA, "display_point", nil)
        #expect(venue.validate().with(.displayPointMissing).first?.severity == .warning)
        // The venue's is required: a violation instead.
        venue.set(V.venueID, "display_point", nil)
        #expect(venue.validate().with(.propertyMissing).first?.location.property == "display_point")
    }

    @Test func displayPointOffLineIsAWarning() {
        var venue = V()
        venue.set(V.openingID, "display_point", V.point(15, 5))
        #expect(venue.validate().with(.displayPointOffLine).first?.severity == .warning)
    }

    @Test func anchorOutsideUnit() {
        var venue = V()
        venue.edit(V.anchorID) { $0["geometry"] = V.point(15, 5) }
        #expect(venue.validate().with(.anchorOutsideUnit).first?.location.featureID == V.anchorID)
    }

    @Test func unitOverlapIsAWarning() {
        var venue = V()
        venue.edit(V.unitB) { $0["geometry"] = V.rect(8, 0, 20, 10) }
        venue.set(V.unitB, "display_point", V.point(15, 5))
        let found = venue.validate().with(.unitOverlap)
        #expect(found.count == 1 && found[0].severity == .warning)
        // Shared walls are not overlaps: the valid venue has none.
        #expect(V().validate().with(.unitOverlap).isEmpty)
    }

    @Test func unitInsideAnotherOverlaps() {
        var venue = V()
        venue.add(
            "unit", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(2, 2, 4, 4),
            [
                "category": "room", "level_id": .string(V.levelID), "display_point": V.point(3, 3),
            ])
        #expect(venue.validate().with(.unitOverlap).count == 1)
    }

    /// Thousands of identical units on one spot: every pair overlaps. The
    /// overlaps listed stop at the limit per code, with a note of the rest,
    /// instead of millions of warnings.
    @Test func stackedUnitsListBoundedOverlaps() {
        var venue = V()
        for index in 0..<3_000 {
            venue.add(
                "unit", id: .string(String(format: "c%07x-0000-4000-8000-000000000000", index)),
                geometry: V.rect(2, 2, 4, 4),
                ["category": "room", "level_id": .string(V.levelID), "display_point": V.point(3, 3)])
        }
        var options = IMDFValidator.Options()
        options.maximumPerCode = 50
        let found = IMDFValidator(options: options).validate(venue.archive)
        #expect(found.with(.unitOverlap).count == 50)
        let note = found.first { $0.code == "report.truncated" && $0.message.contains("imdf.unit.overlap") }
        #expect(note?.severity == .info)
        #expect(found.count < 50 * 12)
    }

    @Test func pairChecksStopAtTheBudgetWithAWarning() {
        var venue = V()
        for index in 0..<200 {
            venue.add(
                "unit", id: .string(String(format: "c%07x-0000-4000-8000-000000000000", index)),
                geometry: V.rect(2 + Double(index) * 0.001, 2, 4, 4),
                ["category": "room", "level_id": .string(V.levelID), "display_point": V.point(3, 3)])
        }
        var options = IMDFValidator.Options()
        options.maximumPairsPerLevel = 1_000
        let found = IMDFValidator(options: options).validate(venue.archive)
        #expect(found.with(.checkIncomplete).map(\.location.featureID) == [V.levelID])
        #expect(V().validate().with(.checkIncomplete).isEmpty)
    }

    @Test func levelOrdinalGapIsAWarning() {
        var venue = V()
        venue.add(
            "level", id: "b0000001-0000-4000-8000-000000000001", geometry: V.rect(0, 0, 20, 10),
            [
                "category": "unspecified", "outdoor": false, "ordinal": 3, "name": ["en": "Third"],
                "short_name": ["en": "3"],
            ])
        #expect(venue.validate().with(.levelOrdinalGap).first?.severity == .warning)
    }

    @Test func openingOffBoundaryIsAWarning() {
        var venue = V()
        venue.edit(V.openingID) { $0["geometry"] = ["type": "LineString", "coordinates": [V.xy(5, 4), V.xy(5, 6)]] }
        venue.set(V.openingID, "display_point", V.point(5, 5))
        let found = venue.validate().with(.openingOffBoundary)
        #expect(found.count == 1 && found[0].severity == .warning)
    }

    @Test func everyRuleHasADottedStableCode() {
        for rule in IMDFRule.allCases {
            #expect(rule.code.hasPrefix("imdf."))
            #expect(IMDFRule(code: rule.code) == rule)
        }
        #expect(IMDFRule.featureIdMustBeUnique.officialName == "FeatureIdMustBeUnique")
        #expect(IMDFRule.selfIntersection.officialName == "FileMustBeValidGeoJSON")
        #expect(IMDFRule.referenceUnresolved.officialName == nil)
        #expect(IMDFRule.label(for: .error) == "VIOLATION")
    }
}
