import Testing
@testable import VitrineInput

@Suite("Touch motion coalescing")
struct TouchMotionCoalescingTests {
    static func move(_ slot: Int, _ x: Double, device: String = "event5", time: Double) -> LibinputEvent {
        .touchMotion(device: device, slot: slot, x: x, y: 0.5, time: time)
    }
    static func frame(device: String = "event5", time: Double) -> LibinputEvent {
        .touchFrame(device: device, time: time)
    }

    @Test func aFloodOfMovesBecomesOneFrameWithTheLastPosition() {
        var events: [LibinputEvent] = [
            .touchDown(device: "event5", slot: 0, x: 0.1, y: 0.5, time: 1), Self.frame(time: 1),
        ]
        for step in 1...1000 {
            let time = 1 + Double(step) / 10_000
            events += [Self.move(0, 0.1 + Double(step) / 2000, time: time), Self.frame(time: time)]
        }
        events += [.touchUp(device: "event5", slot: 0, time: 2), Self.frame(time: 2)]
        let coalesced = LibinputEvent.coalescingTouchMotion(events)
        #expect(
            coalesced == [
                .touchDown(device: "event5", slot: 0, x: 0.1, y: 0.5, time: 1), Self.frame(time: 1),
                Self.move(0, 0.6, time: 1.1), Self.frame(time: 1.1),
                .touchUp(device: "event5", slot: 0, time: 2), Self.frame(time: 2),
            ])
    }

    @Test func eachSlotKeepsItsLastMoveInTheOrderSlotsFirstMoved() {
        let events: [LibinputEvent] = [
            Self.move(1, 0.2, time: 1), Self.frame(time: 1),
            Self.move(0, 0.3, time: 2), Self.move(1, 0.4, time: 2), Self.frame(time: 2),
            Self.move(1, 0.5, time: 3), Self.frame(time: 3),
        ]
        #expect(
            LibinputEvent.coalescingTouchMotion(events) == [
                Self.move(1, 0.5, time: 3), Self.move(0, 0.3, time: 2), Self.frame(time: 3),
            ])
    }

    @Test func downsLiftsCancelsAndOtherEventsEndARun() {
        let events: [LibinputEvent] = [
            Self.move(0, 0.2, time: 1), Self.frame(time: 1),
            Self.move(0, 0.3, time: 2), Self.frame(time: 2),
            // A frame mixing a motion with a down is kept whole.
            Self.move(0, 0.4, time: 3), .touchDown(device: "event5", slot: 1, x: 0.9, y: 0.9, time: 3),
            Self.frame(time: 3),
            Self.move(0, 0.5, time: 4), Self.frame(time: 4),
            .key(device: "event2", code: 30, pressed: true, time: 4.5),
            Self.move(0, 0.6, time: 5), Self.frame(time: 5),
            .touchCancel(device: "event5", slot: 0, time: 6), Self.frame(time: 6),
        ]
        #expect(
            LibinputEvent.coalescingTouchMotion(events) == [
                Self.move(0, 0.3, time: 2), Self.frame(time: 2),
                Self.move(0, 0.4, time: 3), .touchDown(device: "event5", slot: 1, x: 0.9, y: 0.9, time: 3),
                Self.frame(time: 3),
                Self.move(0, 0.5, time: 4), Self.frame(time: 4),
                .key(device: "event2", code: 30, pressed: true, time: 4.5),
                Self.move(0, 0.6, time: 5), Self.frame(time: 5),
                .touchCancel(device: "event5", slot: 0, time: 6), Self.frame(time: 6),
            ])
    }

    @Test func devicesAreNeverMergedTogether() {
        let events: [LibinputEvent] = [
            Self.move(0, 0.2, device: "event5", time: 1), Self.frame(device: "event5", time: 1),
            Self.move(0, 0.7, device: "event6", time: 1.5), Self.frame(device: "event6", time: 1.5),
            Self.move(0, 0.3, device: "event5", time: 2), Self.frame(device: "event5", time: 2),
        ]
        #expect(LibinputEvent.coalescingTouchMotion(events) == events)
    }

    @Test func aFrameNotYetEndedAndLoneFramesPassThrough() {
        let events: [LibinputEvent] = [
            Self.frame(time: 0.5),
            Self.move(0, 0.2, time: 1), Self.frame(time: 1),
            Self.move(0, 0.3, time: 2),
        ]
        #expect(LibinputEvent.coalescingTouchMotion(events) == events)
        #expect(LibinputEvent.coalescingTouchMotion([]) == [])
    }
}

@Suite("Touch axis ranges")
struct TouchAxisRangeTests {
    @Test func ordinaryRangesCanBeMapped() {
        #expect(TouchAxisRange(minimum: 0, maximum: 4095).problem == nil)
        #expect(TouchAxisRange(minimum: 0, maximum: 1).problem == nil)
        #expect(TouchAxisRange(minimum: -32768, maximum: 32767).problem == nil)
        // The widest libinput can take: its width, maximum - minimum + 1, still fits an Int32.
        #expect(TouchAxisRange(minimum: 1, maximum: Int32.max).problem == nil)
    }

    @Test func rangesTooWideOrEmptyAreRefusedSayingWhy() {
        #expect(
            TouchAxisRange(minimum: 0, maximum: Int32.max).problem
                == "range 0...2147483647 is wider than libinput can map")
        #expect(
            TouchAxisRange(minimum: Int32.min, maximum: Int32.max).problem
                == "range -2147483648...2147483647 is wider than libinput can map")
        #expect(TouchAxisRange(minimum: 5, maximum: 5).problem == "range 5...5 is empty")
        #expect(TouchAxisRange(minimum: 100, maximum: 10).problem == "range 100...10 is empty")
    }
}
