import Testing

@testable import VitrineConfig

/// Text toml++ 3.4 asserts on, aborting the daemon: a table header with no key (`[` then a
/// newline), an array element starting with `}`, a date-time without its time, a date, a
/// space and one digit. The loader
/// refuses them first
/// (found by `vitrine-fuzz config`, docs/testing.md).
@Suite struct TOMLAssertionTests {
    @Test(arguments: [
        ("[\n", 1, 2), ("[[\n", 1, 3), ("seat = \"seat0\"\n[ # a comment\n", 2, 3), ("[=1]\n", 1, 2),
        ("[\r\n", 1, 2), ("[\t.a]\n", 1, 3), ("[[ {x}]]\n", 1, 4), ("[\u{A0}a]\n", 1, 2),
    ])
    func aHeaderWithoutAKeyIsASyntaxErrorAtItsByte(text: String, line: Int, column: Int) throws {
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.parse(text: text, file: "h.toml") }
        #expect(error.kind == .syntax)
        #expect(error.problems.count == 1)
        #expect(error.problems.first?.line == line)
        #expect(error.problems.first?.column == column)
        #expect(error.problems.first?.message.hasPrefix("a table header needs a key") == true)
    }

    /// Headers toml++ reads itself: keys after blanks, quoted keys, and the mistakes it reports.
    @Test func headersWithAKeyOrThatTomlReportsAreLeftToIt() throws {
        #expect(TOMLKeyLocator(text: "[ idle ]\n[[ touch ]]\n[\"output\"]\n['x']\n").refusal == nil)
        for text in ["[]\n", "[[]]\n", "[", "[  "] {
            let error = try #require(throws: ConfigError.self) { try ConfigLoader.parse(text: text, file: "h.toml") }
            #expect(error.kind == .syntax)
            #expect(error.problems.first?.message.hasPrefix("a table header needs a key") == false, "\(text)")
        }
    }

    /// A `[` that opens an array, even on a line of its own, is no header.
    @Test func anArrayIsNoHeader() {
        let text = "[[touch]]\ncalibration = [\n[\n1]]\n"
        #expect(TOMLKeyLocator(text: text).refusal == nil)
    }

    /// An array element that starts with a `}` or a Unicode line break: toml++ 3.4 asserts on
    /// it (found by `vitrine-fuzz config` as `output = [ { co = [ } ]`).
    @Test(arguments: [
        ("output = [\n    { co = [\n    }\n  , \"HDMI-A-2\",\n]\n", 3, 5), ("a = [}]\n", 1, 6),
        ("a = [1, }]\n", 1, 9), ("a = [\u{2028}]\n", 1, 6), ("a = [\u{85}1]\n", 1, 6),
    ])
    func anArrayElementWithoutAValueIsASyntaxError(text: String, line: Int, column: Int) throws {
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.parse(text: text, file: "a.toml") }
        #expect(error.kind == .syntax)
        #expect(error.problems.first?.line == line)
        #expect(error.problems.first?.column == column)
        #expect(error.problems.first?.message == "an array element must start with a value")
        #expect(TOMLKeyLocator(text: "a = [ 1, [2], { b = 3 }, \"}\" ]\n").refusal == nil)
    }

    /// `YYYY-MM-DDT` not followed by a digit: toml++ 3.4 asserts that the time starts with one
    /// (found by `vitrine-fuzz config` as `name =1979-05-27T\u{10}7632:0Z`).
    @Test(arguments: ["name =1979-05-27T\u{10}7632:0Z\n", "a = 1979-05-27Tx\n", "a = [1979-05-27t]\n"])
    func aDateAndTWithoutATimeIsASyntaxError(text: String) throws {
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.parse(text: text, file: "d.toml") }
        #expect(error.kind == .syntax)
        #expect(error.problems.first?.message.hasPrefix("a date and time needs the time") == true)
        #expect(
            TOMLKeyLocator(text: "a = 1979-05-27T07:32:00Z\nb = 1979-05-27\nc = 1979-05-27 07:32:00\n").refusal == nil)
    }

    /// A date, a space and a single digit: toml++ 3.4 asserts while stepping back from the
    /// time it looked for (found by `vitrine-fuzz config` as `name =0624-05-=0 0`).
    @Test(arguments: [
        "a = 2024-05-10 0\n", "a = [2024-05-10 0]\n", "a = 2024-05-10 0 # c\n", "a = 0624-05-=0 0",
        "name =0624-05-=0 0\n",
    ])
    func aDateASpaceAndOneDigitIsASyntaxError(text: String) throws {
        let error = try #require(throws: ConfigError.self) { try ConfigLoader.parse(text: text, file: "d.toml") }
        #expect(error.kind == .syntax)
        #expect(error.problems.first?.message.hasPrefix("a date and time needs the whole time") == true)
        #expect(TOMLKeyLocator(text: "a = 2024-05-10 07\nb = 2024-05-10 07:30:00\nc = 2024-05-10 # c\n").refusal == nil)
    }
}
