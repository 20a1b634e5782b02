import Foundation
import VitrineInterface

// The lists' part of NibBuilder: cells and reusable views, with their content views and styled
// labels, a table's header and footer views, and the prototypes (a table's `<prototypes>`, a
// collection view's `<cells>` and section header and footer), each registered as a nib of its
// own so that every cell dequeued is built from the file, as Xcode compiles prototypes into nibs.
extension NibBuilder {
    /// Whether `child` of `parent` is made with it (by `makeView` and the list code here) rather
    /// than warned about as not loaded.
    static func isMadeWithParent(_ child: InterfaceObject, of parent: InterfaceObject) -> Bool {
        if child.isListTemplate { return true }
        switch (parent.element, child.key) {
        case (_, "collectionViewLayout"?): return true
        case ("tableView", "tableHeaderView"?), ("tableView", "tableFooterView"?): return true
        case ("tableViewCell", "contentView"?), ("collectionViewCell", "contentView"?): return true
        case ("tableViewCell", "backgroundView"?), ("tableViewCell", "selectedBackgroundView"?): return true
        case ("collectionViewCell", "backgroundView"?), ("collectionViewCell", "selectedBackgroundView"?): return true
        default: return false
        }
    }

    /// The coder `init?(coder:)` gets for `object`: the values a class needs while it
    /// initializes (a button's type, a cell's style, a reuse identifier).
    mutating func decoder(for object: InterfaceObject) -> UINibDecoder {
        var integers: [String: Int] = [:]
        // UIKit's archive values: UIButton.ButtonType's and UITableViewCell.CellStyle's raw values.
        if let type = object.buttonType { integers[UINibDecoder.buttonTypeKey] = type == "custom" ? 0 : 1 }
        if object.element == "tableViewCell", let style = cellStyle(of: object) {
            integers[UINibDecoder.cellStyleKey] = style.rawValue
        }
        let strings = object.attributes["reuseIdentifier"].map { [UINibDecoder.reuseIdentifierKey: $0] } ?? [:]
        return UINibDecoder(integers: integers, strings: strings)
    }

    /// A cell's `style=`: Xcode's names of `UITableViewCell.CellStyle` (custom cells have none).
    private mutating func cellStyle(of object: InterfaceObject) -> UITableViewCell.CellStyle? {
        let styles: [String: UITableViewCell.CellStyle] = [
            "IBUITableViewCellStyleDefault": .default, "IBUITableViewCellStyleValue1": .value1,
            "IBUITableViewCellStyleValue2": .value2, "IBUITableViewCellStyleSubtitle": .subtitle,
        ]
        return named(object, "style", styles)
    }

    /// A `tableViewCell`, `collectionViewCell` or `collectionReusableView` without a custom
    /// class, made with `init?(coder:)` as UIKit makes them (style and reuse identifier from the
    /// file).
    mutating func listElementInstance(of object: InterfaceObject, frame: CGRect) -> UIView {
        let coder = decoder(for: object)
        let made: UIView? =
            switch object.element {
            case "tableViewCell": UITableViewCell(coder: coder)
            case "collectionViewCell": UICollectionViewCell(coder: coder)
            default: UICollectionReusableView(coder: coder)
            }
        return made ?? UIView(frame: frame)
    }

    /// A table view cell's `accessoryType`, `editingAccessoryType`, `selectionStyle`, `indentationLevel`,
    /// `indentationWidth` and `rowHeight` (the cell's height), and for a styled cell the file's
    /// labels (`textLabel=`, `detailTextLabel=`, `imageView=` naming them, or `key="textLabel"`
    /// ...), which stand for the cell's own: their properties are set on the cell's.
    mutating func applyTableViewCell(_ object: InterfaceObject, to cell: UITableViewCell) {
        let accessories: [String: UITableViewCell.AccessoryType] = [
            "none": .none, "disclosureIndicator": .disclosureIndicator,
            "detailDisclosureButton": .detailDisclosureButton,
            "checkmark": .checkmark, "detailButton": .detailButton,
        ]
        if let type = named(object, "accessoryType", accessories) { cell.accessoryType = type }
        if let type = named(object, "editingAccessoryType", accessories) { cell.editingAccessoryType = type }
        let selections: [String: UITableViewCell.SelectionStyle] = [
            "none": .none, "blue": .blue, "gray": .gray, "default": .default,
        ]
        if let style = named(object, "selectionStyle", selections) { cell.selectionStyle = style }
        if let level = integer(object, "indentationLevel") { cell.indentationLevel = level }
        if let width = number(object, "indentationWidth") { cell.indentationWidth = width }
        if let height = number(object, "rowHeight"), height > 0 { cell.frame.size.height = height }

        let contentSubviews = object.child(key: "contentView")?.subviews ?? []
        for name in ["textLabel", "detailTextLabel", "imageView"] {
            guard let id = object.attributes[name] ?? contentSubviews.first(where: { $0.key == name })?.id else {
                continue
            }
            let builtIn: UIView? =
                switch name {
                case "textLabel": cell.textLabel
                case "detailTextLabel": cell.detailTextLabel
                default: cell.imageView
                }
            if let builtIn {
                builtInViews[id] = builtIn
            } else {
                warn(
                    object.line,
                    "a \(cell.cellStyle) cell has no \(name): the file's view \"\(id)\" is made as a subview")
            }
        }
    }

    /// A cell's `contentView` (the file's content view's properties, subviews and constraints
    /// go to the cell's own), `backgroundView` and `selectedBackgroundView`.
    mutating func makeCellViews(_ object: InterfaceObject, of view: UIView) {
        let contentView: UIView
        if let cell = view as? UITableViewCell {
            contentView = cell.contentView
            if let background = object.child(key: "backgroundView") {
                cell.backgroundView = makeView(background, topLevel: false)
            }
            if let background = object.child(key: "selectedBackgroundView") {
                cell.selectedBackgroundView = makeView(background, topLevel: false)
            }
        } else if let cell = view as? UICollectionViewCell {
            contentView = cell.contentView
            if let background = object.child(key: "backgroundView") {
                cell.backgroundView = makeView(background, topLevel: false)
            }
            if let background = object.child(key: "selectedBackgroundView") {
                cell.selectedBackgroundView = makeView(background, topLevel: false)
            }
        } else {
            return
        }
        if let content = object.child(key: "contentView") {
            _ = makeView(content, topLevel: false, existing: contentView)
        }
    }

    /// A collection view's prototype cells, and its section header and footer views (in the
    /// collection view or its flow layout: `<collectionReusableView key="sectionHeaderView">`)
    /// registered for `UICollectionView.elementKindSectionHeader` and `...Footer`.
    mutating func applyCollectionView(_ object: InterfaceObject, to collection: UICollectionView) {
        registerPrototypes(of: object, in: collection)
        let layout = object.child(key: "collectionViewLayout")
        let kinds = [
            ("sectionHeaderView", UICollectionView.elementKindSectionHeader),
            ("sectionFooterView", UICollectionView.elementKindSectionFooter),
        ]
        for (key, kind) in kinds {
            guard let view = object.child(key: key) ?? layout?.child(key: key) else { continue }
            guard let identifier = view.attributes["reuseIdentifier"] else {
                warn(view.line, "\(view.element) \"\(view.id)\" has no reuseIdentifier: not registered")
                continue
            }
            let nib = UINib(template: view, of: document, bundle: bundle, owner: classAnchor)
            collection.register(nib, forSupplementaryViewOfKind: kind, withReuseIdentifier: identifier)
        }
    }

    /// Registers the prototype cells of a table (`<prototypes>`) or a collection view
    /// (`<cells>`) for their `reuseIdentifier`, each as a nib of its own: every new cell is the
    /// prototype made again, with its class, content, outlets and actions, then
    /// `awakeFromNib()`.
    mutating func registerPrototypes(of object: InterfaceObject, in list: UIView) {
        for cell in object.prototypeCells {
            guard let identifier = cell.attributes["reuseIdentifier"] else {
                warn(cell.line, "\(cell.element) \"\(cell.id)\" has no reuseIdentifier: not registered")
                continue
            }
            let nib = UINib(template: cell, of: document, bundle: bundle, owner: classAnchor)
            if let table = list as? UITableView {
                table.register(nib, forCellReuseIdentifier: identifier)
            } else if let collection = list as? UICollectionView {
                collection.register(nib, forCellWithReuseIdentifier: identifier)
            }
        }
    }
}

extension InterfaceObject {
    /// Whether the object is a list's prototype (a table's `<prototypes>`, a collection view's
    /// `<cells>`, section header or footer view): made on its own for every cell or view a list
    /// asks for, not with its file.
    var isListTemplate: Bool {
        container == "prototypes" || container == "cells" || key == "sectionHeaderView" || key == "sectionFooterView"
    }
}
