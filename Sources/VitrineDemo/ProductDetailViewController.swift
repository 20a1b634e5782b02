import Foundation
import VitrineKit

/// A product's own screen, pushed by the showcase's menu onto its navigation controller: the
/// navigation bar shows the product's name and a back button to the showcase; the screen
/// shows the name, the price and what it is, laid out below the bar through the safe area,
/// and an Order button that asks for confirmation with an alert (`UIAlertController`):
/// Order calls `ordered` and goes back to the menu, Cancel stays. A note for the counter
/// (`UITextView`, not scrolling: it grows with its lines) sits above the button.
@MainActor
public final class ProductDetailViewController: UIViewController {
    /// The product's row in `ProductListView`.
    public let row: Int
    /// The product's name, large.
    public let nameLabel = UILabel()
    /// Its price.
    public let priceLabel = UILabel()
    /// A line about it.
    public let descriptionLabel = UILabel()
    /// A note for the counter: a self-sizing text view (scrolling off), 420 points wide where
    /// the screen has room.
    public let noteView = UITextView()
    /// Asks to order the product.
    public let orderButton = ShowcaseButton(
        title: "Order", fill: UIColor(red: 0.16, green: 0.47, blue: 0.95, alpha: 1),
        highlightedFill: UIColor(red: 0.72, green: 0.86, blue: 1, alpha: 1))
    /// Called with the product's name when an order is confirmed.
    public var ordered: (@MainActor (String) -> Void)?

    /// The screen of the product in `row` of the menu.
    public init(row: Int) {
        self.row = row
        super.init(nibName: nil, bundle: nil)
        title = ProductListView.name(ofRow: row)
    }

    /// Vitrine has no archives; always fails.
    public required init?(coder: NSCoder) {
        return nil
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = UIColor(red: 0.09, green: 0.1, blue: 0.2, alpha: 1)
        nameLabel.text = ProductListView.name(ofRow: row)
        nameLabel.font = .systemFont(ofSize: 44, weight: .bold)
        nameLabel.textColor = .white
        priceLabel.text = ProductListView.price(ofRow: row)
        priceLabel.font = .systemFont(ofSize: 28, weight: .medium)
        priceLabel.textColor = UIColor(red: 0.45, green: 0.85, blue: 0.9, alpha: 1)
        descriptionLabel.text = "Made to order at the counter."
        descriptionLabel.font = .systemFont(ofSize: 20)
        descriptionLabel.textColor = UIColor(white: 1, alpha: 0.72)
        descriptionLabel.numberOfLines = 0
        noteView.isScrollEnabled = false
        noteView.font = .systemFont(ofSize: 20)
        noteView.textColor = .white
        noteView.backgroundColor = UIColor(white: 1, alpha: 0.08)
        noteView.layer.cornerRadius = 10
        noteView.textContainerInset = UIEdgeInsets(top: 10, left: 8, bottom: 10, right: 8)
        noteView.returnKeyType = .default
        // 420 points where the screen has room (a narrow portrait screen narrows it).
        let noteWidth = noteView.widthAnchor.constraint(equalToConstant: 420)
        noteWidth.priority = .defaultHigh
        noteWidth.isActive = true
        orderButton.titleLabel?.font = .boldSystemFont(ofSize: 24)
        orderButton.contentEdgeInsets = UIEdgeInsets(top: 14, left: 40, bottom: 14, right: 40)
        orderButton.layer.cornerRadius = 14
        orderButton.addAction(UIAction { [weak self] _ in self?.confirmOrder() }, for: .primaryActionTriggered)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Help", style: .plain, target: self) {
            [weak self] _ in self?.showHelp()
        }
        let stack = UIStackView(arrangedSubviews: [
            nameLabel, priceLabel, descriptionLabel, noteView, orderButton,
        ])
        stack.axis = .vertical
        stack.spacing = 16
        stack.alignment = .leading
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        let guide = view.safeAreaLayoutGuide
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: guide.leadingAnchor, constant: 48),
            stack.trailingAnchor.constraint(lessThanOrEqualTo: guide.trailingAnchor, constant: -48),
            stack.topAnchor.constraint(equalTo: guide.topAnchor, constant: 40),
        ])
    }

    /// Pushes the help flow, made from `Help.storyboard`.
    public func showHelp() {
        guard let help = HelpViewController.fromStoryboard() else { return }
        navigationController?.pushViewController(help, animated: true)
    }

    /// Asks whether to order, as an iOS app confirms with an alert.
    public func confirmOrder() {
        let name = ProductListView.name(ofRow: row)
        let alert = UIAlertController(
            title: "Order \(name)?", message: "\(ProductListView.price(ofRow: row)), ready at the counter.",
            preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        let order = UIAlertAction(title: "Order", style: .default) { [weak self] _ in
            self?.ordered?(name)
            self?.navigationController?.popViewController(animated: true)
        }
        alert.addAction(order)
        alert.preferredAction = order
        present(alert, animated: true)
    }

    public override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        navigationController?.setNavigationBarHidden(false, animated: animated)
    }
}
