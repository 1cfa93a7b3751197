/// The screen a route opens: the `class`, `identifier` and `storyboard` of the configuration.
///
/// On iOS these name a view controller and its storyboard; on Android, an Activity class. An
/// app adapts them to its own navigation through a ``DeepLinkDestination``.
public struct DeepLinkScreen: Sendable, Hashable {
    /// The controller or Activity class name.
    public var className: String?
    /// The storyboard identifier: as configured, or else the class name with its first letter
    /// lower-cased (`SaleViewController` → `saleViewController`), as the MDL guide specifies.
    public var identifier: String?
    /// The storyboards: the route's own, or else the configuration's default.
    public var storyboard: StoryboardNames?

    /// Creates a screen, deriving the identifier from the class name when none is given.
    public init(className: String? = nil, identifier: String? = nil, storyboard: StoryboardNames? = nil) {
        self.className = className
        self.identifier = identifier ?? className.map(Self.defaultIdentifier(forClass:))
        self.storyboard = storyboard
    }

    /// The storyboard name for a device idiom, if any.
    public func storyboardName(for idiom: DeviceIdiom) -> String? { storyboard?.name(for: idiom) }

    static func defaultIdentifier(forClass className: String) -> String {
        guard let first = className.first else { return className }
        return first.lowercased() + className.dropFirst()
    }
}

/// The storyboard object of the configuration: a name per device idiom.
public struct StoryboardNames: Sendable, Hashable {
    /// The storyboard for iPhone.
    public var iPhone: String?
    /// The storyboard for iPad.
    public var iPad: String?

    /// Creates storyboard names; an app for one idiom names only that one.
    public init(iPhone: String? = nil, iPad: String? = nil) {
        self.iPhone = iPhone
        self.iPad = iPad
    }

    /// The name for an idiom. An iPhone-only app runs on iPad with its iPhone storyboard, so
    /// each idiom falls back to the other.
    public func name(for idiom: DeviceIdiom) -> String? {
        switch idiom {
        case .phone: iPhone ?? iPad
        case .pad: iPad ?? iPhone
        }
    }
}

/// The device family a storyboard is chosen for.
public enum DeviceIdiom: String, Sendable, CaseIterable {
    /// iPhone (and any device that is not an iPad).
    case phone
    /// iPad.
    case pad
}
