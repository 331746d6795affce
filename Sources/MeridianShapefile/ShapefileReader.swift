import MeridianArchive
import MeridianCore

/// Reads the features of ESRI shapefiles: a `.shp` with the `.shx`,
/// `.dbf`, `.prj` and `.cpg` beside it, every `.shp` of a folder, or of a
/// zip, each a layer named after its file.
///
/// ```swift
/// let reader = try ShapefileReader(path: "ne_50m_admin_1.shp")
/// reader.coordinateSystem(ofLayer: "ne_50m_admin_1")   // the .prj's WKT
/// while let feature = try reader.next() { ... }
/// ```
///
/// Records are found through the `.shx` (read in order without it, as if
/// it were rebuilt); attributes come from the `.dbf` record of the same
/// number, deleted records left out, as GDAL reads them. Text is decoded
/// in the encoding `--encoding` names, else the `.cpg`, else the `.dbf`'s
/// language driver; text that is not valid in it, or UTF-8 declared as a
/// single-byte code page, is found before the first feature and read as
/// what it is, with a `shp.encoding.mismatch` warning. Positions are read
/// as stored, in the `.prj`'s system (``coordinateSystem(ofLayer:)``).
/// Files are mapped, read in order and given back as read: memory stays
/// bounded whatever their size.
public final class ShapefileReader {
    /// The layers, in the order read.
    public var layers: [String] { sets.map(\.parts.name) }
    /// Warnings and notes so far.
    public var diagnostics: [Diagnostic] { found.diagnostics }
    /// The layer of the feature ``next()`` returned last.
    public private(set) var currentLayer: String?

    private let sets: [LayerState]
    private var layerIndex = 0
    private var found = DiagnosticCollector(maximumPerCode: 1_000)
    private let encodingOverride: String?

    /// One `.shp` and its siblings, and where reading it has got to.
    final class LayerState {
        let parts: ShapefileParts
        let shapeType: Int32
        let shapeCount: Int?
        let table: DBFTable?
        let propertyNames: [String]
        /// The `.prj`'s system (``ShapefileReader/coordinateSystem(ofLayer:)``).
        let system: String?
        var encoding: TextEncoding?
        var record = 0
        var offset = 100
        var unclosedRings = 0

        init(parts: ShapefileParts) throws(DiagnosticError) {
            self.parts = parts
            let shp = LittleEndianReader(parts.shp.bytes)
            guard shp.bigInt32(at: 0) == 9994, shp.int32(at: 28) == 1000, parts.shp.bytes.count >= 100 else {
                throw DiagnosticError(
                    code: "shp.header.invalid",
                    message: "\(parts.file) does not start with a shapefile header (file code 9994, version 1000)",
                    location: SourceLocation(file: parts.file, byteOffset: 0))
            }
            shapeType = shp.int32(at: 32)!
            if let shx = parts.shx, shx.bytes.count >= 100, LittleEndianReader(shx.bytes).bigInt32(at: 0) == 9994 {
                shapeCount = (shx.bytes.count - 100) / 8
            } else {
                shapeCount = nil
            }
            table = try parts.dbf.map { dbf throws(DiagnosticError) in try DBFTable(dbf.bytes, file: parts.dbfFile) }
            var names: [String] = []
            for field in table?.fields ?? [] {
                var name = field.name
                var suffix = 1
                while names.contains(name) {
                    name = "\(field.name)_\(suffix)"
                    suffix += 1
                }
                names.append(name)
            }
            propertyNames = names
            let text = parts.prj.map { String(decoding: $0, as: UTF8.self).trimmingCharacters(in: " \r\n\t\0") }
            system = text.flatMap { $0.isEmpty || ShapefileReader.isWGS84($0) ? nil : $0 }
        }
    }

    /// Opens the shapefile at `path` (a `.shp`, or a folder of them), or the
    /// `.shp` entries of `zip`; diagnostics name it `displayName`.
    /// `encoding` (an iconv name: `CP1252`, `UTF-8`, `SHIFT_JIS`) wins over
    /// what the files declare.
    public init(path: String, displayName: String? = nil, zip: ZipArchive? = nil, encoding: String? = nil)
        throws(DiagnosticError)
    {
        let name = displayName ?? path
        encodingOverride = encoding.map(TextEncoding.name(ofCodePage:))
        sets = try ShapefileParts.find(path: path, name: name, zip: zip).map { parts throws(DiagnosticError) in
            try LayerState(parts: parts)
        }
        for set in sets { try prepare(set) }
    }

    /// The `.prj`'s system of a layer, as PROJ reads it (ESRI's WKT); nil
    /// without a `.prj`, and for WGS 84 longitude and latitude as ArcGIS
    /// and GDAL write it (which needs no PROJ, whose start costs more than
    /// reading a file of some megabytes).
    public func coordinateSystem(ofLayer layer: String?) -> String? {
        if sets.count == 1 { return sets[0].system }
        return (sets.first(where: { $0.parts.name == layer }) ?? (layer == nil ? sets.first : nil))?.system
    }

    /// Whether a `.prj` is WGS 84 in degrees east and north of Greenwich:
    /// `GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",
    /// 6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",
    /// 0.0174532925199433]]`, in any case and spacing, with or without an
    /// EPSG 4326 authority; anything more (axes, a datum shift) goes to PROJ.
    static func isWGS84(_ text: String) -> Bool {
        let squeezed = String(text.uppercased().filter { !$0.isWhitespace })
        let parts = [
            #"GEOGCS[""#, #"DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137"#, ",298.257223563",
            #"PRIMEM["GREENWICH",0"#, #"UNIT["DEGREE",0.01745329251994"#,
        ]
        guard squeezed.hasPrefix(#"GEOGCS["#), parts.allSatisfy({ squeezed.containsText($0) }) else { return false }
        let allowed = ["GEOGCS", "DATUM", "SPHEROID", "PRIMEM", "UNIT", "AUTHORITY"]
        var keywords: [Substring] = []
        var word = Substring()
        var inQuotes = false
        for character in squeezed {
            if character == "\"" { inQuotes.toggle() }
            if inQuotes { continue }
            if character.isLetter || character == "_" {
                word.append(character)
            } else {
                if character == "[" { keywords.append(word) }
                word = ""
            }
        }
        // Authorities only of WGS 84's parts: 4326 itself, its datum,
        // ellipsoid, prime meridian and unit.
        let codes = ["4326", "6326", "7030", "8901", "9122"].map { #""EPSG",""# + $0 + #""]"# }
        let authorities = squeezed.split(separatorText: "AUTHORITY[").dropFirst()
        return keywords.allSatisfy { allowed.contains(String($0)) }
            && authorities.allSatisfy { authority in codes.contains { authority.hasPrefix($0) } }
    }

    /// The next feature, layer after layer; nil at the end.
    public func next() throws(DiagnosticError) -> Feature? {
        while layerIndex < sets.count {
            let set = sets[layerIndex]
            if let feature = nextFeature(of: set) {
                currentLayer = set.parts.name
                return feature
            }
            finish(set)
            layerIndex += 1
        }
        return nil
    }

    // MARK: Layers

    /// Checks what a layer's files say of each other, and decides its encoding.
    private func prepare(_ set: LayerState) throws(DiagnosticError) {
        let parts = set.parts
        if parts.shx == nil {
            found.append(
                Diagnostic(
                    severity: .info, code: "shp.index.missing",
                    message:
                        "\(parts.file) has no .shx beside it: its records are read in order, as if it were rebuilt",
                    location: SourceLocation(file: parts.file)))
        }
        if let count = set.shapeCount, let table = set.table, count != table.recordCount {
            found.append(
                Diagnostic(
                    severity: .warning, code: "shp.count.mismatch",
                    message:
                        "\(parts.file) indexes \(count) shapes but \(parts.dbfFile) has \(table.recordCount) records: \(min(count, table.recordCount)) features are read",
                    location: SourceLocation(file: parts.dbfFile, byteOffset: 4)))
        }
        if parts.dbf == nil {
            found.append(
                Diagnostic(
                    severity: .warning, code: "shp.dbf.missing",
                    message: "\(parts.file) has no .dbf beside it: its features have no attributes",
                    location: SourceLocation(file: parts.file)))
        }
        found.append(contentsOf: set.table?.problems ?? [])
        let kind = ShapeDecoder.Kind(rawValue: set.shapeType)
        if kind == .multiPatch {
            throw DiagnosticError(
                code: "shp.shape.multipatch",
                message:
                    "\(parts.file) holds multipatches (3D surfaces of triangle strips and fans), which GeoJSON cannot hold; convert them with ogr2ogr -nlt MULTIPOLYGONZ",
                location: SourceLocation(file: parts.file, byteOffset: 32))
        }
        if let kind, kind.hasM, !kind.hasZ {
            found.append(
                Diagnostic(
                    severity: .info, code: "shp.measure.dropped",
                    message:
                        "\(parts.file) holds \(kind.name)s with measures (M), which GeoJSON cannot hold: they are left out",
                    location: SourceLocation(file: parts.file, byteOffset: 32)))
        }
        if parts.prj == nil {
            let header = LittleEndianReader(parts.shp.bytes)
            let box = (36..<68).striding(by: 8).compactMap { header.double(at: $0) }
            if box.count == 4, abs(box[0]) > 180 || abs(box[2]) > 180 || abs(box[1]) > 90 || abs(box[3]) > 90 {
                found.append(
                    Diagnostic(
                        severity: .warning, code: "shp.prj.missing",
                        message:
                            "\(parts.file) has no .prj and its positions are not longitude and latitude (x \(box[0]) to \(box[2]), y \(box[1]) to \(box[3])): give their system with --s-srs",
                        location: SourceLocation(file: parts.file)))
            }
        }
        if let table = set.table {
            set.encoding = try EncodingChoice.decide(
                for: parts, table: table, override: encodingOverride, found: &found)
        }
    }

    private func finish(_ set: LayerState) {
        if set.unclosedRings > 0 {
            found.append(
                Diagnostic(
                    severity: .warning, code: "shp.ring.unclosed",
                    message:
                        "\(set.unclosedRings) polygon rings of \(set.parts.file) do not end where they start: they are closed",
                    location: SourceLocation(file: set.parts.file)))
            set.unclosedRings = 0
        }
        if let table = set.table, set.shapeCount == nil, set.record < table.recordCount {
            found.append(
                Diagnostic(
                    severity: .warning, code: "shp.count.mismatch",
                    message:
                        "\(set.parts.file) holds \(set.record) shapes but \(set.parts.dbfFile) has \(table.recordCount) records: \(set.record) features are read",
                    location: SourceLocation(file: set.parts.dbfFile, byteOffset: 4)))
        }
    }

    // MARK: Records

    /// The next feature of a layer that is not deleted, nil at its end.
    private func nextFeature(of set: LayerState) -> Feature? {
        while true {
            let index = set.record
            if let count = set.shapeCount, index >= count { return nil }
            if let table = set.table, index >= table.recordCount {
                if set.shapeCount == nil, shapeContent(of: set) != nil {
                    found.append(
                        Diagnostic(
                            severity: .warning, code: "shp.count.mismatch",
                            message:
                                "\(set.parts.file) holds more shapes than the \(table.recordCount) records of \(set.parts.dbfFile): \(table.recordCount) features are read",
                            location: SourceLocation(file: set.parts.dbfFile, byteOffset: 4)))
                }
                return nil
            }
            guard let content = shapeContent(of: set) else { return nil }
            set.record += 1
            if index % 4096 == 0 {
                set.parts.shp.release(upTo: set.offset)
                if let table = set.table {
                    set.parts.dbf?.release(upTo: table.headerLength + index * table.recordLength)
                }
            }
            if let table = set.table, table.isDeleted(index) { continue }
            var feature = Feature()
            let location = SourceLocation(file: set.parts.file, featureID: "#\(index + 1)", record: index + 1)
            switch content {
            case .failure(let failure):
                found.append(
                    Diagnostic(
                        severity: .warning, code: failure.code,
                        message:
                            "shape \(index + 1) of \(set.parts.file) cannot be read (\(failure.reason)): it is read as null",
                        location: location))
            case .success(let bytes):
                do throws(ShapeDecoder.Failure) {
                    feature.geometry = try ShapeDecoder.decode(bytes, unclosedRings: &set.unclosedRings)
                } catch {
                    found.append(
                        Diagnostic(
                            severity: .warning, code: error.code,
                            message:
                                "shape \(index + 1) of \(set.parts.file) cannot be read (\(error.reason)): it is read as null",
                            location: location))
                }
            }
            if let table = set.table { feature.properties = properties(of: index, in: table, set: set) }
            return feature
        }
    }

    /// The content of the layer's next record (found through the `.shx`,
    /// or in order), or why it cannot be read; nil at the end.
    private func shapeContent(of set: LayerState) -> Result<UnsafeBufferPointer<UInt8>, ShapeDecoder.Failure>? {
        let shp = set.parts.shp.bytes
        let reader = LittleEndianReader(shp)
        if let shx = set.parts.shx, set.shapeCount != nil {
            let index = LittleEndianReader(shx.bytes)
            let entry = 100 + 8 * set.record
            guard let words = index.bigInt32(at: entry), let length = index.bigInt32(at: entry + 4) else { return nil }
            let start = Int(words) * 2 + 8
            let count = Int(length) * 2
            guard words >= 50, length >= 0, start <= shp.count, count <= shp.count - start else {
                return .failure(
                    ShapeDecoder.Failure(
                        code: "shp.record.truncated",
                        reason:
                            "the .shx puts it at byte \(Int(words) * 2), \(count) bytes long, past the .shp's \(shp.count) bytes"
                    ))
            }
            set.offset = start + count
            return .success(UnsafeBufferPointer(rebasing: shp[start..<(start + count)]))
        }
        guard set.offset + 8 <= shp.count, let length = reader.bigInt32(at: set.offset + 4) else { return nil }
        let start = set.offset + 8
        let count = Int(length) * 2
        guard length >= 0, count <= shp.count - start else {
            set.offset = shp.count
            return .failure(
                ShapeDecoder.Failure(
                    code: "shp.record.truncated",
                    reason: "its header says \(count) bytes, past the end of the .shp (\(shp.count - start) left)"))
        }
        set.offset = start + count
        return .success(UnsafeBufferPointer(rebasing: shp[start..<(start + count)]))
    }

    private func properties(of index: Int, in table: DBFTable, set: LayerState) -> JSONObject {
        var properties = JSONObject()
        let record = table.record(index)
        for (field, name) in zip(table.fields, set.propertyNames) {
            var invalidText = false
            let value = table.value(of: field, in: record) { bytes in
                let text = set.encoding?.decode(bytes)
                if text == nil { invalidText = true }
                return text
            }
            if value == nil {
                let location = SourceLocation(
                    file: set.parts.dbfFile, featureID: "#\(index + 1)", property: name, record: index + 1)
                found.append(
                    invalidText
                        ? Diagnostic(
                            severity: .warning, code: "shp.encoding.invalid",
                            message:
                                "record \(index + 1), field \(name): the text is not valid \(set.encoding?.name ?? "text"): read as null (give the encoding with --encoding)",
                            location: location)
                        : Diagnostic(
                            severity: .warning, code: "shp.value.invalid",
                            message:
                                "record \(index + 1), field \(name): not a value of a \(Character(UnicodeScalar(field.type))) field: read as null",
                            location: location))
            }
            properties.appendUnchecked(key: name, value: value ?? .null)
        }
        return properties
    }
}

extension String {
    func trimmingCharacters(in set: String) -> String {
        var text = Substring(self)
        while let first = text.first, set.contains(first) { text = text.dropFirst() }
        while let last = text.last, set.contains(last) { text = text.dropLast() }
        return String(text)
    }
}

extension Range<Int> {
    func striding(by step: Int) -> StrideTo<Int> { stride(from: lowerBound, to: upperBound, by: step) }
}
