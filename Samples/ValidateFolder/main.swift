// swift-format-ignore-file: article snippets appear here line for line.
// ValidateFolder: checks every GeoJSON, KML/KMZ file and IMDF archive in a
// folder (and its subfolders), prints one line per file and the problems
// found, then a summary by diagnostic code.
//
//     swift run ValidateFolder                  # Samples/
//     swift run ValidateFolder data --strict    # warnings fail too
//
// Exit status: 0 when nothing is invalid, 1 when a file has errors (or
// warnings, with --strict) or cannot be read, 2 on bad usage or when the
// folder holds nothing to check.

import Foundation
import Meridian

/// Where the sample data sits: `Samples/` beside this program's folder,
/// so the default works from any working directory of the source checkout.
func samplesFolder() -> String {
    if FileManager.default.fileExists(atPath: "Samples/cambridge-landmarks.geojson") { return "Samples" }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
}

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("ValidateFolder: error: \(message)\n".utf8))
    exit(status)
}

// MARK: Arguments

var folder: String?
var strict = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "-h", "--help":
        print("usage: ValidateFolder [FOLDER] [--strict]")
        exit(0)
    case "--strict":
        strict = true
    default:
        if argument.hasPrefix("-") { fail("unknown option \(argument)", status: 2) }
        if folder != nil { fail("give one folder, not several", status: 2) }
        folder = argument
    }
}
let root = folder ?? samplesFolder()
var isFolder: ObjCBool = false
guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
    fail("\(root) is not a folder", status: 2)
}

// MARK: Finding what to check

enum Kind: String { case geojson = "GeoJSON", kml = "KML", imdf = "IMDF" }

/// Files by extension; a folder or zip holding manifest.json is an IMDF
/// archive, checked as a whole (its .geojson files are not checked alone).
func inputs(in folder: String) -> [(path: String, kind: Kind)] {
    let manager = FileManager.default
    guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
    var found: [(String, Kind)] = []
    for name in names.sorted() where !name.hasPrefix(".") {
        let path = folder == "." ? name : folder + "/" + name
        var directory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &directory) else { continue }
        let ext = (name as NSString).pathExtension.lowercased()
        if directory.boolValue {
            if IMDFSource.isIMDF(path: path) { found.append((path, .imdf)) } else { found += inputs(in: path) }
        } else if ["geojson", "json"].contains(ext) {
            found.append((path, .geojson))
        } else if ["kml", "kmz"].contains(ext) {
            found.append((path, .kml))
        } else if ext == "zip", IMDFSource.isIMDF(path: path) {
            found.append((path, .imdf))
        }
    }
    return found
}

let files = inputs(in: root)
guard !files.isEmpty else { fail("\(root) holds no .geojson, .json, .kml, .kmz file or IMDF archive", status: 2) }

// MARK: Checking

/// One front door: the input is opened once and validated by its detected
/// format; false when it could not be opened or read.
func check(_ path: String) -> (diagnostics: [Diagnostic], readable: Bool) {
    do {
        return (InputValidator().validate(try Input(path: path)).diagnostics, true)
    } catch {
        return ([error.diagnostic], false)
    }
}

var report = DiagnosticReport()
var unreadable = 0
for (path, kind) in files {
    let (diagnostics, readable) = check(path)
    if !readable { unreadable += 1 }
    report.add(file: path, diagnostics: diagnostics)

    let errors = diagnostics.filter { $0.severity == .error }.count
    let warnings = diagnostics.filter { $0.severity == .warning }.count
    let verdict = errors > 0 || (strict && warnings > 0) ? "FAIL" : "ok  "
    let counts = errors + warnings == 0 ? "no problems" : "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
    print("\(verdict) \(path) (\(kind.rawValue)): \(counts)")
    for diagnostic in diagnostics where diagnostic.severity >= .warning {
        print("       \(diagnostic)")
    }
}

// MARK: Summary

var byCode: [String: Int] = [:]
for (_, diagnostics) in report.files {
    for diagnostic in diagnostics where diagnostic.severity >= .warning { byCode[diagnostic.code, default: 0] += 1 }
}
print("")
print(report.summary)
for (code, count) in byCode.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }) {
    print("  \(count) x \(code)")
}
exit(unreadable > 0 ? 1 : report.exitStatus(strict: strict))
