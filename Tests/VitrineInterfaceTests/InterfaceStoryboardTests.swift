import Foundation
import Testing

@testable import VitrineInterface

/// Fixtures/Main.storyboard: a navigation controller (the initial one) around a home screen with
/// a show segue to a detail screen and a modal segue to a tab bar controller of a table view
/// controller and a plain one.
@Suite struct InterfaceStoryboardTests {
    let document: InterfaceDocument
    let warnings: [InterfaceDiagnostic]

    init() throws {
        (document, warnings) = try InterfaceFixtures.load("Main.storyboard")
    }

    @Test func scenes() {
        #expect(warnings.isEmpty, "\(warnings.map(\.description))")
        #expect(document.kind == .storyboard)
        #expect(document.objects.isEmpty)
        #expect(
            document.scenes.map(\.sceneID) == [
                "Sc1-aa-001", "Sc2-aa-002", "Sc3-aa-003", "Sc4-aa-004", "Sc5-aa-005", "Sc6-aa-006",
            ])
        #expect(
            document.scenes.compactMap(\.viewController?.element) == [
                "navigationController", "viewController", "viewController", "tabBarController", "tableViewController",
                "viewController",
            ])
        #expect(document.scenes[0].canvasLocation == InterfacePoint(x: -700, y: 4))
        #expect(document.scenes[0].line == 13)
        let responder = document.scenes[0].objects[1]
        #expect(responder.placeholderIdentifier == "IBFirstResponder")
        #expect(responder.sceneMemberID == "firstResponder")
    }

    @Test func navigationController() throws {
        #expect(document.initialViewControllerID == "Nc1-aa-001")
        let navigation = try #require(document.initialViewController)
        #expect(navigation.element == "navigationController")
        #expect(navigation.storyboardIdentifier == "Navigation")
        #expect(navigation.child(key: "navigationBar")?.frame == InterfaceRect(x: 0, y: 59, width: 393, height: 44))
        #expect(navigation.nilKeys == ["viewControllers"])
        let root = try #require(navigation.connections.first)
        #expect(root.kind == .segue(kind: "relationship", identifier: nil, relationship: "rootViewController"))
        #expect(root.destination == "Hv1-aa-001")
        #expect(root.source == "Nc1-aa-001")
    }

    @Test func homeWithSegues() throws {
        let scene = try #require(document.scene(withStoryboardIdentifier: "Home"))
        let home = try #require(scene.viewController)
        #expect(home.customClass == "HomeViewController")
        #expect(home.title == "Home")
        let view = try #require(home.view)
        #expect(view.id == "Hw1-aa-001")
        #expect(view.constraints.map(\.firstAttribute) == [.centerX, .centerY])
        let button = try #require(view.subviews.first)
        #expect(button.buttonConfiguration?.style == "plain")
        #expect(button.buttonConfiguration?.title == "Details")
        let show = try #require(button.connections.first)
        #expect(show.kind == .segue(kind: "show", identifier: "showDetail", relationship: nil))
        #expect(show.destination == "Dv1-aa-001")
        #expect(show.line == 43)

        let item = try #require(home.child(key: "navigationItem"))
        #expect(item.title == "Home")
        let barButton = try #require(item.child(key: "rightBarButtonItem"))
        #expect(barButton.element == "barButtonItem")
        #expect(barButton.title == "Tabs")
        let present = try #require(barButton.connections.first)
        #expect(present.kind == .segue(kind: "presentation", identifier: "presentTabs", relationship: nil))
        #expect(present.attributes["modalPresentationStyle"] == "fullScreen")
        #expect(present.destination == "Tb1-aa-001")

        let detail = try #require(document.scene(withStoryboardIdentifier: "Detail")?.viewController)
        #expect(detail.child(key: "navigationItem")?.title == "Detail")
    }

    @Test func tabBarController() throws {
        let tabs = try document.required("Tb1-aa-001")
        #expect(tabs.element == "tabBarController")
        #expect(tabs.child(key: "tabBar")?.element == "tabBar")
        #expect(
            tabs.connections.map(\.kind) == [
                .segue(kind: "relationship", identifier: nil, relationship: "viewControllers"),
                .segue(kind: "relationship", identifier: nil, relationship: "viewControllers"),
            ])
        #expect(tabs.connections.map(\.destination) == ["Lv1-aa-001", "Pv1-aa-001"])

        let list = try document.required("Lv1-aa-001")
        #expect(list.element == "tableViewController")
        let tableView = try #require(list.view)
        #expect(tableView.element == "tableView")
        #expect(tableView.attributes["dataMode"] == "prototypes")
        #expect(tableView.connections.map(\.kind) == [.outlet(property: "dataSource"), .outlet(property: "delegate")])
        let cell = try #require(tableView.prototypeCells.first)
        #expect(cell.container == "prototypes")
        #expect(cell.attributes["reuseIdentifier"] == "Item")
        #expect(cell.attributes["accessoryType"] == "disclosureIndicator")
        #expect(cell.child(key: "contentView")?.subviews.first?.text == "Title")
        let tabItem = try #require(list.child(key: "tabBarItem"))
        #expect(tabItem.title == "List")
        #expect(tabItem.image == InterfaceImageReference(name: "list.bullet", catalog: "system"))

        let settings = try document.required("Pv1-aa-001")
        #expect(settings.child(key: "tabBarItem")?.attributes["systemItem"] == "more")
    }
}

extension InterfaceStoryboardTests {
    @Test func collectionViewWithCells() throws {
        let collection = try document.required("Pc1-aa-001")
        #expect(collection.element == "collectionView")
        let layout = try #require(collection.child(key: "collectionViewLayout"))
        #expect(layout.element == "collectionViewFlowLayout")
        #expect(layout.sizes["itemSize"] == InterfaceSize(width: 128, height: 128))
        #expect(layout.insets["sectionInset"] == InterfaceEdgeInsets(top: 0, left: 8, bottom: 0, right: 8))
        #expect(layout.double("minimumLineSpacing") == 10)
        let cell = try #require(collection.prototypeCells.first)
        #expect(cell.element == "collectionViewCell")
        #expect(cell.container == "cells")
        #expect(cell.customClass == "TileCell")
        #expect(cell.attributes["reuseIdentifier"] == "Tile")
        #expect(cell.child(key: "contentView")?.element == "collectionViewCellContentView")
        #expect(collection.connections.first?.kind == .outlet(property: "dataSource"))
    }
}

/// Fixtures/MainWindow.xib: a main nib (`NSMainNibFile`) with the app delegate, its window and
/// root view controller, and a gesture recognizer.
@Suite struct InterfaceMainNibTests {
    @Test func windowAndDelegate() throws {
        let (document, warnings) = try InterfaceFixtures.load("MainWindow.xib")
        #expect(warnings.isEmpty, "\(warnings.map(\.description))")
        #expect(document.filesOwner?.customClass == "UIApplication")
        #expect(document.filesOwner?.connections.first?.destination == "Ad1-aa-001")
        let delegate = try document.required("Ad1-aa-001")
        #expect(delegate.element == "customObject")
        #expect(delegate.customClass == "AppDelegate")
        #expect(delegate.connections.first?.kind == .outlet(property: "window"))
        let window = try document.required("Wn1-aa-001")
        #expect(window.element == "window")
        #expect(window.backgroundColor == .white(white: 1, alpha: 1, space: .genericGamma22Gray))
        #expect(window.connections.first?.kind == .outlet(property: "rootViewController"))
        let controller = try document.required("Vc1-aa-001")
        #expect(controller.child(key: "tabBarItem")?.title == "Home")
        let tap = try document.required("Tg1-aa-001")
        #expect(tap.connections.first?.kind == .action(selector: "tapped:", eventType: nil))
    }
}
