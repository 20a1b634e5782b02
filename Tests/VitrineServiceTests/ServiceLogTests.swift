import Logging
import Testing

@testable import VitrineService

@Suite struct ServiceLogTests {
    @Test func journaldPrioritiesFollowSyslog() {
        #expect(ServiceLogHandler.syslogPriority(.critical) == 2)
        #expect(ServiceLogHandler.syslogPriority(.error) == 3)
        #expect(ServiceLogHandler.syslogPriority(.warning) == 4)
        #expect(ServiceLogHandler.syslogPriority(.notice) == 5)
        #expect(ServiceLogHandler.syslogPriority(.info) == 6)
        #expect(ServiceLogHandler.syslogPriority(.debug) == 7)
    }

    @Test func theEnvironmentNamesALevel() {
        #expect(ServiceLog.environmentLevel(["VITRINE_LOG_LEVEL": "debug"]) == .debug)
        #expect(ServiceLog.environmentLevel(["VITRINE_LOG_LEVEL": "WARNING"]) == .warning)
        #expect(ServiceLog.environmentLevel(["VITRINE_LOG_LEVEL": "loud"]) == nil)
        #expect(ServiceLog.environmentLevel([:]) == nil)
    }

    @Test func handlersShareOneLevelThatChangesAtRunTime() {
        let state = ServiceLog.LevelState()
        let first = ServiceLogHandler(label: "a", state: state, prefixPriority: false)
        var second = ServiceLogHandler(label: "b", state: state, prefixPriority: false)
        state.level = .warning
        #expect(first.logLevel == .warning)
        second.logLevel = .debug
        #expect(first.logLevel == .debug)
    }
}
