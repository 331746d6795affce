import MeridianCore

/// The codes of the zip guard, shared by every zipped format (KMZ, IMDF).
package enum ArchiveDiagnostics {
    package static let rules: [DiagnosticRule] = [
        DiagnosticRule(
            "archive.unreadable", .error,
            "The file is not a readable zip archive (or is named .kmz or .zip and is none)."),
        DiagnosticRule(
            "archive.corrupt", .error,
            "The zip's directory and entries disagree, or an entry's CRC-32 does not match its bytes."),
        DiagnosticRule("archive.encrypted", .error, "An entry is encrypted: Meridian reads no encrypted zips."),
        DiagnosticRule("archive.unsafe-path", .error, "An entry's path is absolute or climbs out with .. (zip slip)."),
        DiagnosticRule("archive.too-many-entries", .error, "More entries than the limit (10 000)."),
        DiagnosticRule(
            "archive.entry-too-large", .error, "An entry declares or inflates to more than the limit (512 MiB)."),
        DiagnosticRule(
            "archive.compression-ratio", .error,
            "An entry inflates more than 200 times its compressed size: a zip bomb."),
        DiagnosticRule(
            "archive.too-large", .error,
            "The entries inflate to more than the total limit (2 GiB), or a zip on a stream is larger."),
        DiagnosticRule("archive.write", .error, "A zip (a KMZ being written) cannot be built."),
    ]
}
