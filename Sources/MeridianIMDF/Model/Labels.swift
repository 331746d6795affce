import MeridianCore

extension IMDF {
    /// IMDF's LABELS: one text per language, keyed by BCP 47 tag, in the
    /// order written.
    ///
    /// ```swift
    /// let name = IMDF.Labels(["ja-JP": "中央改札", "en": "Central Gate"])
    /// name.text(for: ["en-GB"])          // "Central Gate" (en-GB -> en)
    /// name.text(for: ["fr"])             // "中央改札" (no French: the first)
    /// name.text(for: ["fr"], fallback: "en")  // "Central Gate"
    /// ```
    ///
    /// Lookups are linear in the number of languages (a handful).
    public struct Labels: Sendable, Hashable {
        /// (language tag, text) pairs in the order written.
        public var entries: [(language: String, text: String)]

        public init(_ entries: KeyValuePairs<String, String>) {
            self.entries = entries.map { ($0.key, $0.value) }
        }

        public init(entries: [(language: String, text: String)]) {
            self.entries = entries
        }

        public var languages: [String] { entries.map(\.language) }
        public var isEmpty: Bool { entries.isEmpty }

        /// The text in exactly this language tag (compared case-insensitively).
        public subscript(language: String) -> String? {
            let wanted = language.lowercased()
            return entries.first { $0.language.lowercased() == wanted }?.text
        }

        /// The best text for a reader who prefers `languages` in order.
        ///
        /// For each preferred tag, tries the tag, then the tag with its
        /// last subtag removed repeatedly (`zh-Hant-TW`, `zh-Hant`, `zh`),
        /// then any tag with the same primary language. Then tries
        /// `fallback` the same way (usually the manifest's language), then
        /// takes the first text. Nil only when there are no entries.
        public func text(for languages: [String], fallback: String? = nil) -> String? {
            for language in languages + (fallback.map { [$0] } ?? []) {
                var tag = language
                while !tag.isEmpty {
                    if let text = self[tag] { return text }
                    guard let dash = tag.lastIndex(of: "-") else { break }
                    tag = String(tag[..<dash])
                }
                let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
                if let match = entries.first(where: {
                    $0.language.split(separator: "-").first.map { $0.lowercased() } == primary
                }) {
                    return match.text
                }
            }
            return entries.first?.text
        }

        public static func == (lhs: Labels, rhs: Labels) -> Bool {
            lhs.entries.elementsEqual(rhs.entries) { $0.language == $1.language && $0.text == $1.text }
        }

        public func hash(into hasher: inout Hasher) {
            for entry in entries {
                hasher.combine(entry.language)
                hasher.combine(entry.text)
            }
        }
    }
}
