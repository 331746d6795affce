/// A command line split by a command's declarations: option values with
/// their long names, the flags given, and the positional words in order.
///
/// Plain arrays, searched linearly (a command has a few dozen options at
/// most): each dictionary or set type would cost the runtime a search of
/// the binary's conformance records at its first use, more than the whole
/// parse.
struct CommandLineWords {
    /// (long name, value) in the order given.
    var options: [(name: String, value: String)] = []
    var flags: [String] = []
    var positionals: [String] = []
    /// `-h` or `--help` was given.
    var wantsHelp = false

    /// Splits `words` (the words after the command's name). `--` ends
    /// options; `--name=value` and `--name value` both work; `-qv` sets
    /// two short flags; a word that starts with `-` and a digit or `.`
    /// (`-33.8,151.2`) is a value, not an option, unless a short option
    /// of that name exists.
    init(_ words: ArraySlice<String>, declarations: [Declaration]) throws {
        let named = declarations.filter { !$0.isPositional }
        func byShort(_ letter: Character) -> Declaration? { named.first { $0.short == letter } }
        let passthrough = declarations.contains { $0.kind == .passthrough }
        var index = words.startIndex
        var endOfOptions = false
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if word == "-h" || word == "--help" {
                wantsHelp = true
                continue
            }
            if passthrough || endOfOptions || word == "-" || !word.hasPrefix("-") {
                positionals.append(word)
                continue
            }
            if word == "--" {
                endOfOptions = true
                continue
            }
            if word.hasPrefix("--") {
                let body = word.dropFirst(2)
                let equals = body.firstIndex(of: "=")
                let name = equals.map { body[..<$0] } ?? body
                guard let declaration = named.first(where: { $0.name == name }) else {
                    throw UsageError("Unknown option '--\(name)'")
                }
                let inline = equals.map { String(body[body.index(after: $0)...]) }
                try take(declaration, inline: inline, spelled: "--" + name, from: words, at: &index)
                continue
            }
            let body = word.dropFirst()
            if let first = body.first, byShort(first) == nil, first.isNumber || first == "." {
                positionals.append(word)
                continue
            }
            // -o value, -o=value, -ovalue, or flags together: -qv.
            var rest = body[...]
            while let letter = rest.first {
                rest = rest.dropFirst()
                guard let declaration = byShort(letter) else { throw UsageError("Unknown option '-\(letter)'") }
                if declaration.takesValue {
                    let inline = rest.isEmpty ? nil : String(rest.hasPrefix("=") ? rest.dropFirst() : rest)
                    try take(declaration, inline: inline, spelled: "-\(letter)", from: words, at: &index)
                    break
                }
                flags.append(declaration.name)
            }
        }
    }

    /// The values given for an option, in order.
    func values(of name: String) -> [String] {
        options.compactMap { $0.name == name ? $0.value : nil }
    }

    private mutating func take(
        _ declaration: Declaration, inline: String?, spelled: String, from words: ArraySlice<String>,
        at index: inout Int
    ) throws {
        guard declaration.takesValue else {
            if inline != nil { throw UsageError("The flag '\(spelled)' takes no value") }
            flags.append(declaration.name)
            return
        }
        var value = inline
        if value == nil, index < words.endIndex {
            value = words[index]
            index += 1
        }
        guard let value else { throw UsageError("Missing value for '\(spelled) <\(declaration.valueName)>'") }
        options.append((declaration.name, value))
    }
}
