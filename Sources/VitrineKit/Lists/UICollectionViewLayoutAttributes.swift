import Foundation

/// Whether two rectangles share some area: elements that only touch the visible area's edge
/// are not in it (Foundation's `intersects` on Linux counts touching).
func collectionRectsOverlap(_ a: CGRect, _ b: CGRect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
}

extension UICollectionView {
    /// What kind of view a set of layout attributes describes, as
    /// `UICollectionView.ElementCategory`.
    public enum ElementCategory: UInt, Sendable {
        /// A cell: an item from the data source.
        case cell
        /// A supplementary view (a header, a footer) from the data source.
        case supplementaryView
        /// A decoration view, owned by the layout.
        case decorationView
    }
}

/// Where and how one element of a collection view is shown, as UIKit's
/// `UICollectionViewLayoutAttributes`: a layout makes these, the collection view applies them
/// to its cells and supplementary views.
///
/// As in UIKit, `frame` is the untransformed rectangle (`center` and `size`): setting it sets
/// both, `transform` (and `transform3D`) applies about the center on top of it. The class is
/// copyable (`copy()`, `NSCopying`) and compares by value (`isEqual(_:)`), so a subclass with
/// attributes of its own overrides `copy(with:)` and `isEqual(_:)`, as UIKit asks.
@preconcurrency @MainActor
open class UICollectionViewLayoutAttributes: NSObject, @MainActor NSCopying {
    /// The element's rectangle in the collection view's content, as `frame`: setting it sets
    /// `center` and `size`.
    open var frame: CGRect {
        get {
            CGRect(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        set {
            size = newValue.size
            center = CGPoint(x: newValue.midX, y: newValue.midY)
        }
    }

    /// The element's center in the collection view's content, as `center`.
    open var center: CGPoint = .zero

    /// The element's size, as `size`.
    open var size: CGSize = .zero

    /// The element's bounds, origin zero, as `bounds`: setting it sets `size` (UIKit requires
    /// the origin to be zero).
    open var bounds: CGRect {
        get { CGRect(origin: .zero, size: size) }
        set { size = newValue.size }
    }

    /// The element's 3D transform about its center, as `transform3D`.
    open var transform3D: CATransform3D = CATransform3DIdentity

    /// The element's affine transform, as `transform`: setting it replaces `transform3D` with
    /// its 3D form, as UIKit documents.
    open var transform: CGAffineTransform {
        get {
            CATransform3DIsAffine(transform3D) ? CATransform3DGetAffineTransform(transform3D) : .identity
        }
        set { transform3D = CATransform3DMakeAffineTransform(newValue) }
    }

    /// The element's opacity, as `alpha` (default 1).
    open var alpha: CGFloat = 1

    /// The element's place front to back among the collection view's elements, as `zIndex`
    /// (default 0; larger in front).
    open var zIndex: Int = 0

    /// Whether the element is hidden, as `isHidden`.
    open var isHidden = false

    /// The element's index path, as `indexPath`.
    open var indexPath = IndexPath(item: 0, section: 0)

    /// Whether the attributes are a cell's, a supplementary view's or a decoration view's, as
    /// `representedElementCategory`.
    open var representedElementCategory: UICollectionView.ElementCategory { category }

    /// The kind of supplementary or decoration view, nil for a cell, as
    /// `representedElementKind`.
    open var representedElementKind: String? { kind }

    var category = UICollectionView.ElementCategory.cell
    var kind: String?

    /// A flow layout's mark that `size` is an estimate the cell may replace (self-sizing).
    var isSizeEstimated = false

    /// Empty attributes for a cell at index path [0, 0], as `init()`.
    public required override init() {
        super.init()
    }

    /// Attributes for the cell at `indexPath`, as `init(forCellWith:)`.
    public convenience init(forCellWith indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
    }

    /// Attributes for a supplementary view of `elementKind` at `indexPath`, as
    /// `init(forSupplementaryViewOfKind:with:)`.
    public convenience init(forSupplementaryViewOfKind elementKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        category = .supplementaryView
        kind = elementKind
    }

    /// Attributes for a decoration view of `decorationViewKind` at `indexPath`, as
    /// `init(forDecorationViewOfKind:with:)`.
    public convenience init(forDecorationViewOfKind decorationViewKind: String, with indexPath: IndexPath) {
        self.init()
        self.indexPath = indexPath
        category = .decorationView
        kind = decorationViewKind
    }

    /// A copy of the same class with the same values, as `NSCopying`'s `copy(with:)`;
    /// subclasses copy their own attributes after calling `super`.
    open func copy(with zone: NSZone? = nil) -> Any {
        let copy = type(of: self).init()
        copy.center = center
        copy.size = size
        copy.transform3D = transform3D
        copy.alpha = alpha
        copy.zIndex = zIndex
        copy.isHidden = isHidden
        copy.indexPath = indexPath
        copy.category = category
        copy.kind = kind
        copy.isSizeEstimated = isSizeEstimated
        return copy
    }

    /// Whether `object` holds the same attributes, as UIKit's `isEqual(_:)`: the collection
    /// view reapplies attributes to a view only when they differ.
    open override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? UICollectionViewLayoutAttributes else { return false }
        if other === self { return true }
        return MainActor.assumeIsolated {
            type(of: other) == type(of: self) && other.center == center && other.size == size
                && CATransform3DEqualToTransform(other.transform3D, transform3D) && other.alpha == alpha
                && other.zIndex == zIndex && other.isHidden == isHidden && other.indexPath == indexPath
                && other.category == category && other.kind == kind
        }
    }

    /// A hash of the element (its index path, category and kind), consistent with
    /// `isEqual(_:)`.
    open override var hash: Int {
        MainActor.assumeIsolated {
            var hasher = Hasher()
            hasher.combine(indexPath)
            hasher.combine(category)
            hasher.combine(kind)
            return hasher.finalize()
        }
    }

    /// The element, its frame, alpha and z index, for logs.
    open override var description: String {
        MainActor.assumeIsolated {
            let what: String
            switch category {
            case .cell: what = "cell"
            case .supplementaryView: what = "supplementary \(kind ?? "")"
            case .decorationView: what = "decoration \(kind ?? "")"
            }
            return "<UICollectionViewLayoutAttributes \(what) [\(indexPath.map(String.init).joined(separator: ", "))] "
                + "frame \(frame) alpha \(alpha) zIndex \(zIndex)\(isHidden ? " hidden" : "")>"
        }
    }
}
