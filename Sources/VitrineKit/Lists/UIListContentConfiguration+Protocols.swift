import Foundation

/// The state a configuration is updated for, as UIKit's `UIConfigurationState`.
@preconcurrency @MainActor
public protocol UIConfigurationState {
    /// The traits of the view being configured, as `traitCollection`.
    var traitCollection: UITraitCollection { get set }
}

/// A cell's state for configurations, as UIKit's `UICellConfigurationState`: selection,
/// highlight, editing and swipe, which `updated(for:)` may read to restyle the content.
nonisolated public struct UICellConfigurationState: UIConfigurationState, Hashable, Sendable {
    /// The traits, as `traitCollection`.
    public var traitCollection: UITraitCollection
    /// Whether the cell is disabled, as `isDisabled`.
    public var isDisabled = false
    /// Whether the cell is highlighted, as `isHighlighted`.
    public var isHighlighted = false
    /// Whether the cell is selected, as `isSelected`.
    public var isSelected = false
    /// Whether the cell is focused, as `isFocused` (no focus engine in Vitrine: false).
    public var isFocused = false
    /// Whether the cell is in editing mode, as `isEditing`.
    public var isEditing = false
    /// Whether the cell's swipe actions show, as `isSwiped`.
    public var isSwiped = false
    /// Whether the cell is expanded, as `isExpanded`.
    public var isExpanded = false
    /// Whether the cell is reordering, as `isReordering`.
    public var isReordering = false

    /// A state with the given traits and nothing set, as `init(traitCollection:)`.
    public init(traitCollection: UITraitCollection) {
        self.traitCollection = traitCollection
    }

    public static func == (lhs: UICellConfigurationState, rhs: UICellConfigurationState) -> Bool {
        lhs.traitCollection == rhs.traitCollection && lhs.isDisabled == rhs.isDisabled
            && lhs.isHighlighted == rhs.isHighlighted && lhs.isSelected == rhs.isSelected
            && lhs.isFocused == rhs.isFocused && lhs.isEditing == rhs.isEditing && lhs.isSwiped == rhs.isSwiped
            && lhs.isExpanded == rhs.isExpanded && lhs.isReordering == rhs.isReordering
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(traitCollection.displayScale)
        hasher.combine(isDisabled)
        hasher.combine(isHighlighted)
        hasher.combine(isSelected)
        hasher.combine(isEditing)
        hasher.combine(isSwiped)
    }
}

/// What a view shows, as UIKit's `UIContentConfiguration`: a value that makes the content view
/// showing it and is restyled for a state.
@preconcurrency @MainActor
public protocol UIContentConfiguration {
    /// A new content view showing the configuration, as `makeContentView()`.
    func makeContentView() -> any UIView & UIContentView
    /// The configuration restyled for `state`, as `updated(for:)`.
    func updated(for state: any UIConfigurationState) -> Self
}

/// A view that shows a content configuration, as UIKit's `UIContentView`.
@preconcurrency @MainActor
public protocol UIContentView: AnyObject {
    /// The configuration shown; setting it updates the view, as `configuration`.
    var configuration: any UIContentConfiguration { get set }
    /// Whether the view can show `configuration` (else a new view is made), as
    /// `supports(_:)`; default: a configuration of the same type.
    func supports(_ configuration: any UIContentConfiguration) -> Bool
}

extension UIContentView {
    public func supports(_ configuration: any UIContentConfiguration) -> Bool {
        type(of: configuration) == type(of: self.configuration)
    }
}

extension UIView {
    /// Shows `configuration` through a content view, for the views with a
    /// `contentConfiguration`: `current` when it `supports(_:)` the configuration (updated to
    /// it), else a new view made from it, `current` being removed from its superview. Nil
    /// removes `current` and returns nil. The caller places a new view (`isNew`) and keeps
    /// the view returned.
    func hostContentConfiguration(
        _ configuration: (any UIContentConfiguration)?, replacing current: (any UIView & UIContentView)?
    ) -> (view: any UIView & UIContentView, isNew: Bool)? {
        guard let configuration else {
            current?.removeFromSuperview()
            return nil
        }
        if let current, current.supports(configuration) {
            current.configuration = configuration
            return (current, false)
        }
        current?.removeFromSuperview()
        return (configuration.makeContentView(), true)
    }
}

/// A cell showing `contentConfiguration` through `configuredContentView`: the table view's
/// and the collection view's cells, which restyle it for their state alike.
@MainActor
protocol ContentConfigurationCell: UIView {
    var contentConfiguration: (any UIContentConfiguration)? { get }
    var automaticallyUpdatesContentConfiguration: Bool { get }
    var configuredContentView: (any UIView & UIContentView)? { get }
    var configurationState: UICellConfigurationState { get }
}

extension ContentConfigurationCell {
    /// `contentConfiguration` restyled for `configurationState` when
    /// `automaticallyUpdatesContentConfiguration`, else as set.
    var resolvedContentConfiguration: (any UIContentConfiguration)? {
        guard automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration else {
            return contentConfiguration
        }
        return configuration.updated(for: configurationState)
    }

    /// The cells' default `updateConfiguration(using:)`: restyles the content view's
    /// configuration for `state` when `automaticallyUpdatesContentConfiguration`.
    func restyleContentConfiguration(for state: UICellConfigurationState) {
        guard automaticallyUpdatesContentConfiguration, let configuration = contentConfiguration,
            let view = configuredContentView
        else { return }
        view.configuration = configuration.updated(for: state)
    }
}
