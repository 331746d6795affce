import MeridianCore
import Testing

@testable import MeridianJSON

/// The reader passes over strings eight bytes at a time while no byte needs
/// a look: wherever a quote, an escape, a control character or a non-ASCII
/// byte falls in a word, the string reads as it reads byte by byte, and a
/// bad byte is reported at its own offset.
@Suite struct StringScanningTests {
    /// What scanning `body` between quotes gives: the string, or the
    /// failure's kind and offset.
    static func scan(_ body: [UInt8]) -> Result<String, JSONReaderFailure> {
        let bytes = [0x22] + body + [0x22, 0x20]
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            do throws(JSONReaderFailure) {
                let raw = try reader.scanString()
                #expect(reader.index == bytes.count - 1)
                return .success(reader.string(raw))
            } catch {
                return .failure(error)
            }
        }
    }

    static let filler = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    @Test func everyKindOfByteAtEveryPositionInAWord() throws {
        let insertions: [(bytes: [UInt8], text: String)] = [
            (Array(#"\""#.utf8), "\""), (Array(#"\\"#.utf8), "\\"), (Array(#"\n"#.utf8), "\n"),
            (Array(#"\u00e9"#.utf8), "é"), (Array("é".utf8), "é"), (Array("東".utf8), "東"),
            (Array("😀".utf8), "😀"), ([0x7F], "\u{7F}"), ([0x20], " "),
        ]
        for length in 0...20 {
            for position in 0...length {
                for (inserted, text) in insertions {
                    let body = Array(Self.filler[0..<position]) + inserted + Self.filler[position..<length]
                    let expected =
                        String(decoding: Self.filler[0..<position], as: UTF8.self) + text
                        + String(decoding: Self.filler[position..<length], as: UTF8.self)
                    guard case .success(let read) = Self.scan(body) else {
                        Issue.record("\(body) did not scan")
                        continue
                    }
                    #expect(read == expected, "\(position) of \(length): \(inserted)")
                }
            }
        }
    }

    @Test func badBytesAreFoundWhereTheyAre() throws {
        let bad: [(bytes: [UInt8], kind: JSONReaderFailure.Kind)] = [
            ([0x01], .controlCharacter), ([0x1F], .controlCharacter), ([0x0A], .controlCharacter),
            ([0xFF], .invalidUTF8), ([0xC3], .invalidUTF8), ([0x80], .invalidUTF8),
            (Array(#"\x"#.utf8), .invalidEscape),
        ]
        for length in 0...20 {
            for position in 0...length {
                for (inserted, kind) in bad {
                    let body = Array(Self.filler[0..<position]) + inserted + Self.filler[position..<length]
                    guard case .failure(let failure) = Self.scan(body) else {
                        Issue.record("\(body) scanned")
                        continue
                    }
                    #expect(failure.kind == kind, "\(position) of \(length): \(inserted)")
                    // A lead byte cut short is reported where its sequence breaks: at the next byte,
                    // or at the lead byte when the string ends there.
                    let expected = inserted == [0xC3] && position < length ? 2 + position : 1 + position
                    #expect(failure.offset == expected, "\(position) of \(length): \(inserted)")
                }
            }
        }
    }

    @Test func anUnterminatedStringOfAnyLengthIsRefused() {
        for length in 0...20 {
            let bytes = [0x22] + Array(Self.filler[0..<length])
            let failure = bytes.withUnsafeBufferPointer { buffer -> JSONReaderFailure? in
                var reader = JSONReader(buffer)
                do throws(JSONReaderFailure) {
                    _ = try reader.scanString()
                    return nil
                } catch {
                    return error
                }
            }
            #expect(failure?.kind == .unterminatedString, "\(length)")
            #expect(failure?.offset == 0, "\(length)")
        }
    }
}
