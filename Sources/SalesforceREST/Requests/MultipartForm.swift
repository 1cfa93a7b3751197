public import Foundation
import SalesforceCore

/// A `multipart/form-data` body: JSON or text fields and files, each a part, as file uploads
/// to the REST API (and the hybrid network plugin's `fileParams`) send them.
public struct MultipartForm: Sendable {
    /// The boundary between parts.
    public let boundary: String
    /// The body so far.
    public private(set) var body = Data()

    /// An empty form with a fresh boundary.
    public init() {
        boundary = "ForceKit-" + UUID().uuidString
    }

    /// The `Content-Type` header of the body.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// Adds a field whose value is `text` of `mimeType`.
    public mutating func addField(_ name: String, text: String, mimeType: String = "text/plain; charset=UTF-8") {
        beginPart(disposition: "form-data; name=\"\(Self.safe(name))\"", mimeType: mimeType)
        body.append(Data(text.utf8))
        line("")
    }

    /// Adds a file.
    public mutating func addFile(_ contents: Data, name: String, fileName: String, mimeType: String = "application/octet-stream") {
        beginPart(disposition: "form-data; name=\"\(Self.safe(name))\"; filename=\"\(Self.safe(fileName))\"", mimeType: mimeType)
        body.append(contents)
        line("")
    }

    /// The finished body: the parts and the closing boundary.
    public var finished: Data {
        body + Data("--\(boundary)--\r\n".utf8)
    }

    private mutating func beginPart(disposition: String, mimeType: String) {
        line("--\(boundary)")
        line("Content-Disposition: \(disposition)")
        line("Content-Type: \(mimeType)")
        line("")
    }

    private mutating func line(_ text: String) {
        body.append(Data((text + "\r\n").utf8))
    }

    /// A name or file name as a header's quoted value: no quotes or line breaks to end it early.
    private static func safe(_ text: String) -> String { HeaderText.quotable(text) }
}
