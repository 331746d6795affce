import MeridianCore

/// Refuses documents that declare XML entities, before libxml2 sees them.
///
/// ```swift
/// try EntityGuard.check(prefix, fileName: "billion.kml")   // throws kml.xml.entity
/// ```
///
/// KML has no use for a DTD's `<!ENTITY>` declarations; they are how
/// billion-laughs (exponential expansion) and external-entity attacks
/// work. libxml2 never expands them with Meridian's options, but refusing
/// them up front costs one scan of the prolog (the bytes before the root
/// element, normally well under 1 KB) and gives a clear error at once.
enum EntityGuard {
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, fileName: String?) throws(DiagnosticError) {
        var index = 0
        let count = bytes.count
        func starts(_ text: String, at position: Int) -> Bool {
            var i = position
            for byte in text.utf8 {
                guard i < count, bytes[i] == byte else { return false }
                i += 1
            }
            return true
        }
        func find(_ text: String, from position: Int) -> Int? {
            var i = position
            while i < count {
                if starts(text, at: i) { return i }
                i += 1
            }
            return nil
        }
        while index < count {
            guard bytes[index] == 0x3C else {
                index += 1
                continue
            }
            if starts("<?", at: index) {
                guard let end = find("?>", from: index + 2) else { return }
                index = end + 2
            } else if starts("<!--", at: index) {
                guard let end = find("-->", from: index + 4) else { return }
                index = end + 3
            } else if starts("<!DOCTYPE", at: index) {
                // The internal subset runs to the first "]>", or the DOCTYPE to ">".
                let end = find("]>", from: index) ?? find(">", from: index) ?? count
                if let entity = find("<!ENTITY", from: index), entity < end {
                    var line = 1
                    for i in 0..<entity where bytes[i] == 0x0A { line += 1 }
                    throw DiagnosticError(
                        code: "kml.xml.entity",
                        message:
                            "the document declares XML entities in a DTD; KML has none, and entity expansion is how billion-laughs attacks work, so it is refused",
                        location: SourceLocation(file: fileName, line: line))
                }
                index = end + 1
            } else {
                return  // the root element: the prolog is over
            }
        }
    }
}
