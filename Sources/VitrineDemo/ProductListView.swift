import Foundation
import VitrineKit
import VitrinePlatform

/// The showcase's menu: a search bar over a scrolling list of 1,000 products, a table view
/// whose cells are made for the rows in view and reused as the list scrolls; typing in the
/// bar keeps the products whose names contain the text; touching a row selects it.
/// Pulling the list down past its top refreshes it (a `UIRefreshControl`): the prices are
/// "updated" and the spinner stops after `refreshDuration` on the display's media clock.
@MainActor
public final class ProductListView: UIView, UITableViewDataSource, UITableViewDelegate, UISearchBarDelegate {
    /// The table.
    public let tableView = UITableView(frame: .zero, style: .plain)
    /// The bar filtering the list.
    public let searchBar = UISearchBar(frame: .zero)
    /// The rows shown, by product row; nil for all of them.
    public private(set) var filteredRows: [Int]?
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
        searchBar.searchBarStyle = .minimal
        searchBar.placeholder = "Search the menu"
        searchBar.searchTextField.attributedPlaceholder = NSAttributedString(
            string: "Search the menu", attributes: [.foregroundColor: UIColor(white: 1, alpha: 0.55)])
        searchBar.searchTextField.textColor = .white
        searchBar.searchTextField.backgroundColor = UIColor(white: 1, alpha: 0.14)
        searchBar.delegate = self
        searchBar.translatesAutoresizingMaskIntoConstraints = false
        addSubview(searchBar)
        NSLayoutConstraint.activate([
            searchBar.leadingAnchor.constraint(equalTo: leadingAnchor),
            searchBar.trailingAnchor.constraint(equalTo: trailingAnchor),
            searchBar.topAnchor.constraint(equalTo: topAnchor),
            tableView.leadingAnchor.constraint(equalTo: leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: trailingAnchor),
            tableView.topAnchor.constraint(equalTo: searchBar.bottomAnchor),
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
        searchBar.searchTextField.font = .systemFont(ofSize: min(textSize, 24))
        tableView.reloadData()
    }

    /// Shows the products whose names contain `text` (all of them for empty text).
    public func filter(by text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        filteredRows =
            text.isEmpty
            ? nil : (0..<Self.productCount).filter { Self.name(ofRow: $0).localizedCaseInsensitiveContains(text) }
        tableView.reloadData()
    }

    /// The product row shown at table row `row`.
    public func productRow(atTableRow row: Int) -> Int { filteredRows?[row] ?? row }

    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
        filter(by: searchText)
    }

    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
        searchBar.resignFirstResponder()
    }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        filteredRows?.count ?? Self.productCount
    }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "product", for: indexPath)
        var content = cell.defaultContentConfiguration()
        let row = productRow(atTableRow: indexPath.row)
        content.text = Self.name(ofRow: row)
        content.secondaryText = Self.price(ofRow: row)
        content.textProperties.font = textFont
        content.textProperties.color = .white
        content.secondaryTextProperties.font = detailFont
        content.secondaryTextProperties.color = UIColor(white: 1, alpha: 0.7)
        cell.contentConfiguration = content
        cell.backgroundColor = .clear
        return cell
    }

    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        let row = productRow(atTableRow: indexPath.row)
        selectedRow = row
        productSelected?(row, Self.name(ofRow: row))
    }
}
