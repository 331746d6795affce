import MeridianCore
import MeridianValidity

/// Coordinates: positions (RFC 7946 3.1.1), lines (3.1.4), linear rings
/// and polygons (3.1.6), their nesting, winding, range and precision.
///
/// Nesting errors are reported where they can be fixed: an array made
/// only of numbers where positions (or lines, rings, polygons) belong is
/// one position written one level too shallow, and is reported once, at
/// that array; a lone misplaced number or string is reported at itself.
extension GeoJSONValidationPass {
    /// What an array at some depth of `coordinates` should hold, for the
    /// messages.
    enum CoordinateLevel {
        case position, line, ring, polygon

        var singular: String {
            switch self {
            case .position: "a position"
            case .line: "a line"
            case .ring: "a linear ring"
            case .polygon: "a polygon"
            }
        }

        var plural: String {
            switch self {
            case .position: "positions"
            case .line: "lines"
            case .ring: "linear rings"
            case .polygon: "polygons"
            }
        }
    }

    /// What one geometry's coordinates turned out to hold, gathered while
    /// checking them and reported once per geometry.
    struct CoordinateSummary {
        /// Positions outside -180...180 longitude or -90...90 latitude: how
        /// many, and where the first one is.
        var outOfRange: (count: Int, offset: Int, pointer: String, example: [Double])?
        /// Polygons whose rings are all valid, with the path from the
        /// geometry's coordinates to them, for the winding check.
        var polygons: [(path: [PathComponent], rings: [[Coordinate]])] = []
        /// Lines whose positions are all usable, for the validity check.
        var lines: [(path: [PathComponent], positions: [Coordinate])] = []
    }

    /// Checks a non-empty `coordinates` array of a `type` geometry. The
    /// current path is the coordinates' path.
    mutating func checkCoordinates(_ coordinates: LocatedJSON, of type: GeoJSONType, geometry: LocatedJSON) {
        var summary = CoordinateSummary()
        switch type {
        case .point:
            _ = checkPosition(coordinates, summary: &summary)
        case .multiPoint:
            _ = checkPositions(coordinates, forming: nil, summary: &summary)
        case .lineString:
            if let line = checkPositions(coordinates, forming: .line, summary: &summary), line.count >= 2 {
                summary.lines.append((path: [], positions: line))
            }
        case .multiLineString:
            let lines = reportElementsNotArrays(in: coordinates, expecting: .line) == nil ? [] : coordinates.elements ?? []
            for (index, line) in lines.enumerated() where line.isArray {
                path.append(.index(index))
                if let line = checkPositions(line, forming: .line, summary: &summary), line.count >= 2 {
                    summary.lines.append((path: [.index(index)], positions: line))
                }
                path.removeLast()
            }
        case .polygon:
            if let rings = checkPolygon(coordinates, summary: &summary) {
                summary.polygons.append((path: [], rings: rings))
            }
        case .multiPolygon:
            let polygons =
                reportElementsNotArrays(in: coordinates, expecting: .polygon) == nil ? [] : coordinates.elements ?? []
            for (index, polygon) in polygons.enumerated() where polygon.isArray {
                path.append(.index(index))
                if let rings = checkPolygon(polygon, summary: &summary) {
                    summary.polygons.append((path: [.index(index)], rings: rings))
                }
                path.removeLast()
            }
        case .geometryCollection, .feature, .featureCollection:
            return
        }
        reportOutOfRange(summary)
        checkWinding(summary, of: geometry)
        checkValidity(summary, coordinates: coordinates)
    }

    /// OGC validity of each structurally sound polygon and line, through
    /// GEOS: a problem is reported at the vertex nearest where GEOS found it.
    mutating func checkValidity(_ summary: CoordinateSummary, coordinates: LocatedJSON) {
        guard options.geometry != .off, !summary.polygons.isEmpty || !summary.lines.isEmpty else { return }
        if geometryValidator == nil { geometryValidator = GeometryValidator() }
        let shapes =
            summary.polygons.map { (path: $0.path, geometry: Geometry.polygon($0.rings), isLine: false) }
            + summary.lines.map { (path: $0.path, geometry: Geometry.lineString($0.positions), isLine: true) }
        for shape in shapes {
            for problem in geometryValidator!.problems(in: shape.geometry, level: options.geometry) {
                // A line's positions sit right under its path; a polygon's under a ring.
                let steps = (shape.isLine ? [] : [problem.ring]) + [problem.vertex]
                var components = shape.path
                var node: LocatedJSON? = Self.element(of: coordinates, at: shape.path)
                for case let index? in steps {
                    guard let next = node.flatMap({ Self.element(of: $0, at: [.index(index)]) }) else { break }
                    components.append(.index(index))
                    node = next
                }
                let engine = problem.severity == .error ? " (GEOS)" : ""
                path.append(contentsOf: components)
                report(
                    problem.severity, problem.code, problem.message(namingParts: false) + engine,
                    at: node ?? coordinates)
                path.removeLast(components.count)
            }
        }
    }

    /// The nested element of `node` at `components` (indices only).
    static func element(of node: LocatedJSON, at components: [PathComponent]) -> LocatedJSON? {
        var current: LocatedJSON? = node
        for component in components {
            guard case .index(let index) = component, let elements = current?.elements, index < elements.count else {
                return nil
            }
            current = elements[index]
        }
        return current
    }

    // MARK: - Nesting

    /// Reports the elements of `array` that are not arrays; returns
    /// whether all are, or nil when `array` holds only numbers and is
    /// itself one level too shallow. The callers go on with the elements
    /// that are arrays.
    mutating func reportElementsNotArrays(in array: LocatedJSON, expecting level: CoordinateLevel) -> Bool? {
        let elements = array.elements ?? []
        if !elements.isEmpty, elements.allSatisfy(\.isNumber) {
            report(
                .error, "geojson.coordinates.too-shallow",
                "numbers were found where \(level.plural) should have been: this needs to be nested more deeply",
                at: array)
            return nil
        }
        var allArrays = true
        for (index, element) in elements.enumerated() where !element.isArray {
            allArrays = false
            path.append(.index(index))
            if element.isNumber {
                report(
                    .error, "geojson.coordinates.too-shallow",
                    "a number was found where \(level.singular) should have been: this needs to be nested more deeply",
                    at: element)
            } else {
                report(
                    .error, "geojson.coordinates.not-array",
                    "\(level.singular) should be an array, but is \(Self.describe(element.kindName)) instead",
                    at: element)
            }
            path.removeLast()
        }
        return allArrays
    }

    // MARK: - Positions, lines and rings

    /// Checks one position (`position` is an array) and returns it when it
    /// is usable: at least two elements, all numbers.
    mutating func checkPosition(_ position: LocatedJSON, summary: inout CoordinateSummary) -> Coordinate? {
        let elements = position.elements ?? []
        var usable = true
        if elements.count < 2 {
            report(
                .error, "geojson.position.too-short",
                "position must have 2 or more elements, but has \(elements.count)", at: position)
            usable = false
        } else if elements.count > 3 {
            report(
                .warning, "geojson.position.too-long",
                "position should not have more than 3 elements (longitude, latitude, altitude), but has \(elements.count)",
                at: position)
        }
        if let bad = elements.firstIndex(where: { !$0.isNumber }) {
            if elements.allSatisfy(\.isArray) {
                report(
                    .error, "geojson.coordinates.too-deep",
                    "arrays were found where the numbers of a position should have been: this is nested one level too deeply",
                    at: position)
            } else {
                report(
                    .error, "geojson.position.not-number",
                    "each element in a position must be a number, but element \(bad) is \(Self.describe(elements[bad].kindName))",
                    at: position)
            }
            return nil
        }
        guard usable else { return nil }
        let coordinate = Coordinate(
            latitude: elements[1].number!, longitude: elements[0].number!,
            altitude: elements.count > 2 ? elements[2].number : nil)
        checkPrecision(of: position)
        if !coordinate.isValid {
            if summary.outOfRange == nil {
                summary.outOfRange = (
                    0, position.offset, currentPointer, [coordinate.longitude, coordinate.latitude]
                )
            }
            summary.outOfRange!.count += 1
        }
        return coordinate
    }

    /// Checks an array of positions: a MultiPoint's (`shape` nil), a line
    /// (at least two) or a linear ring (at least four, closed). Returns the
    /// positions when all are usable and, for a ring, it is valid.
    mutating func checkPositions(
        _ list: LocatedJSON, forming shape: CoordinateLevel?, summary: inout CoordinateSummary
    ) -> [Coordinate]? {
        guard let allArrays = reportElementsNotArrays(in: list, expecting: .position) else { return nil }
        let items = list.elements ?? []
        let count = items.count
        var valid = allArrays
        if shape == .line, count < 2 {
            report(
                .error, "geojson.line.too-short",
                "a line needs to have two or more positions to be valid, but has \(count)", at: list)
        } else if shape == .ring, count < 4 {
            report(
                .error, "geojson.ring.too-short",
                "a LinearRing of coordinates needs to have four or more positions, but has \(count)", at: list)
            valid = false
        }
        var positions: [Coordinate] = []
        positions.reserveCapacity(count)
        for (index, item) in items.enumerated() where item.isArray {
            path.append(.index(index))
            if let position = checkPosition(item, summary: &summary) {
                positions.append(position)
            } else {
                valid = false
            }
            path.removeLast()
        }
        if shape == .ring, count >= 2, let first = Self.numbers(of: items.first),
            let last = Self.numbers(of: items.last), first != last
        {
            report(
                .error, "geojson.ring.unclosed",
                "the first and last positions in a LinearRing of coordinates must be the same", at: list)
            valid = false
        }
        return valid ? positions : nil
    }

    /// Checks a polygon's rings; returns them when every ring is valid.
    mutating func checkPolygon(_ polygon: LocatedJSON, summary: inout CoordinateSummary) -> [[Coordinate]]? {
        guard var valid = reportElementsNotArrays(in: polygon, expecting: .ring) else { return nil }
        var rings: [[Coordinate]] = []
        for (index, item) in (polygon.elements ?? []).enumerated() where item.isArray {
            path.append(.index(index))
            if let ring = checkPositions(item, forming: .ring, summary: &summary) {
                rings.append(ring)
            } else {
                valid = false
            }
            path.removeLast()
        }
        return valid ? rings : nil
    }

    /// The numbers of a position array whose elements are all numbers.
    static func numbers(of position: LocatedJSON?) -> [Double]? {
        guard let elements = position?.elements, elements.allSatisfy(\.isNumber) else { return nil }
        return elements.compactMap(\.number)
    }

    // MARK: - Per-geometry checks

    /// RFC 7946 3.1.6: exterior rings counterclockwise, holes clockwise.
    /// Parsers must not reject other windings, so this is a warning, given
    /// once per geometry (as geojsonhint does) and naming the first ring
    /// that is wound the wrong way. Rings with no area have no winding.
    mutating func checkWinding(_ summary: CoordinateSummary, of geometry: LocatedJSON) {
        var wrong: [(path: [PathComponent], isExterior: Bool)] = []
        var ringCount = 0
        for polygon in summary.polygons {
            for (index, ring) in polygon.rings.enumerated() {
                ringCount += 1
                let area = Geometry.signedArea(ofRing: ring)
                let isExterior = index == 0
                if (isExterior && area < 0) || (!isExterior && area > 0) {
                    wrong.append((polygon.path + [.index(index)], isExterior))
                }
            }
        }
        guard let first = wrong.first else { return }
        // The current path is the geometry's coordinates; the warning is
        // about the whole geometry.
        let geometryPointer = Self.pointer(path.dropLast())
        let firstPointer = geometryPointer + "/coordinates" + Self.pointer(first.path)
        let which = first.isExterior ? "an exterior ring" : "a hole"
        let howMany = wrong.count == 1 ? "1 of \(ringCount) rings is" : "\(wrong.count) of \(ringCount) rings are"
        report(
            .warning, "geojson.ring.winding",
            "Polygons and MultiPolygons should follow the right-hand rule (exterior rings counterclockwise, holes clockwise), but \(howMany) wound the other way, first \(which) at \(firstPointer)",
            offset: geometry.offset, pointer: geometryPointer, featureID: featureID)
    }

    /// Coordinates are WGS 84 longitude and latitude (RFC 7946 4); values
    /// outside -180...180 or -90...90 usually mean projected coordinates
    /// or swapped axes. A warning per geometry, at the first such position.
    mutating func reportOutOfRange(_ summary: CoordinateSummary) {
        guard let outOfRange = summary.outOfRange else { return }
        let example = outOfRange.example.map { String($0) }.joined(separator: ", ")
        let others = outOfRange.count > 1 ? " (and \(outOfRange.count - 1) more in this geometry)" : ""
        report(
            .warning, "geojson.position.out-of-range",
            "position [\(example)] is outside longitude -180...180, latitude -90...90\(others): GeoJSON coordinates are WGS 84 longitude, latitude; are they projected or swapped?",
            offset: outOfRange.offset, pointer: outOfRange.pointer, featureID: featureID)
    }

    // MARK: - Precision

    /// RFC 7946 11.2: six decimal places (about 10 cm) are enough for
    /// most uses. One warning per position with more than
    /// ``GeoJSONValidator/Options/precisionWarningDigits`` places, up to
    /// the limit; the rest are counted and summarised at the end.
    mutating func checkPrecision(of position: LocatedJSON) {
        guard let allowed = options.precisionWarningDigits else { return }
        var most = 0
        for element in position.elements ?? [] {
            if case .number(_, let end) = element.value {
                most = max(most, Self.decimalPlaces(bytes[element.offset..<end]))
            }
        }
        guard most > allowed else { return }
        if let limit = options.precisionWarningLimit, precisionWarningCount >= limit {
            if suppressedPrecisionWarnings == nil {
                suppressedPrecisionWarnings = (
                    0, locate(position.offset, pointer: currentPointer, featureID: featureID)
                )
            }
            suppressedPrecisionWarnings!.count += 1
            return
        }
        precisionWarningCount += 1
        report(
            .warning, "geojson.precision.excessive",
            "precision of coordinates should be reduced: \(most) decimal places where \(allowed) are enough",
            at: position)
    }

    mutating func reportSuppressedPrecisionWarnings() {
        guard let suppressed = suppressedPrecisionWarnings else { return }
        let limit = options.precisionWarningLimit ?? 0
        found.append(
            Diagnostic(
                severity: .info, code: "geojson.precision.truncated",
                message:
                    "\(suppressed.count) more positions have excessive precision; only the first \(limit) are listed",
                location: suppressed.location))
    }

    /// The decimal places a number token really uses: `1.50` has one,
    /// `1.5e-7` eight, `1500e-2` none. The mantissa's digits without their
    /// trailing zeros, scaled by the exponent, as a number printer would
    /// write the value.
    static func decimalPlaces(_ token: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
        func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
        var index = token.startIndex
        if index < token.endIndex, token[index] == 0x2D { index += 1 }
        var fractionDigits = 0
        var trailingZeros = 0
        var inFraction = false
        while index < token.endIndex {
            let byte = token[index]
            if byte == 0x2E {
                inFraction = true
            } else if isDigit(byte) {
                trailingZeros = byte == 0x30 ? trailingZeros + 1 : 0
                if inFraction { fractionDigits += 1 }
            } else {
                break
            }
            index += 1
        }
        var exponent = 0
        if index < token.endIndex, token[index] | 0x20 == 0x65 {
            index += 1
            var negative = false
            if index < token.endIndex, token[index] == 0x2D || token[index] == 0x2B {
                negative = token[index] == 0x2D
                index += 1
            }
            while index < token.endIndex, isDigit(token[index]) {
                exponent = min(exponent * 10 + Int(token[index] - 0x30), 1_000_000)
                index += 1
            }
            if negative { exponent = -exponent }
        }
        return max(0, fractionDigits - trailingZeros - exponent)
    }
}
