import Testing

@testable import VitrineConfig

@Suite struct KeyLocatorTests {
    /// `a.b[2].c` as a path, for readable tests.
    private func path(_ text: String) -> ConfigKeyPath {
        var components: [ConfigKeyPath.Component] = []
        for part in text.split(separator: ".") {
            var name = Substring(part)
            var indices: [Int] = []
            while let open = name.lastIndex(of: "[") {
                indices.insert(Int(name[name.index(after: open)..<name.index(before: name.endIndex)])!, at: 0)
                name = name[..<open]
            }
            components.append(.key(String(name)))
            components += indices.map { .index($0) }
        }
        return ConfigKeyPath(components: components)
    }

    private func lines(_ text: String, _ paths: [String]) -> [Int?] {
        let locator = TOMLKeyLocator(text: text)
        return paths.map { locator.line(of: path($0)) }
    }

    @Test func tablesAndArraysOfTablesAreCounted() {
        let text = """
            top = 1
            [idle]
            timeout = 5
            [[output]]
            connector = "A"
            [[touch]]
            name = "t"
            [[output]]
            connector = "B"
            [output.edid]
            make = "DEL"
            [[output.extra]]
            x = 1
            [[output.extra]]
            x = 2
            """
        #expect(
            lines(
                text,
                [
                    "top", "idle", "idle.timeout", "output", "output[0]", "output[0].connector", "touch[0].name",
                    "output[1]", "output[1].connector", "output[1].edid", "output[1].edid.make", "output[1].extra[0].x",
                    "output[1].extra[1]", "output[1].extra[1].x", "output[2]",
                ]) == [1, 2, 3, 4, 4, 5, 7, 8, 9, 10, 11, 13, 14, 15, nil])
    }

    @Test func commentsAndStringsDoNotLookLikeKeysOrHeaders() {
        let text = """
            # a = 1
            # [fake]
            a = "value # not a comment = [x]"  # comment with = and [brackets]
            b = 'literal [[output]] = 2'
            [real] # [[output]] in a comment
            c = "escaped \\" quote = 3"
            d = 4
            """
        #expect(lines(text, ["a", "b", "fake", "output", "real", "real.c", "real.d"]) == [3, 4, nil, nil, 5, 6, 7])
    }

    @Test func multilineStringsAreSkipped() {
        let text = #"""
            a = """
            b = 1
            [[output]]
            \""" still inside
            """
            c = '''
            d = 2
            '''
            e = """ends with quotes"""""
            f = 3
            g = """\
                continued \
                """
            h = 4
            """#
        #expect(
            lines(text, ["a", "b", "output", "c", "d", "e", "f", "g", "h"]) == [1, nil, nil, 6, nil, 9, 10, 11, 14])
        // A closing delimiter with a quote of content before it, inside an array.
        let array = #"""
            a = [
              """x"""",
              '''y'''',
              "z",
            ]
            """#
        #expect(lines(array, ["a[0]", "a[1]", "a[2]", "a[3]"]) == [2, 3, 4, nil])
    }

    @Test func multilineArraysGiveEachElementItsLine() {
        let text = """
            calibration = [
                1.0, 0.0,   # ] , = in a comment
                "a]b", # string with a bracket
                [ 1,
                  2 ],
                { x = 1, y = [3,
                  4] },
            ]
            after = true
            """
        #expect(
            lines(
                text,
                [
                    "calibration", "calibration[0]", "calibration[1]", "calibration[2]", "calibration[3]",
                    "calibration[3][1]", "calibration[4]", "calibration[4].y", "calibration[4].y[1]", "calibration[5]",
                    "after",
                ]) == [1, 2, 2, 3, 4, 5, 6, 6, 7, nil, 9])
    }

    @Test func dottedAndQuotedKeys() {
        let text = """
            a.b.c = 1
            "quoted.key" = 2
            'literal key'.x = 3
            site . "google.com" = true
            "\\u0041" = 4
            [ "table with spaces" . inner ]
            v = 5
            [touch.udev_property]
            "ID.WEIRD" = "1"
            """
        let locator = TOMLKeyLocator(text: text)
        #expect(locator.line(of: path("a")) == 1)
        #expect(locator.line(of: path("a.b.c")) == 1)
        #expect(locator.line(of: ConfigKeyPath(components: [.key("quoted.key")])) == 2)
        #expect(locator.line(of: ConfigKeyPath(components: [.key("literal key"), .key("x")])) == 3)
        #expect(locator.line(of: ConfigKeyPath(components: [.key("site"), .key("google.com")])) == 4)
        #expect(locator.line(of: ConfigKeyPath(components: [.key("A")])) == 5)
        #expect(
            locator.line(of: ConfigKeyPath(components: [.key("table with spaces"), .key("inner"), .key("v")])) == 7)
        let weird = ConfigKeyPath(components: [.key("touch"), .key("udev_property"), .key("ID.WEIRD")])
        #expect(locator.line(of: weird) == 9)
        #expect(weird.description == #"touch.udev_property."ID.WEIRD""#)
    }

    @Test func inlineTables() {
        let text = """
            [[touch]]
            udev_property = { ID_INPUT_TOUCHSCREEN = "1", "ID_BUS" = 'usb', nested = { deep = "}" } }
            output = "DSI-1"
            """
        #expect(
            lines(
                text,
                [
                    "touch[0].udev_property", "touch[0].udev_property.ID_INPUT_TOUCHSCREEN",
                    "touch[0].udev_property.ID_BUS", "touch[0].udev_property.nested.deep", "touch[0].output",
                ]) == [2, 2, 2, 2, 3])
    }

    @Test func datesAndCRLFLineEndings() {
        let text = "a = 1979-05-27 07:32:00Z\r\nb = 2 # x\r\n[t]\r\nc = [\r\n  1,\r\n  2]\r\n"
        #expect(lines(text, ["a", "b", "t", "t.c", "t.c[1]"]) == [1, 2, 3, 4, 6])
    }

    @Test func nearestLineFallsBackToTheEnclosingTable() {
        let locator = TOMLKeyLocator(text: "x = 1\n[[output]]\nconnector = \"A\"\n")
        #expect(locator.nearestLine(of: path("output[0].rotation")) == 2)
        #expect(locator.nearestLine(of: path("missing.key")) == nil)
    }

    @Test func textThatIsNotTOMLStillEnds() {
        // The locator only sees text toml++ accepted, but must never hang or trap on other text.
        let samples = [
            "[", "[[", "a = [", "a = {", "a = \"\"\"", "= = =", "a = [1,,]", "a.", "\"", "'", "a = {b = }", "[a.]",
            "a = [ { ] }", "\\", "a = \"\\u12\"", "[[a]]]]\n[b",
        ]
        for sample in samples {
            _ = TOMLKeyLocator(text: sample)
            _ = TOMLKeyLocator(text: sample + "\nafter = 1\n")
        }
        #expect(TOMLKeyLocator(text: "a = [\nb = 1\n").line(of: path("a")) == 1)
    }

    @Test func keyPathsRenderAsTOML() {
        #expect(path("output[1].rotation").description == "output[1].rotation")
        #expect(path("touch[0].calibration[4]").description == "touch[0].calibration[4]")
        #expect(ConfigKeyPath(components: [.key(""), .key("a\"b")]).description == "\"\".\"a\\\"b\"")
        #expect(ConfigKeyPath.root.description == "")
    }
}
