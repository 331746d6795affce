import MeridianCore

extension KMLWriter {
    /// The document's bytes, one element per line, indented by depth.
    struct Output {
        var bytes: [UInt8] = []
        var level = 0
        let precision: Int?

        init(precision: Int?) {
            self.precision = precision
            bytes.reserveCapacity(1 << 16)
        }

        func format(_ value: Double) -> String { XMLText.number(value, precision: precision) }

        mutating func line(_ text: String) {
            for _ in 0..<level { bytes.append(0x20) }
            bytes.append(contentsOf: text.utf8)
            bytes.append(0x0A)
            if text.hasPrefix("</") {
                // already dedented by close()
            }
        }

        mutating func open(_ name: String) {
            line("<\(name)>")
            level += 1
        }

        mutating func close(_ name: String) {
            level = max(0, level - 1)
            line("</\(name)>")
        }

        mutating func element(_ name: String, _ text: String) {
            line("<\(name)>\(XMLText.escaped(text))</\(name)>")
        }

        mutating func coordinates(_ coordinates: [Coordinate]) {
            for _ in 0..<level { bytes.append(0x20) }
            bytes.append(contentsOf: "<coordinates>".utf8)
            for (index, c) in coordinates.enumerated() {
                if index > 0 { bytes.append(0x20) }
                bytes.append(contentsOf: format(c.longitude).utf8)
                bytes.append(0x2C)
                bytes.append(contentsOf: format(c.latitude).utf8)
                if let altitude = c.altitude {
                    bytes.append(0x2C)
                    bytes.append(contentsOf: format(altitude).utf8)
                }
            }
            bytes.append(contentsOf: "</coordinates>\n".utf8)
        }
    }
}
