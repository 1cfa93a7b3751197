/// Where a routed link's screen is shown: the app's navigation, adapted.
///
/// The configuration names screens with the iOS vocabulary (class, storyboard identifier,
/// storyboard); an app maps them to its own navigation:
///
/// ```swift
/// struct Navigator: DeepLinkDestination {
///     @MainActor let coordinator: AppCoordinator
///     func show(_ screen: DeepLinkScreen, parameters: DeepLinkParameters) async throws {
///         await coordinator.push(identifier: screen.identifier, parameters: parameters.dictionary)
///     }
/// }
/// ```
public protocol DeepLinkDestination: Sendable {
    /// Shows the screen with the final parameters (after every handler ran).
    func show(_ screen: DeepLinkScreen, parameters: DeepLinkParameters) async throws
}
