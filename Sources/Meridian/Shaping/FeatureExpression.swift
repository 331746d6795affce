import MeridianCore

/// A small expression over a feature's properties: the language of
/// `convert --where`.
///
/// ```swift
/// let filter = try FeatureExpression("population > 1e6 and name startswith 'San'")
/// filter.matches(feature)      // true or false
/// ```
///
/// | form | meaning |
/// |---|---|
/// | `name`, `"name with spaces"`, `address.city` | a property (a dotted path reaches into objects); missing is null |
/// | `$id`, `$geometry` | the feature's id; its geometry type (`"Polygon"`...) |
/// | `12`, `-3.5`, `1e6`, `'text'`, `true`, `false`, `null` | literals (strings in single quotes, `''` for a quote) |
/// | `=`, `!=`, `<`, `<=`, `>`, `>=` | comparisons: numbers by value, strings by Unicode scalars |
/// | `in (a, b, ...)`, `not in (...)` | membership |
/// | `is null`, `is not null` | missing or null |
/// | `contains`, `startswith`, `endswith` | string tests |
/// | `and`, `or`, `not`, `( )` | logic, `not` binding tightest, then `and`, then `or` |
///
/// A comparison with null, or between a number and a string, is false (as
/// in SQL, but without a third truth value): `not (x = 1)` is true for a
/// feature without `x`. Keywords are case-insensitive. Errors
/// (`expression.syntax`) give the column of the fault in the expression.
///
/// Cost: parsed once; each feature costs one property lookup per name
/// and the comparisons, no allocation for numbers.
public struct FeatureExpression: Sendable {
    indirect enum Node: Sendable {
        case literal(JSONValue)
        case property([String])
        case id
        case geometryType
        case compare(Node, Comparison, Node)
        case membership(Node, [Node], negated: Bool)
        case isNull(Node, negated: Bool)
        case text(Node, TextTest, Node)
        case and(Node, Node)
        case or(Node, Node)
        case not(Node)
    }

    enum Comparison: Sendable { case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual }
    enum TextTest: Sendable { case contains, startsWith, endsWith }

    /// The expression as written.
    public let source: String
    let root: Node

    /// Parses `source`; throws `expression.syntax` naming the column.
    public init(_ source: String) throws(DiagnosticError) {
        self.source = source
        var parser = Parser(source: source)
        root = try parser.parseWhole()
    }

    /// Whether `feature` satisfies the expression.
    public func matches(_ feature: Feature) -> Bool {
        Self.truth(root, feature)
    }

    // MARK: - Evaluation

    static func truth(_ node: Node, _ feature: Feature) -> Bool {
        switch node {
        case .and(let a, let b): return truth(a, feature) && truth(b, feature)
        case .or(let a, let b): return truth(a, feature) || truth(b, feature)
        case .not(let a): return !truth(a, feature)
        case .compare(let a, let comparison, let b):
            return compare(value(a, feature), comparison, value(b, feature))
        case .membership(let a, let list, let negated):
            let left = value(a, feature)
            if left == .null { return false }
            let found = list.contains { compare(left, .equal, value($0, feature)) }
            return negated ? !found : found
        case .isNull(let a, let negated):
            let isNull = value(a, feature) == .null
            return negated ? !isNull : isNull
        case .text(let a, let test, let b):
            guard case .string(let text) = value(a, feature), case .string(let part) = value(b, feature) else {
                return false
            }
            switch test {
            case .contains: return part.isEmpty || text.containsText(part)
            case .startsWith: return text.hasPrefix(part)
            case .endsWith: return text.hasSuffix(part)
            }
        default:
            // A bare value: true when it is true, a non-zero number or a non-empty string.
            switch value(node, feature) {
            case .bool(let b): return b
            case .integer(let n): return n != 0
            case .double(let d): return d != 0
            case .string(let s): return !s.isEmpty
            default: return false
            }
        }
    }

    static func value(_ node: Node, _ feature: Feature) -> JSONValue {
        switch node {
        case .literal(let value): return value
        case .property(let path):
            var current = feature.properties[path[0]] ?? .null
            for key in path.dropFirst() {
                guard case .object(let object) = current else { return .null }
                current = object[key] ?? .null
            }
            return current
        case .id:
            switch feature.id {
            case .string(let s)?: return .string(s)
            case .integer(let n)?: return .integer(n)
            case .double(let d)?: return .double(d)
            case nil: return .null
            }
        case .geometryType:
            return feature.geometry.map { .string($0.typeName) } ?? .null
        default:
            return .bool(truth(node, feature))
        }
    }

    static func compare(_ a: JSONValue, _ comparison: Comparison, _ b: JSONValue) -> Bool {
        let order: Int
        switch (a, b) {
        case (.null, _), (_, .null):
            return false
        case (.string(let x), .string(let y)):
            order = x == y ? 0 : (x.unicodeScalars.lexicographicallyPrecedes(y.unicodeScalars) ? -1 : 1)
        case (.bool(let x), .bool(let y)):
            guard comparison == .equal || comparison == .notEqual else { return false }
            order = x == y ? 0 : 1
        default:
            guard let x = a.doubleValue, let y = b.doubleValue else {
                // Different kinds: never equal, never ordered.
                return comparison == .notEqual
            }
            order = x == y ? 0 : (x < y ? -1 : 1)
        }
        switch comparison {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }

    // MARK: - Parsing

    struct Token: Equatable {
        enum Kind: Equatable { case word, quotedName, string, number, symbol, end }
        var kind: Kind
        var text: String
        /// 1-based column of the token's first character.
        var column: Int
    }

    struct Parser {
        let source: String
        var tokens: [Token] = []
        var index = 0
        /// How deep the tree being built is nested, at most: parentheses,
        /// `not`s and the terms of `and`/`or` chains, each of which the
        /// evaluation (and freeing) of the tree follows by recursion.
        var depth = 0

        init(source: String) {
            self.source = source
        }

        func failure(_ message: String, at column: Int) -> DiagnosticError {
            DiagnosticError(
                code: "expression.syntax", message: "\(message) (column \(column) of \"\(source)\")",
                location: SourceLocation(file: "--where", line: 1, column: column))
        }

        mutating func tokenize() throws(DiagnosticError) {
            let scalars = Array(source.unicodeScalars)
            var i = 0
            func isWordStart(_ c: Unicode.Scalar) -> Bool {
                c == "_" || c == "$" || c.properties.isAlphabetic
            }
            func isWord(_ c: Unicode.Scalar) -> Bool {
                isWordStart(c) || c == "." || c == "-" || c == ":" || ("0"..."9").contains(c)
            }
            while i < scalars.count {
                let c = scalars[i]
                let column = i + 1
                if c == " " || c == "\t" || c == "\n" || c == "\r" {
                    i += 1
                } else if c == "'" || c == "\"" {
                    var text = ""
                    var j = i + 1
                    var closed = false
                    while j < scalars.count {
                        if scalars[j] == c {
                            if j + 1 < scalars.count, scalars[j + 1] == c {
                                text.unicodeScalars.append(c)
                                j += 2
                                continue
                            }
                            closed = true
                            break
                        }
                        text.unicodeScalars.append(scalars[j])
                        j += 1
                    }
                    guard closed else { throw failure("the quote opened here is never closed", at: column) }
                    tokens.append(Token(kind: c == "'" ? .string : .quotedName, text: text, column: column))
                    i = j + 1
                } else if ("0"..."9").contains(c)
                    || (c == "." && i + 1 < scalars.count && ("0"..."9").contains(scalars[i + 1]))
                {
                    var j = i
                    while j < scalars.count,
                        ("0"..."9").contains(scalars[j]) || scalars[j] == "." || scalars[j] == "e" || scalars[j] == "E"
                            || ((scalars[j] == "+" || scalars[j] == "-")
                                && (scalars[j - 1] == "e" || scalars[j - 1] == "E"))
                    {
                        j += 1
                    }
                    let text = String(String.UnicodeScalarView(scalars[i..<j]))
                    guard Double(text) != nil else { throw failure("\"\(text)\" is not a number", at: column) }
                    tokens.append(Token(kind: .number, text: text, column: column))
                    i = j
                } else if isWordStart(c) {
                    var j = i
                    while j < scalars.count, isWord(scalars[j]) { j += 1 }
                    tokens.append(
                        Token(kind: .word, text: String(String.UnicodeScalarView(scalars[i..<j])), column: column))
                    i = j
                } else {
                    let two = i + 1 < scalars.count ? String(String.UnicodeScalarView([c, scalars[i + 1]])) : ""
                    if ["<=", ">=", "!=", "<>", "=="].contains(two) {
                        tokens.append(Token(kind: .symbol, text: two, column: column))
                        i += 2
                    } else if "=<>(),-".unicodeScalars.contains(c) {
                        tokens.append(Token(kind: .symbol, text: String(c), column: column))
                        i += 1
                    } else {
                        throw failure("unexpected character '\(c)'", at: column)
                    }
                }
            }
            tokens.append(Token(kind: .end, text: "", column: scalars.count + 1))
        }

        var current: Token { tokens[index] }

        func isKeyword(_ word: String) -> Bool {
            current.kind == .word && current.text.lowercased() == word
        }

        mutating func parseWhole() throws(DiagnosticError) -> Node {
            try tokenize()
            if current.kind == .end { throw failure("the expression is empty", at: 1) }
            let node = try parseOr()
            guard current.kind == .end else {
                throw failure("unexpected \(describe(current)) after a complete expression", at: current.column)
            }
            return node
        }

        func describe(_ token: Token) -> String {
            switch token.kind {
            case .end: "end of the expression"
            case .string: "'\(token.text)'"
            case .quotedName: "\"\(token.text)\""
            default: "'\(token.text)'"
            }
        }

        /// One level deeper, refused past ``InputLimits/maximumHandWrittenNesting``.
        mutating func enter() throws(DiagnosticError) {
            depth += 1
            guard depth <= InputLimits.maximumHandWrittenNesting else {
                throw failure(
                    "the expression nests more than \(InputLimits.maximumHandWrittenNesting) deep (parentheses, 'not's, and terms of one 'and' or 'or'; a long list of values fits 'in (...)')",
                    at: current.column)
            }
        }

        mutating func parseOr() throws(DiagnosticError) -> Node {
            let start = depth
            defer { depth = start }
            var node = try parseAnd()
            while isKeyword("or") {
                index += 1
                try enter()
                node = .or(node, try parseAnd())
            }
            return node
        }

        mutating func parseAnd() throws(DiagnosticError) -> Node {
            let start = depth
            defer { depth = start }
            var node = try parseNot()
            while isKeyword("and") {
                index += 1
                try enter()
                node = .and(node, try parseNot())
            }
            return node
        }

        mutating func parseNot() throws(DiagnosticError) -> Node {
            let start = depth
            defer { depth = start }
            while isKeyword("not") {
                index += 1
                try enter()
            }
            var node = try parseComparison()
            for _ in start..<depth { node = .not(node) }
            return node
        }

        mutating func parseComparison() throws(DiagnosticError) -> Node {
            let left = try parseValue()
            let operators: [String: Comparison] = [
                "=": .equal, "==": .equal, "!=": .notEqual, "<>": .notEqual, "<": .less, "<=": .lessOrEqual,
                ">": .greater, ">=": .greaterOrEqual,
            ]
            if current.kind == .symbol, let comparison = operators[current.text] {
                index += 1
                return .compare(left, comparison, try parseValue())
            }
            if isKeyword("is") {
                index += 1
                let negated = isKeyword("not")
                if negated { index += 1 }
                guard isKeyword("null") else { throw failure("expected null after 'is'", at: current.column) }
                index += 1
                return .isNull(left, negated: negated)
            }
            var negated = false
            if isKeyword("not"), index + 1 < tokens.count, tokens[index + 1].kind == .word,
                tokens[index + 1].text.lowercased() == "in"
            {
                negated = true
                index += 1
            }
            if isKeyword("in") {
                index += 1
                guard current == Token(kind: .symbol, text: "(", column: current.column) else {
                    throw failure("expected '(' after 'in'", at: current.column)
                }
                index += 1
                var list: [Node] = []
                while true {
                    list.append(try parseValue())
                    if current.kind == .symbol, current.text == "," {
                        index += 1
                        continue
                    }
                    guard current.kind == .symbol, current.text == ")" else {
                        throw failure("expected ',' or ')' in the list", at: current.column)
                    }
                    index += 1
                    break
                }
                return .membership(left, list, negated: negated)
            }
            for (word, test) in [("contains", TextTest.contains), ("startswith", .startsWith), ("endswith", .endsWith)]
            where isKeyword(word) {
                index += 1
                return .text(left, test, try parseValue())
            }
            return left
        }

        mutating func parseValue() throws(DiagnosticError) -> Node {
            let token = current
            switch token.kind {
            case .number:
                index += 1
                return .literal(Self.number(token.text))
            case .string:
                index += 1
                return .literal(.string(token.text))
            case .quotedName:
                index += 1
                return .property([token.text])
            case .word:
                let lower = token.text.lowercased()
                if ["and", "or", "not", "in", "is", "contains", "startswith", "endswith"].contains(lower) {
                    throw failure("expected a value, found the keyword '\(token.text)'", at: token.column)
                }
                index += 1
                switch lower {
                case "true": return .literal(.bool(true))
                case "false": return .literal(.bool(false))
                case "null": return .literal(.null)
                case "$id": return .id
                case "$geometry": return .geometryType
                default:
                    return .property(
                        token.text.split(separator: ".", omittingEmptySubsequences: false).map(String.init))
                }
            case .symbol where token.text == "(":
                index += 1
                try enter()
                defer { depth -= 1 }
                let node = try parseOr()
                guard current.kind == .symbol, current.text == ")" else {
                    throw failure("expected ')' to close the '(' at column \(token.column)", at: current.column)
                }
                index += 1
                return node
            case .symbol where token.text == "-":
                index += 1
                guard current.kind == .number else { throw failure("expected a number after '-'", at: current.column) }
                let number = Self.number("-" + current.text)
                index += 1
                return .literal(number)
            default:
                throw failure("expected a value, found \(describe(token))", at: token.column)
            }
        }

        static func number(_ text: String) -> JSONValue {
            if let integer = Int64(text) { return .integer(integer) }
            return .double(Double(text) ?? .nan)
        }
    }
}
