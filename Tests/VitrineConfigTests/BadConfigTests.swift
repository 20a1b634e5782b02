import Foundation
import Testing

@testable import VitrineConfig

/// A file in `Fixtures/bad` and the exact error it must give (its first problem, by line).
struct BadConfigCase: CustomTestStringConvertible, Sendable {
    let file: String
    let error: String
    let kind: ConfigError.Kind

    init(_ file: String, _ error: String, kind: ConfigError.Kind = .invalid) {
        self.file = file
        self.error = error
        self.kind = kind
    }

    var testDescription: String { file }
}

@Suite struct BadConfigTests {
    static let cases: [BadConfigCase] = [
        // Syntax errors: TOMLKit's message, with its line and column.
        .init(
            "syntax-missing-value.toml",
            #"syntax-missing-value.toml:2:7: Error while parsing key-value pair: expected value, saw '\n'"#,
            kind: .syntax),
        .init(
            "syntax-unclosed-array.toml",
            #"syntax-unclosed-array.toml:7:1: Error while parsing array: expected comma or closing ']', saw '['"#,
            kind: .syntax),
        // toml++ aborts on a header without a key: refused before it reads the text.
        .init(
            "syntax-header-without-key.toml",
            "syntax-header-without-key.toml:4:2: a table header needs a key after its '[' (a bare or quoted key, as [output])",
            kind: .syntax),
        .init(
            "syntax-duplicate-key.toml",
            #"syntax-duplicate-key.toml:4:12: Error while parsing key-value pair: cannot redefine existing integer 'rotation'"#,
            kind: .syntax),
        // Top level.
        .init(
            "log-level-unknown.toml",
            #"log-level-unknown.toml:2: log_level: must be "trace", "debug", "info", "notice", "warning", "error" or "critical", not "verbose""#
        ),
        .init("seat-not-string.toml", #"seat-not-string.toml:1: seat: must be a string, not an integer"#),
        .init("seat-empty.toml", #"seat-empty.toml:2: seat: must not be empty"#),
        // [idle]
        .init("idle-not-table.toml", #"idle-not-table.toml:2: idle: must be a table, not an integer"#),
        .init(
            "idle-timeout-negative.toml",
            #"idle-timeout-negative.toml:3: idle.timeout: must be between 0 and 31536000 seconds, not -5"#),
        .init("idle-timeout-string.toml", #"idle-timeout-string.toml:2: idle.timeout: must be a number, not a string"#),
        .init(
            "idle-blank-unknown.toml", #"idle-blank-unknown.toml:3: idle.blank: must be "dpms" or "black", not "off""#),
        // [render]
        .init(
            "render-renderer-unknown.toml",
            #"render-renderer-unknown.toml:3: render.renderer: must be "auto", "gles" or "pixman", not "opengl""#),
        .init("render-not-table.toml", #"render-not-table.toml:1: render: must be a table, not a string"#),
        // [keyboard]
        .init(
            "keyboard-mode-unknown.toml",
            #"keyboard-mode-unknown.toml:2: keyboard.mode: must be "auto", "onscreen" or "hardware", not "virtual""#),
        .init(
            "keyboard-shorthand-unknown.toml",
            #"keyboard-shorthand-unknown.toml:2: keyboard: must be "auto", "onscreen" or "hardware", not "on-screen""#),
        .init(
            "keyboard-not-table.toml",
            #"keyboard-not-table.toml:1: keyboard: must be a table, or one of "auto", "onscreen" or "hardware", not an integer"#
        ),
        .init(
            "keyboard-repeat-delay-milliseconds.toml",
            "keyboard-repeat-delay-milliseconds.toml:4: keyboard.repeat_delay: must be between 0.1 and 10 seconds, not 500"
        ),
        .init(
            "keyboard-repeat-rate-negative.toml",
            "keyboard-repeat-rate-negative.toml:2: keyboard.repeat_rate: must be between 0 and 100 a second, not -1"),
        .init(
            "keyboard-repeat-rate-string.toml",
            "keyboard-repeat-rate-string.toml:2: keyboard.repeat_rate: must be a number, not a string"),
        .init(
            "keyboard-layout-list.toml",
            #"keyboard-layout-list.toml:2: keyboard.layout: must be one XKB name (like "de"), not "us,de""#),
        .init("keyboard-layout-empty.toml", "keyboard-layout-empty.toml:2: keyboard.layout: must not be empty"),
        // [[output]]
        .init(
            "output-rotation.toml", #"output-rotation.toml:12: output[2].rotation: must be 0, 90, 180 or 270, not 45"#),
        .init(
            "output-rotation-decimal.toml",
            #"output-rotation-decimal.toml:3: output[0].rotation: must be 0, 90, 180 or 270, not 90.0"#),
        .init(
            "output-no-match-key.toml",
            #"output-no-match-key.toml:4: output[1]: needs a match key: connector, make, model or serial"#),
        .init(
            "output-mode.toml",
            #"output-mode.toml:3: output[0].mode: must be "preferred", "highest", "WxH" or "WxH@Hz" (like "1920x1080@60"), not "1920*1080""#
        ),
        .init(
            "output-scale-range.toml", #"output-scale-range.toml:3: output[0].scale: must be between 1 and 4, not 5"#),
        .init(
            "output-brightness-range.toml",
            #"output-brightness-range.toml:3: output[0].brightness: must be between 0 and 1, not 1.5"#),
        .init(
            "output-enabled-string.toml",
            #"output-enabled-string.toml:3: output[0].enabled: must be true or false, not "yes""#),
        .init(
            "output-backlight.toml",
            #"output-backlight.toml:3: output[0].backlight: must be a name under /sys/class/backlight (like "intel_backlight") or an absolute path, not "../acpi_video0""#
        ),
        .init(
            "output-not-array.toml",
            #"output-not-array.toml:3: output: must be an array of tables ([[output]]), not a table"#),
        .init(
            "output-inline-array-element.toml",
            #"output-inline-array-element.toml:3: output[1]: must be a table, not a string"#),
        .init(
            "output-after-multiline-string.toml",
            #"output-after-multiline-string.toml:10: output[1].rotation: must be 0, 90, 180 or 270, not 45"#),
        .init(
            "output-overscan-negative.toml",
            #"output-overscan-negative.toml:7: output[1].overscan.left: must be 0 or more pixels, not -24"#),
        .init(
            "output-overscan-string.toml",
            #"output-overscan-string.toml:3: output[0].overscan: must be a number of pixels for every edge (like 16) or a table of edges (like { left = 24, right = 24 }), not a string"#
        ),
        .init(
            "output-overscan-edge-string.toml",
            #"output-overscan-edge-string.toml:6: output[0].overscan.left: must be a number of pixels, not a string"#),
        .init(
            "output-overscan-nan.toml",
            #"output-overscan-nan.toml:4: output[0].overscan.bottom: must be a finite number of pixels, not nan"#),
        .init(
            "output-overscan-unknown-edge.toml",
            #"output-overscan-unknown-edge.toml:3: output[0].overscan.lft: unknown edge; the edges are top, left, bottom and right; did you mean left?"#
        ),
        .init(
            "output-overscan-no-picture.toml",
            #"output-overscan-no-picture.toml:6: output[0].overscan: top and bottom (400 + 400 pixels) leave nothing of the 1280x800 picture of mode "800x1280" turned 90°"#
        ),
        // [[touch]]
        .init(
            "touch-calibration-count.toml",
            #"touch-calibration-count.toml:3: touch[0].calibration: must have exactly 6 numbers, not 4"#),
        .init(
            "touch-calibration-element.toml",
            #"touch-calibration-element.toml:8: touch[1].calibration[4]: must be a number, not a string"#),
        .init(
            "touch-calibration-nan.toml",
            #"touch-calibration-nan.toml:3: touch[0].calibration[5]: must be a finite number, not nan"#),
        .init(
            "touch-udev-property-integer.toml",
            #"touch-udev-property-integer.toml:2: touch[0].udev_property.ID_INPUT_TOUCHSCREEN: must be a string, not an integer"#
        ),
        .init(
            "touch-udev-property-table.toml",
            #"touch-udev-property-table.toml:6: touch[0].udev_property.ID_INPUT_TOUCHSCREEN: must be a string, not a boolean"#
        ),
        .init(
            "touch-no-match-key.toml",
            #"touch-no-match-key.toml:4: touch[1]: needs a match key: name, sysname or udev_property"#),
        .init(
            "touch-sysname-path.toml",
            #"touch-sysname-path.toml:2: touch[0].sysname: must be a device node's name (like "event3"), not a path"#),
        .init(
            "touch-not-array.toml",
            #"touch-not-array.toml:1: touch: must be an array of tables ([[touch]]), not a string"#),
        // Several errors: the first by line is the error, whatever order they were found in.
        .init(
            "several-errors.toml",
            #"several-errors.toml:1: output[0].scale: must be between 1 and 4, not 0"#),
    ]

    @Test(arguments: cases)
    func badFileGivesItsError(_ badCase: BadConfigCase) throws {
        let text = try ConfigFixtures.text("bad/" + badCase.file)
        let error = try #require(throws: ConfigError.self) {
            try ConfigLoader.parse(text: text, file: badCase.file)
        }
        #expect(error.description == badCase.error)
        #expect(error.kind == badCase.kind)
        #expect(error.firstProblem.severity == .error)
        #expect(error.problems.allSatisfy { $0.line != nil })
    }

    @Test func everyBadFixtureHasACase() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: ConfigFixtures.path("bad"))
        #expect(Set(files) == Set(Self.cases.map(\.file)))
        #expect(Self.cases.count >= 15)
    }

    @Test func everyProblemIsKeptInLineOrder() throws {
        let error = try #require(throws: ConfigError.self) {
            try ConfigFixtures.load("bad/several-errors.toml")
        }
        #expect(
            error.problems.map(\.description) == [
                "several-errors.toml:1: output[0].scale: must be between 1 and 4, not 0",
                #"several-errors.toml:2: log_level: must be "trace", "debug", "info", "notice", "warning", "error" or "critical", not "loud""#,
                "several-errors.toml:5: idle.timeout: must be between 0 and 31536000 seconds, not -1",
                "several-errors.toml:7: touch[0]: needs a match key: name, sysname or udev_property",
                "several-errors.toml:8: touch[0].calibration: must have exactly 6 numbers, not 2",
            ])
        #expect(error.warnings == [])
    }

    @Test func errorsKeepTheWarningsOfTheSameFile() throws {
        let error = try #require(throws: ConfigError.self) {
            try ConfigFixtures.load("bad/output-after-multiline-string.toml")
        }
        #expect(
            error.warnings.map(\.description) == [
                "output-after-multiline-string.toml:3: output[0].note: unknown key (ignored)"
            ])
        #expect(error.warnings[0].severity == .warning)
        #expect(
            ConfigLoader.check(text: try ConfigFixtures.text("bad/output-after-multiline-string.toml"), file: "f").map(
                \.description)
                == [
                    "f:3: output[0].note: unknown key (ignored)",
                    "f:10: output[1].rotation: must be 0, 90, 180 or 270, not 45",
                ])
    }

    @Test func diagnosticsSplitIntoTheirParts() throws {
        let error = try #require(throws: ConfigError.self) {
            try ConfigFixtures.load("bad/output-rotation.toml")
        }
        let problem = error.firstProblem
        #expect(problem.file == "output-rotation.toml")
        #expect(problem.line == 12)
        #expect(problem.column == nil)
        #expect(problem.key == "output[2].rotation")
        #expect(problem.message == "must be 0, 90, 180 or 270, not 45")
        let syntax = try #require(throws: ConfigError.self) {
            try ConfigFixtures.load("bad/syntax-missing-value.toml")
        }
        #expect(syntax.firstProblem.line == 2)
        #expect(syntax.firstProblem.column == 7)
        #expect(syntax.firstProblem.key == nil)
    }

    @Test func oneBadValueFailsTheWholeFile() throws {
        // A rule with its bad setting dropped would half-apply and surprise.
        #expect(throws: ConfigError.self) {
            try ConfigLoader.parse(text: "[[output]]\nconnector = \"A\"\nscale = 9\n", file: "f")
        }
    }

    @Test func exitStatusIsEXConfig() {
        #expect(ConfigError.exitStatus == 78)
    }

    @Test func moreValueErrors() {
        let cases: [(String, String)] = [
            ("[[output]]\nconnector = \"\"\n", "f:2: output[0].connector: must not be empty"),
            (
                "[[output]]\nconnector = \"A\"\nmode = \"1920x1080@0\"\n",
                "f:3: output[0].mode: must be \"preferred\", \"highest\", \"WxH\" or \"WxH@Hz\" (like \"1920x1080@60\"), not \"1920x1080@0\""
            ),
            (
                "[[output]]\nconnector = \"A\"\nmode = 1080\n",
                "f:3: output[0].mode: must be \"preferred\", \"highest\", \"WxH\" or \"WxH@Hz\" (like \"1920x1080@60\"), not 1080"
            ),
            (
                "[[output]]\nconnector = \"A\"\nrotation = \"90\"\n",
                "f:3: output[0].rotation: must be 0, 90, 180 or 270, not \"90\""
            ),
            ("[[output]]\nconnector = \"A\"\nscale = \"2\"\n", "f:3: output[0].scale: must be a number, not a string"),
            (
                "[[output]]\nconnector = \"A\"\nbrightness = -0.1\n",
                "f:3: output[0].brightness: must be between 0 and 1, not -0.1"
            ),
            (
                "[[output]]\nconnector = \"A\"\nbacklight = \"\"\n",
                "f:3: output[0].backlight: must be a name under /sys/class/backlight (like \"intel_backlight\") or an absolute path, not \"\""
            ),
            ("[idle]\ntimeout = inf\n", "f:2: idle.timeout: must be between 0 and 31536000 seconds, not inf"),
            ("[idle]\nblank = 1\ntimeout = 5\n", "f:2: idle.blank: must be \"dpms\" or \"black\", not 1"),
            (
                "[[touch]]\nname = \"x\"\nudev_property = \"ID_INPUT_TOUCHSCREEN=1\"\n",
                "f:3: touch[0].udev_property: must be a table of properties (like { ID_INPUT_TOUCHSCREEN = \"1\" }), not a string"
            ),
            ("[[touch]]\nudev_property = {}\n", "f:2: touch[0].udev_property: must name at least one property"),
            (
                "[[touch]]\nname = \"x\"\ncalibration = \"1 0 0 0 1 0\"\n",
                "f:3: touch[0].calibration: must be an array of 6 numbers, not a string"
            ),
            ("[[touch]]\nname = \"x\"\noutput = 1\n", "f:3: touch[0].output: must be a string, not an integer"),
            (
                "[[touch]]\nname = \"x\"\n[[touch]]\n'name' = \"y\"\n\"odd key\" = 1\nsysname = [\"event1\"]\n",
                "f:6: touch[1].sysname: must be a string, not an array"
            ),
            ("output = [1]\n", "f:1: output[0]: must be a table, not an integer"),
            (
                "log_level = \"INFO\"\n",
                "f:1: log_level: must be \"trace\", \"debug\", \"info\", \"notice\", \"warning\", \"error\" or \"critical\", not \"INFO\""
            ),
        ]
        for (text, expected) in cases {
            #expect(
                ConfigLoader.check(text: text, file: "f").filter { $0.severity == .error }.first?.description
                    == expected)
        }
    }
}
