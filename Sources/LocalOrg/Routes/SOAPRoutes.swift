import Hummingbird
import LocalOrgEngine
import SalesforceCore

/// `/services/Soap/u/<version>`: the partner API's `login`, so tools that log in with a username
/// and password through SOAP work against LocalOrg unmodified.
struct SOAPRoutes {
    let org: Org

    func register(on router: Router<LocalOrgRequestContext>) {
        router.post("/services/Soap/u/:version") { request, context in
            let version = context.parameters.get("version") ?? ""
            guard version.split(atScalars: ["."]).count == 2, version.allSatisfy({ $0.isNumber || $0 == "." }) else {
                throw HTTPError(.notFound)
            }
            // A login envelope is small: a larger body is refused before it is read whole.
            let body = try await Responses.body(of: request, context: context, upTo: Org.maximumEnvelopeSize)
            let reply = await org.soapLogin(body, version: version)
            return Response(
                status: HTTPResponse.Status(code: reply.status), headers: [.contentType: "text/xml; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: reply.xml)))
        }
    }
}
