import Testing
import VitrineSeat

/// Which opener a kiosk uses: direct as root, libseat otherwise, `VITRINE_SEAT_BACKEND` first.
@Suite struct DeviceAccessModeTests {
    @Test func rootOpensDirectly() {
        let choice = DeviceAccessMode.choose(effectiveUserID: 0, environment: [:])
        #expect(choice.mode == .direct)
        #expect(choice.reason.contains("root"))
    }

    @Test func otherUsersGoThroughLibseat() {
        let choice = DeviceAccessMode.choose(effectiveUserID: 1000, environment: [:])
        #expect(choice.mode == .libseat)
        #expect(choice.reason.contains("uid 1000"))
    }

    @Test func theEnvironmentOverridesEitherWay() {
        let direct = DeviceAccessMode.choose(effectiveUserID: 1000, environment: ["VITRINE_SEAT_BACKEND": "direct"])
        #expect(direct.mode == .direct)
        #expect(direct.reason == "VITRINE_SEAT_BACKEND=direct")
        let libseat = DeviceAccessMode.choose(effectiveUserID: 0, environment: ["VITRINE_SEAT_BACKEND": "libseat"])
        #expect(libseat.mode == .libseat)
    }

    @Test func anUnknownOverrideIsNamedAndIgnored() {
        let choice = DeviceAccessMode.choose(effectiveUserID: 0, environment: ["VITRINE_SEAT_BACKEND": "logind"])
        #expect(choice.mode == .direct)
        #expect(choice.reason.contains("VITRINE_SEAT_BACKEND=logind is neither direct nor libseat"))
    }
}
