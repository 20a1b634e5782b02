/// The elements and attributes this module knows, per object element: what it reads and what
/// Xcode writes that it deliberately ignores (editor state, simulated metrics, attributes VitrineKit
/// does not map yet). Anything else inside a known object is warned about, naming file, line and
/// element, and the rest loads.
enum InterfaceVocabulary {
    /// Attributes every object may carry.
    static let objectAttributes: Set<String> = [
        "id", "key", "customClass", "customModule", "customModuleProvider", "userLabel", "sceneMemberID",
        "storyboardIdentifier", "restorationIdentifier", "colorLabel", "placeholderIdentifier",
        "useStoryboardIdentifierAsRestorationIdentifier",
    ]

    /// Attributes of every view (`UIView` properties and Interface Builder's editor state).
    static let viewAttributes: Set<String> = [
        "contentMode", "semanticContentAttribute", "opaque", "clearsContextBeforeDrawing", "clipsSubviews",
        "userInteractionEnabled", "multipleTouchEnabled", "exclusiveTouch", "tag", "alpha", "hidden",
        "translatesAutoresizingMaskIntoConstraints", "horizontalHuggingPriority", "verticalHuggingPriority",
        "horizontalCompressionResistancePriority", "verticalCompressionResistancePriority",
        "insetsLayoutMarginsFromSafeArea", "preservesSuperviewLayoutMargins", "layoutMarginsFollowReadableWidth",
        "autoresizesSubviews", "fixedFrame", "misplaced", "ambiguous", "verifyAmbiguity",
        "placeholderIntrinsicWidth", "placeholderIntrinsicHeight", "tintAdjustmentMode", "focusGroupIdentifier",
        "showsLargeContentViewer", "largeContentTitle", "largeContentImage", "scalesLargeContentImage",
        "adjustsImageSizeForAccessibilityContentSizeCategory", "springLoaded", "pointerInteraction",
        "interactionEnabled", "contentScaleFactor", "appearanceType",
    ]

    /// Attributes of every `UIControl`.
    static let controlAttributes: Set<String> = [
        "enabled", "highlighted", "selected", "contentHorizontalAlignment", "contentVerticalAlignment",
        "showsMenuAsPrimaryAction", "contextMenuInteractionEnabled", "toolTip",
    ]

    /// Attributes of every `UIScrollView`.
    static let scrollViewAttributes: Set<String> = [
        "bounces", "alwaysBounceVertical", "alwaysBounceHorizontal", "pagingEnabled", "scrollEnabled",
        "showsHorizontalScrollIndicator", "showsVerticalScrollIndicator", "directionalLockEnabled",
        "delaysContentTouches", "canCancelContentTouches", "bouncesZoom", "minimumZoomScale", "maximumZoomScale",
        "keyboardDismissMode", "contentInsetAdjustmentBehavior", "indicatorStyle", "scrollsToTop",
        "automaticallyAdjustsScrollIndicatorInsets", "zoomScale",
    ]

    /// Attributes of every view controller.
    static let viewControllerAttributes: Set<String> = [
        "title", "modalPresentationStyle", "modalTransitionStyle", "hidesBottomBarWhenPushed",
        "definesPresentationContext", "providesPresentationContextTransitionStyle",
        "extendedLayoutIncludesOpaqueBars", "automaticallyAdjustsScrollViewInsets", "modalInPresentation",
        "wantsFullScreenLayout", "autoresizesArchivedViewToFullSize", "nibName", "toolbarHidden",
        "navigationBarHidden", "hidesBarsOnSwipe", "hidesBarsOnTap", "hidesBarsWhenKeyboardAppears",
        "hidesBarsWhenVerticallyCompact", "clearsSelectionOnViewWillAppear", "isInitialViewController",
        "customObjectInstantitationMethod", "restoresFocusAfterTransition",
    ]

    /// Text attributes shared by labels, text fields and text views.
    static let textAttributes: Set<String> = [
        "text", "textAlignment", "lineBreakMode", "adjustsFontForContentSizeCategory", "adjustsFontSizeToFit",
        "minimumFontSize", "minimumScaleFactor",
    ]

    /// Known attributes per object element. An element not here is loaded as a plain object with
    /// a warning (its properties are not read); its id can still be referred to.
    static let objectElements: [String: Set<String>] = {
        let view = objectAttributes.union(viewAttributes)
        let control = view.union(controlAttributes)
        let scroll = view.union(scrollViewAttributes)
        let controller = objectAttributes.union(viewControllerAttributes)
        return [
            "placeholder": objectAttributes,
            "exit": objectAttributes,
            "customObject": objectAttributes,
            "view": view,
            "window": view.union(["visibleAtLaunch", "resizesToFullScreen", "rootViewController"]),
            "label": view.union(textAttributes).union([
                "numberOfLines", "baselineAdjustment", "adjustsLetterSpacingToFitWidth", "enabled", "highlighted",
                "preferredMaxLayoutWidth", "showsExpansionTextWhenTruncated",
                "allowsDefaultTighteningForTruncation", "lineBreakStrategy",
            ]),
            "button": control.union([
                "buttonType", "lineBreakMode", "reversesTitleShadowWhenHighlighted", "showsTouchWhenHighlighted",
                "adjustsImageWhenHighlighted", "adjustsImageWhenDisabled", "changesSelectionAsPrimaryAction",
                "role", "titleLabel", "imageView", "automaticallyUpdatesConfiguration",
            ]),
            "imageView": view.union([
                "image", "catalog", "highlightedImage", "highlighted", "animationDuration", "animationRepeatCount",
            ]),
            "switch": control.union(["on", "title", "preferredStyle"]),
            "slider": control.union([
                "value", "minValue", "maxValue", "continuous", "minimumValueImage", "maximumValueImage",
            ]),
            "textField": control.union(textAttributes).union([
                "placeholder", "borderStyle", "clearButtonMode", "clearsOnBeginEditing", "clearsOnInsertion",
                "background", "disabledBackground", "allowsEditingTextAttributes", "leftViewMode", "rightViewMode",
            ]),
            "textView": scroll.union(textAttributes).union([
                "editable", "selectable", "allowsEditingTextAttributes", "dataDetectorTypes",
                "usesAttributedText", "findInteractionEnabled",
            ]),
            "scrollView": scroll,
            "stackView": view.union([
                "axis", "distribution", "alignment", "spacing", "baselineRelativeArrangement",
                "layoutMarginsRelativeArrangement",
            ]),
            "tableView": scroll.union([
                "style", "separatorStyle", "rowHeight", "estimatedRowHeight", "sectionHeaderHeight",
                "sectionFooterHeight", "estimatedSectionHeaderHeight", "estimatedSectionFooterHeight",
                "allowsSelection", "allowsMultipleSelection", "allowsSelectionDuringEditing",
                "allowsMultipleSelectionDuringEditing", "dataMode", "separatorInsetReference",
                "sectionIndexMinimumDisplayRowCount", "insetsContentViewsToSafeArea", "remembersLastFocusedIndexPath",
                "cellLayoutMarginsFollowReadableWidth", "sectionHeaderTopPadding", "selectionFollowsFocus",
                "fillerRowHeight",
            ]),
            "collectionView": scroll.union([
                "dataMode", "prefetchingEnabled", "allowsSelection", "allowsMultipleSelection",
                "remembersLastFocusedIndexPath", "selectionFollowsFocus",
            ]),
            "collectionViewFlowLayout": objectAttributes.union([
                "automaticEstimatedItemSize", "minimumLineSpacing", "minimumInteritemSpacing", "scrollDirection",
                "sectionInsetReference", "sectionHeadersPinToVisibleBounds", "sectionFootersPinToVisibleBounds",
            ]),
            "collectionViewLayout": objectAttributes,
            "tableViewCell": view.union([
                "selectionStyle", "accessoryType", "editingAccessoryType", "indentationLevel", "indentationWidth",
                "shouldIndentWhileEditing", "reuseIdentifier", "rowHeight", "style", "focusStyle", "textLabel",
                "detailTextLabel", "imageView", "showsReorderControl",
            ]),
            "tableViewCellContentView": view.union(["tableViewCell"]),
            "collectionViewCell": view.union(["reuseIdentifier"]),
            "collectionViewCellContentView": view,
            "collectionReusableView": view.union(["reuseIdentifier"]),
            "segmentedControl": control.union([
                "segmentControlStyle", "selectedSegmentIndex", "momentary", "apportionsSegmentWidthsByContent",
            ]),
            "activityIndicatorView": view.union(["hidesWhenStopped", "animating", "style"]),
            "progressView": view.union(["progress", "progressViewStyle"]),
            "pageControl": control.union(["numberOfPages", "currentPage", "hidesForSinglePage", "backgroundStyle"]),
            "datePicker": control.union([
                "datePickerMode", "minuteInterval", "style", "useCurrentDate", "preferredDatePickerStyle",
            ]),
            "stepper": control.union([
                "value", "minimumValue", "maximumValue", "stepValue", "wraps", "autorepeat", "continuous",
            ]),
            "pickerView": view,
            "visualEffectView": view,
            "navigationBar": view.union(["barStyle", "translucent", "prefersLargeTitles"]),
            "toolbar": view.union(["barStyle", "translucent"]),
            "tabBar": view.union(["barStyle", "translucent", "itemPositioning", "itemSpacing", "itemWidth"]),
            "searchBar": view.union(["placeholder", "text", "prompt", "searchBarStyle", "barStyle", "translucent"]),
            "navigationItem": objectAttributes.union([
                "title", "prompt", "largeTitleDisplayMode", "backButtonTitle", "leftItemsSupplementBackButton",
                "style", "hidesBackButton", "backButtonDisplayMode", "titleView",
            ]),
            "barButtonItem": objectAttributes.union([
                "title", "image", "catalog", "style", "systemItem", "enabled", "width", "springLoaded", "tag",
                "landscapeImage", "largeContentSizeImage", "changesSelectionAsPrimaryAction", "hidden",
            ]),
            "tabBarItem": objectAttributes.union([
                "title", "image", "catalog", "selectedImage", "systemItem", "badgeValue", "tag", "enabled",
                "landscapeImage",
                "largeContentSizeImage",
            ]),
            "viewController": controller,
            "tableViewController": controller,
            "collectionViewController": controller,
            "navigationController": controller,
            "tabBarController": controller,
            "pageViewController": controller.union(["transitionStyle", "navigationOrientation", "spineLocation"]),
            "splitViewController": controller.union(["behavior", "style", "preferredDisplayMode"]),
            "tapGestureRecognizer": objectAttributes.union([
                "numberOfTapsRequired", "numberOfTouchesRequired", "enabled", "cancelsTouchesInView",
                "delaysTouchesBegan", "delaysTouchesEnded",
            ]),
            "panGestureRecognizer": objectAttributes.union([
                "minimumNumberOfTouches", "maximumNumberOfTouches", "enabled", "cancelsTouchesInView",
            ]),
            "swipeGestureRecognizer": objectAttributes.union([
                "direction", "numberOfTouchesRequired", "enabled", "cancelsTouchesInView",
            ]),
            "pinchGestureRecognizer": objectAttributes.union(["enabled", "cancelsTouchesInView"]),
            "rotationGestureRecognizer": objectAttributes.union(["enabled", "cancelsTouchesInView"]),
            "longPressGestureRecognizer": objectAttributes.union([
                "minimumPressDuration", "allowableMovement", "enabled", "cancelsTouchesInView",
            ]),
            "screenEdgePanGestureRecognizer": objectAttributes.union([
                "edges", "minimumNumberOfTouches", "maximumNumberOfTouches", "enabled",
            ]),
        ]
    }()

    /// Elements inside an object that are properties, not objects: decoded, or known and ignored.
    static let propertyElements: Set<String> = [
        // Decoded.
        "rect", "size", "point", "edgeInsets", "directionalEdgeInsets", "inset", "autoresizingMask", "color", "nil",
        "fontDescription", "string", "imageReference", "accessibility", "userDefinedRuntimeAttributes", "state",
        "buttonConfiguration", "textInputTraits", "constraints", "connections", "viewLayoutGuide", "layoutGuides",
        "integer", "real", "bool", "subviews", "segments", "date",
        // Known, not read (editor state, simulated metrics, things VitrineKit does not map yet).
        "variation", "freeformSimulatedSizeMetrics", "simulatedMetricsContainer", "simulatedStatusBarMetrics",
        "simulatedTopBarMetrics", "simulatedBottomBarMetrics", "simulatedOrientationMetrics",
        "simulatedScreenMetrics", "simulatedNavigationBarMetrics", "simulatedTabBarMetrics", "extendedEdge",
        "attributedString", "preferredSymbolConfiguration", "navigationBarAppearance",
        "tabBarAppearance", "toolbarAppearance", "offsetWrapper", "locale", "backgroundConfiguration",
        "menu", "dataDetectorType", "wkWebViewConfiguration", "paragraphStyle", "textAttributes", "keyCommands",
        "barButtonItemAppearance", "animations", "mutableArray", "dictionary", "array", "accessibilityTraits",
        "calendar", "timeZone", "simulatedEdgeInsets", "contentConfiguration", "searchTextField",
        "scrollEdgeAppearance", "standardAppearance", "compactAppearance", "designable",
    ]

    /// Elements that group objects other than subviews (their children become `children` with
    /// this `container`).
    static let objectContainers: Set<String> = [
        "prototypes", "cells", "items", "rightBarButtonItems", "leftBarButtonItems", "gestureRecognizers",
        "toolbarItems",
    ]

    static let documentAttributes: Set<String> = [
        "type", "version", "toolsVersion", "systemVersion", "targetRuntime", "propertyAccessControl",
        "useAutolayout", "useTraitCollections", "useSafeAreas", "colorMatched", "initialViewController",
        "launchScreen", "customObjectInstantitationMethod", "minimumToolsVersion",
    ]

    static let documentChildren: Set<String> = [
        "device", "dependencies", "objects", "scenes", "resources", "inferredMetricsTieBreakers",
        "simulatedMetricsContainer", "classes",
    ]
}
