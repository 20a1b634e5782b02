import Foundation
import Testing
import VitrineDemo
import VitrineKit
import VitrinePlatform

/// The help flow: a storyboard (`Help.storyboard`) pushed from a product's screen, whose button
/// segue shows the opening hours, listed with a prototype cell.
@MainActor @Suite struct ShowcaseHelpTests {
    @Test func aProductsHelpItemPushesTheStoryboardFlow() throws {
        let rig = ShowcaseRig(width: 1280, height: 800)
        rig.frames(5)
        let navigation = rig.app.navigationController
        let details = ProductDetailViewController(row: 1)
        navigation.pushViewController(details, animated: true)
        rig.frames(40)

        let helpItem = try #require(details.navigationItem.rightBarButtonItem)
        #expect(helpItem.title == "Help")
        helpItem.action?(helpItem)
        rig.frames(40)
        let help = try #require(navigation.topViewController as? HelpViewController)
        #expect(help.title == "Help")
        #expect(help.storyboard != nil)
        #expect(help.hoursButton.title(for: .normal) == "Opening hours")
        #expect(help.view.window != nil)

        rig.tap(help.hoursButton)
        rig.frames(40)
        let hours = try #require(navigation.topViewController as? OpeningHoursViewController)
        #expect(hours.headingLabel.text == "We are open")
        #expect(hours.hours == help.openingHours)
        #expect(hours.navigationItem.title == "Opening hours")
        #expect(navigation.viewControllers.count == 4)
        // The days are rows of the storyboard's "Day" prototype: a Right Detail cell.
        let days = hours.daysTable.visibleCells
        #expect(days.map { $0.textLabel?.text } == ["Monday to Friday", "Saturday"])
        #expect(days.map { $0.detailTextLabel?.text } == ["9:00–18:00", "10:00–16:00"])
        #expect(days.allSatisfy { $0.reuseIdentifier == "Day" && $0.cellStyle == .value1 })
        #expect(days.first.map { $0.frame.height } == 56)
    }
}
