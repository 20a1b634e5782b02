import Foundation
import Testing

@testable import VitrineKit

/// The table cell class of the `Lists` fixtures' `customClass="ListsRowCell"`.
final class ListsRowCell: UITableViewCell {}
/// The collection cell class of `customClass="ListsTileCell"`.
final class ListsTileCell: UICollectionViewCell {}

/// UINib and UIStoryboard: the controls, text views, tables and collection views of interface
/// files, with the properties Xcode writes for them.
@MainActor @Suite(.serialized) struct NibElementsTests {
    @Test func controlsTakeTheFilesProperties() throws {
        let nib = NibFixtures.nib("MoreControls")
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        let views = root.subviews
        #expect(views.count == 9)

        let segmented = try #require(views[0] as? UISegmentedControl)
        #expect(segmented.numberOfSegments == 3)
        #expect((0..<3).map { segmented.titleForSegment(at: $0) } == ["Day", "Week", "Month"])
        #expect(segmented.selectedSegmentIndex == 1)
        #expect(segmented.isMomentary)
        #expect(segmented.selectedSegmentTintColor == .systemRed)
        #expect(segmented.frame == CGRect(x: 10, y: 10, width: 300, height: 32))

        let spinning = try #require(views[1] as? UIActivityIndicatorView)
        #expect(spinning.style == .large)
        #expect(spinning.isAnimating)
        #expect(!spinning.isHidden)
        #expect(spinning.hidesWhenStopped)
        #expect(spinning.color == .systemRed)
        let stopped = try #require(views[2] as? UIActivityIndicatorView)
        #expect(stopped.style == .medium)
        #expect(!stopped.isAnimating)
        #expect(stopped.isHidden)

        let progress = try #require(views[3] as? UIProgressView)
        #expect(progress.progress == 0.75)
        #expect(progress.progressViewStyle == .bar)
        #expect(progress.progressTintColor == .systemGreen)
        #expect(progress.trackTintColor == .systemRed)

        let stepper = try #require(views[4] as? UIStepper)
        #expect(stepper.minimumValue == 100)
        #expect(stepper.maximumValue == 200)
        #expect(stepper.value == 150)
        #expect(stepper.stepValue == 5)
        #expect(stepper.wraps)
        #expect(!stepper.autorepeat)
        #expect(!stepper.isContinuous)

        let pages = try #require(views[5] as? UIPageControl)
        #expect(pages.numberOfPages == 5)
        #expect(pages.currentPage == 2)
        #expect(pages.pageIndicatorTintColor == .systemGreen)
        #expect(pages.currentPageIndicatorTintColor == .systemRed)

        let picker = try #require(views[6] as? UIPickerView)
        #expect(picker.frame == CGRect(x: 10, y: 180, width: 300, height: 162))

        let datePicker = try #require(views[7] as? UIDatePicker)
        #expect(datePicker.datePickerMode == .time)
        #expect(datePicker.minuteInterval == 15)
        #expect(datePicker.preferredDatePickerStyle == .wheels)

        let textView = try #require(views[8] as? UITextView)
        #expect(textView.text == "Line one\nLine two")
        #expect(!textView.isEditable)
        #expect(textView.font == .systemFont(ofSize: 14))
        #expect(textView.textColor == .systemRed)
        #expect(textView.textAlignment == .center)
        #expect(textView.backgroundColor == .systemBackground)

        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
    }

    @Test func tablesAndCollectionViewsTakeTheFilesPropertiesAndCells() throws {
        let nib = NibFixtures.nib("Lists")
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        let table = try #require(root.subviews.first as? UITableView)
        #expect(table.style == .insetGrouped)
        #expect(table.separatorStyle == .none)
        #expect(table.rowHeight == 60)
        #expect(table.estimatedRowHeight == UITableView.automaticDimension)
        #expect(table.sectionHeaderHeight == 18)
        // Prototypes are registered as nibs of their own, made again for each cell.
        #expect(table.cellNibs.keys.sorted() == ["Plain", "Row"])
        #expect(table.dequeueReusableCell(withIdentifier: "Row") is ListsRowCell)
        #expect(table.dequeueReusableCell(withIdentifier: "Plain").map { type(of: $0) == UITableViewCell.self } == true)

        let collection = try #require(root.subviews.last as? UICollectionView)
        let layout = try #require(collection.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(layout.scrollDirection == .horizontal)
        #expect(layout.itemSize == CGSize(width: 100, height: 80))
        #expect(layout.minimumLineSpacing == 12)
        #expect(layout.minimumInteritemSpacing == 6)
        #expect(layout.sectionInset == UIEdgeInsets(top: 4, left: 8, bottom: 4, right: 8))
        #expect(layout.estimatedItemSize == .zero)
        #expect(collection.registeredCellNibs["Tile"] != nil)
        #expect(
            collection.dequeueReusableCell(withReuseIdentifier: "Tile", for: IndexPath(item: 0, section: 0))
                is ListsTileCell)
        #expect(collection.backgroundColor == .systemBackground)
    }

    @Test func aStoryboardScenesListsLoadToo() throws {
        let storyboard = UIStoryboard(name: "Lists", bundle: NibFixtures.bundle)
        let controller = try #require(storyboard.instantiateInitialViewController())
        controller.loadViewIfNeeded()
        let table = try #require(controller.view.subviews.first as? UITableView)
        #expect(table.style == .grouped)
        #expect(table.separatorStyle == .singleLine)
        #expect(table.rowHeight == UITableView.automaticDimension)
        #expect(table.dequeueReusableCell(withIdentifier: "Row") is ListsRowCell)
        #expect(!table.translatesAutoresizingMaskIntoConstraints)
        let collection = try #require(controller.view.subviews.last as? UICollectionView)
        let layout = try #require(collection.collectionViewLayout as? UICollectionViewFlowLayout)
        #expect(layout.estimatedItemSize == UICollectionViewFlowLayout.automaticSize)
        #expect(layout.itemSize == CGSize(width: 128, height: 128))
        let cell = collection.dequeueReusableCell(withReuseIdentifier: "Cell", for: IndexPath(item: 0, section: 0))
        #expect(type(of: cell) == UICollectionViewCell.self)
        #expect(cell.reuseIdentifier == "Cell")

        // A table view controller's own table takes the file's properties and prototypes.
        let rows = try #require(storyboard.instantiateViewController(withIdentifier: "Rows") as? UITableViewController)
        rows.loadViewIfNeeded()
        #expect(rows.tableView.rowHeight == 72)
        #expect(rows.tableView.separatorStyle == .none)
        #expect(rows.tableView.dequeueReusableCell(withIdentifier: "Row") is ListsRowCell)
        #expect(rows.tableView.dataSource === rows)
        #expect(storyboard.diagnostics.isEmpty, "\(storyboard.diagnostics)")
    }

    @Test func datePickersTakeTheFilesDates() throws {
        let nib = NibFixtures.nib("Dates")
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")
        let custom = try #require(root.subviews.first as? UIDatePicker)
        #expect(custom.date == Date(timeIntervalSinceReferenceDate: 785_548_800))
        #expect(custom.minimumDate == Date(timeIntervalSinceReferenceDate: 757_382_400))
        #expect(custom.maximumDate == Date(timeIntervalSinceReferenceDate: 788_832_000))
        // Date: Current in the Attributes inspector: the file's date is the editor's, not used.
        let current = try #require(root.subviews.last as? UIDatePicker)
        #expect(abs(current.date.timeIntervalSinceNow) < 60)
        #expect(current.minimumDate == nil)
    }

    @Test func unknownValuesAreWarnedAboutWithFileLineAndElement() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                <objects>
                    <view contentMode="scaleToFill" id="Bd0-aa-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="480"/>
                        <subviews>
                            <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="fancy" selectedSegmentIndex="4" id="Bd1-aa-001">
                                <rect key="frame" x="0.0" y="0.0" width="100" height="32"/>
                                <segments>
                                    <segment title="One"/>
                                </segments>
                            </segmentedControl>
                            <activityIndicatorView opaque="NO" contentMode="scaleToFill" style="huge" id="Bd2-aa-002">
                                <rect key="frame" x="0.0" y="40" width="20" height="20"/>
                            </activityIndicatorView>
                            <datePicker contentMode="scaleToFill" datePickerMode="week" minuteInterval="7" style="dial" id="Bd3-aa-003">
                                <rect key="frame" x="0.0" y="60" width="300" height="162"/>
                            </datePicker>
                            <stepper opaque="NO" contentMode="scaleToFill" value="lots" minimumValue="5" maximumValue="1" id="Bd4-aa-004">
                                <rect key="frame" x="0.0" y="230" width="94" height="32"/>
                            </stepper>
                            <tableView clipsSubviews="YES" contentMode="scaleToFill" style="carousel" separatorStyle="dotted" rowHeight="tall" id="Bd5-aa-005">
                                <rect key="frame" x="0.0" y="270" width="320" height="100"/>
                            </tableView>
                            <collectionView clipsSubviews="YES" contentMode="scaleToFill" id="Bd6-aa-006">
                                <rect key="frame" x="0.0" y="370" width="320" height="100"/>
                                <collectionViewFlowLayout key="collectionViewLayout" scrollDirection="diagonal" minimumLineSpacing="10" minimumInteritemSpacing="10" id="Bd7-aa-007">
                                    <size key="itemSize" width="50" height="50"/>
                                </collectionViewFlowLayout>
                            </collectionView>
                        </subviews>
                    </view>
                </objects>
            </document>
            """
        let nib = UINib(data: Data(xib.utf8), bundle: nil)
        let root = try #require(nib.instantiate(withOwner: nil).first as? UIView)
        #expect(root.subviews.count == 6)
        #expect((root.subviews[0] as? UISegmentedControl)?.selectedSegmentIndex == UISegmentedControl.noSegment)
        #expect((root.subviews[1] as? UIActivityIndicatorView)?.style == .medium)
        #expect((root.subviews[2] as? UIDatePicker)?.datePickerMode == .dateAndTime)
        #expect((root.subviews[4] as? UITableView)?.style == .plain)
        #expect(
            ((root.subviews[5] as? UICollectionView)?.collectionViewLayout as? UICollectionViewFlowLayout)?
                .scrollDirection == .vertical)
        let warnings = nib.diagnostics.map(\.description)
        for expected in [
            ":7: unknown segmentControlStyle \"fancy\" on segmentedControl \"Bd1-aa-001\"",
            ":7: selectedSegmentIndex 4 on segmentedControl \"Bd1-aa-001\"",
            ":13: unknown style \"huge\" on activityIndicatorView \"Bd2-aa-002\"",
            ":16: unknown datePickerMode \"week\" on datePicker \"Bd3-aa-003\"",
            ":16: minuteInterval 7 on datePicker \"Bd3-aa-003\"",
            ":16: unknown style \"dial\" on datePicker \"Bd3-aa-003\"",
            ":19: value=\"lots\" on stepper \"Bd4-aa-004\" is not a number",
            ":19: stepper \"Bd4-aa-004\": minimumValue 5.0 is not below maximumValue 1.0",
            ":22: unknown style \"carousel\" on tableView \"Bd5-aa-005\"",
            ":22: unknown separatorStyle \"dotted\" on tableView \"Bd5-aa-005\"",
            ":22: rowHeight=\"tall\" on tableView \"Bd5-aa-005\" is not a number",
            ":27: unknown scrollDirection \"diagonal\" on collectionViewFlowLayout \"Bd7-aa-007\"",
        ] {
            #expect(warnings.contains { $0.contains(expected) }, "\(expected) in \(warnings)")
        }
        #expect(nib.diagnostics.allSatisfy { $0.severity == .warning })
    }
}
