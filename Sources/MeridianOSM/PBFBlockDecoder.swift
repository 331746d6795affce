import MeridianCore

/// Decodes one `PrimitiveBlock` of a PBF file into elements: its string
/// table, then each primitive group's dense nodes, nodes, ways and
/// relations, with coordinates scaled by the block's granularity and
/// offsets, delta codes summed and tags looked up in the table.
///
/// Everything the block says is checked: parallel arrays whose counts
/// differ, a string index outside the table, a key without its value, a
/// node off the globe. What cannot be read makes the block an error
/// (`osm.pbf.invalid`, naming the block); a node off the globe is left out
/// with a warning.
struct PBFBlockDecoder {
    /// Which kinds of element to decode; groups of the others are skipped.
    var nodes = true
    var ways = true
    var relations = true
    /// Keep each element's version, timestamp, changeset and user.
    var metadata = false
    /// The most tags an element keeps; the rest are dropped with a warning.
    var maximumTags = 5_000

    let name: String
    /// The block's number in the file, for messages.
    let blockNumber: Int

    private struct BlockFrame {
        var strings: [(Int, Int)] = []
        var stringBytes = UnsafeRawBufferPointer(start: nil, count: 0)
        var cache: [String?] = []
        var granularity: Int64 = 100
        var latitudeOffset: Int64 = 0
        var longitudeOffset: Int64 = 0
        var dateGranularity: Int64 = 1000
    }

    private func failure(_ message: String) -> DiagnosticError {
        DiagnosticError(
            code: "osm.pbf.invalid", message: "block \(blockNumber): \(message)", location: SourceLocation(file: name))
    }

    func decode(_ bytes: UnsafeRawBufferPointer) throws(DiagnosticError) -> OSMElementBlock {
        var frame = BlockFrame()
        var groups: [UnsafeRawBufferPointer] = []
        var reader = ProtobufReader(bytes)
        while let field = reader.nextField() {
            switch field {
            case (1, 2):
                var table = ProtobufReader(reader.bytes())
                let base = bytes.baseAddress
                while let entry = table.nextField() {
                    guard entry == (1, 2) else {
                        table.skip(entry.wireType)
                        continue
                    }
                    let string = table.bytes()
                    let start = string.baseAddress.map { $0 - base! } ?? 0
                    frame.strings.append((start, string.count))
                }
                guard table.isValid else { throw failure("its string table cannot be read") }
            case (2, 2): groups.append(reader.bytes())
            case (17, 0): frame.granularity = Int64(truncatingIfNeeded: Int32(truncatingIfNeeded: reader.varint()))
            case (18, 0): frame.dateGranularity = Int64(truncatingIfNeeded: Int32(truncatingIfNeeded: reader.varint()))
            case (19, 0): frame.latitudeOffset = reader.int64()
            case (20, 0): frame.longitudeOffset = reader.int64()
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("its fields cannot be read") }
        guard frame.granularity > 0, frame.granularity <= 1_000_000_000 else {
            throw failure("its granularity \(frame.granularity) is not a positive number of nanodegrees")
        }
        frame.stringBytes = bytes
        frame.cache = [String?](repeating: nil, count: frame.strings.count)
        var block = OSMElementBlock()
        for group in groups {
            var reader = ProtobufReader(group)
            while let field = reader.nextField() {
                switch field {
                case (1, 2) where nodes: try decodeNode(reader.bytes(), frame: &frame, into: &block)
                case (2, 2) where nodes: try decodeDenseNodes(reader.bytes(), frame: &frame, into: &block)
                case (3, 2) where ways: try decodeWay(reader.bytes(), frame: &frame, into: &block)
                case (4, 2) where relations: try decodeRelation(reader.bytes(), frame: &frame, into: &block)
                default: reader.skip(field.wireType)
                }
            }
            guard reader.isValid else { throw failure("a primitive group cannot be read") }
        }
        return block
    }

    private func string(_ index: UInt64, _ frame: inout BlockFrame) throws(DiagnosticError) -> String {
        guard index < UInt64(frame.strings.count) else {
            throw failure("a string index \(index) is outside its string table of \(frame.strings.count)")
        }
        let position = Int(index)
        if let cached = frame.cache[position] { return cached }
        let (start, count) = frame.strings[position]
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: frame.stringBytes[start..<(start + count)]), as: UTF8.self)
        frame.cache[position] = text
        return text
    }

    private func tags(
        _ common: CommonFields, frame: inout BlockFrame, element: String, into block: inout OSMElementBlock
    ) throws(DiagnosticError) -> OSMTags {
        let keys = common.keys
        let values = common.values
        guard keys.count == values.count else {
            throw failure("\(element) has \(keys.count) tag keys but \(values.count) values")
        }
        var tags: OSMTags = []
        tags.reserveCapacity(min(keys.count, maximumTags))
        for index in 0..<min(keys.count, maximumTags) {
            tags.append((try string(keys[index], &frame), try string(values[index], &frame)))
        }
        if keys.count > maximumTags { block.diagnostics.append(tooManyTags(element, keys.count)) }
        return tags
    }

    private func tooManyTags(_ element: String, _ count: Int) -> Diagnostic {
        Diagnostic(
            severity: .warning, code: "osm.tags.too-many",
            message: "\(element) has \(count) tags: the first \(maximumTags) are kept",
            location: SourceLocation(file: name))
    }

    private func location(_ latitude: Int64, _ longitude: Int64, _ frame: BlockFrame) -> OSMLocation? {
        let (latitudeScaled, overflowA) = latitude.multipliedReportingOverflow(by: frame.granularity)
        let (longitudeScaled, overflowB) = longitude.multipliedReportingOverflow(by: frame.granularity)
        let (latitudeNano, overflowC) = latitudeScaled.addingReportingOverflow(frame.latitudeOffset)
        let (longitudeNano, overflowD) = longitudeScaled.addingReportingOverflow(frame.longitudeOffset)
        guard !(overflowA || overflowB || overflowC || overflowD) else { return nil }
        return OSMLocation(latitudeNano: latitudeNano, longitudeNano: longitudeNano)
    }

    private func offGlobe(_ id: Int64) -> Diagnostic {
        Diagnostic(
            severity: .warning, code: "osm.node.location",
            message: "node \(id) lies off the globe (or its coordinates overflow): it is left out",
            location: SourceLocation(file: name))
    }

    private func decodeMetadata(_ bytes: UnsafeRawBufferPointer, frame: inout BlockFrame) throws(DiagnosticError)
        -> OSMMetadata
    {
        var metadata = OSMMetadata()
        var reader = ProtobufReader(bytes)
        while let field = reader.nextField() {
            switch field {
            case (1, 0): metadata.version = Int64(Int32(truncatingIfNeeded: reader.varint()))
            case (2, 0): metadata.timestamp = reader.int64() &* frame.dateGranularity / 1000
            case (3, 0): metadata.changeset = reader.int64()
            case (4, 0): metadata.uid = Int64(Int32(truncatingIfNeeded: reader.varint()))
            case (5, 0): metadata.user = try string(reader.varint(), &frame)
            case (6, 0): metadata.visible = reader.varint() != 0
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("an element's metadata cannot be read") }
        return metadata
    }

    /// What nodes, ways and relations have alike: an id, tag keys and
    /// values as string indexes, and metadata.
    private struct CommonFields {
        var id: Int64 = 0
        var keys: [UInt64] = []
        var values: [UInt64] = []
        var metadata: OSMMetadata?
    }

    /// Reads `field` into `common` when it is one of fields 1 to 4 (the id
    /// zig-zag coded for a node); false for any other field.
    private func read(
        _ field: (number: Int, wireType: Int), _ reader: inout ProtobufReader, into common: inout CommonFields,
        frame: inout BlockFrame, zigzagID: Bool
    ) throws(DiagnosticError) -> Bool {
        switch field {
        case (1, 0): common.id = zigzagID ? reader.signedVarint() : reader.int64()
        case (2, _): common.keys = reader.packedVarints(wireType: field.wireType)
        case (3, _): common.values = reader.packedVarints(wireType: field.wireType)
        case (4, 2):
            let info = reader.bytes()
            if metadata { common.metadata = try decodeMetadata(info, frame: &frame) }
        default: return false
        }
        return true
    }

    private func decodeNode(
        _ bytes: UnsafeRawBufferPointer, frame: inout BlockFrame, into block: inout OSMElementBlock
    ) throws(DiagnosticError) {
        var reader = ProtobufReader(bytes)
        var common = CommonFields()
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        while let field = reader.nextField() {
            if try read(field, &reader, into: &common, frame: &frame, zigzagID: true) { continue }
            switch field {
            case (8, 0): latitude = reader.signedVarint()
            case (9, 0): longitude = reader.signedVarint()
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("a node cannot be read") }
        let id = common.id
        guard let location = location(latitude, longitude, frame) else { return block.diagnostics.append(offGlobe(id)) }
        block.nodeIDs.append(id)
        block.nodeLocations.append(location.packed)
        if !common.keys.isEmpty {
            let tags = try tags(common, frame: &frame, element: "node \(id)", into: &block)
            block.taggedNodes.append(OSMNode(id: id, location: location, tags: tags, metadata: common.metadata))
        }
    }

    private func decodeDenseNodes(
        _ bytes: UnsafeRawBufferPointer, frame: inout BlockFrame, into block: inout OSMElementBlock
    ) throws(DiagnosticError) {
        var reader = ProtobufReader(bytes)
        var ids: [Int64] = []
        var latitudes: [Int64] = []
        var longitudes: [Int64] = []
        var keysValues = UnsafeRawBufferPointer(start: nil, count: 0)
        var info: UnsafeRawBufferPointer?
        while let field = reader.nextField() {
            switch field {
            case (1, _): ids = reader.packedSigned(wireType: field.wireType, delta: true)
            case (5, 2): info = reader.bytes()
            case (8, _): latitudes = reader.packedSigned(wireType: field.wireType, delta: true)
            case (9, _): longitudes = reader.packedSigned(wireType: field.wireType, delta: true)
            case (10, 2): keysValues = reader.bytes()
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("its dense nodes cannot be read") }
        guard latitudes.count == ids.count, longitudes.count == ids.count else {
            throw failure(
                "dense nodes with \(ids.count) ids have \(latitudes.count) latitudes and \(longitudes.count) longitudes")
        }
        let metadata: [OSMMetadata]? =
            if self.metadata, let info { try decodeDenseMetadata(info, count: ids.count, frame: &frame) } else { nil }
        block.nodeIDs.reserveCapacity(block.nodeIDs.count + ids.count)
        block.nodeLocations.reserveCapacity(block.nodeLocations.count + ids.count)
        var tagReader = ProtobufReader(keysValues)
        let hasTags = keysValues.count > 0
        for index in ids.indices {
            let id = ids[index]
            let location = location(latitudes[index], longitudes[index], frame)
            if let location {
                block.nodeIDs.append(id)
                block.nodeLocations.append(location.packed)
            } else {
                block.diagnostics.append(offGlobe(id))
            }
            guard hasTags else { continue }
            // This node's key and value indexes, up to a 0.
            var tags: OSMTags = []
            var tagCount = 0
            while true {
                // A list that ends early leaves the last nodes untagged.
                guard !tagReader.isAtEnd else { break }
                let key = tagReader.varint()
                if key == 0 { break }
                let value = tagReader.varint()
                guard tagReader.isValid else { throw failure("the tags of dense node \(id) cannot be read") }
                tagCount += 1
                if tagCount <= maximumTags { tags.append((try string(key, &frame), try string(value, &frame))) }
            }
            if tagCount > maximumTags { block.diagnostics.append(tooManyTags("node \(id)", tagCount)) }
            if !tags.isEmpty, let location {
                block.taggedNodes.append(OSMNode(id: id, location: location, tags: tags, metadata: metadata?[index]))
            }
        }
    }

    private func decodeDenseMetadata(
        _ bytes: UnsafeRawBufferPointer, count: Int, frame: inout BlockFrame
    ) throws(DiagnosticError) -> [OSMMetadata] {
        var reader = ProtobufReader(bytes)
        var versions: [UInt64] = []
        var timestamps: [Int64] = []
        var changesets: [Int64] = []
        var uids: [Int64] = []
        var users: [Int64] = []
        var visible: [UInt64] = []
        while let field = reader.nextField() {
            switch field {
            case (1, _): versions = reader.packedVarints(wireType: field.wireType)
            case (2, _): timestamps = reader.packedSigned(wireType: field.wireType, delta: true)
            case (3, _): changesets = reader.packedSigned(wireType: field.wireType, delta: true)
            case (4, _): uids = reader.packedSigned(wireType: field.wireType, delta: true)
            case (5, _): users = reader.packedSigned(wireType: field.wireType, delta: true)
            case (6, _): visible = reader.packedVarints(wireType: field.wireType)
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("its dense node metadata cannot be read") }
        for (name, values) in [("versions", versions.count), ("timestamps", timestamps.count),
            ("changesets", changesets.count), ("user ids", uids.count), ("user names", users.count)]
        where values != 0 && values != count {
            throw failure("dense nodes number \(count) but their metadata has \(values) \(name)")
        }
        var result: [OSMMetadata] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            var metadata = OSMMetadata()
            if !versions.isEmpty { metadata.version = Int64(Int32(truncatingIfNeeded: versions[index])) }
            if !timestamps.isEmpty { metadata.timestamp = timestamps[index] &* frame.dateGranularity / 1000 }
            if !changesets.isEmpty { metadata.changeset = changesets[index] }
            if !uids.isEmpty { metadata.uid = uids[index] }
            if !users.isEmpty {
                guard users[index] >= 0 else { throw failure("a dense node's user name index is negative") }
                metadata.user = try string(UInt64(users[index]), &frame)
            }
            if index < visible.count { metadata.visible = visible[index] != 0 }
            result.append(metadata)
        }
        return result
    }

    private func decodeWay(
        _ bytes: UnsafeRawBufferPointer, frame: inout BlockFrame, into block: inout OSMElementBlock
    ) throws(DiagnosticError) {
        var reader = ProtobufReader(bytes)
        var common = CommonFields()
        var refs: [Int64] = []
        while let field = reader.nextField() {
            if try read(field, &reader, into: &common, frame: &frame, zigzagID: false) { continue }
            if field == (8, 2) || field == (8, 0) {
                refs = reader.packedSigned(wireType: field.wireType, delta: true)
            } else {
                reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("a way cannot be read") }
        let tags = try tags(common, frame: &frame, element: "way \(common.id)", into: &block)
        block.ways.append(OSMWay(id: common.id, refs: refs, tags: tags, metadata: common.metadata))
    }

    private func decodeRelation(
        _ bytes: UnsafeRawBufferPointer, frame: inout BlockFrame, into block: inout OSMElementBlock
    ) throws(DiagnosticError) {
        var reader = ProtobufReader(bytes)
        var common = CommonFields()
        var roles: [UInt64] = []
        var memberIDs: [Int64] = []
        var types: [UInt64] = []
        while let field = reader.nextField() {
            if try read(field, &reader, into: &common, frame: &frame, zigzagID: false) { continue }
            switch field {
            case (8, _): roles = reader.packedVarints(wireType: field.wireType)
            case (9, _): memberIDs = reader.packedSigned(wireType: field.wireType, delta: true)
            case (10, _): types = reader.packedVarints(wireType: field.wireType)
            default: reader.skip(field.wireType)
            }
        }
        guard reader.isValid else { throw failure("a relation cannot be read") }
        let id = common.id
        guard roles.count == memberIDs.count, types.count == memberIDs.count else {
            throw failure(
                "relation \(id) has \(memberIDs.count) member ids, \(types.count) member types and \(roles.count) roles")
        }
        var members: [OSMMember] = []
        members.reserveCapacity(memberIDs.count)
        for index in memberIDs.indices {
            guard types[index] <= 2, let type = OSMElementType(rawValue: UInt8(types[index])) else {
                throw failure("relation \(id) has a member of type \(types[index]), not a node, way or relation")
            }
            members.append(OSMMember(type: type, ref: memberIDs[index], role: try string(roles[index], &frame)))
        }
        let tags = try tags(common, frame: &frame, element: "relation \(id)", into: &block)
        block.relations.append(OSMRelation(id: id, members: members, tags: tags, metadata: common.metadata))
    }
}
