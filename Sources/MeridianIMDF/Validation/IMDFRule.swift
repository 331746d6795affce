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
            .displayPointMissing, .unitOverlap, .levelOrdinalGap, .openingOffBoundary, .checkIncomplete:
            .warning
        default: .error
        }
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
