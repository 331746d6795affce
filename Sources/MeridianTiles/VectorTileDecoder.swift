import MeridianCore

/// Decodes a Mapbox Vector Tile (2.x, and 1.x where it agrees) into
/// features in longitude and latitude, each with its layer's name: the
/// tile's position in the pyramid carries tile units back to the globe.
///
/// Everything the tile says is checked: a command whose count runs past the
/// geometry, a coordinate that leaves the range of 32-bit tile units, a tag
/// that names a key or value the layer lacks, an extent of 0 or past 2^16
/// (`tile.mvt.invalid`, naming the tile and layer). A polygon ring that
/// never closes, or a geometry of an unknown type, is left out with a
/// warning (`tile.mvt.geometry`).
package struct VectorTileDecoder {
    let tile: TileID
    let name: String

    package init(tile: TileID, name: String) {
        self.tile = tile
        self.name = name
    }

    private func failure(_ message: String) -> DiagnosticError {
        DiagnosticError(
            code: "tile.mvt.invalid", message: "tile \(tile.zoom)/\(tile.x)/\(tile.y): \(message)",
            location: SourceLocation(file: name))
    }

    /// A tile's features by layer name, in the tile's order; what the
    /// decoder leaves out (an unclosed ring) is left out without a word.
    package func layers(_ data: [UInt8]) throws(DiagnosticError) -> [String: [Feature]] {
        var warnings: [Diagnostic] = []
        let decoded = try data.withUnsafeBytes { bytes in
            Result { () throws(DiagnosticError) in try decode(bytes, warnings: &warnings) }
        }.get()
        var layers: [String: [Feature]] = [:]
        for (layer, feature) in decoded { layers[layer, default: []].append(feature) }
        return layers
    }

    package func decode(_ bytes: UnsafeRawBufferPointer, warnings: inout [Diagnostic]) throws(DiagnosticError)
        -> [(layer: String, feature: Feature)]
    {
        var reader = ProtobufReader(bytes)
        var found: [(layer: String, feature: Feature)] = []
        while let field = reader.nextField() {
            guard field == (3, 2) else {
                reader.skip(field.wireType)
                continue
            }
            try decodeLayer(reader.bytes(), into: &found, warnings: &warnings)
        }
        guard reader.isValid else { throw failure("its layers cannot be read") }
        return found
    }

    private func decodeLayer(
        _ bytes: UnsafeRawBufferPointer, into found: inout [(layer: String, feature: Feature)],
        warnings: inout [Diagnostic]
    ) throws(DiagnosticError) {
        var reader = ProtobufReader(bytes)
        var layerName = ""
        var keys: [String] = []
        var values: [JSONValue] = []
        var features: [UnsafeRawBufferPointer] = []
        var extent: UInt64 = 4096
        while let field = reader.nextField() {
            switch field {
            case (1, 2): layerName = String(decoding: reader.bytes(), as: UTF8.self)
            case (2, 2): features.append(reader.bytes())
            case (3, 2): keys.append(String(decoding: reader.bytes(), as: UTF8.self))
            case (4, 2): values.append(try value(reader.bytes()))
            case (5, 0): extent = reader.varint()
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("a layer cannot be read") }
        guard extent > 0, extent <= 1 << 16 else { throw failure("layer \(layerName) has an extent of \(extent)") }
        for bytes in features {
            if let feature = try decodeFeature(
                bytes, layer: layerName, keys: keys, values: values, extent: Int(extent), warnings: &warnings)
            {
                found.append((layerName, feature))
            }
        }
    }

    private func value(_ bytes: UnsafeRawBufferPointer) throws(DiagnosticError) -> JSONValue {
        var reader = ProtobufReader(bytes)
        var result = JSONValue.null
        while let field = reader.nextField() {
            switch field {
            case (1, 2): result = .string(String(decoding: reader.bytes(), as: UTF8.self))
            case (2, 5): result = .double(Double(Float(bitPattern: UInt32(truncatingIfNeeded: reader.fixed(4)))))
            case (3, 1): result = .double(Double(bitPattern: reader.fixed(8)))
            case (4, 0): result = .integer(reader.int64())
            case (5, 0):
                let raw = reader.varint()
                result = raw <= UInt64(Int64.max) ? .integer(Int64(raw)) : .double(Double(raw))
            case (6, 0): result = .integer(reader.signedVarint())
            case (7, 0): result = .bool(reader.varint() != 0)
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("a value cannot be read") }
        if case .double(let number) = result, !number.isFinite { return .null }
        return result
    }

    private func decodeFeature(
        _ bytes: UnsafeRawBufferPointer, layer: String, keys: [String], values: [JSONValue], extent: Int,
        warnings: inout [Diagnostic]
    ) throws(DiagnosticError) -> Feature? {
        var reader = ProtobufReader(bytes)
        var id: UInt64?
        var tags: [UInt64] = []
        var type: UInt64 = 0
        var commands: [UInt64] = []
        while let field = reader.nextField() {
            switch field {
            case (1, 0): id = reader.varint()
            case (2, _): tags = reader.packedVarints(wireType: field.wireType)
            case (3, 0): type = reader.varint()
            case (4, _): commands = reader.packedVarints(wireType: field.wireType)
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("a feature of layer \(layer) cannot be read") }
        guard tags.count % 2 == 0 else { throw failure("a feature of layer \(layer) has an odd number of tags") }
        var members: [(String, JSONValue)] = []
        for pair in stride(from: 0, to: tags.count, by: 2) {
            guard tags[pair] < UInt64(keys.count), tags[pair + 1] < UInt64(values.count) else {
                throw failure("a feature of layer \(layer) names key \(tags[pair]) or value \(tags[pair + 1]), which the layer lacks")
            }
            members.append((keys[Int(tags[pair])], values[Int(tags[pair + 1])]))
        }
        let parts = try paths(commands, layer: layer)
        let zoom = tile.zoom
        let originX = Double(tile.x) * Double(extent)
        let originY = Double(tile.y) * Double(extent)
        func coordinate(_ point: (Int64, Int64)) -> Coordinate {
            WebMercator.unproject(x: originX + Double(point.0), y: originY + Double(point.1), zoom: zoom, extent: extent)
        }
        func skipped(_ reason: String) -> Feature? {
            warnings.append(
                Diagnostic(
                    severity: .warning, code: "tile.mvt.geometry",
                    message: "tile \(tile.zoom)/\(tile.x)/\(tile.y), layer \(layer): a feature \(reason): it is left out",
                    location: SourceLocation(file: name)))
            return nil
        }
        let geometry: Geometry
        switch type {
        case 1:
            let points = parts.flatMap(\.points).map(coordinate)
            guard !points.isEmpty else { return skipped("has no point") }
            geometry = points.count == 1 ? .point(points[0]) : .multiPoint(points)
        case 2:
            let lines = parts.filter { $0.points.count >= 2 }.map { $0.points.map(coordinate) }
            guard !lines.isEmpty else { return skipped("has no line of two points") }
            geometry = lines.count == 1 ? .lineString(lines[0]) : .multiLineString(lines)
        case 3:
            var polygons: [[[Coordinate]]] = []
            // The specification winds exteriors clockwise on screen; as
            // Mapbox's own decoder does, the first ring with an area says
            // which way this tile's exteriors turn (GDAL's MVT driver
            // writes some the other way), and the rings turning the other
            // way are holes of the polygon before them.
            var exteriorTurnsClockwise: Bool?
            for part in parts {
                guard part.closed else { return skipped("has a ring that never closes") }
                guard part.points.count >= 3 else { continue }
                var area: Int64 = 0
                for index in part.points.indices {
                    let a = part.points[index]
                    let b = part.points[(index + 1) % part.points.count]
                    area = area &+ (a.0 &* b.1 &- b.0 &* a.1)
                }
                guard area != 0 else { continue }
                let clockwise = area > 0
                if exteriorTurnsClockwise == nil { exteriorTurnsClockwise = clockwise }
                // Clockwise on screen is clockwise in longitude and latitude
                // reversed: exteriors are written counterclockwise and holes
                // clockwise, as RFC 7946 has them.
                var ring = part.points.map(coordinate)
                ring.append(ring[0])
                if clockwise == exteriorTurnsClockwise {
                    polygons.append([clockwise ? ring.reversed() : ring])
                } else if !polygons.isEmpty {
                    polygons[polygons.count - 1].append(clockwise ? ring : ring.reversed())
                }
            }
            guard !polygons.isEmpty else { return skipped("has no ring with an area") }
            geometry = polygons.count == 1 ? .polygon(polygons[0]) : .multiPolygon(polygons)
        default:
            return skipped("is of geometry type \(type), not a point, line or polygon")
        }
        return Feature(
            id: id.map { .integer(Int64(truncatingIfNeeded: $0)) }, geometry: geometry,
            properties: JSONObject(members))
    }

    /// The paths the commands draw: each MoveTo starts one, ClosePath
    /// closes it.
    private func paths(_ commands: [UInt64], layer: String) throws(DiagnosticError)
        -> [(points: [(Int64, Int64)], closed: Bool)]
    {
        var paths: [(points: [(Int64, Int64)], closed: Bool)] = []
        var x: Int64 = 0
        var y: Int64 = 0
        var index = 0
        while index < commands.count {
            let command = commands[index] & 7
            let count = Int(truncatingIfNeeded: commands[index] >> 3)
            index += 1
            switch command {
            case 1, 2:
                guard count >= 0, count <= (commands.count - index) / 2 else {
                    throw failure("a command of layer \(layer) counts \(count) points, past the end of its geometry")
                }
                for _ in 0..<count {
                    let dx = Int64(bitPattern: (commands[index] >> 1) ^ (0 &- (commands[index] & 1)))
                    let dy = Int64(bitPattern: (commands[index + 1] >> 1) ^ (0 &- (commands[index + 1] & 1)))
                    index += 2
                    x += dx
                    y += dy
                    guard abs(x) <= Int64(Int32.max), abs(y) <= Int64(Int32.max) else {
                        throw failure("a coordinate of layer \(layer) leaves the range of 32-bit tile units")
                    }
                    if command == 1 || paths.isEmpty {
                        paths.append(([(x, y)], false))
                    } else {
                        paths[paths.count - 1].points.append((x, y))
                    }
                }
            case 7:
                guard !paths.isEmpty else { throw failure("a ClosePath of layer \(layer) closes nothing") }
                paths[paths.count - 1].closed = true
            default:
                throw failure("layer \(layer) has a geometry command \(command), which MVT does not define")
            }
        }
        return paths
    }
}
