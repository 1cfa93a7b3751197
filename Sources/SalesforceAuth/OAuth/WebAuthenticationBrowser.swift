import SalesforceCore

#if canImport(AuthenticationServices) && !os(watchOS)
    import AuthenticationServices
    import Foundation

    /// The system browser sheet (ASWebAuthenticationSession) as the login's browser step: the
    /// user's existing Salesforce session and certificates work, and the app never sees the password.
    @MainActor
    public final class WebAuthenticationBrowser: NSObject, BrowserSession, ASWebAuthenticationPresentationContextProviding {
        private let anchor: @MainActor () -> ASPresentationAnchor
        private let prefersEphemeralSession: Bool

        /// A browser presented from the window `anchor` returns. With `prefersEphemeralSession`,
        /// no cookies are shared with Safari, so logging out really logs out.
        public init(prefersEphemeralSession: Bool = false, anchor: @escaping @MainActor () -> ASPresentationAnchor) {
            self.anchor = anchor
            self.prefersEphemeralSession = prefersEphemeralSession
        }

        /// Presents the authorize page and returns the callback URL.
        public nonisolated func authenticate(url: URL, redirectURI: String) async throws(OAuthError) -> String {
            let scheme = redirectURI.split(atScalars: [":"]).first
            let result: Result<String, OAuthError> = await withCheckedContinuation { continuation in
                Task { @MainActor in
                    let session = ASWebAuthenticationSession(url: url, callbackURLScheme: scheme) { callback, error in
                        if let callback {
                            continuation.resume(returning: .success(callback.absoluteString))
                        } else if let error = error as? ASWebAuthenticationSessionError, error.code == .canceledLogin {
                            continuation.resume(returning: .failure(OAuthError(.cancelled, "The login was cancelled.")))
                        } else {
                            continuation.resume(returning: .failure(OAuthError(.browserLaunchFailed, error?.localizedDescription)))
                        }
                    }
                    session.presentationContextProvider = self
                    session.prefersEphemeralWebBrowserSession = self.prefersEphemeralSession
                    if !session.start() {
                        continuation.resume(returning: .failure(OAuthError(.browserLaunchFailed, "The login sheet could not be shown.")))
                    }
                }
            }
            return try result.get()
        }

        /// The window the sheet is shown over.
        public nonisolated func presentationAnchor(for session: ASWebAuthenticationSession) -> ASPresentationAnchor {
            MainActor.assumeIsolated { anchor() }
        }
    }
#endif
