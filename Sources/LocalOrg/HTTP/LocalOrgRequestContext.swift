import Hummingbird
import LocalOrgEngine
import NIOCore

/// The request context of LocalOrg's routes: Hummingbird's core storage plus the session the
/// bearer token opened, once the authentication middleware has checked it.
struct LocalOrgRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// The caller, on authenticated routes.
    var session: Session?
    /// The Experience Cloud site the request came to (`/partners/...`); nil for the internal org.
    var site: ExperienceSite?
    /// The connection, for middleware that must end it.
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// Uploads up to 50 MB (ContentVersion data arrives in JSON as base64).
    var maxUploadSize: Int { 50 * 1024 * 1024 }
}
