import Foundation

/// Behaviour added to a view as a whole, as UIKit's `UIInteraction`: the view calls
/// `willMove(to:)` and `didMove(to:)` as the interaction is added to it and removed.
@preconcurrency @MainActor
public protocol UIInteraction: AnyObject {
    /// The view the interaction is added to, as `view`.
    var view: UIView? { get }
    /// Called before the interaction is added to `view` (nil: removed), as `willMove(to:)`.
    func willMove(to view: UIView?)
    /// Called after the interaction was added to `view` (nil: removed), as `didMove(to:)`.
    func didMove(to view: UIView?)
}

extension UIView {
    /// The interactions added to the view, in order, as `interactions`. Setting it removes
    /// the old ones and adds the new ones.
    public var interactions: [any UIInteraction] {
        get { interactionList }
        set {
            for interaction in interactionList { removeInteraction(interaction) }
            for interaction in newValue { addInteraction(interaction) }
        }
    }

    /// Adds `interaction` to the view, as `addInteraction(_:)`: removed first from a view it
    /// was on; added once.
    public func addInteraction(_ interaction: any UIInteraction) {
        if interactionList.contains(where: { $0 === interaction }) { return }
        if let other = interaction.view, other !== self { other.removeInteraction(interaction) }
        interaction.willMove(to: self)
        interactionList.append(interaction)
        interaction.didMove(to: self)
    }

    /// Removes `interaction` from the view, as `removeInteraction(_:)`; nothing when it is not
    /// there.
    public func removeInteraction(_ interaction: any UIInteraction) {
        guard let index = interactionList.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        interactionList.remove(at: index)
        interaction.didMove(to: nil)
    }
}
