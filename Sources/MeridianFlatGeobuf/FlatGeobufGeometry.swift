import MeridianCore

/// FlatGeobuf's `Geometry` table (ends, xy, z, m, t, tm, type, parts)
/// to and from Meridian's geometries.
enum FlatGeobufGeometry {
    /// How deep geometry collections may nest in a file read.
    static let maximumDepth = 32

    /// Decodes a geometry table (with altitudes where it has a `z`);
    /// `type` is the header's unless the table names its own. Nil for an empty geometry; what the reader must say
    /// of measures and curves goes to `notes`.
    static func decode(
        _ table: FlatBufferTable, type headerType: FlatGeobufGeometryType, depth: Int = 0,
        notes: inout Set<String>
    ) throws(FlatBufferError) -> Geometry? {
        guard depth < maximumDepth else {
            throw FlatBufferError(message: "geometries nested more than \(maximumDepth) deep")
        }
        let raw = try table.uint8(6) ?? 0
        guard let ownType = FlatGeobufGeometryType(rawValue: raw) else {
            throw FlatBufferError(message: "geometry type \(raw) is not one FlatGeobuf defines")
        }
        let type = ownType == .unknown ? headerType : ownType
        if try table.vector(3, elementSize: 8) != nil { notes.insert("measures") }
        switch type {
        case .multiPolygon:
            var polygons: [[[Coordinate]]] = []
            for part in try table.tables(7) {
                if case .polygon(let rings) = try decode(
                    part, type: .polygon, depth: depth + 1, notes: &notes)
                {
                    polygons.append(rings)
                }
            }
            return polygons.isEmpty ? nil : .multiPolygon(polygons)
        case .geometryCollection:
            var members: [Geometry] = []
            for part in try table.tables(7) {
                if let member = try decode(part, type: .unknown, depth: depth + 1, notes: &notes) {
                    members.append(member)
                }
            }
            return .geometryCollection(members)
        case .point, .lineString, .polygon, .multiPoint, .multiLineString:
            let positions = try self.positions(table)
            if positions.isEmpty { return nil }
            switch type {
            case .point:
                guard positions.count == 1 else {
                    throw FlatBufferError(message: "a Point with \(positions.count) positions")
                }
                return .point(positions[0])
            case .lineString: return .lineString(positions)
            case .multiPoint: return .multiPoint(positions)
            case .polygon: return .polygon(try split(positions, table))
            default: return .multiLineString(try split(positions, table))
            }
        case .unknown:
            throw FlatBufferError(message: "a geometry of no type, in a file whose header names none")
        default:
            notes.insert(type.name)
            return nil
        }
    }

    /// The positions of `xy` (and `z`).
    private static func positions(_ table: FlatBufferTable) throws(FlatBufferError) -> [Coordinate] {
        guard let (start, count) = try table.vector(1, elementSize: 8) else { return [] }
        guard count % 2 == 0 else { throw FlatBufferError(message: "an xy vector of \(count) numbers, not pairs") }
        let buffer = table.buffer
        var zs: (start: Int, count: Int)?
        if let z = try table.vector(2, elementSize: 8) {
            guard z.count == count / 2 else {
                throw FlatBufferError(message: "\(count / 2) positions but \(z.count) altitudes")
            }
            zs = z
        }
        var positions: [Coordinate] = []
        positions.reserveCapacity(count / 2)
        for index in 0..<count / 2 {
            let at = start + 16 * index
            let (x, y) = (FlatBufferTable.double(buffer, at), FlatBufferTable.double(buffer, at + 8))
            guard x.isFinite, y.isFinite else {
                throw FlatBufferError(message: "position \(index + 1) is not a finite number (\(x), \(y))")
            }
            positions.append(
                Coordinate(
                    latitude: y, longitude: x, altitude: zs.map { FlatBufferTable.double(buffer, $0.start + 8 * index) }
                ))
        }
        return positions
    }

    /// Positions cut at `ends` (each the end of a part, in positions); one
    /// part without them.
    private static func split(_ positions: [Coordinate], _ table: FlatBufferTable) throws(FlatBufferError)
        -> [[Coordinate]]
    {
        guard let (start, count) = try table.vector(0, elementSize: 4), count > 0 else { return [positions] }
        var parts: [[Coordinate]] = []
        parts.reserveCapacity(count)
        var from = 0
        for index in 0..<count {
            let end = Int(FlatBufferTable.uint32(table.buffer, start + 4 * index))
            guard end > from, end <= positions.count else {
                throw FlatBufferError(
                    message: "part \(index + 1) ends at position \(end), outside \(from + 1)...\(positions.count)")
            }
            parts.append(Array(positions[from..<end]))
            from = end
        }
        guard from == positions.count else {
            throw FlatBufferError(message: "the parts end at position \(from) of \(positions.count)")
        }
        return parts
    }

    /// The geometry type FlatGeobuf names `geometry` by.
    static func type(of geometry: Geometry) -> FlatGeobufGeometryType {
        switch geometry {
        case .point: .point
        case .multiPoint: .multiPoint
        case .lineString: .lineString
        case .multiLineString: .multiLineString
        case .polygon: .polygon
        case .multiPolygon: .multiPolygon
        case .geometryCollection: .geometryCollection
        }
    }

    /// The geometry table of `geometry`, built on its own (so that it can be
    /// placed in any feature at an 8-byte boundary): its bytes and where the
    /// table starts in them. Every table names its type, which a file of
    /// one type may leave to the header and one of mixed types may not;
    /// `hasZ` writes altitudes (0 where a position has none).
    static func encode(_ geometry: Geometry, hasZ: Bool) -> (bytes: [UInt8], table: Int) {
        var builder = FlatBufferBuilder(rootSlot: false)
        let table = encode(geometry, hasZ: hasZ, into: &builder)
        return (builder.bytes, table)
    }

    private static func encode(_ geometry: Geometry, hasZ: Bool, into builder: inout FlatBufferBuilder)
        -> Int
    {
        let type = type(of: geometry)
        var parts: [[Coordinate]] = []
        var members: [Geometry] = []
        switch geometry {
        case .point(let position): parts = [[position]]
        case .multiPoint(let positions), .lineString(let positions): parts = [positions]
        case .multiLineString(let lines), .polygon(let lines): parts = lines
        case .multiPolygon(let polygons): members = polygons.map(Geometry.polygon)
        case .geometryCollection(let geometries): members = geometries
        }
        var fields: [FlatBufferBuilder.Field] = [.scalar(index: 6, bytes: [type.rawValue])]
        let positions = parts.reduce(0) { $0 + $1.count }
        if !members.isEmpty {
            fields.append(.offset(index: 7))
        } else if positions > 0 {
            fields.append(.offset(index: 1))
            if parts.count > 1 { fields.append(.offset(index: 0)) }
            if hasZ { fields.append(.offset(index: 2)) }
        }
        let (position, slots) = builder.table(fields)
        if let slot = slots[7] {
            let (vector, memberSlots) = builder.offsetVector(count: members.count)
            builder.point(slot, to: vector)
            for (member, memberSlot) in zip(members, memberSlots) {
                builder.align(8)
                let memberTable = encode(
                    member, hasZ: hasZ, into: &builder)
                builder.point(memberSlot, to: memberTable)
            }
            return position
        }
        if let slot = slots[0] {
            var ends: [UInt32] = []
            var end = 0
            for part in parts {
                end += part.count
                ends.append(UInt32(end))
            }
            let vector = builder.vector(ends)
            builder.point(slot, to: vector)
        }
        if let slot = slots[1] {
            var xy: [Double] = []
            xy.reserveCapacity(2 * positions)
            for part in parts {
                for coordinate in part {
                    xy.append(coordinate.longitude)
                    xy.append(coordinate.latitude)
                }
            }
            let vector = builder.vector(xy)
            builder.point(slot, to: vector)
        }
        if let slot = slots[2] {
            let vector = builder.vector(parts.flatMap { $0.map { $0.altitude ?? 0 } })
            builder.point(slot, to: vector)
        }
        return position
    }
}
