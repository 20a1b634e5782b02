import Foundation
import Testing

@testable import VitrineKit

/// The custom cell of `Cells.storyboard`'s "Contact" prototype and of `ContactCell.xib`: two
/// outlets, an action from its button, and counts of what UIKit calls on it.
final class ContactCell: UITableViewCell, NibActionTarget {
    @Outlet var nameLabel: UILabel!
    @Outlet var phoneLabel: UILabel!
    private(set) var awakeCount = 0
    private(set) var prepareCount = 0
    private(set) var calls = 0

    override func awakeFromNib() {
        super.awakeFromNib()
        awakeCount += 1
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        prepareCount += 1
    }

    func callTapped(_ sender: UIButton) { calls += 1 }

    static let nibActions = [NibAction("callTapped:", ContactCell.callTapped)]
}

/// The collection cell of the "Photo" prototype and of `PhotoCell.xib`.
final class PhotoCell: UICollectionViewCell {
    @Outlet var captionLabel: UILabel!
    private(set) var awakeCount = 0

    override func awakeFromNib() {
        super.awakeFromNib()
        awakeCount += 1
    }
}

/// The "Contacts" scene of `Cells.storyboard`: records the segue its cells trigger and the
/// selection, in the order they come.
final class ContactsController: UITableViewController {
    var events: [String] = []

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        let name = (sender as? ContactCell)?.nameLabel.text ?? "no cell"
        events.append("prepare \(segue.identifier ?? "") from \(name) to \(segue.destination.title ?? "")")
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        events.append("didSelect \(indexPath.row)")
    }
}

/// Shows three contacts with the "Contact" prototype of `Cells.storyboard`.
final class ContactsDataSource: UITableViewDataSource {
    let names = ["Ada", "Grace", "Alan"]

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Contact", for: indexPath)
        (cell as? ContactCell)?.nameLabel.text = names[indexPath.row]
        return cell
    }
}

/// The section header of the "Photos" scene and of `PhotoHeader.xib`.
final class PhotoHeader: UICollectionReusableView {
    @Outlet var titleLabel: UILabel!
}

/// The table section header of `SectionHeader.xib` (a `view` whose custom class it is).
final class SectionHeaderView: UITableViewHeaderFooterView {
    @Outlet var titleLabel: UILabel!
}

/// Prototype cells of storyboards built with their contents for every cell, and nibs registered
/// for table and collection view cells and reusable views, as UIKit.
@MainActor @Suite(.serialized) struct NibCellTests {
    /// The "Contacts" table view controller of `Cells.storyboard`, its view loaded.
    func contacts() throws -> (storyboard: UIStoryboard, controller: UITableViewController) {
        let storyboard = UIStoryboard(name: "Cells", bundle: NibFixtures.bundle)
        let controller = try #require(
            storyboard.instantiateViewController(withIdentifier: "Contacts") as? UITableViewController)
        controller.loadViewIfNeeded()
        return (storyboard, controller)
    }

    // Made at each use: a global `Data` keeps its storage behind an enum tag in the pointer's
    // spare bits, which LeakSanitizer cannot follow (docs/testing.md, "Sanitizers").
    static var emptyXIB: Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                </objects>
            </document>
            """.utf8)
    }

    static var twoCellsXIB: Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="Two-aa-001">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="Two-aa-001" id="Two-aa-002">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </tableViewCellContentView>
                    </tableViewCell>
                    <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="Two-aa-003">
                        <rect key="frame" x="0.0" y="0.0" width="50" height="50"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <collectionViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" insetsLayoutMarginsFromSafeArea="NO" id="Two-aa-004">
                            <rect key="frame" x="0.0" y="0.0" width="50" height="50"/>
                            <autoresizingMask key="autoresizingMask"/>
                        </collectionViewCellContentView>
                    </collectionViewCell>
                </objects>
            </document>
            """.utf8)
    }

    // MARK: Prototype cells

    @Test func prototypeCellsBuildTheirContentsOnEveryCell() throws {
        let (storyboard, controller) = try contacts()
        let table = controller.tableView!
        let first = try #require(table.dequeueReusableCell(withIdentifier: "Contact") as? ContactCell)
        let second = try #require(table.dequeueReusableCell(withIdentifier: "Contact") as? ContactCell)
        #expect(storyboard.diagnostics.isEmpty, "\(storyboard.diagnostics)")
        // The prototype's own nib: built without warnings, from the storyboard parsed once.
        let prototype = try #require(table.cellNibs["Contact"])
        #expect(prototype.diagnostics.isEmpty, "\(prototype.diagnostics)")
        #expect(prototype.displayName == "Cells.storyboard: tableViewCell \"Contact\"")
        #expect(prototype.parseCount == 0)

        // Two cells, each with its own subviews, in its own content view (not a second one).
        #expect(first !== second)
        #expect(first.nameLabel !== second.nameLabel)
        #expect(first.phoneLabel !== second.phoneLabel)
        for cell in [first, second] {
            #expect(cell.reuseIdentifier == "Contact")
            #expect(cell.nameLabel.text == "Name")
            #expect(cell.nameLabel.font == .boldSystemFont(ofSize: 17))
            #expect(cell.phoneLabel.text == "Phone")
            #expect(cell.nameLabel.superview === cell.contentView)
            #expect(cell.phoneLabel.superview === cell.contentView)
            #expect(cell.contentView.superview === cell)
            #expect(cell.contentView.subviews.count == 3)
            #expect(cell.contentView.backgroundColor == .systemYellow)
            #expect(!cell.nameLabel.translatesAutoresizingMaskIntoConstraints)
            #expect(cell.contentView.constraints.count >= 6)
            #expect(cell.accessoryType == .disclosureIndicator)
            #expect(cell.selectionStyle == .none)
            #expect(cell.bounds.height == 64)
            #expect(cell.awakeCount == 1)
        }

        // The button's action goes to its own cell.
        let button = try #require(first.contentView.subviews.compactMap { $0 as? UIButton }.first)
        #expect(button.title(for: .normal) == "Call")
        button.sendActions(for: .touchUpInside)
        #expect(first.calls == 1)
        #expect(second.calls == 0)
    }

    @Test func aTableShowsItsPrototypeCellsInItsRows() throws {
        let rig = HeadlessRig()
        let (_, controller) = try contacts()
        let source = ContactsDataSource()
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = controller
        window.isHidden = false
        controller.view.frame = window.bounds
        controller.tableView.dataSource = source
        controller.tableView.reloadData()
        controller.tableView.layoutIfNeeded()
        let cells = controller.tableView.visibleCells.compactMap { $0 as? ContactCell }
        #expect(cells.map { $0.nameLabel.text } == ["Ada", "Grace", "Alan"])
        #expect(Set(cells.map { ObjectIdentifier($0) }).count == 3)
        for (row, cell) in cells.enumerated() {
            #expect(cell.frame == controller.tableView.rectForRow(at: IndexPath(row: row, section: 0)))
            #expect(cell.awakeCount == 1)
            // The content view's constraints place the labels inside the row.
            #expect(cell.nameLabel.frame.minY >= 0)
            #expect(cell.phoneLabel.frame.minY >= cell.nameLabel.frame.maxY)
        }
        _ = rig
    }

    @Test func selectingAPrototypesRowRunsItsSegueWithTheCellAsSender() throws {
        let rig = HeadlessRig()
        let (_, table) = try contacts()
        let controller = try #require(table as? ContactsController)
        let navigation = UINavigationController(rootViewController: controller)
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.rootViewController = navigation
        window.isHidden = false
        let source = ContactsDataSource()
        controller.tableView.dataSource = source
        controller.tableView.reloadData()
        window.layoutIfNeeded()
        controller.tableView.layoutIfNeeded()
        controller.tableView.userTapped(IndexPath(row: 1, section: 0))
        // UIKit's order: the segue's prepare, then the delegate's didSelect.
        #expect(controller.events == ["prepare ShowContact from Grace to Contact", "didSelect 1"])
        #expect(navigation.viewControllers.count == 2)
        #expect(navigation.topViewController?.title == "Contact")
        _ = rig
    }

    @Test func reusedPrototypeCellsArePreparedNotBuiltAgain() throws {
        let table = try contacts().controller.tableView!
        let cell = try #require(table.dequeueReusableCell(withIdentifier: "Contact") as? ContactCell)
        let label = cell.nameLabel
        table.enqueue(cell)
        let again = try #require(table.dequeueReusableCell(withIdentifier: "Contact") as? ContactCell)
        #expect(again === cell)
        #expect(again.nameLabel === label)
        #expect(again.prepareCount == 1)
        #expect(again.awakeCount == 1)
        #expect(again.contentView.subviews.count == 3)
    }

    @Test func styledPrototypesMapTheirLabelsOntoTheCellsOwn() throws {
        let table = try contacts().controller.tableView!
        let basic = try #require(table.dequeueReusableCell(withIdentifier: "Basic"))
        #expect(basic.cellStyle == .default)
        #expect(basic.textLabel?.text == "Basic title")
        #expect(basic.textLabel?.font == .systemFont(ofSize: 17))
        #expect(basic.detailTextLabel == nil)
        #expect(basic.contentView.subviews.filter { $0 is UILabel }.count == 1)

        let subtitle = try #require(table.dequeueReusableCell(withIdentifier: "Subtitle"))
        #expect(subtitle.cellStyle == .subtitle)
        #expect(subtitle.textLabel?.text == "Subtitle title")
        #expect(subtitle.detailTextLabel?.text == "Subtitle detail")
        #expect(subtitle.detailTextLabel?.font == .systemFont(ofSize: 12))
        #expect(subtitle.contentView.subviews.filter { $0 is UILabel }.count == 2)

        let value1 = try #require(table.dequeueReusableCell(withIdentifier: "Value1"))
        #expect(value1.cellStyle == .value1)
        #expect(value1.textLabel?.text == "Wi-Fi")
        #expect(value1.detailTextLabel?.text == "Kiosk")
        #expect(value1.detailTextLabel?.textColor == .systemRed)
        #expect(value1.detailTextLabel?.textAlignment == .right)

        let value2 = try #require(table.dequeueReusableCell(withIdentifier: "Value2"))
        #expect(value2.cellStyle == .value2)
        #expect(value2.textLabel?.text == "home")
        #expect(value2.textLabel?.font == .boldSystemFont(ofSize: 12))
        #expect(value2.detailTextLabel?.text == "555-0100")
        #expect(value2.contentView.subviews.filter { $0 is UILabel }.count == 2)
        for identifier in ["Basic", "Subtitle", "Value1", "Value2"] {
            #expect(table.cellNibs[identifier]?.diagnostics.isEmpty == true, "\(identifier)")
        }
    }

    @Test func tableHeaderAndFooterViewsAreTheFilesViews() throws {
        let (storyboard, controller) = try contacts()
        let header = try #require(controller.tableView.tableHeaderView)
        #expect(header.backgroundColor == .systemGroupedBackground)
        let label = try #require(header.subviews.first as? UILabel)
        #expect(label.text == "All contacts")
        #expect(!label.translatesAutoresizingMaskIntoConstraints)
        #expect(header.constraints.count == 2)
        let footer = try #require(controller.tableView.tableFooterView)
        #expect(footer.backgroundColor == .systemRed)
        #expect(footer !== header)
        #expect(storyboard.diagnostics.isEmpty, "\(storyboard.diagnostics)")
    }

    @Test func collectionPrototypesAndSectionViewsAreBuiltForEachView() throws {
        let storyboard = UIStoryboard(name: "Cells", bundle: NibFixtures.bundle)
        let controller = storyboard.instantiateViewController(withIdentifier: "Photos")
        controller.loadViewIfNeeded()
        let collection = try #require(controller.view.subviews.first as? UICollectionView)
        let path = IndexPath(item: 0, section: 0)
        let first = try #require(collection.dequeueReusableCell(withReuseIdentifier: "Photo", for: path) as? PhotoCell)
        let second = try #require(collection.dequeueReusableCell(withReuseIdentifier: "Photo", for: path) as? PhotoCell)
        #expect(first !== second)
        #expect(first.captionLabel !== second.captionLabel)
        #expect(first.captionLabel.text == "Caption")
        #expect(first.captionLabel.superview === first.contentView)
        #expect(first.contentView.backgroundColor == .systemGreen)
        // The content view keeps following the cell.
        #expect(first.contentView.autoresizingMask == [.flexibleWidth, .flexibleHeight])
        #expect(first.awakeCount == 1)
        #expect(first.reuseIdentifier == "Photo")

        let header = try #require(
            collection.dequeueReusableSupplementaryView(
                ofKind: UICollectionView.elementKindSectionHeader, withReuseIdentifier: "Header", for: path)
                as? PhotoHeader)
        #expect(header.titleLabel.text == "Section")
        #expect(header.titleLabel.superview === header)
        #expect(header.reuseIdentifier == "Header")
        let footer = collection.dequeueReusableSupplementaryView(
            ofKind: UICollectionView.elementKindSectionFooter, withReuseIdentifier: "Footer", for: path)
        #expect(type(of: footer) == UICollectionReusableView.self)
        #expect(footer.backgroundColor == .systemRed)
        #expect(storyboard.diagnostics.isEmpty, "\(storyboard.diagnostics)")
        #expect(collection.registeredCellNibs["Photo"]?.diagnostics.isEmpty == true)
        #expect(
            collection.registeredSupplementaryNibs[UICollectionView.elementKindSectionHeader]?["Header"]?.diagnostics
                .isEmpty == true)
    }

    // MARK: Registering nibs

    @Test func aTableMakesCellsFromARegisteredNib() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        let nib = NibFixtures.nib("ContactCell")
        table.register(nib, forCellReuseIdentifier: "ContactCell")
        let first = try #require(table.dequeueReusableCell(withIdentifier: "ContactCell") as? ContactCell)
        let second = try #require(table.dequeueReusableCell(withIdentifier: "ContactCell") as? ContactCell)
        #expect(first !== second)
        #expect(first.nameLabel.text == "Nib name")
        #expect(first.phoneLabel.superview === first.contentView)
        #expect(first.nameLabel !== second.nameLabel)
        #expect(first.accessoryType == .checkmark)
        #expect(first.editingAccessoryType == .detailButton)
        #expect(first.selectionStyle == .gray)
        #expect(first.awakeCount == 1)
        #expect(second.awakeCount == 1)
        #expect(nib.parseCount == 1)
        #expect(nib.diagnostics.isEmpty, "\(nib.diagnostics)")

        // Reuse works as for a class.
        table.enqueue(first)
        #expect(table.dequeueReusableCell(withIdentifier: "ContactCell") === first)
        #expect(first.prepareCount == 1)

        // A class registration replaces the nib, and a nib the class.
        table.register(UITableViewCell.self, forCellReuseIdentifier: "ContactCell")
        let plain = try #require(table.dequeueReusableCell(withIdentifier: "ContactCell"))
        #expect(type(of: plain) == UITableViewCell.self)
        table.register(nib, forCellReuseIdentifier: "ContactCell")
        #expect(table.dequeueReusableCell(withIdentifier: "ContactCell") is ContactCell)
        #expect(table.cellClasses["ContactCell"] == nil)
        table.register(nil as UINib?, forCellReuseIdentifier: "ContactCell")
        #expect(table.dequeueReusableCell(withIdentifier: "ContactCell") == nil)
    }

    @Test func aTableMakesHeaderFooterViewsFromARegisteredNib() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(NibFixtures.nib("SectionHeader"), forHeaderFooterViewReuseIdentifier: "Section")
        let header = try #require(
            table.dequeueReusableHeaderFooterView(withIdentifier: "Section") as? SectionHeaderView)
        #expect(header.titleLabel.text == "SECTION")
        #expect(header.reuseIdentifier == "Section")
        let other = try #require(table.dequeueReusableHeaderFooterView(withIdentifier: "Section") as? SectionHeaderView)
        #expect(other.titleLabel !== header.titleLabel)

        // A class that is not a header footer view is refused, and the nib stays.
        let reports = tableReports { table.register(UIView.self, forHeaderFooterViewReuseIdentifier: "Section") }
        #expect(reports.count == 1)
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "Section") is SectionHeaderView)

        table.register(UITableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "Section")
        let plain = try #require(table.dequeueReusableHeaderFooterView(withIdentifier: "Section"))
        #expect(type(of: plain) == UITableViewHeaderFooterView.self)
        table.register(nil as UINib?, forHeaderFooterViewReuseIdentifier: "Section")
        #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "Section") == nil)
    }

    @Test func aCollectionViewMakesCellsAndSupplementaryViewsFromRegisteredNibs() throws {
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
        var errors: [String] = []
        collection.errorObserver = { errors.append($0) }
        collection.register(NibFixtures.nib("PhotoCell"), forCellWithReuseIdentifier: "PhotoCell")
        let kind = UICollectionView.elementKindSectionHeader
        collection.register(NibFixtures.nib("PhotoHeader"), forSupplementaryViewOfKind: kind, withReuseIdentifier: "PH")
        let path = IndexPath(item: 0, section: 0)
        let cell = try #require(
            collection.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: path) as? PhotoCell)
        #expect(cell.captionLabel.text == "Nib caption")
        #expect(cell.captionLabel.superview === cell.contentView)
        #expect(cell.contentView.backgroundColor == .systemBlue)
        #expect(cell.awakeCount == 1)
        let header = try #require(
            collection.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "PH", for: path)
                as? PhotoHeader)
        #expect(header.titleLabel.text == "Nib section")
        #expect(header.reuseIdentifier == "PH")
        #expect(errors.isEmpty, "\(errors)")

        // A class replaces the nib; nil unregisters.
        collection.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "PhotoCell")
        let plain = collection.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: path)
        #expect(type(of: plain) == UICollectionViewCell.self)
        collection.register(nil as UINib?, forSupplementaryViewOfKind: kind, withReuseIdentifier: "PH")
        _ = collection.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "PH", for: path)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("must register a nib or a class") == true)
    }

    @Test func aNibWithoutExactlyOneCellLogsAnErrorAndGivesAPlainCell() throws {
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        table.register(UINib(data: Self.emptyXIB, bundle: nil), forCellReuseIdentifier: "Empty")
        table.register(UINib(data: Self.twoCellsXIB, bundle: nil), forCellReuseIdentifier: "Two")
        var cells: [UITableViewCell?] = []
        let reports = tableReports {
            cells.append(table.dequeueReusableCell(withIdentifier: "Empty"))
            cells.append(table.dequeueReusableCell(withIdentifier: "Two"))
        }
        #expect(cells.allSatisfy { $0.map { type(of: $0) == UITableViewCell.self } ?? false })
        #expect(cells.map { $0?.reuseIdentifier } == ["Empty", "Two"])
        #expect(reports.count == 2)
        #expect(reports.first?.contains("invalid nib registered for identifier (Empty)") == true)
        #expect(reports.first?.contains("(nib data) has 0") == true)
        #expect(reports.last?.contains("invalid nib registered for identifier (Two)") == true)
        #expect(reports.last?.contains("has 2 (UITableViewCell, UICollectionViewCell)") == true)

        // A nib whose one object is not a collection view cell.
        let collection = UICollectionView(
            frame: CGRect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: UICollectionViewFlowLayout())
        var errors: [String] = []
        collection.errorObserver = { errors.append($0) }
        collection.register(NibFixtures.nib("ContactCell"), forCellWithReuseIdentifier: "Wrong")
        let cell = collection.dequeueReusableCell(withReuseIdentifier: "Wrong", for: IndexPath(item: 0, section: 0))
        #expect(type(of: cell) == UICollectionViewCell.self)
        #expect(cell.reuseIdentifier == "Wrong")
        #expect(errors.count == 1)
        #expect(errors.first?.contains("ContactCell.xib has 1 (ContactCell)") == true)
    }

    // MARK: Cells made by coders

    @Test func cellsAndReusableViewsSupportInitWithCoder() throws {
        let coder = UINibDecoder(
            integers: [UINibDecoder.cellStyleKey: UITableViewCell.CellStyle.value2.rawValue],
            strings: [UINibDecoder.reuseIdentifierKey: "Made"])
        let cell = try #require(UITableViewCell(coder: coder))
        #expect(cell.cellStyle == .value2)
        #expect(cell.reuseIdentifier == "Made")
        #expect(cell.contentView.superview === cell)
        let collectionCell = try #require(UICollectionViewCell(coder: coder))
        #expect(collectionCell.reuseIdentifier == "Made")
        #expect(collectionCell.contentView.superview === collectionCell)
        #expect(UICollectionReusableView(coder: coder)?.reuseIdentifier == "Made")
        let header = try #require(UITableViewHeaderFooterView(coder: coder))
        #expect(header.reuseIdentifier == "Made")
        #expect(header.contentView.superview === header)
        // Any other coder: no archives in Vitrine.
        let other = NSKeyedArchiver(requiringSecureCoding: false)
        #expect(UITableViewCell(coder: other) == nil)
        #expect(UICollectionViewCell(coder: other) == nil)
    }
}
