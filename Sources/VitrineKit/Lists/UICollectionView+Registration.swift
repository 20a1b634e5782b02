import Foundation

extension UICollectionView {
    /// A cell class and how to configure it for an item, as UIKit's
    /// `UICollectionView.CellRegistration` (iOS 14): dequeue with
    /// `dequeueConfiguredReusableCell(using:for:item:)`; the class is registered under an
    /// identifier of the registration's own the first time.
    @preconcurrency @MainActor
    public struct CellRegistration<Cell: UICollectionViewCell, Item> {
        /// Configures a dequeued cell for its item, as `Handler`.
        public typealias Handler = @MainActor (Cell, IndexPath, Item) -> Void

        let identifier = "UICollectionView.CellRegistration.\(UUID().uuidString)"
        let handler: Handler

        /// A registration of `Cell` configured by `handler`, as `init(handler:)`.
        public init(handler: @escaping Handler) {
            self.handler = handler
        }
    }

    /// A supplementary view class of a kind and how to configure it, as UIKit's
    /// `UICollectionView.SupplementaryRegistration`.
    @preconcurrency @MainActor
    public struct SupplementaryRegistration<Supplementary: UICollectionReusableView> {
        /// Configures a dequeued view, as `Handler`.
        public typealias Handler = @MainActor (Supplementary, String, IndexPath) -> Void

        let identifier = "UICollectionView.SupplementaryRegistration.\(UUID().uuidString)"
        let elementKind: String
        let handler: Handler

        /// A registration of `Supplementary` views of `elementKind`, as
        /// `init(elementKind:handler:)`.
        public init(elementKind: String, handler: @escaping Handler) {
            self.elementKind = elementKind
            self.handler = handler
        }
    }

    /// A cell of the registration's class for `indexPath`, configured by its handler with
    /// `item`, as `dequeueConfiguredReusableCell(using:for:item:)`.
    public func dequeueConfiguredReusableCell<Cell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        if registeredCellClasses[registration.identifier] == nil {
            register(Cell.self, forCellWithReuseIdentifier: registration.identifier)
        }
        let dequeued = dequeueReusableCell(withReuseIdentifier: registration.identifier, for: indexPath)
        guard let cell = dequeued as? Cell else {
            // Only an override of dequeueReusableCell returning another class gets here.
            reportError("UICollectionView: a cell registration dequeued \(type(of: dequeued)), not \(Cell.self)")
            let cell = Cell(reuseFrame: .zero)
            cell.reuseIdentifier = registration.identifier
            if let item { registration.handler(cell, indexPath, item) }
            return cell
        }
        if let item { registration.handler(cell, indexPath, item) }
        return cell
    }

    /// A supplementary view of the registration's class and kind for `indexPath`, configured
    /// by its handler, as `dequeueConfiguredReusableSupplementary(using:for:)`.
    public func dequeueConfiguredReusableSupplementary<Supplementary>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        let kind = registration.elementKind
        if registeredSupplementaryClasses[kind]?[registration.identifier] == nil {
            register(Supplementary.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: registration.identifier)
        }
        let dequeued = dequeueReusableSupplementaryView(
            ofKind: kind, withReuseIdentifier: registration.identifier, for: indexPath)
        let view: Supplementary
        if let typed = dequeued as? Supplementary {
            view = typed
        } else {
            reportError("UICollectionView: a supplementary registration dequeued \(type(of: dequeued))")
            view = Supplementary(reuseFrame: .zero)
            view.reuseIdentifier = registration.identifier
        }
        registration.handler(view, kind, indexPath)
        return view
    }
}
