public import SalesforceCore

/// What happened to the app's users, in order, for the app to follow (show the login screen,
/// reload its lists).
public enum AppEvent: Sendable, Equatable {
    /// A user logged in and is now the current user.
    case loggedIn(UserIdentity)
    /// The current user changed from the first (nil: nobody) to the second.
    case switched(from: UserIdentity?, to: UserIdentity)
    /// A user is about to be logged out; the app's ``SalesforceApp/onWillLogOut(_:)`` handlers
    /// have run or are running, and the user's data is still there.
    case willLogOut(UserIdentity)
    /// A user was logged out and everything of theirs was removed from the device.
    case loggedOut(UserIdentity)
}
