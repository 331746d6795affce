import MeridianCore
import MeridianJSON

/// Decodes the rows of a binary `COPY … TO STDOUT` as features, whatever
/// way the bytes arrive in chunks: the signature and header, then each row
/// once it is whole (a key, a geometry as EWKB, then the properties). Every
/// length and count is checked against the bytes there are and the
/// columns asked for, so data that lies is a located error
/// (`postgis.copy.invalid`), never a read past its end.
package final class PostGISRowDecoder {
    /// How a column's binary value is decoded.
    package enum Decoding {
        case bool, int2, int4, int8, oid, float4, float8, text, json, jsonb
    }

    package static let binaryDecodings: [UInt32: Decoding] = [
        16: .bool, 21: .int2, 23: .int4, 20: .int8, 26: .oid, 700: .float4, 701: .float8, 25: .text, 1043: .text,
        1042: .text, 19: .text, 114: .json, 3802: .jsonb,
    ]

    let name: String
    let keyColumn: String?
    let keyDecoding: Decoding?
    let geometryColumn: String?
    let srid: Int32
    let properties: [(name: String, decoding: Decoding)]
    private let keys: [String]
    private let keyIndex: JSONObject.KeyIndex?
    private let packer = PackedJSONValues.Writer()
    private var pending: [UInt8] = []
    private var position = 0
    private var headerRead = false
    /// Whether COPY's trailer has been read.
    package private(set) var ended = false
    private var rows = 0
    private var mixedSRIDs = 0
    package private(set) var diagnostics: [Diagnostic] = []

    /// A decoder of rows of a key (when `keyColumn` is given; nil
    /// `keyDecoding` for jsonb), a geometry (when `geometryColumn` is) and
    /// `properties`, from the location `name`.
    package init(
        name: String, keyColumn: String?, keyDecoding: Decoding?, geometryColumn: String?, srid: Int32,
        properties: [(name: String, decoding: Decoding)]
    ) {
        self.name = name
        self.keyColumn = keyColumn
        self.keyDecoding = keyDecoding
        self.geometryColumn = geometryColumn
        self.srid = srid
        self.properties = properties
        keys = properties.map(\.name)
        keyIndex = keys.count > JSONObject.indexedCount ? JSONObject.index(of: keys) : nil
    }

    /// Adds bytes received.
    package func append(_ chunk: UnsafeRawBufferPointer) {
        if position > 0 && position == pending.count {
            pending.removeAll(keepingCapacity: true)
            position = 0
        } else if position > 1 << 20 {
            pending.removeFirst(position)
            position = 0
        }
        pending.append(contentsOf: chunk)
    }

    package func failure(_ message: String) -> DiagnosticError {
        DiagnosticError(
            code: "postgis.copy.invalid", message: "\(message)",
            location: SourceLocation(file: name, record: rows + 1))
    }

    /// A feature from the rows buffered, when a whole one is there.
    /// The next row, when a whole one has been received.
    package func next() throws(DiagnosticError) -> Feature? {
        let result: Result<Feature?, DiagnosticError> = pending.withUnsafeBytes { raw in
            do throws(DiagnosticError) {
                return .success(try tuple(raw))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    private func tuple(_ raw: UnsafeRawBufferPointer) throws(DiagnosticError) -> Feature? {
        var at = position
        func int16() -> Int? {
            guard at + 2 <= raw.count else { return nil }
            defer { at += 2 }
            return Int(Int16(bigEndian: raw.loadUnaligned(fromByteOffset: at, as: Int16.self)))
        }
        func int32() -> Int? {
            guard at + 4 <= raw.count else { return nil }
            defer { at += 4 }
            return Int(Int32(bigEndian: raw.loadUnaligned(fromByteOffset: at, as: Int32.self)))
        }
        if !headerRead {
            let signature: [UInt8] = [0x50, 0x47, 0x43, 0x4F, 0x50, 0x59, 0x0A, 0xFF, 0x0D, 0x0A, 0x00]
            guard raw.count >= 19 else { return nil }
            guard raw.prefix(11).elementsEqual(signature) else { throw failure("COPY's binary signature is missing") }
            at = 15
            guard let extension_ = int32(), extension_ >= 0 else { throw failure("COPY's header is malformed") }
            guard at + extension_ <= raw.count else { return nil }
            at += extension_
            headerRead = true
            position = at
        }
        guard let count = int16() else { return nil }
        if count == -1 {
            ended = true
            position = at
            return nil
        }
        // (A SELECT of no column selects NULL.)
        let expected = max((keyColumn != nil ? 1 : 0) + (geometryColumn != nil ? 1 : 0) + properties.count, 1)
        guard count == expected else { throw failure("a row has \(count) fields, not \(expected)") }
        // The fields, found first: a row is decoded only once it is whole.
        var fields: [Range<Int>?] = []
        fields.reserveCapacity(count)
        for _ in 0..<count {
            guard let length = int32() else { return nil }
            if length == -1 {
                fields.append(nil)
                continue
            }
            guard length >= 0 else { throw failure("a field has length \(length)") }
            guard at + length <= raw.count else { return nil }
            fields.append(at..<at + length)
            at += length
        }
        position = at
        rows += 1
        var feature = Feature()
        var next = 0
        if keyColumn != nil {
            if let range = fields[0] {
                let value = try decode(keyDecoding ?? .jsonb, UnsafeRawBufferPointer(rebasing: raw[range]))
                feature.id = FeatureIdentifier(value)
            }
            next = 1
        }
        if let geometryColumn {
            if let range = fields[next] {
                switch WellKnownBinary.decode(UnsafeRawBufferPointer(rebasing: raw[range])) {
                case .success(let decoded):
                    if let found = decoded.srid, found != srid, srid != 0 {
                        mixedSRIDs += 1
                        if mixedSRIDs <= 10 {
                            diagnostics.append(
                                Diagnostic(
                                    severity: .warning, code: "postgis.srid.mixed",
                                    message:
                                        "row \(rows)\(feature.id.map { " (\(keyColumn!) \($0))" } ?? ""): the \(geometryColumn) has SRID \(found), not the column's \(srid); read without geometry",
                                    location: location(feature, property: geometryColumn)))
                        }
                    } else {
                        feature.geometry = decoded.geometry
                    }
                case .failure(let failure):
                    throw DiagnosticError(
                        code: "postgis.geometry.invalid",
                        message:
                            "row \(rows)\(feature.id.map { " (\(keyColumn!) \($0))" } ?? ""): the \(geometryColumn) is not EWKB: \(failure.reason) (byte \(failure.offset))",
                        location: location(feature, property: geometryColumn))
                }
            }
            next += 1
        }
        packer.removeAll()
        for (offset, property) in properties.enumerated() {
            guard let range = fields[next + offset] else {
                packer.appendNull()
                continue
            }
            let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
            switch property.decoding {
            case .text:
                packer.append(utf8: bytes.assumingMemoryBound(to: UInt8.self))
            default:
                packer.append(try decode(property.decoding, bytes, feature: feature, column: property.name))
            }
        }
        feature.properties = JSONObject(distinctKeys: keys, packed: packer.packed, index: keyIndex)
        return feature
    }

    private func location(_ feature: Feature, property: String?) -> SourceLocation {
        SourceLocation(
            file: name, featureID: feature.id?.description, property: property, record: rows)
    }

    /// A binary value of PostgreSQL as JSON.
    private func decode(
        _ decoding: Decoding, _ bytes: UnsafeRawBufferPointer, feature: Feature = Feature(), column: String? = nil
    )
        throws(DiagnosticError) -> JSONValue
    {
        func load<T: FixedWidthInteger>(_: T.Type) throws(DiagnosticError) -> T {
            guard bytes.count == MemoryLayout<T>.size else {
                throw DiagnosticError(
                    code: "postgis.copy.invalid",
                    message:
                        "row \(rows): the \(column ?? keyColumn ?? "value") has \(bytes.count) bytes, not \(MemoryLayout<T>.size)",
                    location: location(feature, property: column))
            }
            return T(bigEndian: bytes.loadUnaligned(as: T.self))
        }
        switch decoding {
        case .bool: return .bool(try load(UInt8.self) != 0)
        case .int2: return .integer(Int64(try load(Int16.self)))
        case .int4: return .integer(Int64(try load(Int32.self)))
        case .int8: return .integer(try load(Int64.self))
        case .oid: return .integer(Int64(try load(UInt32.self)))
        case .float4: return .double(Double(Float(bitPattern: try load(UInt32.self))))
        case .float8: return .double(Double(bitPattern: try load(UInt64.self)))
        case .text: return .string(String(decoding: bytes, as: UTF8.self))
        case .json, .jsonb:
            let text = decoding == .jsonb ? UnsafeRawBufferPointer(rebasing: bytes.dropFirst()) : bytes
            guard decoding == .json || bytes.first == 1 else {
                throw DiagnosticError(
                    code: "postgis.copy.invalid",
                    message: "row \(rows): the \(column ?? "value") is jsonb of an unknown version",
                    location: location(feature, property: column))
            }
            do throws(DiagnosticError) {
                return try JSONValue(parsing: text.assumingMemoryBound(to: UInt8.self))
            } catch {
                throw DiagnosticError(
                    code: "postgis.copy.invalid",
                    message: "row \(rows): the \(column ?? "value") is not JSON: \(error.diagnostic.message)",
                    location: location(feature, property: column))
            }
        }
    }
}
