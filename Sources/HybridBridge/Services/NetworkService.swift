import Foundation
import SalesforceApp
import SalesforceCore
import SalesforceREST

/// `com.salesforce.network`: `pgSendRequest`, a request through the signed-in user's REST
/// client, which refreshes the token as the SDK's native network stack does.
struct NetworkService: BridgeService {
    static let serviceNames = ["com.salesforce.network"]
    let context: BridgeContext

    func answer(_ action: String, _ arguments: BridgeArguments) async throws -> JSON {
        guard action == "pgSendRequest" else { throw unknown(action) }
        let request = try Self.request(arguments, uploads: context.fileFolders)
        let client = try await context.app.restClient()
        let response: RestResponse
        do {
            response = try await client.send(request)
        } catch {
            // No answer came: upstream's words first, which apps and upstream's own tests match on.
            guard error.code == .transport else { throw error }
            throw BridgeFailure("The requested resource failed: \(error.message)")
        }
        if arguments.bool("returnBinary") {
            return [
                "encodedBody": .string(response.data.base64EncodedString()),
                "contentType": response.header("Content-Type").map(JSON.string) ?? .null,
            ]
        }
        guard !response.data.isEmpty else { return .null }
        return response.json ?? .string(String(decoding: response.data, as: UTF8.self))
    }

    /// The request the arguments describe: `endPoint` (`/services/data` by default, or a whole
    /// URL) and `path`,
    /// `method`, `queryParams` (the query of a GET or DELETE, the JSON body of a POST, PATCH or
    /// PUT; an object or its JSON text), `headerParams`, `fileParams` (files sent as
    /// `multipart/form-data`: `{name: {fileMimeType, fileUrl, fileName}}`) and
    /// `doesNotRequireAuthentication`. Files come only from `uploads`.
    static func request(_ arguments: BridgeArguments, uploads: UploadFolders) throws -> RestRequest {
        let methodName = (arguments.string("method") ?? "GET").uppercased()
        guard let method = RestMethod(rawValue: methodName) else {
            throw BridgeFailure("\(methodName) is not an HTTP method this plugin sends; use GET, POST, PUT, PATCH, DELETE or HEAD.")
        }
        let endpoint = arguments.string("endPoint") ?? "/services/data"
        // A whole URL as the end point (upstream's testPublicApiCall sends one, with no path)
        // is asked as it is, without the user's token.
        let isWholeURL = ["http://", "https://"].contains { endpoint.lowercased().hasPrefix($0) }
        let path = isWholeURL ? arguments.string("path") ?? "" : try arguments.requiredString("path")
        var parameters = arguments["queryParams"] ?? .object([:])
        if let text = parameters.stringValue {
            do {
                parameters = try JSON(parsing: Array(text.utf8))
            } catch {
                throw BridgeFailure("queryParams is text that is not JSON: \(error)")
            }
        }
        var request =
            isWholeURL
            ? RestRequest.customURL(method: method, baseURL: endpoint, path: path)
            : RestRequest(method: method, endpoint: endpoint, path: path)
        switch method {
        case .post, .put, .patch:
            request.setJSONBody(parameters)
        default:
            request.queryItems = (parameters.objectValue ?? [:]).sorted { $0.key < $1.key }.map { key, value in
                (key, value.stringValue ?? value.serialized())
            }
        }
        for (name, value) in arguments["headerParams"]?.objectValue ?? [:] {
            request.headers[name] = value.stringValue ?? value.serialized()
        }
        if let files = arguments["fileParams"]?.objectValue, !files.isEmpty {
            var form = MultipartForm()
            for (name, file) in files.sorted(by: { $0.key < $1.key }) {
                guard let location = file["fileUrl"]?.stringValue else {
                    throw BridgeFailure("The file \(name) of fileParams has no fileUrl.")
                }
                let url = try uploads.checked(
                    location.hasPrefix("file:") ? URL(string: location) ?? URL(fileURLWithPath: location) : URL(fileURLWithPath: location))
                let contents: Data
                do {
                    contents = try Data(contentsOf: url)
                } catch {
                    throw BridgeFailure("The file \(location) cannot be read: \(error.localizedDescription)")
                }
                form.addFile(
                    contents, name: name, fileName: file["fileName"]?.stringValue ?? url.lastPathComponent,
                    mimeType: file["fileMimeType"]?.stringValue ?? "application/octet-stream")
            }
            request.setBody(form.finished, contentType: form.contentType)
        }
        request.requiresAuthentication = !isWholeURL && !arguments.bool("doesNotRequireAuthentication")
        return request
    }
}
