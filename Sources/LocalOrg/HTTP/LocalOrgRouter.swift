import Hummingbird

/// All of LocalOrg's routes, behind the error and request-log middleware.
enum LocalOrgRouter {
    static func make(services: LocalOrgServices, requestLog: (@Sendable (String) -> Void)?) -> Router<LocalOrgRequestContext> {
        let router = Router(context: LocalOrgRequestContext.self)
        if let requestLog { router.add(middleware: RequestLogMiddleware(sink: requestLog)) }
        router.add(middleware: SalesforceErrorMiddleware())
        OAuthRoutes(services: services).register(on: router)
        DataRoutes(services: services).register(on: router)
        ApexRESTRoutes(services: services).register(on: router)
        return router
    }
}
