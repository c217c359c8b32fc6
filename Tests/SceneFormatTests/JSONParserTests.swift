import XCTest
@testable import SceneFormat
@testable import SceneSchema

final class JSONParserTests: XCTestCase {
    /// Parses `text` expecting a syntax error; returns "line:column: message".
    private func syntaxError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            let value = try JSONParser.parse(text)
            XCTFail("parsed without error: \(value)", file: file, line: line)
            return ""
        } catch {
            return error.description
        }
    }

    func testValuesCarryPositions() throws {
        let text = """
        {
          "a": [1, -2.5e3, true],
          "b": {"c": null, "d": "x"}
        }
        """
        let root = try JSONParser.parse(text)
        XCTAssertEqual([root.line, root.column], [1, 1])
        guard case .object(let members) = root.kind else { return XCTFail("not an object") }
        XCTAssertEqual(members.map(\.key), ["a", "b"])
        XCTAssertEqual([members[0].keyLine, members[0].keyColumn], [2, 3])
        XCTAssertEqual([members[0].value.line, members[0].value.column], [2, 8])
        guard case .array(let items) = members[0].value.kind else { return XCTFail("not an array") }
        XCTAssertEqual(items.map(\.kind), [.number(1), .number(-2500), .bool(true)])
        XCTAssertEqual(items.map(\.column), [9, 12, 20])
        guard case .object(let inner) = members[1].value.kind else { return XCTFail("not an object") }
        XCTAssertEqual(inner.map(\.value.kind), [.null, .string("x")])
        XCTAssertEqual([inner[1].keyLine, inner[1].keyColumn, inner[1].value.column], [3, 20, 25])
    }

    func testObjectKeepsSourceOrder() throws {
        guard case .object(let members) = try JSONParser.parse(#"{"z": 1, "a": 2, "m": 3}"#).kind else {
            return XCTFail("not an object")
        }
        XCTAssertEqual(members.map(\.key), ["z", "a", "m"])
    }

    func testColumnsCountScalarsAndLineBreaksIncludeCRLF() {
        // "é" is two UTF-8 bytes but one column; "\r\n" and a lone "\r" each end one line.
        XCTAssertEqual(syntaxError("[\"é\", x]"), "1:7: expected a value, found 'x'")
        XCTAssertEqual(syntaxError("[\r\n1,\r2,\n  x]"), "4:3: expected a value, found 'x'")
    }

    func testEscapes() throws {
        let value = try JSONParser.parse(#""\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u4E2D \uD83D\uDE00 \u0000""#)
        XCTAssertEqual(value.kind, .string("\" \\ / \u{8} \u{C} \n \r \t A é 中 😀 \u{0}"))
        // Raw non-ASCII passes through untouched.
        XCTAssertEqual(try JSONParser.parse("\"Grüße 😀\"").kind, .string("Grüße 😀"))
    }

    func testEscapeErrors() {
        XCTAssertEqual(syntaxError(#"["ab\q"]"#), #"1:5: invalid escape '\q' in string"#)
        XCTAssertEqual(syntaxError(#"["\u12G4"]"#), #"1:3: invalid escape: expected 4 hex digits after '\u'"#)
        XCTAssertEqual(syntaxError(#"["\u12"]"#), #"1:3: invalid escape: expected 4 hex digits after '\u'"#)
        XCTAssertEqual(syntaxError(#"["x\uD83D"]"#), #"1:4: unpaired surrogate '\uD83D' in string"#)
        XCTAssertEqual(syntaxError(#"["\uD83D\u0041"]"#), #"1:3: unpaired surrogate '\uD83D' in string"#)
        XCTAssertEqual(syntaxError(#"["\udc00"]"#), #"1:3: unpaired surrogate '\udc00' in string"#)
        XCTAssertEqual(syntaxError("[\"a\tb\"]"), "1:4: control character U+0009 must be escaped in a string")
    }

    func testUnterminatedString() {
        XCTAssertEqual(syntaxError("{\n  \"name\": \"abc\n}"), "2:11: unterminated string")
        XCTAssertEqual(syntaxError(#"{"name": "abc"#), "1:10: unterminated string")
        XCTAssertEqual(syntaxError(#"["abc\"#), "1:2: unterminated string")
    }

    func testStructureErrors() {
        XCTAssertEqual(syntaxError("{\"a\": 1 x}"), "1:9: expected ',' or '}' after object member, found 'x'")
        XCTAssertEqual(syntaxError("{\"a\": 1"), "1:8: expected ',' or '}' after object member, found end of input")
        XCTAssertEqual(syntaxError("[1 2]"), "1:4: expected ',' or ']' after array element, found '2'")
        XCTAssertEqual(syntaxError("[1,]"), "1:4: expected a value, found ']'")
        XCTAssertEqual(syntaxError("{\"a\": 1,}"), "1:9: expected a string key after ',', found '}'")
        XCTAssertEqual(syntaxError("{a: 1}"), "1:2: expected a string key or '}', found 'a'")
        XCTAssertEqual(syntaxError("{\"a\" 1}"), "1:6: expected ':' after object key, found '1'")
        XCTAssertEqual(syntaxError("{\"a\":\n}"), "2:1: expected a value, found '}'")
        XCTAssertEqual(syntaxError(""), "1:1: expected a value, found end of input")
        XCTAssertEqual(syntaxError("  \n "), "2:2: expected a value, found end of input")
        XCTAssertEqual(syntaxError("{} {}"), "1:4: expected end of input after the JSON value, found '{'")
        XCTAssertEqual(syntaxError("[True]"), "1:2: expected a value, found 'True'")
        XCTAssertEqual(syntaxError("[NaN]"), "1:2: expected a value, found 'NaN'")
        XCTAssertEqual(syntaxError("[nul]"), "1:2: expected a value, found 'nul'")
        XCTAssertEqual(syntaxError("['a']"), "1:2: expected a value, found '''")
        XCTAssertEqual(syntaxError("[1,\u{A0}2]"), "1:4: expected a value, found U+00A0")
        XCTAssertEqual(syntaxError("// note\n{}"), "1:1: expected a value, found '/'")
    }

    func testNumbers() throws {
        let text = "[0, -0, 12, 1.5, -0.25, 1e3, 1E-2, 2.5e+2, 5e-324, 1.7976931348623157e308, 1e-400]"
        guard case .array(let items) = try JSONParser.parse(text).kind else { return XCTFail("not an array") }
        XCTAssertEqual(items.map(\.kind), [0, 0, 12, 1.5, -0.25, 1000, 0.01, 250, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0]
            .map(JSONValue.Kind.number))
        // Correct rounding: the nearest double, not an accumulated approximation.
        XCTAssertEqual(try JSONParser.parse("0.1").kind, .number(0.1))
        XCTAssertEqual(try JSONParser.parse("9007199254740993").kind, .number(9007199254740992))
    }

    func testNumberErrors() {
        XCTAssertEqual(syntaxError("[-]"), "1:3: expected a digit after '-', found ']'")
        XCTAssertEqual(syntaxError("[-a]"), "1:3: expected a digit after '-', found 'a'")
        XCTAssertEqual(syntaxError("[012]"), "1:2: numbers cannot have leading zeros")
        XCTAssertEqual(syntaxError("[1.]"), "1:4: expected a digit after '.', found ']'")
        XCTAssertEqual(syntaxError("[1e]"), "1:4: expected a digit in the exponent, found ']'")
        XCTAssertEqual(syntaxError("[1e+]"), "1:5: expected a digit in the exponent, found ']'")
        XCTAssertEqual(syntaxError("[.5]"), "1:2: expected a value, found '.'")
        XCTAssertEqual(syntaxError("[+1]"), "1:2: expected a value, found '+'")
        XCTAssertEqual(syntaxError("[1, 1e400]"), "1:5: number 1e400 is out of range")
        XCTAssertEqual(syntaxError("[-1.8e308]"), "1:2: number -1.8e308 is out of range")
        XCTAssertEqual(syntaxError("[1.2.3]"), "1:5: expected ',' or ']' after array element, found '.'")
    }

    func testDuplicateKeys() {
        XCTAssertEqual(syntaxError("{\n  \"a\": 1,\n  \"b\": {\"a\": 2},\n  \"a\": 3\n}"),
                       "4:3: duplicate key 'a' (first defined at 2:3)")
    }

    func testByteOrderMarkIsSkipped() throws {
        XCTAssertEqual(try JSONParser.parse("\u{FEFF}[1]").kind, .array([JSONValue(.number(1), line: 1, column: 2)]))
    }

    func testNestingLimit() throws {
        let ok = String(repeating: "[", count: JSONParser.maxDepth) + String(repeating: "]", count: JSONParser.maxDepth)
        XCTAssertNoThrow(try JSONParser.parse(ok))
        let deep = String(repeating: "[", count: 100_000)
        XCTAssertEqual(syntaxError(deep), "1:513: nesting is deeper than 512 levels")
    }

    func testLongMinifiedLineKeepsExactColumns() {
        // Columns are counted incrementally; a rescan per value would make this quadratic.
        let items = String(repeating: "1.5,", count: 200_000)
        XCTAssertEqual(syntaxError("[" + items + "x]"), "1:800002: expected a value, found 'x'")
    }
}
