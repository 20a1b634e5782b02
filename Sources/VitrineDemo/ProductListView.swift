import Foundation
import VitrineKit
import VitrinePlatform

/// The showcase's menu: a scrolling list of 1,000 products, a table view whose cells are
/// made for the rows in view and reused as the list scrolls; touching a row selects it.
/// Pulling the list down past its top refreshes it (a `UIRefreshControl`): the prices are
/// "updated" and the spinner stops after `refreshDuration` on the display's media clock.
@MainActor
public final class ProductListView: UIView, UITableViewDataSource, UITableViewDelegate {
    /// The table.
    public let tableView = UITableView(frame: .zero, style: .plain)
    /// How many products the list holds.
    public static let productCount = 1_000
    /// The product last selected, by row.
    public private(set) var selectedRow: Int?
    /// Called when a product is selected.
    public var productSelected: (@MainActor (Int, String) -> Void)?
    /// The list's pull-to-refresh control.
    public let refreshControl = UIRefreshControl()
    /// How many times the list was refreshed.
    public private(set) var refreshCount = 0
    /// How long a refresh shows its spinner (seconds of media time).
    public static let refreshDuration: Double = 1.5
    private var refreshTimer: ClockTimer?

    private var textFont = UIFont.systemFont(ofSize: 17)
    private var detailFont = UIFont.systemFont(ofSize: 13)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = nil
        isOpaque = false
        tableView.backgroundColor = .clear
        tableView.separatorColor = UIColor(white: 1, alpha: 0.16)
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "product")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.translatesAutoresizingMaskIntoConstraints = false
        refreshControl.tintColor = UIColor(white: 1, alpha: 0.85)
        refreshControl.attributedTitle = NSAttributedString(string: "Updating the menu")
        refreshControl.addAction(UIAction { [weak self] _ in self?.refresh() }, for: .valueChanged)
        tableView.refreshControl = refreshControl
        addSubview(tableView)
        NSLayoutConstraint.activate([
            tableView.leadingAnchor.constraint(equalTo: leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: trailingAnchor),
            tableView.topAnchor.constraint(equalTo: topAnchor),
            tableView.bottomAnchor.constraint(equalTo: bottomAnchor),
        ])
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// A pull started a refresh: the rows are read again and the spinner stops after
    /// `refreshDuration` on the media clock (a menu server would answer here).
    private func refresh() {
        refreshCount += 1
        tableView.reloadData()
        refreshTimer?.cancel()
        let clock = UIApplication.shared.displayBackend.clock
        refreshTimer = clock.schedule(at: clock.now + Self.refreshDuration) { [weak self] in
            self?.refreshControl.endRefreshing()
        }
    }

    /// The name of the product in `row`.
    public static func name(ofRow row: Int) -> String {
        let kinds = ["Espresso", "Flat white", "Green tea", "Croissant", "Bagel", "Lemonade", "Muffin", "Cocoa"]
        return "\(kinds[row % kinds.count]) no. \(row / kinds.count + 1)"
    }

    /// The price of the product in `row`, as shown.
    public static func price(ofRow row: Int) -> String {
        String(format: "€ %.2f", 1.5 + Double((row * 37) % 60) / 10)
    }

    /// Fonts and row height for a screen size.
    public func style(textSize: CGFloat, rowHeight: CGFloat) {
        textFont = .systemFont(ofSize: textSize, weight: .medium)
        detailFont = .systemFont(ofSize: (textSize * 0.78).rounded())
        tableView.rowHeight = rowHeight
        tableView.reloadData()
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        Self.productCount
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "product", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = Self.name(ofRow: indexPath.row)
        content.secondaryText = Self.price(ofRow: indexPath.row)
        content.textProperties.font = textFont
        content.textProperties.color = .white
        content.secondaryTextProperties.font = detailFont
        content.secondaryTextProperties.color = UIColor(white: 1, alpha: 0.7)
        cell.contentConfiguration = content
        cell.backgroundColor = .clear
        return cell
    }

    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selectedRow = indexPath.row
        productSelected?(indexPath.row, Self.name(ofRow: indexPath.row))
    }
}
