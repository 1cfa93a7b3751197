import Hummingbird
import LocalOrgEngine

/// `/services/Soap/u/<version>`: the partner API's `login`, so tools that log in with a username
/// and password through SOAP work against LocalOrg unmodified.
struct SOAPRoutes {
    let org: Org

    func register(on router: Router<LocalOrgRequestContext>) {
        router.post("/services/Soap/u/:version") { request, context in
            let version = context.parameters.get("version") ?? ""
            guard version.split(separator: ".").count == 2, version.allSatisfy({ $0.isNumber || $0 == "." }) else {
                throw HTTPError(.notFound)
            }
            let reply = await org.soapLogin(try await Responses.body(of: request, context: context), version: version)
            return Response(
                status: HTTPResponse.Status(code: reply.status), headers: [.contentType: "text/xml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: reply.xml)))
        }
    }
}
