import MeridianCore

extension IMDF {
    /// The archive's `manifest.json`: the IMDF version, the default
    /// language, when and by what it was made, and the extensions it uses.
    ///
    /// ```swift
    /// archive.manifest?.language      // "en-US"
    /// archive.manifest?.isPrerelease  // true for "1.0.0.beta.2"
    /// ```
    public struct Manifest: Sendable, Hashable {
        public var version: String?
        /// RFC 3339 date-time, as written.
        public var created: String?
        /// The BCP 47 tag of the archive's default language.
        public var language: String?
        public var generatedBy: String?
        /// `imdf:extension:<provider>:<name>#<version>` strings.
        public var extensions: [String]
        /// Every member as written.
        public var members: JSONObject

        public init(
            version: String? = "1.0.0", created: String? = nil, language: String? = nil, generatedBy: String? = nil,
            extensions: [String] = [], members: JSONObject = JSONObject()
        ) {
            self.version = version
            self.created = created
            self.language = language
            self.generatedBy = generatedBy
            self.extensions = extensions
            self.members = members
        }

        /// A version of 1.0.0 before release: `1.0.0.beta.2`, `1.0.0-rc.1`.
        public var isPrerelease: Bool {
            guard let version, version != "1.0.0" else { return false }
            return version.hasPrefix("1.0.0.") || version.hasPrefix("1.0.0-")
        }

        private static let knownKeys: Set<String> = ["version", "created", "language", "generated_by", "extensions"]

        /// Reads the manifest, appending what is wrong with it to `diagnostics`.
        init(_ object: JSONObject, file: String, diagnostics: inout [Diagnostic]) {
            func report(_ rule: IMDFRule, _ message: String, _ key: String?) {
                let location = SourceLocation(file: file, jsonPointer: key.map { "/\($0)" } ?? "", property: key)
                diagnostics.append(rule.diagnostic(message, at: location))
            }
            members = object
            version = object["version"]?.stringValue
            created = object["created"]?.stringValue
            language = object["language"]?.stringValue
            generatedBy = object["generated_by"]?.stringValue
            extensions = object["extensions"]?.arrayValue?.compactMap(\.stringValue) ?? []

            if let version {
                if version == "1.0.0" {
                } else if isPrerelease {
                    report(.manifestPrerelease, "version \"\(version)\" is a pre-release of IMDF 1.0.0", "version")
                } else {
                    report(.manifestVersion, "version must be \"1.0.0\", found \"\(version)\"", "version")
                }
            } else {
                report(.manifestVersion, "manifest requires a \"version\" string", "version")
            }
            if let language {
                if !Formats.isLanguageTag(language) {
                    report(.manifestLanguage, "language \"\(language)\" is not a BCP 47 language tag", "language")
                }
            } else {
                report(.manifestLanguage, "manifest requires a \"language\" (BCP 47 tag)", "language")
            }
            if let created {
                if !Formats.isDateTime(created) {
                    report(.manifestCreated, "created \"\(created)\" is not an RFC 3339 date-time", "created")
                }
            } else {
                report(.manifestCreated, "manifest has no \"created\" date-time", "created")
            }
            if let list = object["extensions"], !list.isNull {
                if let array = list.arrayValue {
                    for value in array {
                        guard let text = value.stringValue, text.hasPrefix("imdf:extension:"), text.contains("#") else {
                            report(
                                .manifestExtension,
                                "extension \(value.stringValue.map { "\"\($0)\"" } ?? value.typeName) is not imdf:extension:<provider>:<name>#<version>",
                                "extensions")
                            continue
                        }
                    }
                } else {
                    report(.manifestExtension, "\"extensions\" must be an array of strings", "extensions")
                }
            }
            for key in object.keys where !Self.knownKeys.contains(key) {
                report(.manifestUnknownKey, "\"\(key)\" is not an IMDF manifest member", key)
            }
        }
    }
}
