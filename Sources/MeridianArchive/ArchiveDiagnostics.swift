import MeridianCore

/// The codes of the zip guard, shared by every zipped format (KMZ, IMDF).
package enum ArchiveDiagnostics {
    package static let rules = DiagnosticRule.table(
        #"""
        archive.unreadable | error | The file is not a readable zip archive (or is named .kmz or .zip and is none).
        archive.corrupt | error | The zip's directory and entries disagree, or an entry's CRC-32 does not match its bytes.
        archive.encrypted | error | An entry is encrypted: Meridian reads no encrypted zips.
        archive.unsafe-path | error | An entry's path is absolute or climbs out with .. (zip slip).
        archive.too-many-entries | error | More entries than the limit (10 000).
        archive.entry-too-large | error | An entry declares or inflates to more than the limit (512 MiB).
        archive.compression-ratio | error | An entry inflates more than 200 times its compressed size: a zip bomb.
        archive.too-large | error | The entries inflate to more than the total limit (2 GiB), or a zip on a stream is larger.
        archive.write | error | A zip (a KMZ being written) cannot be built.
        """#)
}
