import Testing

@testable import VitrineConfig

/// `overscan` in an `[[output]]` table: its forms, its checks and their messages.
@Suite struct OverscanConfigTests {
    private func overscan(_ lines: String) throws -> ConfigOverscan? {
        let loaded = try ConfigLoader.parse(text: "[[output]]\nconnector = \"HDMI-A-1\"\n" + lines, file: "f")
        #expect(loaded.warnings == [])
        return loaded.configuration.outputs.first?.overscan
    }

    /// Every error the text gives, as printed.
    private func errors(_ text: String) -> [String] {
        ConfigLoader.check(text: text, file: "f").filter { $0.severity == .error }.map(\.description)
    }

    @Test func aNumberIsEveryEdge() throws {
        #expect(try overscan("overscan = 16\n") == ConfigOverscan(top: 16, left: 16, bottom: 16, right: 16))
        #expect(try overscan("overscan = 12.5\n") == ConfigOverscan(all: 12.5))
        let zero = try #require(try overscan("overscan = 0\n"))
        #expect(zero.isZero)
    }

    @Test func aTableGivesSomeEdgesTheRestAreZero() throws {
        #expect(
            try overscan("overscan = { top = 0, left = 24, bottom = 0, right = 24 }\n")
                == ConfigOverscan(top: 0, left: 24, bottom: 0, right: 24))
        #expect(try overscan("overscan = { bottom = 40 }\n") == ConfigOverscan(bottom: 40))
        #expect(try overscan("overscan = { left = 10.5, top = 3 }\n") == ConfigOverscan(top: 3, left: 10.5))
        #expect(try overscan("overscan = {}\n") == .zero)
        // The same table as dotted keys, and as a table of its own under the [[output]].
        #expect(try overscan("overscan.left = 24\noverscan.right = 8\n") == ConfigOverscan(left: 24, right: 8))
        #expect(try overscan("[output.overscan]\ntop = 30\n") == ConfigOverscan(top: 30))
    }

    @Test func withoutTheKeyThereIsNone() throws {
        #expect(try overscan("rotation = 90\n") == nil)
    }

    @Test func badValuesNameTheirEdgeAndLine() {
        let rule = "[[output]]\nconnector = \"A\"\n"
        let cases: [(String, [String])] = [
            ("overscan = -1", ["f:3: output[0].overscan: must be 0 or more pixels, not -1"]),
            ("overscan = -0.5", ["f:3: output[0].overscan: must be 0 or more pixels, not -0.5"]),
            ("overscan = inf", ["f:3: output[0].overscan: must be a finite number of pixels, not inf"]),
            ("overscan = nan", ["f:3: output[0].overscan: must be a finite number of pixels, not nan"]),
            (
                "overscan = true",
                [
                    "f:3: output[0].overscan: must be a number of pixels for every edge (like 16) or a table of "
                        + "edges (like { left = 24, right = 24 }), not a boolean"
                ]
            ),
            (
                "overscan = [0, 24, 0, 24]",
                [
                    "f:3: output[0].overscan: must be a number of pixels for every edge (like 16) or a table of "
                        + "edges (like { left = 24, right = 24 }), not an array"
                ]
            ),
            ("overscan = { top = \"8\" }", ["f:3: output[0].overscan.top: must be a number of pixels, not a string"]),
            (
                "overscan = { right = -inf }",
                ["f:3: output[0].overscan.right: must be a finite number of pixels, not -inf"]
            ),
            (
                "overscan = { horizontal = 24 }",
                ["f:3: output[0].overscan.horizontal: unknown edge; the edges are top, left, bottom and right"]
            ),
            (
                "overscan = { botom = 24 }",
                [
                    "f:3: output[0].overscan.botom: unknown edge; the edges are top, left, bottom and right; "
                        + "did you mean bottom?"
                ]
            ),
        ]
        for (line, expected) in cases {
            #expect(errors(rule + line + "\n") == expected, "\(line)")
        }
    }

    @Test func everyBadEdgeOfATableIsReported() {
        let text = """
            [[output]]
            connector = "A"
            [output.overscan]
            top = -1
            left = "wide"
            right = 24
            bottm = 3
            """
        #expect(
            errors(text) == [
                "f:4: output[0].overscan.top: must be 0 or more pixels, not -1",
                "f:5: output[0].overscan.left: must be a number of pixels, not a string",
                "f:7: output[0].overscan.bottm: unknown edge; the edges are top, left, bottom and right; did you mean bottom?",
            ])
    }

    @Test func aBadOverscanFailsTheFileAndOtherProblemsAreStillReported() {
        let text = """
            [[output]]
            connector = "A"
            overscan = -8
            scale = 9

            [[output]]
            connector = "B"
            overscan = { left = 24 }
            """
        #expect(
            errors(text) == [
                "f:3: output[0].overscan: must be 0 or more pixels, not -8",
                "f:4: output[0].scale: must be between 1 and 4, not 9",
            ])
        #expect(throws: ConfigError.self) { try ConfigLoader.parse(text: text, file: "f") }
    }

    @Test func edgesMustLeaveSomeOfAModeNamedBySize() {
        let rule = "[[output]]\nconnector = \"A\"\n"
        // Exactly the width: nothing left.
        #expect(
            errors(rule + "mode = \"1920x1080@60\"\noverscan = { left = 960, right = 960 }\n") == [
                "f:4: output[0].overscan: left and right (960 + 960 pixels) leave nothing of the 1920x1080 picture "
                    + "of mode \"1920x1080@60\""
            ])
        // Both axes are checked, each with its own message.
        #expect(
            errors(rule + "mode = \"800x480\"\noverscan = 500\n") == [
                "f:4: output[0].overscan: left and right (500 + 500 pixels) leave nothing of the 800x480 picture of "
                    + "mode \"800x480\"",
                "f:4: output[0].overscan: top and bottom (500 + 500 pixels) leave nothing of the 800x480 picture of "
                    + "mode \"800x480\"",
            ])
        // One pixel left is a picture.
        #expect(errors(rule + "mode = \"1920x1080\"\noverscan = { left = 960, right = 959 }\n") == [])
    }

    @Test func thePictureIsCheckedAsSeenAfterRotation() throws {
        let rule = "[[output]]\nconnector = \"DSI-1\"\nmode = \"800x1280\"\n"
        // Upright, 1000 pixels of left and right are more than the 800 across.
        #expect(
            errors(rule + "overscan = { left = 500, right = 500 }\n") == [
                "f:4: output[0].overscan: left and right (500 + 500 pixels) leave nothing of the 800x1280 picture "
                    + "of mode \"800x1280\""
            ])
        // Turned a quarter, the picture is 1280 across: they fit.
        let turned = try ConfigLoader.parse(
            text: rule + "rotation = 270\noverscan = { left = 500, right = 500 }\n", file: "f")
        #expect(turned.configuration.outputs[0].overscan == ConfigOverscan(left: 500, right: 500))
        // Upside down keeps the sides.
        #expect(
            errors(rule + "rotation = 180\noverscan = { top = 700, bottom = 600 }\n") == [
                "f:5: output[0].overscan: top and bottom (700 + 600 pixels) leave nothing of the 800x1280 picture "
                    + "of mode \"800x1280\" turned 180°"
            ])
    }

    @Test func aModeTheDisplayChoosesIsNotChecked() throws {
        // Only the display knows the size of "preferred" and "highest": the daemon checks them.
        #expect(try overscan("mode = \"preferred\"\noverscan = 5000\n") == ConfigOverscan(all: 5000))
        #expect(try overscan("overscan = 5000\n") == ConfigOverscan(all: 5000))
    }

    @Test func aBadRotationIsNotAlsoReportedAsAnOverscanThatDoesNotFit() {
        // Without a valid rotation the picture's sides are not known: one error, the rotation's.
        #expect(
            errors(
                "[[output]]\nconnector = \"A\"\nmode = \"800x1280\"\nrotation = 45\noverscan = { left = 500, right = 500 }\n"
            )
                == ["f:4: output[0].rotation: must be 0, 90, 180 or 270, not 45"])
    }

    @Test func descriptions() {
        #expect(ConfigOverscan(all: 16).description == "16 px")
        #expect(ConfigOverscan.zero.description == "0 px")
        #expect(ConfigOverscan(left: 24, right: 24).description == "left 24 px, right 24 px")
        #expect(ConfigOverscan(top: 10.5, bottom: 3).description == "top 10.5 px, bottom 3 px")
    }

    @Test func whetherAPictureIsLeft() {
        let overscan = ConfigOverscan(top: 10, left: 100, bottom: 10, right: 100)
        #expect(overscan.leavesPicture(width: 201, height: 21))
        #expect(!overscan.leavesPicture(width: 200, height: 21))
        #expect(!overscan.leavesPicture(width: 201, height: 20))
        #expect(ConfigOverscan.zero.leavesPicture(width: 1, height: 1))
    }
}
