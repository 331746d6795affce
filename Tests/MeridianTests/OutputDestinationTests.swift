import Foundation
import Meridian
import MeridianCore
import MeridianPlatform
import MeridianTestSupport
import Testing

/// `OutputDestination`, the one writer every command's outputs go
/// through: a regular file is replaced whole or not at all, anything else
/// is written in place, and a path that cannot be written is refused before
/// any work starts.
@Suite struct OutputDestinationTests {

    func entries(_ folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aFileIsReplacedWholeAndKeepsItsMode() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("out.geojson").path
            try Data("old".utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o600)
            let output = try OutputDestination(path: path)
            try output.write("new")
            // Until the commit the old file is intact and the new bytes sit
            // in one hidden temporary file beside it.
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
            let hidden = try entries(folder).filter { $0.hasPrefix(".out.geojson.") && $0.hasSuffix(".partial") }
            #expect(hidden.count == 1)
            try output.commit()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "new")
            #expect(try entries(folder) == ["out.geojson"])
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            #expect((attributes[.posixPermissions] as? Int) == 0o600)
        }
    }

    @Test func aDiscardedOutputLeavesTheTargetAndNoTemporaryFile() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("out.svg").path
            try Data("kept".utf8).write(to: URL(fileURLWithPath: path))
            let output = try OutputDestination(path: path)
            try output.write("half")
            output.discard()
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept")
            #expect(try entries(folder) == ["out.svg"])
        }
    }

    /// The temporary file's name is unpredictable and opened exclusively:
    /// a symbolic link planted where an old, predictable name would be is
    /// never written through.
    @Test func temporaryNamesAreUnpredictableAndExclusive() throws {
        try withTemporaryFolder { folder in
            let victim = folder.appendingPathComponent("victim")
            try Data("safe".utf8).write(to: victim)
            let path = folder.appendingPathComponent("out.kml").path
            try FileManager.default.createSymbolicLink(
                atPath: folder.appendingPathComponent(".out.kml.\(getpid()).partial").path,
                withDestinationPath: victim.path)
            let first = try OutputDestination(path: path)
            let second = try OutputDestination(path: path)
            try first.write("a")
            try second.write("b")
            try first.commit()
            second.discard()
            #expect(try String(contentsOf: victim, encoding: .utf8) == "safe")
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "a")
        }
    }

    @Test func aLinkedTargetIsReplacedAndTheLinkKept() throws {
        try withTemporaryFolder { folder in
            let real = folder.appendingPathComponent("real.geojson")
            try Data("old".utf8).write(to: real)
            let link = folder.appendingPathComponent("link.geojson").path
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real.path)
            let output = try OutputDestination(path: link)
            try output.write("new")
            try output.commit()
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real.path)
            #expect(try String(contentsOf: real, encoding: .utf8) == "new")
        }
    }

    /// Devices and FIFOs are opened and written in place: `-o /dev/null`
    /// once replaced the machine's /dev/null with a regular file.
    @Test func devicesAndFIFOsAreWrittenInPlace() throws {
        let null = try OutputDestination(path: "/dev/null")
        try null.write("discarded")
        try null.commit()
        #expect(Platform.kind(ofPath: "/dev/null") == .characterDevice)
        try withTemporaryFolder { folder in
            let fifo = folder.appendingPathComponent("pipe").path
            #expect(mkfifo(fifo, 0o600) == 0)
            // A reader holds the FIFO open, so the writer's open succeeds;
            // the text fits the pipe's buffer.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            defer { close(reader) }
            let output = try OutputDestination(path: fifo)
            try output.write("through the pipe")
            try output.commit()
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(reader, &buffer, buffer.count)
            let received = buffer[0..<max(0, count)]
            #expect(String(decoding: received, as: UTF8.self) == "through the pipe")
            #expect(Platform.kind(ofPath: fifo) == .fifo)
        }
    }

    @Test func aFullDeviceIsAWriteError() throws {
        guard Platform.kind(ofPath: "/dev/full") == .characterDevice else { return }
        let output = try OutputDestination(path: "/dev/full")
        #expect(
            diagnosticCode {
                try output.write(String(repeating: "x", count: 1 << 20))
                try output.commit()
            } == "io.output.write")
    }

    @Test func pathsThatCannotBeWrittenAreRefusedBeforeAnyWork() throws {
        try withTemporaryFolder { folder in
            let file = folder.appendingPathComponent("file")
            try Data("x".utf8).write(to: file)
            #expect(diagnosticCode { _ = try OutputDestination(path: folder.path) } == "io.output.folder")
            #expect(diagnosticCode { _ = try OutputDestination(path: file.path + "/out.svg") } == "io.output.folder")
            #expect(
                diagnosticCode { _ = try OutputDestination(path: folder.path + "/missing/out.svg") }
                    == "io.output.folder")
            #expect(try entries(folder) == ["file"])
        }
    }

    /// A link to nothing, a loop of links and a read-only file (even for
    /// root, which a rename would let through) are refused, and left as
    /// they were: the link was replaced by a file, the read-only file by
    /// a writable one.
    @Test func danglingLinksLoopsAndReadOnlyFilesAreRefused() throws {
        try withTemporaryFolder { folder in
            let manager = FileManager.default
            let dangling = folder.appendingPathComponent("dangling").path
            try manager.createSymbolicLink(atPath: dangling, withDestinationPath: folder.path + "/missing")
            let loop = folder.appendingPathComponent("loop").path
            try manager.createSymbolicLink(atPath: loop, withDestinationPath: folder.path + "/loop2")
            try manager.createSymbolicLink(atPath: folder.path + "/loop2", withDestinationPath: loop)
            let readOnly = folder.appendingPathComponent("read-only").path
            try Data("x".utf8).write(to: URL(fileURLWithPath: readOnly))
            try manager.setAttributes([.posixPermissions: 0o444], ofItemAtPath: readOnly)
            for path in [dangling, loop, readOnly] {
                #expect(diagnosticCode { _ = try OutputDestination(path: path) } == "io.output.open", "\(path)")
            }
            #expect(try manager.destinationOfSymbolicLink(atPath: dangling) == folder.path + "/missing")
            #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "x")
            #expect(try entries(folder) == ["dangling", "loop", "loop2", "read-only"])
        }
    }

    @Test func twoOutputsNamingOneFileAreRefused() throws {
        try withTemporaryFolder { folder in
            let path = folder.appendingPathComponent("m.geojson").path
            let other = folder.path + "/./m.geojson"
            #expect(diagnosticCode { try OutputDestination.checkDistinct([path, other]) } == "io.output.same-file")
            #expect(diagnosticCode { try OutputDestination.checkDistinct([path, folder.path + "/r.txt", "-"]) } == nil)
        }
    }
}
