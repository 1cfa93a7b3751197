import Hummingbird
import LocalOrgEngine

/// All of LocalOrg's routes, behind the error and request-log middleware.
enum LocalOrgRouter {
    static func make(org: Org, requestLog: (@Sendable (String) -> Void)?, faults: FaultInjector? = nil) -> Router<LocalOrgRequestContext> {
        let router = Router(context: LocalOrgRequestContext.self)
        if let requestLog { router.add(middleware: RequestLogMiddleware(log: RequestLog(sink: requestLog))) }
        if let faults { router.add(middleware: FaultMiddleware(faults: faults)) }
        router.add(middleware: MethodMiddleware())
        router.add(middleware: SalesforceErrorMiddleware())
        OAuthRoutes(org: org).register(on: router)
        SOAPRoutes(org: org).register(on: router)
        DataRoutes(org: org).register(on: router)
        ApexRESTRoutes(org: org).register(on: router)
        return router
    }
}
