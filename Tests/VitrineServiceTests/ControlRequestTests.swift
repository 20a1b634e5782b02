import Testing
import VitrineService

@Suite("Control socket lines")
struct ControlRequestTests {
    @Test func aRequestIsItsWordsTheFirstTheCommand() {
        #expect(ControlRequest.parse(Array("screenshot".utf8)) == ControlRequest(command: "screenshot"))
        #expect(
            ControlRequest.parse(Array("screenshot HDMI-A-1".utf8))
                == ControlRequest(command: "screenshot", arguments: ["HDMI-A-1"]))
        // Runs of spaces, leading and trailing, separate words and make none.
        #expect(
            ControlRequest.parse(Array("  screenshot   DP-1  ".utf8))
                == ControlRequest(command: "screenshot", arguments: ["DP-1"]))
    }

    @Test func aLineWithNoWordIsNoRequest() {
        #expect(ControlRequest.parse([UInt8]()) == nil)
        #expect(ControlRequest.parse(Array("    ".utf8)) == nil)
    }

    @Test func bytesThatAreNotUTF8BecomeReplacementCharacters() {
        let request = ControlRequest.parse([0x73, 0xFF, 0x20, 0xC3])
        #expect(request == ControlRequest(command: "s\u{FFFD}", arguments: ["\u{FFFD}"]))
    }

    @Test func aRequestsLineReadsBackAsTheSameRequest() {
        let request = ControlRequest(command: "screenshot", arguments: ["HDMI-A-1"])
        #expect(request.line == "screenshot HDMI-A-1")
        #expect(ControlRequest.parse(Array(request.line.utf8)) == request)
    }

    @Test func anImageHeaderGivesItsLengthScreenAndSize() {
        #expect(
            ControlReplyHeader.parse("ok 48213 HDMI-A-1 1920x1080")
                == .image(length: 48213, screen: "HDMI-A-1", width: 1920, height: 1080))
        #expect(
            ControlReplyHeader.image(length: 7, screen: "DP-1", width: 800, height: 600).line == "ok 7 DP-1 800x600")
    }

    @Test func aTextHeaderGivesItsLength() {
        #expect(ControlReplyHeader.parse("text 61") == .text(length: 61))
        #expect(ControlReplyHeader.parse("text 0") == .text(length: 0))
        #expect(ControlReplyHeader.text(length: 61).line == "text 61")
    }

    @Test func anErrorHeaderGivesTheRestOfTheLine() {
        #expect(ControlReplyHeader.parse("error no screen named DP-9") == .refused("no screen named DP-9"))
        #expect(ControlReplyHeader.parse("error") == .refused("unknown error"))
        // The server writes a message on one line.
        #expect(ControlReplyHeader.refused("two\nlines").line == "error two lines")
    }

    @Test(arguments: [
        "", "ok", "ok 10 HDMI-A-1", "ok 10 HDMI-A-1 1920x1080 extra", "OK 10 HDMI-A-1 1920x1080",
        "ok 0 HDMI-A-1 1920x1080", "ok -5 HDMI-A-1 1920x1080", "ok 1073741824 HDMI-A-1 1920x1080",
        "ok ten HDMI-A-1 1920x1080", "ok 10 HDMI-A-1 1920", "ok 10 HDMI-A-1 0x1080", "ok 10 HDMI-A-1 8193x1",
        "ok 10 HDMI-A-1 1920x1080x1", "errors happen", "text", "text -1", "text 1073741824", "text 5 more",
        "text five",
    ])
    func aMalformedHeaderIsABadReply(line: String) {
        #expect(ControlReplyHeader.parse(line) == nil)
    }
}
