import MeridianCore

/// Every check Meridian's IMDF validator makes, with its stable code and
/// severity: the catalogue the documentation and the tests follow.
///
/// ```swift
/// let problems = IMDFValidator().validate(archive)
/// let unresolved = problems.filter { $0.code == IMDFRule.referenceUnresolved.code }
/// IMDFRule(code: "imdf.FeatureIdMustBeUnique")?.officialName   // "FeatureIdMustBeUnique"
/// ```
///
/// Codes are dotted and stable. The structural rules of Apple's validator
/// keep their official names as the code's second part
/// (`imdf.FeatureIdMustBeUnique`); geometry faults that Apple files under
/// FileMustBeValidGeoJSON extend that name (`imdf.FileMustBeValidGeoJSON.self-intersection`).
/// The other checks, which validators in the field add, use lower-case
/// topics (`imdf.reference.unresolved`). Severity `.error` is IMDF's
/// VIOLATION.
public enum IMDFRule: String, Sendable, Hashable, CaseIterable {
    // Structural rules, official names (VIOLATION unless noted).
    case fileMustBeValidGeoJSON = "imdf.FileMustBeValidGeoJSON"
    case fileMustContainFeatureCollection = "imdf.FileMustContainFeatureCollection"
    case featureMustHaveId = "imdf.FeatureMustHaveId"
    case featureIdMustBeString = "imdf.FeatureIdMustBeString"
    case featureIdMustNotBeEmpty = "imdf.FeatureIdMustNotBeEmpty"
    case featureIdMustBeUnique = "imdf.FeatureIdMustBeUnique"
    case featureMustHaveFeatureType = "imdf.FeatureMustHaveFeatureType"
    case featureTypeMustBeString = "imdf.FeatureTypeMustBeString"
    case featureTypeMustNotBeEmpty = "imdf.FeatureTypeMustNotBeEmpty"
    /// INFO: no address names a unit (suite, shop number).
    case zeroCountOfUnitQualifiedAddresses = "imdf.ZeroCountOfUnitQualifiedAddresses"
    case ringUnclosed = "imdf.FileMustBeValidGeoJSON.ring-unclosed"
    case ringTooShort = "imdf.FileMustBeValidGeoJSON.ring-too-short"
    case selfIntersection = "imdf.FileMustBeValidGeoJSON.self-intersection"
    case coordinateOutOfRange = "imdf.FileMustBeValidGeoJSON.coordinate-range"

    // The archive and its manifest.
    case archiveLayout = "imdf.archive.layout"
    case archiveUnknownFile = "imdf.archive.unknown-file"
    /// The member files hold more than ``IMDFSource/maximumSize`` bytes.
    case archiveTooLarge = "imdf.archive.too-large"
    case manifestMissing = "imdf.manifest.missing"
    case manifestInvalid = "imdf.manifest.invalid"
    case manifestVersion = "imdf.manifest.version"
    case manifestPrerelease = "imdf.manifest.prerelease"
    case manifestLanguage = "imdf.manifest.language"
    case manifestCreated = "imdf.manifest.created"
    case manifestExtension = "imdf.manifest.extension"
    case manifestUnknownKey = "imdf.manifest.unknown-key"

    // Features.
    case idNotUUID = "imdf.id.not-uuid"
    case idNotCanonical = "imdf.id.not-canonical"
    case featureTypeMismatch = "imdf.feature-type.mismatch"
    case venueCount = "imdf.venue.count"
    case levelMissing = "imdf.level.missing"
    case propertyMissing = "imdf.property.missing"
    case propertyType = "imdf.property.type"
    case propertyFormat = "imdf.property.format"
    case propertyUnknown = "imdf.property.unknown"
    case categoryUnknown = "imdf.category.unknown"
    case geometryType = "imdf.geometry.type"
    case geometrySinglePartMulti = "imdf.geometry.single-part-multi"
    case geometryWinding = "imdf.geometry.winding"
    case geometrySliver = "imdf.geometry.sliver"
    case referenceUnresolved = "imdf.reference.unresolved"
    case referenceWrongType = "imdf.reference.wrong-type"
    case displayPointOutside = "imdf.display-point.outside"
    /// Several units of one level share one display point: their labels
    /// stack, and at most one point can lie in its (non-overlapping) unit.
    case displayPointShared = "imdf.display-point.shared"
    case displayPointMissing = "imdf.display-point.missing"
    case displayPointOffLine = "imdf.display-point.off-line"
    case anchorOutsideUnit = "imdf.anchor.outside-unit"
    case unitOverlap = "imdf.unit.overlap"
    case levelOrdinalGap = "imdf.level.ordinal-gap"
    case openingOffBoundary = "imdf.opening.off-boundary"
    case unitOutsideLevel = "imdf.unit.outside-level"
    case levelOutsideFootprint = "imdf.level.outside-footprint"
    case geometryDuplicate = "imdf.geometry.duplicate"
    /// The overlap and opening checks gave up on a level whose features'
    /// bounding boxes nearly all meet (see
    /// ``IMDFValidator/Options/maximumPairsPerLevel``).
    case checkIncomplete = "imdf.check.incomplete"

    /// The stable code diagnostics carry.
    public var code: String { rawValue }

    public init?(code: String) { self.init(rawValue: code) }

    /// Apple's name for the rule, for the structural rules that have one.
    public var officialName: String? {
        let name = rawValue.dropFirst("imdf.".count).split(separator: ".").first.map(String.init) ?? ""
        return name.first?.isUppercase == true ? name : nil
    }

    public var severity: Diagnostic.Severity {
        switch self {
        case .zeroCountOfUnitQualifiedAddresses: .info
        case .archiveLayout, .archiveUnknownFile, .manifestPrerelease, .manifestCreated, .manifestExtension,
            .manifestUnknownKey, .idNotCanonical, .propertyFormat, .geometrySinglePartMulti, .displayPointOffLine,
            .propertyUnknown, .geometryWinding, .geometrySliver,
            .displayPointMissing, .unitOverlap, .levelOrdinalGap, .openingOffBoundary, .checkIncomplete,
            .unitOutsideLevel, .levelOutsideFootprint, .geometryDuplicate:
            .warning
        default: .error
        }
    }

    /// What the rule checks, in one sentence.
    public var summary: String {
        switch self {
        case .fileMustBeValidGeoJSON:
            "A member file is not valid GeoJSON (broken JSON, or a feature the GeoJSON rules reject)."
        case .fileMustContainFeatureCollection: "A member file is not a FeatureCollection."
        case .featureMustHaveId: "A feature has no id."
        case .featureIdMustBeString: "A feature's id is not a string."
        case .featureIdMustNotBeEmpty: "A feature's id is an empty string."
        case .featureIdMustBeUnique: "Two features share an id."
        case .featureMustHaveFeatureType: "A feature has no feature_type."
        case .featureTypeMustBeString: "A feature's feature_type is not a string."
        case .featureTypeMustNotBeEmpty: "A feature's feature_type is an empty string."
        case .zeroCountOfUnitQualifiedAddresses: "No address names a unit (a suite or shop number)."
        case .ringUnclosed: "A polygon ring whose last position is not its first."
        case .ringTooShort: "A polygon ring with fewer than four positions."
        case .selfIntersection: "A polygon ring crosses itself."
        case .coordinateOutOfRange: "A longitude or latitude outside the globe's range."
        case .archiveLayout:
            "The archive deviates from the specified layout (files one folder deep, .json for .geojson); read anyway."
        case .archiveTooLarge:
            "The archive's IMDF files hold more than an archive may (256 MiB; a venue is decoded whole)."
        case .archiveUnknownFile: "A file that is no IMDF feature type; skipped."
        case .manifestMissing: "The archive has no manifest.json."
        case .manifestInvalid: "manifest.json is not a JSON object."
        case .manifestVersion: "The manifest's version is missing or not 1.0.0."
        case .manifestPrerelease: "The manifest names a prerelease version."
        case .manifestLanguage: "The manifest's language is missing or not a language tag."
        case .manifestCreated: "The manifest's created is missing or not an ISO 8601 date and time."
        case .manifestExtension: "The manifest declares extensions, which this validator does not check."
        case .manifestUnknownKey: "A manifest key the specification does not define."
        case .idNotUUID: "A feature's id is not a UUID."
        case .idNotCanonical: "A feature's id is a UUID not written in lower case."
        case .featureTypeMismatch: "A feature's feature_type does not match the file it is in."
        case .venueCount: "The archive does not hold exactly one venue."
        case .levelMissing: "The archive holds no level (or, when drawing, no level with an ordinal)."
        case .propertyMissing: "A required property is missing or null."
        case .propertyType: "A property holds the wrong kind of value."
        case .propertyFormat: "A property's text is not in its format (phone, website, hours, country, language tag)."
        case .propertyUnknown: "A property the feature type does not define."
        case .categoryUnknown: "A category the feature type does not define."
        case .geometryType: "A geometry of a type the feature type does not allow."
        case .geometrySinglePartMulti:
            "A Multi geometry of one part where the single type is expected; read as that part."
        case .geometryWinding: "A ring wound against the right-hand rule."
        case .geometrySliver: "A polygon narrower or smaller than a person could stand in: a drawing slip."
        case .referenceUnresolved: "An id reference (level_id, unit_ids, address_id...) names no feature."
        case .referenceWrongType: "An id reference names a feature of the wrong type."
        case .displayPointOutside: "A display point outside its feature."
        case .displayPointShared: "Several units of one level share one display point."
        case .displayPointMissing: "A feature that should have a display point has none."
        case .displayPointOffLine: "An opening's display point lies off its line."
        case .anchorOutsideUnit: "An anchor lies outside the unit it names."
        case .unitOverlap:
            "Two units of one level overlap by more than the tolerance (5 cm); shared walls do not count."
        case .levelOrdinalGap: "The levels' ordinals skip a number."
        case .openingOffBoundary: "An opening touches no unit boundary on its level."
        case .unitOutsideLevel: "A unit reaches outside its level's outline by more than the tolerance (5 cm)."
        case .levelOutsideFootprint:
            "A level reaches outside the footprints of its building by more than the tolerance (5 cm)."
        case .geometryDuplicate: "Two features of one type and place (level, ordinal, category) share one geometry."
        case .checkIncomplete:
            "The overlap and opening checks stopped on a level whose features are stacked on one another (2 million pairs)."
        }
    }

    /// Every rule as a catalogue entry.
    public static var rules: [DiagnosticRule] {
        allCases.map { DiagnosticRule($0.code, $0.severity, $0.summary) }
    }

    /// IMDF's word for the severity: INFO, WARNING or VIOLATION.
    public static func label(for severity: Diagnostic.Severity) -> String {
        switch severity {
        case .info: "INFO"
        case .warning: "WARNING"
        case .error: "VIOLATION"
        }
    }

    /// A diagnostic of this rule.
    func diagnostic(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: severity, code: code, message: message, location: location)
    }
}
