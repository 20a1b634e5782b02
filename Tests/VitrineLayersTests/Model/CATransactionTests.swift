import Foundation
import Testing

@testable import VitrineLayers

/// Each test leaves the transaction state as it found it: balanced begin/commit and a flush.
@MainActor
@Suite("CATransaction")
struct CATransactionTests {
    @Test func defaults() {
        CATransaction.flush()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.completionBlock() == nil)
        #expect(!CATransaction.isBatching)
    }

    @Test func nestedTransactionsInheritUntilTheySetTheirOwn() {
        CATransaction.begin()
        CATransaction.setAnimationDuration(1)
        CATransaction.setDisableActions(true)
        CATransaction.setValue("outer", forKey: "k")
        CATransaction.begin()
        #expect(CATransaction.animationDuration() == 1)
        #expect(CATransaction.disableActions())
        CATransaction.setAnimationDuration(2)
        CATransaction.setValue("inner", forKey: "k")
        #expect(CATransaction.animationDuration() == 2)
        #expect(CATransaction.value(forKey: "k") as? String == "inner")
        #expect(CATransaction.nestingDepth == 2)
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 1)
        #expect(CATransaction.value(forKey: "k") as? String == "outer")
        CATransaction.commit()
        #expect(CATransaction.animationDuration() == 0.25)
        #expect(!CATransaction.disableActions())
        #expect(CATransaction.value(forKey: "k") == nil)
    }

    @Test func completionBlocksRunWhenTheOutermostCommits() {
        var log: [String] = []
        CATransaction.begin()
        #expect(CATransaction.isBatching)
        CATransaction.setCompletionBlock { log.append("outer") }
        CATransaction.begin()
        #expect(CATransaction.completionBlock() != nil)  // inherited
        CATransaction.setCompletionBlock { log.append("inner") }
        CATransaction.commit()
        #expect(log.isEmpty)
        #expect(CATransaction.isBatching)
        log.append("before outer commit")
        CATransaction.commit()
        #expect(log == ["before outer commit", "inner", "outer"])
        #expect(!CATransaction.isBatching)
    }

    @Test func flushCommitsTheImplicitTransaction() {
        var ran = 0
        CATransaction.setCompletionBlock { ran += 1 }
        CATransaction.setAnimationDuration(3)
        #expect(CATransaction.animationDuration() == 3)
        CATransaction.begin()
        CATransaction.flush()  // deferred while an explicit transaction is open
        #expect(ran == 0)
        #expect(CATransaction.animationDuration() == 3)
        CATransaction.commit()
        #expect(ran == 0)
        CATransaction.flush()
        #expect(ran == 1)
        #expect(CATransaction.animationDuration() == 0.25)
        CATransaction.flush()
        #expect(ran == 1)
    }

    @Test func unbalancedCommitIsHarmless() {
        CATransaction.commit()
        #expect(!CATransaction.isBatching)
        #expect(CATransaction.nestingDepth == 0)
    }

    @Test func completionBlockMayOpenATransaction() {
        var log: [String] = []
        CATransaction.begin()
        CATransaction.setCompletionBlock {
            log.append("first")
            CATransaction.begin()
            CATransaction.setCompletionBlock { log.append("second") }
            CATransaction.commit()
        }
        CATransaction.commit()
        #expect(log == ["first", "second"])
        #expect(!CATransaction.isBatching)
    }
}

@MainActor
@Suite("CATransaction and tree hosts")
struct CATransactionHostTests {
    @Test func outermostCommitTellsHostsOfChangedTreesAgain() {
        let host = ModelCountingHost()
        let root = CALayer()
        root.treeHost = host
        let untouched = ModelCountingHost()
        let other = CALayer()
        other.treeHost = untouched
        CATransaction.begin()
        root.opacity = 0.5
        CATransaction.begin()
        root.position = CGPoint(x: 1, y: 1)
        CATransaction.commit()
        #expect(host.roots.count == 2)
        CATransaction.commit()
        #expect(host.roots.count == 3 && host.roots.last === root)
        #expect(untouched.roots.isEmpty)
        // Outside a transaction there is nothing to repeat.
        root.opacity = 1
        CATransaction.begin()
        CATransaction.commit()
        #expect(host.roots.count == 4)
    }
}
