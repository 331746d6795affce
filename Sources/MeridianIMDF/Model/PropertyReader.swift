import MeridianCore

/// Reads one feature's properties into typed values, never failing: each
/// problem (missing, wrong type, unknown category, bad format) becomes a
/// located diagnostic and the value reads as nil, so a typed feature is
/// always built and the validator sees every problem at once.
///
/// ```swift
/// var reader = PropertyReader(feature, type: .unit, file: "unit.geojson", index: 3)
/// let level = reader.id("level_id")
/// let category: IMDF.UnitCategory? = reader.category()
/// reader.finish()      // unknown keys, missing required keys
/// ```
///
/// Cost: one pass over the properties; each key is looked up once.
struct PropertyReader {
    let properties: JSONObject
    let type: IMDF.FeatureType
    let file: String
    let index: Int
    let featureID: String
    var diagnostics: [Diagnostic] = []
    private var read: Set<String> = []

    init(_ feature: Feature, type: IMDF.FeatureType, file: String, index: Int, featureID: String) {
        properties = feature.properties
        self.type = type
        self.file = file
        self.index = index
        self.featureID = featureID
    }

    func location(_ property: String?, pointerSuffix: String = "") -> SourceLocation {
        let pointer = "/features/\(index)" + (property.map { "/properties/\($0)" } ?? "") + pointerSuffix
        return SourceLocation(file: file, jsonPointer: pointer, featureID: featureID, property: property)
    }

    mutating func report(_ rule: IMDFRule, _ message: String, property: String?) {
        diagnostics.append(rule.diagnostic(message, at: location(property)))
    }

    private func isRequired(_ key: String) -> Bool { type.requiredProperties.contains(key) }

    /// The value, or nil when absent or null (reported when required).
    mutating func value(_ key: String) -> JSONValue? {
        read.insert(key)
        let value = properties[key]
        if value == nil || value?.isNull == true {
            if isRequired(key) {
                report(
                    .propertyMissing, "\(type.rawValue) requires \"\(key)\"\(value == nil ? "" : ", found null")",
                    property: key)
            }
            return nil
        }
        return value
    }

    private mutating func wrongType(_ key: String, expected: String, found: JSONValue) {
        report(.propertyType, "\"\(key)\" must be \(expected), found \(found.typeName)", property: key)
    }

    mutating func string(_ key: String) -> String? {
        guard let value = value(key) else { return nil }
        guard let string = value.stringValue else {
            wrongType(key, expected: "a string", found: value)
            return nil
        }
        return string
    }

    mutating func bool(_ key: String) -> Bool? {
        guard let value = value(key) else { return nil }
        guard let bool = value.boolValue else {
            wrongType(key, expected: "a boolean", found: value)
            return nil
        }
        return bool
    }

    mutating func integer(_ key: String) -> Int? {
        guard let value = value(key) else { return nil }
        switch value {
        case .integer(let number) where number >= Int64(Int32.min) && number <= Int64(Int32.max): return Int(number)
        case .double(let number) where number == number.rounded() && abs(number) < 1e9: return Int(number)
        default:
            wrongType(key, expected: "an integer", found: value)
            return nil
        }
    }

    /// A LABELS object: language tag -> string.
    mutating func labels(_ key: String) -> IMDF.Labels? {
        guard let value = value(key) else { return nil }
        guard let object = value.objectValue else {
            wrongType(key, expected: "a LABELS object (language -> text)", found: value)
            return nil
        }
        var entries: [(language: String, text: String)] = []
        for (language, text) in object.members {
            guard let text = text.stringValue else {
                report(
                    .propertyType, "\"\(key)\".\"\(language)\" must be a string, found \(text.typeName)", property: key)
                continue
            }
            if !Formats.isLanguageTag(language) {
                report(
                    .propertyFormat, "\"\(key)\" has \"\(language)\", which is not a BCP 47 language tag", property: key
                )
            }
            entries.append((language, text))
        }
        return IMDF.Labels(entries: entries)
    }

    /// A feature id reference (the target is checked by the validator).
    /// An empty string reads as null, with a warning (exporters write ""
    /// for "no address"), or as missing when the reference is required.
    mutating func id(_ key: String) -> String? {
        guard let id = string(key) else { return nil }
        if id.isEmpty {
            if isRequired(key) {
                report(.propertyMissing, "\(type.rawValue) requires \"\(key)\", found an empty string", property: key)
            } else {
                report(.propertyFormat, "\"\(key)\" is an empty string; read as null", property: key)
            }
            return nil
        }
        return id
    }

    /// A list of feature id references.
    mutating func ids(_ key: String) -> [String] {
        guard let value = value(key) else { return [] }
        guard let array = value.arrayValue else {
            wrongType(key, expected: "an array of feature ids", found: value)
            return []
        }
        var ids: [String] = []
        for element in array {
            if let id = element.stringValue {
                if id.isEmpty {
                    report(.propertyFormat, "\"\(key)\" holds an empty string; skipped", property: key)
                } else {
                    ids.append(id)
                }
            } else {
                report(
                    .propertyType, "\"\(key)\" must hold feature id strings, found \(element.typeName)", property: key)
            }
        }
        if ids.isEmpty && isRequired(key) {
            report(.propertyMissing, "\(type.rawValue) requires at least one id in \"\(key)\"", property: key)
        }
        return ids
    }

    /// A category value, checked against the IMDF enumeration.
    mutating func category<C: IMDFCategory>(_ key: String = "category") -> C? {
        guard let raw = string(key) else { return nil }
        return checked(C(rawValue: raw), key: key)
    }

    private mutating func checked<C: IMDFCategory>(_ category: C, key: String) -> C {
        if category.rawValue.isEmpty {
            report(.propertyMissing, "\"\(key)\" is empty", property: key)
        } else if !category.isKnown {
            report(
                .categoryUnknown, "\"\(category.rawValue)\" is not an IMDF \(key) value for \(type.rawValue)",
                property: key)
        }
        return category
    }

    /// A list of category values (accessibility, access_control).
    mutating func categories<C: IMDFCategory>(_ key: String) -> [C]? {
        guard let value = value(key) else { return nil }
        guard let array = value.arrayValue else {
            wrongType(key, expected: "an array of strings", found: value)
            return nil
        }
        var result: [C] = []
        for element in array {
            guard let raw = element.stringValue else {
                report(.propertyType, "\"\(key)\" must hold strings, found \(element.typeName)", property: key)
                continue
            }
            result.append(checked(C(rawValue: raw), key: key))
        }
        return result
    }

    /// A DISPLAY-POINT: a GeoJSON Point object.
    mutating func displayPoint(_ key: String = "display_point") -> Coordinate? {
        guard let value = value(key) else { return nil }
        guard let object = value.objectValue, object["type"]?.stringValue == "Point",
            let position = object["coordinates"]?.arrayValue, position.count >= 2,
            let longitude = position[0].doubleValue, let latitude = position[1].doubleValue
        else {
            report(.propertyType, "\"\(key)\" must be a GeoJSON Point", property: key)
            return nil
        }
        let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        if !coordinate.isValid {
            report(
                .coordinateOutOfRange, "\"\(key)\" is outside longitude -180...180 / latitude -90...90", property: key)
            return nil
        }
        return coordinate
    }

    mutating func door(_ key: String = "door") -> IMDF.Door? {
        guard let value = value(key) else { return nil }
        guard let object = value.objectValue else {
            wrongType(key, expected: "a DOOR object", found: value)
            return nil
        }
        var door = IMDF.Door()
        if let raw = object["type"]?.stringValue { door.type = checked(IMDF.DoorType(rawValue: raw), key: "door.type") }
        if let raw = object["material"]?.stringValue {
            door.material = checked(IMDF.DoorMaterial(rawValue: raw), key: "door.material")
        }
        door.automatic = object["automatic"]?.boolValue
        if let automatic = object["automatic"], !automatic.isNull, automatic.boolValue == nil {
            report(.propertyType, "\"door.automatic\" must be a boolean", property: key)
        }
        return door
    }

    mutating func temporality(_ key: String) -> IMDF.Temporality? {
        guard let value = value(key) else { return nil }
        guard let object = value.objectValue else {
            wrongType(key, expected: "a TEMPORALITY object", found: value)
            return nil
        }
        var result = IMDF.Temporality()
        result.start = object["start"]?.stringValue
        result.end = object["end"]?.stringValue
        result.modified = object["modified"]?.stringValue
        for (name, date) in [("start", result.start), ("end", result.end), ("modified", result.modified)] {
            if let date, !Formats.isDateTime(date) {
                report(.propertyFormat, "\"\(key).\(name)\" is not an RFC 3339 date-time: \(date)", property: key)
            }
        }
        return result
    }

    mutating func reference(_ key: String) -> IMDF.FeatureReference? {
        guard let value = value(key) else { return nil }
        return featureReference(value, key: key)
    }

    mutating func references(_ key: String) -> [IMDF.FeatureReference] {
        guard let value = value(key) else { return [] }
        guard let array = value.arrayValue else {
            wrongType(key, expected: "an array of FEATURE-REFERENCE objects", found: value)
            return []
        }
        return array.compactMap { featureReference($0, key: key) }
    }

    private mutating func featureReference(_ value: JSONValue, key: String) -> IMDF.FeatureReference? {
        guard let id = value["id"]?.stringValue, let type = value["feature_type"]?.stringValue else {
            report(.propertyType, "\"\(key)\" must be a FEATURE-REFERENCE {\"id\", \"feature_type\"}", property: key)
            return nil
        }
        return IMDF.FeatureReference(id: id, featureType: type)
    }

    // Formats checked as warnings: real data gets them wrong often, and
    // Apple's renderer does not depend on them.
    mutating func hours(_ key: String = "hours") -> String? {
        let value = string(key)
        if let value, !Formats.isOpeningHours(value) {
            report(.propertyFormat, "\"\(key)\" is not an OSM opening_hours string: \"\(value)\"", property: key)
        }
        return value
    }

    mutating func phone(_ key: String = "phone") -> String? {
        let value = string(key)
        if let value, !Formats.isPhone(value) {
            report(.propertyFormat, "\"\(key)\" is not an E.164 phone number: \"\(value)\"", property: key)
        }
        return value
    }

    mutating func website(_ key: String = "website") -> String? {
        let value = string(key)
        if let value, !Formats.isWebsite(value) {
            report(.propertyFormat, "\"\(key)\" is not an http(s) URI: \"\(value)\"", property: key)
        }
        return value
    }

    /// Reports keys IMDF does not define for the type (warnings).
    mutating func finish() {
        let known = type.knownProperties
        for key in properties.keys where !known.contains(key) && !read.contains(key) {
            report(.propertyUnknown, "\"\(key)\" is not an IMDF property of \(type.rawValue)", property: key)
        }
    }
}
