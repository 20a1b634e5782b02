import Foundation
import VitrineKit
import VitrineShowcase

/// The demo kiosk screen `vitrined` shows: a wallpaper, a title, six tiles that light up when
/// tapped, and a control bar (a button, a switch, a slider) driving a status line. Built only
/// from VitrineKit's UIKit API, as an app would be.
@MainActor
public final class KioskViewController: UIViewController {
    /// What the controls last did, shown at the bottom.
    public let statusLabel = UILabel()
    /// The bar's main button.
    public let startButton = UIButton(type: .system)
    private let wallpaper = UIImageView()
    private let titleLabel = UILabel()
    private let subtitleLabel = UILabel()
    private var tiles: [UIView] = []
    private let bar = UIView()
    private let lightsSwitch = UISwitch()
    private let brightnessSlider = UISlider()
    private var starts = 0

    public override func loadView() {
        view = UIView(frame: UIScreen.main.bounds)
        view.backgroundColor = .black
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        let size = view.bounds.size
        wallpaper.image = UIImage(
            cgImage: ShowcaseScene.backgroundImage(width: max(1, Int(size.width)), height: max(1, Int(size.height))))
        wallpaper.contentMode = .scaleAspectFill
        view.addSubview(wallpaper)

        titleLabel.text = "Vitrine"
        titleLabel.font = .boldSystemFont(ofSize: 56)
        titleLabel.textColor = .white
        view.addSubview(titleLabel)
        subtitleLabel.text = "A UIKit-compatible display runtime for embedded Linux touch panels"
        subtitleLabel.font = .systemFont(ofSize: 22)
        subtitleLabel.textColor = UIColor(white: 1, alpha: 0.8)
        view.addSubview(subtitleLabel)

        let icon = UIImage(cgImage: ShowcaseScene.iconImage(size: 128))
        let names = ["Lobby", "Meeting rooms", "Cafeteria", "Parking", "Events", "Help desk"]
        for (index, name) in names.enumerated() {
            let tile = UIView()
            tile.backgroundColor = UIColor(white: 1, alpha: 0.16)
            tile.layer.cornerRadius = 22
            tile.layer.borderWidth = 1.5
            tile.layer.borderColor = UIColor(white: 1, alpha: 0.35).cgColor
            tile.tag = index
            let image = UIImageView(image: icon)
            image.frame = CGRect(x: 24, y: 24, width: 96, height: 96)
            tile.addSubview(image)
            let label = UILabel()
            label.text = name
            label.font = .systemFont(ofSize: 28, weight: .semibold)
            label.textColor = .white
            label.frame = CGRect(x: 24, y: 136, width: 360, height: 40)
            tile.addSubview(label)
            tile.addGestureRecognizer(
                UITapGestureRecognizer { [weak self] recognizer in
                    guard let tile = recognizer.view else { return }
                    self?.select(tile, named: name)
                })
            view.addSubview(tile)
            tiles.append(tile)
        }

        bar.backgroundColor = UIColor(white: 0, alpha: 0.45)
        bar.layer.cornerRadius = 18
        view.addSubview(bar)
        startButton.setTitle("Start", for: .normal)
        startButton.titleLabel?.font = .boldSystemFont(ofSize: 28)
        startButton.tintColor = .systemYellow
        startButton.addAction(
            UIAction { [weak self] _ in
                guard let self else { return }
                starts += 1
                statusLabel.text = "Started \(starts) time\(starts == 1 ? "" : "s")"
            }, for: .primaryActionTriggered)
        bar.addSubview(startButton)
        lightsSwitch.isOn = true
        lightsSwitch.addAction(
            UIAction { [weak self] _ in
                guard let self else { return }
                statusLabel.text = "Lights \(lightsSwitch.isOn ? "on" : "off")"
            }, for: .valueChanged)
        bar.addSubview(lightsSwitch)
        brightnessSlider.value = 0.7
        brightnessSlider.addAction(
            UIAction { [weak self] _ in
                guard let self else { return }
                statusLabel.text = "Brightness \(Int((brightnessSlider.value * 100).rounded())) %"
            }, for: .valueChanged)
        bar.addSubview(brightnessSlider)
        statusLabel.text = "Touch a tile"
        statusLabel.font = .systemFont(ofSize: 24)
        statusLabel.textColor = .white
        bar.addSubview(statusLabel)
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        let bounds = view.bounds
        let margin = (bounds.width * 0.03).rounded()
        wallpaper.frame = bounds
        titleLabel.frame = CGRect(x: margin, y: margin, width: bounds.width - 2 * margin, height: 70)
        subtitleLabel.frame = CGRect(x: margin, y: margin + 72, width: bounds.width - 2 * margin, height: 32)
        let barHeight: CGFloat = 96
        bar.frame = CGRect(
            x: margin, y: bounds.height - margin - barHeight, width: bounds.width - 2 * margin, height: barHeight)
        startButton.frame = CGRect(x: 24, y: 18, width: 160, height: 60)
        lightsSwitch.center = CGPoint(x: 240, y: barHeight / 2)
        brightnessSlider.frame = CGRect(x: 300, y: 33, width: min(420, bar.bounds.width * 0.3), height: 30)
        statusLabel.frame = CGRect(
            x: brightnessSlider.frame.maxX + 40, y: 28,
            width: max(0, bar.bounds.width - brightnessSlider.frame.maxX - 64),
            height: 40)
        let top = margin + 130
        let columns = 3
        let rows = 2
        let width = (bounds.width - margin * CGFloat(columns + 1)) / CGFloat(columns)
        let height = (bar.frame.minY - top - margin * CGFloat(rows)) / CGFloat(rows)
        for (index, tile) in tiles.enumerated() {
            let column = index % columns
            let row = index / columns
            tile.frame = CGRect(
                x: margin + CGFloat(column) * (width + margin), y: top + CGFloat(row) * (height + margin),
                width: width, height: max(0, height))
        }
    }

    private func select(_ tile: UIView, named name: String) {
        for other in tiles { other.backgroundColor = UIColor(white: 1, alpha: 0.16) }
        tile.backgroundColor = UIColor.systemBlue.withAlphaComponent(0.55)
        statusLabel.text = "\(name) selected"
    }

    /// The middle of the tile at `index`, in screen points (for the main job's demo tap).
    public func tileCenter(_ index: Int) -> CGPoint? {
        guard tiles.indices.contains(index) else { return nil }
        let tile = tiles[index]
        return tile.convert(CGPoint(x: tile.bounds.midX, y: tile.bounds.midY), to: nil)
    }
}
