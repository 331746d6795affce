import Foundation
import Testing

@testable import MeridianCommandLine

struct Paint: Command {
    static let name = "paint"
    static let abstract = "Paints: a [bracketed] 'quoted' abstract."
    enum Colour: String, ArgumentValue, CaseIterable { case red, green }
    let colour: Colour?
    let input: String

    init(_ arguments: Arguments) throws {
        colour = try arguments.option("colour", short: "c", help: "A colour: it's [red] or green.")
        input = try arguments.argument("input", help: "The input.")
    }

    func run() throws {}
}

/// The completion scripts, run in the shells that are installed.
@Suite struct CompletionScriptTests {
    let tool = CommandLineTool(name: "paint-tool", abstract: "Paints.", version: "1", commands: [Paint.self])

    func script(_ shell: CompletionScript.Shell) -> String {
        CompletionScript(tool: tool).script(for: shell)
    }

    /// Runs bash with the script loaded and the words typed so far; returns
    /// COMPREPLY.
    func bashCompletions(_ words: [String]) throws -> [String]? {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { return nil }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let program =
            script(.bash)
            + "\nCOMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _paint_tool; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", program]
        process.currentDirectoryURL = URL(fileURLWithPath: "/")
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        guard let commands = try bashCompletions(["paint-tool", "pa"]) else {
            print("skipped: /bin/bash is not installed")
            return
        }
        #expect(commands == ["paint"])
        #expect(try bashCompletions(["paint-tool", "paint", "--c"]) == ["--colour"])
        #expect(try bashCompletions(["paint-tool", "paint", "-c", "g"]) == ["green"])
        #expect(try bashCompletions(["paint-tool", "paint", "--colour", ""]) == ["red", "green"])
        #expect(try bashCompletions(["paint-tool", "help", "p"]) == ["paint"])
    }

    @Test func zshAndFishQuoteWhatTheirSyntaxReserves() {
        let zsh = script(.zsh)
        #expect(zsh.hasPrefix("#compdef paint-tool\n"))
        #expect(zsh.contains(#"'paint:Paints\: a \[bracketed\] '\''quoted'\'' abstract.'"#))
        #expect(
            zsh.contains(#"'(--colour -c)'{--colour,-c}'[A colour\: it'\''s \[red\] or green.]:colour:(red green)'"#))
        let fish = script(.fish)
        #expect(fish.contains(#"-a paint -d 'Paints: a [bracketed] \'quoted\' abstract.'"#))
        #expect(fish.contains(#"-x -a 'red green' -s c -l colour -d 'A colour: it\'s [red] or green.'"#))
    }

    @Test func scriptsParseInTheirShells() throws {
        for (shell, path) in [(CompletionScript.Shell.bash, "/bin/bash"), (.zsh, "/bin/zsh"), (.fish, "/usr/bin/fish")]
        {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                print("skipped: \(path) is not installed, the \(shell) script is not parsed")
                continue
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("completion-\(UUID()).\(shell)")
            try Data(script(shell).utf8).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-n", file.path]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(shell) -n failed")
        }
    }
}
