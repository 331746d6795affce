import Foundation
import MeridianTestSupport
import Testing

@testable import MeridianTOML

/// The TOML reader against Python's `tomllib` (the standard library's TOML
/// 1.0.0 reader, Python 3.11+): every document below is read by both, and
/// both must accept it with the same values, or both refuse it.
@Suite struct TOMLConformanceTests {
    static let valid: [String] = [
        "", "# only a comment\n", "a = 1", "a = 1\r\nb = 2\r\n", "a = 1 # comment\n\n\nb = 'x'",
        "bare_key-9 = true\n\"quoted key\" = false\n'literal key' = 1\n\"\" = 'empty key'",
        "a.b.c = 1\na.b.d = 2\na.e = 3", "a . b = 1", "site.\"google.com\" = true",
        "s = \"tab\\there\\nnew \\\"q\\\" \\\\ \\b\\f\\r \\u00e9 \\U0001F600\"", "s = 'C:\\Users\\path'",
        "s = \"\"\"\nline one\nline two\"\"\"", "s = \"\"\"one \\\n    two \\\n\n  three\"\"\"",
        "s = \"\"\"quotes \"\" inside\"\"\"", "s = \"\"\"ends with quotes\"\"\"\"\"", "s = '''\nraw \\n 'x' ''\n'''",
        "s = ''''quoted' ''''", "s = \"multi\\u0041byte ünïcødé 日本\"", "s = \"\"\"trailing\\  \n  x\"\"\"",
        "i = +99\nj = 42\nk = 0\nl = -17\nm = 1_000_000\nn = 5_349_221", "h = 0xDEAD_beef\no = 0o755\nb = 0b1101_0110",
        "max = 9223372036854775807\nmin = -9223372036854775808", "z = -0\nw = +0",
        "f = +1.0\ng = 3.1415\nh = -0.01\ni = 5e+22\nj = 1e06\nk = -2E-2\nl = 6.626e-34\nm = 224_617.445_991_228",
        "a = inf\nb = +inf\nc = -inf\nd = nan\ne = +nan\nf = -nan", "f = 0.0\ng = -0.0\nh = 1e-320",
        "t = true\nf = false", "d = 1979-05-27T07:32:00Z", "d = 1979-05-27T00:32:00-07:00",
        "d = 1979-05-27T00:32:00.999999+07:00", "d = 1979-05-27 07:32:00Z", "d = 1979-05-27T07:32:00",
        "d = 1979-05-27", "t = 07:32:00", "t = 00:32:00.999999", "d = 2000-02-29", "d = 1979-05-27t07:32:00z",
        "a = [ 1, 2, 3 ]", "a = []", "a = [ [ 1, 2 ], ['a', \"b\"] ]", "a = [1, 'mixed', 2.5, true, [], {}]",
        "a = [\n  1,\n  2, # comment\n  # another\n]", "a = [ { x = 1 }, { y = 2 } ]",
        "t = { first = \"Tom\", last = \"Preston-Werner\" }", "t = {}", "t = { a.b = 1, a.c = 2 }",
        "t = { a = { b = { c = 1 } } }", "[table]\na = 1", "[a.b.c]\nd = 1", "[ j . \"ʞ\" . 'l' ]\nx = 1",
        "[a]\n[a.b]\n[a.c]", "[a.b]\nx = 1\n[a]\ny = 2", "[x.y.z.w]\n[x]",
        "fruit.apple.color = \"red\"\n[fruit.apple.texture]\nsmooth = true",
        "[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true",
        "[[products]]\nname = 'Hammer'\n[[products]]\n[[products]]\nname = 'Nail'",
        "[[fruits]]\nname = 'apple'\n[fruits.physical]\ncolor = 'red'\n[[fruits.varieties]]\nname = 'red delicious'\n[[fruits.varieties]]\nname = 'granny smith'\n[[fruits]]\nname = 'banana'\n[[fruits.varieties]]\nname = 'plantain'",
        "[a.b.c]\n[a]\nb.d = 1", "key = \"value\"\n[t]\nkey = 1\n[t2]\n\"key\" = 2",
        "# comment with ünicode and \t tab\na = 1", "a = 1\n\n\n", "3.14159 = 'pi'", "1234 = 1", "-key_ = 1",
        "a=1\nb= 2\nc =3", "a = \"\"", "a = ''", "a = \"\"\"\"\"\"", "a = ''''''", "a = \"\"\"\"\"\"\"", "a = '''a''''",
        "[validate]\nignore = [\"geojson.precision\"]\nstrict = true\n[[validate.overrides]]\npaths = [\"venues/*\"]\nwarn = [\"imdf\"]",
    ]

    static let invalid: [String] = [
        "a", "a =", "= 1", "a = 1 b = 2", "a = 1\na = 2", "a.b = 1\na.b = 2", "a = 1\na.b = 2",
        "a = { b = 1 }\na.c = 2", "a = { b = 1 }\n[a]", "a = { b = 1, }", "a = { b = 1\n}", "a = {\nb = 1 }",
        "a = [1 2]", "a = [1,,2]", "a = [,]", "a = [", "a = \"unclosed", "a = 'unclosed", "a = \"\"\"unclosed",
        "a = \"bad \\x escape\"", "a = \"\\uD800\"", "a = \"\\u12\"", "a = \"\\U00110000\"", "a = \"ctrl \u{01}\"",
        "a = 'ctrl \u{7F}'", "# ctrl \u{01} in comment\n", "a = 1 # del \u{7F}", "a = \"new\nline\"",
        "a = 'new\nline'", "a = 01", "a = 0_1", "a = 1__0", "a = _1", "a = 1_", "a = +0x1", "a = 0xG",
        "a = 0o8", "a = 0b2", "a = 1.", "a = .1",
        "a = 1.e5", "a = 1e", "a = 1e_5", "a = 1.5_", "a = infinity", "a = NaN", "a = True", "a = tru",
        "a = 1979-13-27", "a = 1979-02-30", "a = 2001-02-29", "a = 1979-05-27T25:00:00", "a = 07:60:00",
        "a = 1979-05-27T07:32", "a = 1979-05-27T07:32:00+7:00", "a = 1979-05-27T07:32:00.", "[a]\n[a]",
        "[a]\nb = 1\n[a.b]", "[a.b]\n[a]\nb.c = 1", "a.b = 1\n[a]", "[a]\nb.c = 1\n[a.b]", "[a\n]",
        "[a]]", "[[a]\n", "[]", "[a.]", "[.a]", "a = []\n[[a]]", "[a]\n[[a]]", "[[a]]\n[a]", "a.b = 1\n[[a.b]]",
        "a = 1\n[a.b]", "\"a\nb\" = 1", "a = \"x\" \"y\"", "a = 1\r\n\rb = 2", "a = \u{0}",
        "[a] b = 1", "a = { b = 1, b = 2 }", "a = { b.c = 1, b = 2 }",
    ]

    /// tomllib's reading of each document: its value (tagged so that
    /// types survive JSON) or null when it refuses the document.
    static func oracle(_ documents: [String]) throws -> [Any]? {
        guard Tool.isInstalled("python3") else { return nil }
        let program = """
            import json, math, sys, datetime
            try:
                import tomllib
            except ImportError:
                print("null"); sys.exit(0)
            def tag(v):
                if isinstance(v, bool): return {"bool": v}
                if isinstance(v, int): return {"int": str(v)}
                if isinstance(v, float): return {"float": "nan" if math.isnan(v) else repr(v)}
                if isinstance(v, str): return {"str": v}
                if isinstance(v, (datetime.date, datetime.time)): return {"date": True}
                if isinstance(v, list): return {"array": [tag(x) for x in v]}
                return {"table": [[k, tag(x)] for k, x in v.items()]}
            out = []
            for doc in json.load(sys.stdin):
                try: out.append(tag(tomllib.loads(doc)))
                except tomllib.TOMLDecodeError: out.append(None)
            print(json.dumps(out))
            """
        let input = try JSONSerialization.data(withJSONObject: documents)
        let result = try runProcess(
            URL(fileURLWithPath: Tool.path("python3")!), ["-c", program], stdin: Array(input))
        return try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [Any]
    }

    static func tag(_ value: TOMLValue) -> Any {
        switch value {
        case .boolean(let value): ["bool": value]
        case .integer(let value): ["int": String(value)]
        case .float(let value): ["float": value.isNaN ? "nan" : pythonRepr(value)]
        case .string(let value): ["str": value]
        case .dateTime: ["date": true]
        case .array(let values): ["array": values.map(tag)]
        case .table(let table): ["table": table.keys.map { [$0, tag(table[$0]!)] }]
        }
    }

    /// Python's repr of a float: the shortest round-trip digits, with an
    /// exponent past 1e16 or below 1e-4.
    static func pythonRepr(_ value: Double) -> String {
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        let text = "\(value)"
        if text.contains("e") {
            let parts = text.split(separator: "e")
            let mantissa = parts[0].hasSuffix(".0") ? String(parts[0].dropLast(2)) : String(parts[0])
            let exponent = Int(parts[1])!
            return mantissa + "e" + (exponent < 0 ? "-" : "+") + (abs(exponent) < 10 ? "0" : "") + String(abs(exponent))
        }
        return text
    }

    @Test(.requires(tool: "python3")) func readsWhatTomllibReadsAndRefusesWhatItRefuses() throws {
        let documents = Self.valid + Self.invalid
        guard let expected = try Self.oracle(documents) else {
            print("skipped: this python3 has no tomllib (3.11 or later)")
            return
        }
        #expect(expected.count == documents.count)
        for (index, document) in documents.enumerated() {
            let ours: Any
            do {
                ours = Self.tag(.table(try TOMLTable(parsing: document)))
            } catch {
                ours = NSNull()
            }
            let theirs = expected[index]
            let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed]
            let oursText = String(
                decoding: try JSONSerialization.data(withJSONObject: ours, options: options), as: UTF8.self)
            let theirsText = String(
                decoding: try JSONSerialization.data(withJSONObject: theirs, options: options), as: UTF8.self)
            #expect(oursText == theirsText, "\(document.debugDescription)")
            if index < Self.valid.count { #expect(!(theirs is NSNull), "tomllib refuses \(document.debugDescription)") }
            if index >= Self.valid.count { #expect(theirs is NSNull, "tomllib reads \(document.debugDescription)") }
        }
    }

    /// TOML says an integer that does not fit 64 bits is an error; tomllib
    /// reads it into Python's unbounded integers.
    @Test func integersPast64BitsAreRefused() {
        for document in ["a = 9223372036854775808", "a = -9223372036854775809", "a = 0x8000000000000000"] {
            #expect(throws: TOMLError.self) { try TOMLTable(parsing: document) }
        }
    }

    @Test func deepNestingIsRefusedNotACrash() throws {
        for (open, close) in [("[", "]"), ("{ a = ", "}")] {
            let hostile = "a = " + String(repeating: open, count: 200_000)
            #expect(throws: TOMLError.self) { try TOMLTable(parsing: hostile) }
            let deep = "a = " + String(repeating: open, count: 100) + "1" + String(repeating: close, count: 100)
            _ = try TOMLTable(parsing: deep.replacingOccurrences(of: "{ a = 1}", with: "{ a = 1 }"))
        }
    }

    @Test func errorsSayWhereTheyAre() {
        #expect(throws: TOMLError.self) { try TOMLTable(parsing: "a = 1\nb = [1,\n 2 3]") }
        do {
            _ = try TOMLTable(parsing: "a = 1\nb = [1,\n 2 3]")
        } catch {
            #expect(error.line == 3 && error.column == 4)
        }
        do {
            _ = try TOMLTable(parsing: "[a]\nx = 1\n[a]")
        } catch {
            #expect(error.line == 3 && error.message.contains("[a] is defined twice"))
        }
    }

    @Test func valuesKeepTheirOrderAndTypes() throws {
        let table = try TOMLTable(parsing: "z = 1\na = 'x'\n[m]\nk = [1.5, true]")
        #expect(table.keys == ["z", "a", "m"])
        #expect(table["z"]?.integer == 1 && table["a"]?.string == "x")
        #expect(table["m"]?.table?["k"]?.array == [.float(1.5), .boolean(true)])
    }
}
