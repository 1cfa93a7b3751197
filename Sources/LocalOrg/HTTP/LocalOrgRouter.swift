import Foundation
import Hummingbird
import LocalOrgEngine

/// All of LocalOrg's routes, behind the error and request-log middleware: the APIs, and the
/// console for people at the instance URL.
enum LocalOrgRouter {
    static func make(
        org: Org, requestLog: (@Sendable (String) -> Void)?, faults: FaultInjector? = nil, recent: RecentRequests = RecentRequests(),
        caFile: String? = nil, clientCertificates: ClientCertificateCheck? = nil, pages: URL? = nil
    ) -> Router<LocalOrgRequestContext> {
        let router = Router(context: LocalOrgRequestContext.self)
        router.add(middleware: SecurityHeadersMiddleware())
        router.add(middleware: RequestLogMiddleware(recent: recent, log: requestLog.map { RequestLog(sink: $0) }))
        if let faults { router.add(middleware: FaultMiddleware(faults: faults)) }
        router.add(middleware: MethodMiddleware())
        router.add(middleware: SalesforceErrorMiddleware())
        OAuthRoutes(org: org, clientCertificates: clientCertificates).register(on: router)
        SOAPRoutes(org: org).register(on: router)
        DataRoutes(org: org).register(on: router)
        ApexRESTRoutes(org: org).register(on: router)
        if let pages { PageRoutes(org: org, folder: pages).register(on: router) }
        ConsoleRoutes(org: org, recent: recent, caFile: caFile).register(on: router)
        return router
    }
}
