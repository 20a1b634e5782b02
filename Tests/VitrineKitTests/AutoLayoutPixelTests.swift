import Foundation
import Testing
import VitrineGraphics
import VitrineLayers
import VitrineTestSupport

@testable import VitrineKit

/// Screens laid out only by constraints, drawn and compared with reference pictures at two
/// sizes, each upright and turned (the window's bounds swapped, as a rotated panel gives).
@MainActor @Suite struct AutoLayoutPixelTests {
    static let sizes: [(name: String, size: CGSize)] = [
        ("480x320", CGSize(width: 480, height: 320)), ("320x480", CGSize(width: 320, height: 480)),
        ("800x480", CGSize(width: 800, height: 480)), ("480x800", CGSize(width: 480, height: 800)),
    ]

    /// A sign-in form: a title, two labelled fields whose labels share one width, a wide
    /// button and a note pinned to the bottom margin; the form keeps to 400 points wide,
    /// centred.
    static func form(size: CGSize) -> (root: UIView, fields: [UIView], button: UIView) {
        let root = UIView(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = UIColor(white: 0.95, alpha: 1)
        root.layoutMargins = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        let margins = root.layoutMarginsGuide
        let column = UILayoutGuide()
        root.addLayoutGuide(column)
        func add<View: UIView>(_ view: View) -> View {
            view.translatesAutoresizingMaskIntoConstraints = false
            root.addSubview(view)
            return view
        }
        let title = add(UILabel())
        title.text = "Sign in"
        title.font = .boldSystemFont(ofSize: 24)
        title.textColor = .black
        var constraints = [
            column.centerXAnchor.constraint(equalTo: margins.centerXAnchor),
            column.widthAnchor.constraint(lessThanOrEqualToConstant: 400),
            column.widthAnchor.constraint(lessThanOrEqualTo: margins.widthAnchor),
            column.topAnchor.constraint(equalTo: margins.topAnchor),
            column.bottomAnchor.constraint(equalTo: margins.bottomAnchor),
            title.topAnchor.constraint(equalTo: column.topAnchor),
            title.leadingAnchor.constraint(equalTo: column.leadingAnchor),
        ]
        let wide = column.widthAnchor.constraint(equalToConstant: 400)
        wide.priority = .defaultHigh
        constraints.append(wide)
        var fields: [UIView] = []
        var previousBottom = title.bottomAnchor
        var firstLabel: UILabel?
        for name in ["Name", "PIN"] {
            let label = add(UILabel())
            label.text = name
            label.font = .systemFont(ofSize: 16)
            label.textColor = UIColor(white: 0.25, alpha: 1)
            let field = add(UIView())
            field.backgroundColor = .white
            field.layer.borderWidth = 1
            field.layer.borderColor = UIColor(white: 0.7, alpha: 1).cgColor
            field.layer.cornerRadius = 6
            constraints += [
                field.topAnchor.constraint(equalTo: previousBottom, constant: 16),
                field.heightAnchor.constraint(equalToConstant: 36),
                field.trailingAnchor.constraint(equalTo: column.trailingAnchor),
                label.leadingAnchor.constraint(equalTo: column.leadingAnchor),
                label.centerYAnchor.constraint(equalTo: field.centerYAnchor),
                field.leadingAnchor.constraint(equalTo: label.trailingAnchor, constant: 12),
            ]
            if let firstLabel { constraints.append(label.widthAnchor.constraint(equalTo: firstLabel.widthAnchor)) }
            firstLabel = firstLabel ?? label
            previousBottom = field.bottomAnchor
            fields.append(field)
        }
        let button = add(UIView())
        button.backgroundColor = .systemBlue
        button.layer.cornerRadius = 8
        let buttonTitle = UILabel()
        buttonTitle.translatesAutoresizingMaskIntoConstraints = false
        buttonTitle.text = "Continue"
        buttonTitle.textColor = .white
        buttonTitle.font = .boldSystemFont(ofSize: 17)
        button.addSubview(buttonTitle)
        let note = add(UILabel())
        note.text = "Ask at the desk for a PIN"
        note.font = .systemFont(ofSize: 13)
        note.textColor = UIColor(white: 0.4, alpha: 1)
        constraints += [
            button.topAnchor.constraint(equalTo: previousBottom, constant: 24),
            button.leadingAnchor.constraint(equalTo: column.leadingAnchor),
            button.trailingAnchor.constraint(equalTo: column.trailingAnchor),
            button.heightAnchor.constraint(equalToConstant: 44),
            buttonTitle.centerXAnchor.constraint(equalTo: button.centerXAnchor),
            buttonTitle.centerYAnchor.constraint(equalTo: button.centerYAnchor),
            note.centerXAnchor.constraint(equalTo: column.centerXAnchor),
            note.bottomAnchor.constraint(equalTo: column.bottomAnchor),
            note.topAnchor.constraint(greaterThanOrEqualTo: button.bottomAnchor, constant: 8),
        ]
        NSLayoutConstraint.activate(constraints)
        return (root, fields, button)
    }

    /// A dashboard: a header bar, then four tiles in a 2x2 grid (a row of four when the
    /// screen is wide), each tile's value label centred; tiles share their size.
    static func dashboard(size: CGSize, wide: Bool? = nil) -> (root: UIView, tiles: [UIView]) {
        let root = UIView(frame: CGRect(origin: .zero, size: size))
        root.backgroundColor = UIColor(red: 0.07, green: 0.09, blue: 0.15, alpha: 1)
        let header = UIView()
        header.translatesAutoresizingMaskIntoConstraints = false
        header.backgroundColor = UIColor(red: 0.12, green: 0.16, blue: 0.26, alpha: 1)
        root.addSubview(header)
        let title = UILabel()
        title.translatesAutoresizingMaskIntoConstraints = false
        title.text = "Line 3"
        title.textColor = .white
        title.font = .boldSystemFont(ofSize: 20)
        header.addSubview(title)
        var constraints = [
            header.topAnchor.constraint(equalTo: root.topAnchor),
            header.leadingAnchor.constraint(equalTo: root.leadingAnchor),
            header.trailingAnchor.constraint(equalTo: root.trailingAnchor),
            header.heightAnchor.constraint(equalTo: root.heightAnchor, multiplier: 0.15),
            title.leadingAnchor.constraint(equalTo: header.layoutMarginsGuide.leadingAnchor),
            title.centerYAnchor.constraint(equalTo: header.centerYAnchor),
        ]
        let colors: [UIColor] = [.systemGreen, .systemOrange, .systemTeal, .systemPink]
        let values = ["98%", "12", "4.2", "OK"]
        let wide = wide ?? (size.width > size.height * 1.4)
        var tiles: [UIView] = []
        for index in 0..<4 {
            let tile = UIView()
            tile.translatesAutoresizingMaskIntoConstraints = false
            tile.backgroundColor = colors[index]
            tile.layer.cornerRadius = 10
            root.addSubview(tile)
            let value = UILabel()
            value.translatesAutoresizingMaskIntoConstraints = false
            value.text = values[index]
            value.textColor = .white
            value.font = .boldSystemFont(ofSize: 28)
            tile.addSubview(value)
            constraints += [
                value.centerXAnchor.constraint(equalTo: tile.centerXAnchor),
                value.centerYAnchor.constraint(equalTo: tile.centerYAnchor),
            ]
            let column = wide ? index : index % 2
            let row = wide ? 0 : index / 2
            if column == 0 {
                constraints.append(tile.leadingAnchor.constraint(equalTo: root.leadingAnchor, constant: 12))
            } else {
                constraints += [
                    tile.leadingAnchor.constraint(equalTo: tiles[index - 1].trailingAnchor, constant: 12),
                    tile.widthAnchor.constraint(equalTo: tiles[0].widthAnchor),
                    tile.heightAnchor.constraint(equalTo: tiles[0].heightAnchor),
                ]
            }
            if column == (wide ? 3 : 1) {
                constraints.append(tile.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: -12))
            }
            if row == 0 {
                constraints.append(tile.topAnchor.constraint(equalTo: header.bottomAnchor, constant: 12))
            } else {
                constraints.append(tile.topAnchor.constraint(equalTo: tiles[index - 2].bottomAnchor, constant: 12))
            }
            if row == (wide ? 0 : 1) {
                constraints.append(tile.bottomAnchor.constraint(equalTo: root.bottomAnchor, constant: -12))
            }
            tiles.append(tile)
        }
        NSLayoutConstraint.activate(constraints)
        return (root, tiles)
    }

    static func render(_ root: UIView) -> PixelBuffer {
        root.layoutIfNeeded()
        root.layer.layoutAndDisplayIfNeeded()
        let pixels = PixelBuffer(width: Int(root.bounds.width), height: Int(root.bounds.height), format: .xrgb8888)
        Compositor(scale: 1).render(root.layer, into: pixels, bufferAge: 0)
        return pixels
    }

    @Test(arguments: [0, 1, 2, 3])
    func formAtTwoSizesAndRotations(_ index: Int) throws {
        let (name, size) = Self.sizes[index]
        let (root, fields, button) = Self.form(size: size)
        let pixels = Self.render(root)
        // The geometry the picture shows, checked in numbers too.
        let columnWidth = min(400, size.width - 32)
        #expect(button.frame.width == columnWidth)
        #expect(abs(button.frame.midX - size.width / 2) <= 0.5)
        #expect(fields[0].frame.minX == fields[1].frame.minX)
        #expect(fields[1].frame.minY == fields[0].frame.maxY + 16)
        #expect(!root.hasAmbiguousLayout)
        try assertSnapshot(of: pixels, named: "autolayout-form-\(name)", tolerance: 8, maxDifferingPixels: 40)
    }

    @Test(arguments: [0, 1, 2, 3])
    func dashboardAtTwoSizesAndRotations(_ index: Int) throws {
        let (name, size) = Self.sizes[index]
        let (root, tiles) = Self.dashboard(size: size)
        let pixels = Self.render(root)
        for tile in tiles.dropFirst() { #expect(tile.frame.size == tiles[0].frame.size) }
        #expect(tiles.last!.frame.maxX == size.width - 12)
        #expect(tiles.last!.frame.maxY == size.height - 12)
        try assertSnapshot(of: pixels, named: "autolayout-dashboard-\(name)", tolerance: 8, maxDifferingPixels: 40)
    }

    /// The same window turned: one tree re-laid out at the swapped size matches a tree made at
    /// that size.
    @Test func aRotationReLaysOutToTheSamePicture() throws {
        let (root, _) = Self.dashboard(size: CGSize(width: 480, height: 320))
        _ = Self.render(root)
        root.frame = CGRect(x: 0, y: 0, width: 320, height: 480)
        let turned = Self.render(root)
        // The arrangement (a row of four) was chosen for the first size; a fresh tree with it
        // at the turned size draws the same.
        let (fresh, _) = Self.dashboard(size: CGSize(width: 320, height: 480), wide: true)
        #expect(turned.hasSamePixels(as: Self.render(fresh)))
    }
}
