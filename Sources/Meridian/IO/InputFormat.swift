import Foundation

/// What an input file holds, decided by its first bytes (not its name):
/// a zip signature (PK\3\4) is KMZ, `<` (after a byte-order mark and
/// whitespace, so `<?xml` and `<kml`) is KML, anything else GeoJSON.
///
/// ```swift
/// InputFormat(path: "tour.kmz")    // .kmz
/// ```
public enum InputFormat: String, Sendable {
    case geojson, kml, kmz

    public init(path: String) {
        guard path != "-", let handle = FileHandle(forReadingAtPath: path) else {
            self = .geojson
            return
        }
        let head = Array(handle.readData(ofLength: 512))
        try? handle.close()
        self.init(prefix: head)
        // A .kmz that is neither zip nor XML is still read as KMZ, so that
        // the archive reader says what is wrong with it.
        if self == .geojson, path.lowercased().hasSuffix(".kmz") { self = .kmz }
    }

    public init(prefix head: [UInt8]) {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06]) {
            self = .kmz
            return
        }
        var bytes = head[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        let first = bytes.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        self = first == 0x3C ? .kml : .geojson
    }
}
