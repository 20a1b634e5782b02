extension LibinputEvent {
    /// `events` with each run of touch frames that only move fingers, from one device, merged
    /// into one frame: each slot's last motion (slots in the order they first moved), then the
    /// run's last frame event. Everything else (downs, lifts, cancels, frames mixing them with
    /// motion, keys, pointers, device changes) stays as it is, in order, and ends a run.
    ///
    /// UIKit delivers touch moves coalesced, at most once a display frame, however fast the
    /// digitizer samples. A device reporting thousands of frames a second (a faulty controller,
    /// a noisy line) would otherwise cost the main queue a hit test and a delivery per frame and
    /// starve the screen; merged, a read of any size costs one delivery per device. Nothing a
    /// finger did is lost: where it went last is where it is.
    public static func coalescingTouchMotion(_ events: [LibinputEvent]) -> [LibinputEvent] {
        var result: [LibinputEvent] = []
        result.reserveCapacity(events.count)
        // The touch events of the frame being read, and their device.
        var frame: [LibinputEvent] = []
        var frameDevice: String?
        // The run of motion-only frames being merged.
        var runDevice: String?
        var runSlots: [Int] = []
        var runMotions: [Int: LibinputEvent] = [:]
        var runFrame: LibinputEvent?

        func endRun() {
            guard let last = runFrame else { return }
            for slot in runSlots { if let motion = runMotions[slot] { result.append(motion) } }
            result.append(last)
            runDevice = nil
            runSlots.removeAll()
            runMotions.removeAll()
            runFrame = nil
        }
        func passFrameThrough() {
            endRun()
            result += frame
            frame.removeAll()
            frameDevice = nil
        }

        for event in events {
            switch event {
            case .touchDown(let device, _, _, _, _), .touchMotion(let device, _, _, _, _), .touchUp(let device, _, _),
                .touchCancel(let device, _, _):
                // Another device's touches before this frame ended: no merging across them.
                if let current = frameDevice, current != device { passFrameThrough() }
                frameDevice = device
                frame.append(event)
            case .touchFrame(let device, _):
                if let current = frameDevice, current != device { passFrameThrough() }
                var slots: [(Int, LibinputEvent)] = []
                for touch in frame {
                    guard case .touchMotion(_, let slot, _, _, _) = touch else { break }
                    slots.append((slot, touch))
                }
                guard !frame.isEmpty, slots.count == frame.count else {
                    passFrameThrough()
                    result.append(event)
                    continue
                }
                if runDevice != device {
                    endRun()
                    runDevice = device
                }
                for (slot, motion) in slots {
                    if runMotions.updateValue(motion, forKey: slot) == nil { runSlots.append(slot) }
                }
                runFrame = event
                frame.removeAll()
                frameDevice = nil
            default:
                passFrameThrough()
                result.append(event)
            }
        }
        passFrameThrough()
        return result
    }
}
