/// The types FlatGeobuf's `GeometryType` enumerates (the numbers of
/// ISO WKB); the reader reads the first seven.
enum FlatGeobufGeometryType: UInt8 {
    case unknown = 0
    case point, lineString, polygon, multiPoint, multiLineString, multiPolygon, geometryCollection
    case circularString, compoundCurve, curvePolygon, multiCurve, multiSurface, curve, surface, polyhedralSurface
    case tin, triangle

    var name: String {
        switch self {
        case .unknown: "Unknown"
        case .point: "Point"
        case .lineString: "LineString"
        case .polygon: "Polygon"
        case .multiPoint: "MultiPoint"
        case .multiLineString: "MultiLineString"
        case .multiPolygon: "MultiPolygon"
        case .geometryCollection: "GeometryCollection"
        case .circularString: "CircularString"
        case .compoundCurve: "CompoundCurve"
        case .curvePolygon: "CurvePolygon"
        case .multiCurve: "MultiCurve"
        case .multiSurface: "MultiSurface"
        case .curve: "Curve"
        case .surface: "Surface"
        case .polyhedralSurface: "PolyhedralSurface"
        case .tin: "TIN"
        case .triangle: "Triangle"
        }
    }
}

/// The types of FlatGeobuf's columns (`ColumnType`).
enum FlatGeobufColumnType: UInt8 {
    case byte = 0
    case ubyte, bool, short, ushort, int, uint, long, ulong, float, double, string, json, dateTime, binary

    /// The bytes a value takes, or nil for the length-prefixed types.
    var fixedSize: Int? {
        switch self {
        case .byte, .ubyte, .bool: 1
        case .short, .ushort: 2
        case .int, .uint, .float: 4
        case .long, .ulong, .double: 8
        case .string, .json, .dateTime, .binary: nil
        }
    }
}

/// A FlatGeobuf file's header: the layer's name, extent, geometry type,
/// dimensions, columns, feature count, index node size and system.
struct FlatGeobufHeader {
    struct Column {
        var name: String
        var type: FlatGeobufColumnType
    }

    var name: String?
    var envelope: [Double] = []
    var geometryType: FlatGeobufGeometryType = .unknown
    var hasZ = false
    var hasM = false
    var columns: [Column] = []
    var featuresCount: UInt64 = 0
    var indexNodeSize: Int = 16
    var crsOrganisation: String?
    var crsCode: Int32 = 0
    var crsName: String?
    var crsWKT: String?
    var crsCodeString: String?

    /// The first bytes of every FlatGeobuf file: `fgb`, the major version
    /// 3, `fgb`, the patch version.
    static let magic: [UInt8] = [0x66, 0x67, 0x62, 0x03, 0x66, 0x67, 0x62]

    init() {}

    /// Reads the header table.
    init(_ buffer: UnsafeRawBufferPointer) throws(FlatBufferError) {
        let table = try FlatBufferTable(root: buffer)
        name = try table.string(0)
        if let (start, count) = try table.vector(1, elementSize: 8) {
            envelope = (0..<count).map { FlatBufferTable.double(buffer, start + 8 * $0) }
        }
        let type = try table.uint8(2) ?? 0
        guard let geometryType = FlatGeobufGeometryType(rawValue: type) else {
            throw FlatBufferError(message: "the header's geometry type \(type) is not one FlatGeobuf defines")
        }
        self.geometryType = geometryType
        hasZ = try table.uint8(3).map { $0 != 0 } ?? false
        hasM = try table.uint8(4).map { $0 != 0 } ?? false
        for column in try table.tables(7) {
            guard let name = try column.string(0) else {
                throw FlatBufferError(message: "a column of the header has no name")
            }
            let type = try column.uint8(1) ?? 0
            guard let columnType = FlatGeobufColumnType(rawValue: type) else {
                throw FlatBufferError(message: "column \"\(name)\" has type \(type), which FlatGeobuf does not define")
            }
            columns.append(Column(name: name, type: columnType))
        }
        guard columns.count <= Int(UInt16.max) + 1 else {
            throw FlatBufferError(message: "the header names \(columns.count) columns, more than 65 536")
        }
        featuresCount = try table.uint64(8) ?? 0
        indexNodeSize = Int(try table.uint16(9) ?? 16)
        if let crs = try table.table(10) {
            crsOrganisation = try crs.string(0)
            crsCode = try crs.int32(1) ?? 0
            crsName = try crs.string(2)
            crsWKT = try crs.string(4)
            crsCodeString = try crs.string(5)
        }
    }

    /// The system as PROJ reads it: `ORG:code`, else the WKT; nil for
    /// none and for WGS 84 longitude and latitude (EPSG:4326, OGC:CRS84,
    /// whose positions FlatGeobuf stores x then y like any other).
    var coordinateSystem: String? {
        let organisation = (crsOrganisation ?? "EPSG").uppercased()
        let code = crsCode != 0 ? String(crsCode) : crsCodeString
        if let code, !code.isEmpty {
            if (organisation == "EPSG" && code == "4326") || (organisation == "OGC" && code.uppercased() == "CRS84") {
                return nil
            }
            return "\(organisation):\(code)"
        }
        if let crsWKT, !crsWKT.isEmpty { return crsWKT }
        return nil
    }

    /// The header table's bytes, as a size-prefixed buffer follows the magic.
    func encoded() -> [UInt8] {
        var builder = FlatBufferBuilder()
        var fields: [FlatBufferBuilder.Field] = [
            .scalar(index: 2, bytes: [geometryType.rawValue]),
            .offset(index: 7), .scalar(index: 8, bytes: FlatBufferBuilder.littleEndian(featuresCount)),
            .scalar(index: 9, bytes: FlatBufferBuilder.littleEndian(UInt16(indexNodeSize))),
        ]
        if name != nil { fields.append(.offset(index: 0)) }
        if envelope.count == 4 { fields.append(.offset(index: 1)) }
        if hasZ { fields.append(.scalar(index: 3, bytes: [1])) }
        if crsOrganisation != nil || crsWKT != nil { fields.append(.offset(index: 10)) }
        let (root, slots) = builder.table(fields)
        builder.setRoot(root)
        if let name, let slot = slots[0] {
            let text = builder.vector(bytes: name.utf8, terminated: true)
            builder.point(slot, to: text)
        }
        if let slot = slots[1] {
            let vector = builder.vector(envelope)
            builder.point(slot, to: vector)
        }
        let (vector, columnSlots) = builder.offsetVector(count: columns.count)
        builder.point(slots[7]!, to: vector)
        for (column, slot) in zip(columns, columnSlots) {
            let (position, fieldSlots) = builder.table([
                .offset(index: 0), .scalar(index: 1, bytes: [column.type.rawValue]),
            ])
            builder.point(slot, to: position)
            let text = builder.vector(bytes: column.name.utf8, terminated: true)
            builder.point(fieldSlots[0]!, to: text)
        }
        if let slot = slots[10] {
            var crsFields: [FlatBufferBuilder.Field] = []
            if crsOrganisation != nil { crsFields.append(.offset(index: 0)) }
            if crsCode != 0 { crsFields.append(.scalar(index: 1, bytes: FlatBufferBuilder.littleEndian(crsCode))) }
            if crsName != nil { crsFields.append(.offset(index: 2)) }
            if crsWKT != nil { crsFields.append(.offset(index: 4)) }
            let (position, crsSlots) = builder.table(crsFields)
            builder.point(slot, to: position)
            for (index, text) in [(0, crsOrganisation), (2, crsName), (4, crsWKT)] {
                if let text, let textSlot = crsSlots[index] {
                    let vector = builder.vector(bytes: text.utf8, terminated: true)
                    builder.point(textSlot, to: vector)
                }
            }
        }
        builder.align(8)
        return builder.bytes
    }
}
