import SceneProject
import Testing

struct LocatedJSONTests {
    func parse(_ text: String) throws -> LocatedJSON { try LocatedJSON.parse(Array(text.utf8)) }

    func syntaxError(_ text: String) -> LocatedJSON.SyntaxError? {
        do {
            _ = try parse(text)
            return nil
        } catch let error as LocatedJSON.SyntaxError {
            return error
        } catch {
            return nil
        }
    }

    @Test func valuesKeysAndSpans() throws {
        let text = #"{"a": [1, -2.5e3, true, null], "b": {"c": "x\"\u00e9"}}"#
        let doc = try parse(text)
        let a = try #require(doc.locate(JSONPath([.key("a"), .index(1)])))
        #expect(Array(Array(text.utf8)[a.value.span]) == Array("-2.5e3".utf8))
        #expect(a.keySpan == nil)
        let c = try #require(doc.locate(JSONPath([.key("b"), .key("c")])))
        guard case .string(let s) = c.value.kind else { Issue.record("not a string"); return }
        #expect(s == "x\"é")
        #expect(Array(Array(text.utf8)[try #require(c.keySpan)]) == Array(#""c""#.utf8))
        #expect(doc.locate(JSONPath([.key("a"), .index(4)])) == nil)
        #expect(doc.locate(JSONPath([.key("nope")])) == nil)
        // The nearest existing value of a missing path is its parent.
        #expect(doc.nearest(JSONPath([.key("b"), .key("missing")])).span == doc.member("b")!.value.span)
    }

    @Test func surrogatePairsAndByteOrderMark() throws {
        let doc = try LocatedJSON.parse([0xEF, 0xBB, 0xBF] + Array(#"["\ud83d\ude00"]"#.utf8))
        guard case .array(let items) = doc.kind, case .string(let s) = items[0].kind else { Issue.record("shape"); return }
        #expect(s == "😀")
    }

    @Test func syntaxErrorsSayWhereAndWhat() {
        #expect(syntaxError(#"{"a": 1,}"#) == .init(offset: 8, message: "a comma before '}': remove the last comma"))
        #expect(syntaxError("[1, 2,]") == .init(offset: 6, message: "a comma before ']': remove the last comma"))
        #expect(syntaxError(#"{"a": 1, "a": 2}"#) == .init(offset: 9, message: "the key \"a\" appears twice in this object; keep one"))
        #expect(syntaxError(#"{"a": "open}"#)?.offset == 6)
        #expect(syntaxError(#"{"a": "open}"#)?.message.contains("not closed") == true)
        #expect(syntaxError("{'a': 1}")?.message == "expected a key in double quotes, found '''")
        #expect(syntaxError("['a']")?.message == "JSON strings are written in double quotes, not single quotes")
        #expect(syntaxError("[01]")?.offset == 2)
        #expect(syntaxError("[1.]")?.message == "expected digits after the decimal point")
        #expect(syntaxError("{} x")?.message == "unexpected 'x' after the end of the JSON value")
        #expect(syntaxError("")?.message == "the JSON ends where a value was expected")
        #expect(syntaxError("[\"a\nb\"]")?.message.contains("control character") == true)
        #expect(syntaxError(#"["\q"]"#)?.offset == 2)
        #expect(syntaxError(#"{"a" 1}"#)?.message == "expected ':' after the key \"a\", found '1'")
        #expect(syntaxError("[tru]")?.message == "expected 'true'")
    }

    @Test func deepNestingIsRefusedNotCrashed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(syntaxError(deep)?.message.contains("nested more than") == true)
        let fine = String(repeating: "[", count: 50) + String(repeating: "]", count: 50)
        #expect(syntaxError(fine) == nil)
    }

    @Test func pathsReadAsPeopleWriteThem() {
        #expect(
            JSONPath([.key("variants"), .index(2), .key("parameters"), .key("counter")]).description
                == "variants[2].parameters.counter")
        #expect(JSONPath([.key("a b")]).description == #"["a b"]"#)
        #expect(JSONPath().description == "(the top level)")
    }

    @Test func codingPathsFollowTheDocumentsShape() throws {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(_ s: String, _ i: Int? = nil) { stringValue = s; intValue = i }
            init?(stringValue: String) { self.init(stringValue) }
            init?(intValue: Int) { self.init("Index \(intValue)", intValue) }
        }
        let doc = try parse(#"{"variants": [{"parameters": {"2": "x"}}]}"#)
        // JSONDecoder gives a dictionary key "2" an integer value too: the object decides it is a key.
        let path = JSONPath(codingPath: [Key("variants"), Key("Index 0", 0), Key("parameters"), Key("2", 2)], in: doc)
        #expect(path.description == #"variants[0].parameters["2"]"#)
        #expect(path.components.last == .key("2"))
    }
}
