import MeridianCore
import MeridianPlatform
import MeridianValidity

/// Options for reading CSV.
public struct CSVReadingOptions: Sendable, Hashable {
    /// The field separator; nil: the first of `,`, `;`, tab found in the header line.
    public var delimiter: UInt8?
    /// The longitude and latitude columns; nil: found by name (`lon`,
    /// `lng`, `long`, `longitude`, `x`; `lat`, `latitude`, `y`, any case).
    public var longitudeColumn: String?
    public var latitudeColumn: String?
    /// A column of WKT geometry; nil: found by name (`wkt`, `geometry`,
    /// `geom`, `the_geom`, `shape`, any case) when there are no coordinate columns.
    public var wktColumn: String?
    /// Numbers and booleans become JSON numbers and booleans, empty fields
    /// null (true); or every field stays a string (false).
    public var infersTypes: Bool

    public init(
        delimiter: UInt8? = nil, longitudeColumn: String? = nil, latitudeColumn: String? = nil,
        wktColumn: String? = nil, infersTypes: Bool = true
    ) {
        self.delimiter = delimiter
        self.longitudeColumn = longitudeColumn
        self.latitudeColumn = latitudeColumn
        self.wktColumn = wktColumn
        self.infersTypes = infersTypes
    }
}

/// Streams the rows of a CSV file as features, as spreadsheets of places
/// are shared: a header row names the columns; a longitude and a latitude
/// column (or a WKT column) make the geometry, every other column a
/// property. Reading is our own RFC 4180 parser on bytes
/// (``CSVRecordReader``), which locates every fault.
///
/// ```swift
/// let reader = try CSVFeatureReader(bytes: Array("name,lat,lon\nBig Ben,51.5007,-0.1246\n".utf8))
/// let feature = try reader.next()     // Point(-0.1246, 51.5007), ["name": "Big Ben"]
/// ```
///
/// Values: `12` is an integer, `1.5` and `1e3` doubles, `true`/`false`
/// booleans, an empty field null, anything else a
/// string; with `infersTypes` off, every value is a string.
///
/// Faults, as warnings on the row's line (the row is still read): a row
/// with more or fewer fields than the header (`csv.row.ragged`; missing
/// fields are left out, as ogr2ogr leaves them unset, so that a short row
/// under a wide header costs what the row holds), a
/// coordinate that is not a number or out of range
/// (`csv.coordinate.invalid`; the feature has a null geometry), WKT that
/// GEOS cannot read (`csv.wkt.invalid`), stray quotes (`csv.quote.stray`).
/// A quote never closed is an error (`csv.quote.unclosed`). A file without
/// coordinate or WKT columns is an error (`csv.columns.missing`) naming the
/// columns it has.
public final class CSVFeatureReader {
    public let sourceName: String?
    public let header: [String]
    /// How the geometry is read: "lon,lat" columns or a WKT column.
    public let geometryColumns: String
    public var diagnostics: [Diagnostic] { found.diagnostics + records.warnings }
    /// The line of the row ``next()`` returned last.
    public private(set) var lastLine: Int?

    private var records: CSVRecordReader
    private var found = DiagnosticCollector(maximumPerCode: 1_000)
    private let longitude: Int?
    private let latitude: Int?
    private let wkt: Int?
    private let infersTypes: Bool
    /// No two columns share a name: properties can be appended without a lookup.
    private let headerIsUnique: Bool
    private lazy var geos = GeometryValidator()
    private var ownedDescriptor: Int32?

    /// Streams from an open descriptor (not closed here), after `prefix`
    /// (bytes already read from it); `skippedLines` blank lines came before.
    public convenience init(
        fileDescriptor: Int32, prefix: [UInt8] = [], skippedLines: Int = 0, fileName: String? = nil,
        options: CSVReadingOptions = CSVReadingOptions()
    ) throws(DiagnosticError) {
        try self.init(prefix: prefix, startLine: skippedLines + 1, fileName: fileName, options: options) { buffer in
            Platform.read(fileDescriptor, buffer.baseAddress, buffer.count)
        }
    }

    /// Reads CSV held in memory.
    public convenience init(bytes: [UInt8], fileName: String? = nil, options: CSVReadingOptions = CSVReadingOptions())
        throws(DiagnosticError)
    {
        try self.init(prefix: bytes, startLine: 1, fileName: fileName, options: options) { _ in 0 }
    }

    private init(
        prefix: [UInt8], startLine: Int, fileName: String?, options: CSVReadingOptions,
        fill: @escaping (UnsafeMutableRawBufferPointer) -> Int
    ) throws(DiagnosticError) {
        var bytes = prefix
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let delimiter = options.delimiter ?? Self.guessDelimiter(bytes)
        var records = CSVRecordReader(
            delimiter: delimiter, fileName: fileName, prefix: bytes, startLine: startLine, fill: fill)
        guard let headerRecord = try records.next() else {
            throw DiagnosticError(
                code: "csv.columns.missing", message: "the file is empty: a CSV needs a header row",
                location: SourceLocation(file: fileName, line: startLine))
        }
        var header = headerRecord.fields.map { $0.trimmingCSVSpaces }
        // A name met again becomes NAME_2, NAME_3...: every column's values
        // are kept (a second "name" replaced the first's).
        var renamed: [(from: String, to: String)] = []
        var seen = Set<String>()
        for index in header.indices {
            if seen.contains(header[index]) {
                var number = 2
                while seen.contains("\(header[index])_\(number)") || header.contains("\(header[index])_\(number)") {
                    number += 1
                }
                renamed.append((header[index], "\(header[index])_\(number)"))
                header[index] = "\(header[index])_\(number)"
            }
            seen.insert(header[index])
        }
        func column(_ named: String?, _ spellings: [String]) throws(DiagnosticError) -> Int? {
            if let named {
                guard let index = header.firstIndex(of: named) else {
                    throw DiagnosticError(
                        code: "csv.columns.missing",
                        message: "there is no column \"\(named)\"; the columns are \(header.joined(separator: ", "))",
                        location: SourceLocation(file: fileName, line: headerRecord.line))
                }
                return index
            }
            return header.firstIndex { spellings.contains($0.lowercased()) }
        }
        var longitude = try column(options.longitudeColumn, ["lon", "lng", "long", "longitude", "x"])
        var latitude = try column(options.latitudeColumn, ["lat", "latitude", "y"])
        if longitude == nil || latitude == nil { (longitude, latitude) = (nil, nil) }
        let wkt =
            longitude == nil || options.wktColumn != nil
            ? try column(options.wktColumn, ["wkt", "geometry", "geom", "the_geom", "shape"]) : nil
        guard (longitude != nil && latitude != nil) || wkt != nil else {
            throw DiagnosticError(
                code: "csv.columns.missing",
                message:
                    "no longitude and latitude columns (lon/lng/longitude/x, lat/latitude/y) and no WKT column (wkt/geometry/geom): the columns are \(header.joined(separator: ", ")); name them with --csv-lon/--csv-lat or --csv-wkt",
                location: SourceLocation(file: fileName, line: headerRecord.line))
        }
        self.sourceName = fileName
        self.header = header
        self.records = records
        self.longitude = longitude
        self.latitude = latitude
        self.wkt = longitude == nil ? wkt : nil
        self.infersTypes = options.infersTypes
        self.headerIsUnique = Set(header).count == header.count
        self.geometryColumns = longitude != nil ? "\(header[longitude!]),\(header[latitude!])" : "WKT \(header[wkt!])"
        for (from, to) in renamed {
            found.append(
                Diagnostic(
                    severity: .warning, code: "csv.column.duplicate",
                    message: "the header names \"\(from)\" more than once: this column is read as \"\(to)\"",
                    location: SourceLocation(file: fileName, line: headerRecord.line)))
        }
    }

    deinit {
        if let ownedDescriptor { Platform.close(ownedDescriptor) }
    }

    /// The delimiter of the header line: the most frequent of `,`, `;` and tab.
    static func guessDelimiter(_ bytes: [UInt8]) -> UInt8 {
        let firstLine = bytes.prefix { $0 != 0x0A }
        let candidates: [UInt8] = [0x2C, 0x3B, 0x09]
        let counts = candidates.map { c in firstLine.reduce(0) { $0 + ($1 == c ? 1 : 0) } }
        let best = counts.indices.max { counts[$0] < counts[$1] }!
        return counts[best] > 0 ? candidates[best] : 0x2C
    }

    /// The next row as a feature, or nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        guard let record = try records.next() else { return nil }
        lastLine = record.line
        let location = SourceLocation(file: sourceName, line: record.line)
        if record.fields.count != header.count {
            found.append(
                Diagnostic(
                    severity: .warning, code: "csv.row.ragged",
                    message:
                        "the row has \(record.fields.count) field\(record.fields.count == 1 ? "" : "s") where the header has \(header.count): \(record.fields.count < header.count ? "missing ones are left out" : "extra ones are kept as column_N")",
                    location: location))
        }
        var feature = Feature()
        for (index, field) in record.fields.enumerated() where index != longitude && index != latitude && index != wkt {
            let value = infersTypes ? Self.typed(field) : .string(field)
            if index < header.count, headerIsUnique {
                feature.properties.appendUnchecked(key: header[index], value: value)
            } else {
                feature.properties[index < header.count ? header[index] : "column_\(index + 1)"] = value
            }
        }
        if let longitude, let latitude {
            let x = longitude < record.fields.count ? record.fields[longitude].trimmingCSVSpaces : ""
            let y = latitude < record.fields.count ? record.fields[latitude].trimmingCSVSpaces : ""
            if x.isEmpty && y.isEmpty {
                // No position: a feature without geometry, as ogr2ogr reads it.
            } else if let lon = Double(x), let lat = Double(y), Coordinate(latitude: lat, longitude: lon).isValid {
                feature.geometry = .point(Coordinate(latitude: lat, longitude: lon))
            } else {
                found.append(
                    Diagnostic(
                        severity: .warning, code: "csv.coordinate.invalid",
                        message:
                            "\(header[longitude]) \"\(x)\" and \(header[latitude]) \"\(y)\" are not a longitude and a latitude: the feature has no geometry",
                        location: location))
            }
        } else if let wkt, wkt < record.fields.count {
            let text = record.fields[wkt].trimmingCSVSpaces
            if !text.isEmpty {
                switch geos.geometry(fromWKT: text) {
                case .success(let geometry):
                    if let off = geometry?.firstPositionOffTheGlobe {
                        found.append(
                            Diagnostic(
                                severity: .warning, code: "csv.coordinate.invalid",
                                message:
                                    "\(header[wkt]) has a position off the globe (longitude \(off.longitude), latitude \(off.latitude)\(off.altitude.map { ", altitude \($0)" } ?? "")): the feature has no geometry",
                                location: location))
                    } else {
                        feature.geometry = geometry
                    }
                case .failure(let error):
                    found.append(
                        Diagnostic(
                            severity: .warning, code: "csv.wkt.invalid",
                            message: "\(header[wkt]) is not WKT (\(error.reason)): the feature has no geometry",
                            location: location))
                }
            }
        }
        return feature
    }

    /// Every remaining row.
    public func readAll() throws(DiagnosticError) -> [Feature] {
        var features: [Feature] = []
        while let feature = try next() { features.append(feature) }
        return features
    }

    /// A field as the JSON value it spells.
    static func typed(_ field: String) -> JSONValue {
        if field.isEmpty { return .null }
        if field == "true" { return .bool(true) }
        if field == "false" { return .bool(false) }
        guard let first = field.utf8.first, first == 0x2D || first == 0x2E || first &- 0x30 < 10 else {
            return .string(field)
        }
        // Leading zeros (ZIP codes, ids) stay text: "02134" is not 2134.
        let digits = field.utf8.drop { $0 == 0x2D }
        if digits.count > 1, digits.first == 0x30, digits.dropFirst().first != 0x2E { return .string(field) }
        if let integer = Int64(field) { return .integer(integer) }
        if let double = Double(field), double.isFinite { return .double(double) }
        return .string(field)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingCSVSpaces: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let end = scalars.lastIndex { $0 != " " && $0 != "\t" }!
        return String(scalars[start...end])
    }
}
