import Hummingbird
import LocalOrgEngine

/// The request context of LocalOrg's routes: Hummingbird's core storage plus the session the
/// bearer token opened, once the authentication middleware has checked it.
struct LocalOrgRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The caller, on authenticated routes.
    var session: Session?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Uploads up to 50 MB (ContentVersion data arrives in JSON as base64).
    var maxUploadSize: Int { 50 * 1024 * 1024 }
}
