import Testing

@testable import MeridianSnapshot

@Suite struct SVGBufferTests {
    private func number(_ value: Double, precision: Int = 2) -> String {
        var buffer = SVGBuffer(precision: precision)
        buffer.appendNumber(value)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test func partsAppendedKeepTheirPlaceAmongTheBytes() {
        var buffer = SVGBuffer(precision: 2)
        #expect(buffer.isEmpty && buffer.parts.isEmpty)
        buffer.append("<g>")
        buffer.append(part: Array("<a/>".utf8))
        buffer.append(part: Array("<b/>".utf8))
        buffer.append("</g>")
        #expect(buffer.parts.map { String(decoding: $0, as: UTF8.self) } == ["<g>", "<a/>", "<b/>", "</g>"])
    }

    @Test func numbersAreRoundedToThePrecisionAndTrimmed() {
        #expect(number(3) == "3")
        #expect(number(0.5) == ".5")
        #expect(number(-0.25) == "-.25")
        #expect(number(1.05) == "1.05")
        #expect(number(1024.999) == "1025")
        #expect(number(-0.001) == "0")
        #expect(number(12.3456, precision: 3) == "12.346")
        #expect(number(7.25, precision: 0) == "7")
        #expect(number(0.0625, precision: 4) == ".0625")
        #expect(number(.nan) == "0")
    }

    @Test func textFromDataIsEscaped() {
        var buffer = SVGBuffer(precision: 2)
        buffer.appendEscaped("<script>\"a\" & 'b'</script>\u{1}\u{FFFE}é")
        #expect(
            String(decoding: buffer.bytes, as: UTF8.self)
                == "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;é")
    }
}
