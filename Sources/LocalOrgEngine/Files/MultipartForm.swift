import Foundation
import SalesforceCore

/// A `multipart/form-data` body (RFC 7578) split into its parts.
struct MultipartForm: Sendable {
    struct Part: Sendable {
        /// The `name` of its Content-Disposition.
        var name: String
        /// The `filename`, for a file part.
        var fileName: String?
        /// The part's own Content-Type, if it has one.
        var contentType: String?
        var body: [UInt8]

        var text: String { String(decoding: body, as: UTF8.self) }
    }

    var parts: [Part]

    func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// The boundary of a `multipart/form-data; boundary=...` content type.
    static func boundary(of contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for parameter in contentType.split(atScalars: [";"]).dropFirst() {
            let pair = parameter.split(atScalars: ["="], maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if pair.count == 2, pair[0].lowercased() == "boundary" {
                return pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// Splits `body` at `boundary`; a body that does not follow the format is an error.
    init(body: [UInt8], boundary: String) throws(APIError) {
        let delimiter = Array("--\(boundary)".utf8)
        let malformed = APIError(
            status: 400, errorCode: "INVALID_MULTIPART_REQUEST",
            message: "The body is not multipart/form-data with the boundary its Content-Type names.")
        var positions: [Int] = []
        var index = 0
        while let found = Self.find(delimiter, in: body, from: index) {
            positions.append(found)
            index = found + delimiter.count
        }
        guard positions.count >= 2 else { throw malformed }
        parts = []
        for (start, end) in zip(positions, positions.dropFirst()) {
            var partStart = start + delimiter.count
            if body[partStart..<min(partStart + 2, body.count)].elementsEqual([13, 10]) { partStart += 2 }
            var partEnd = end
            if partEnd - 2 >= partStart, body[partEnd - 2] == 13, body[partEnd - 1] == 10 { partEnd -= 2 }
            guard let headerEnd = Self.find([13, 10, 13, 10], in: body, from: partStart), headerEnd <= partEnd else { throw malformed }
            var part = Part(name: "", body: Array(body[(headerEnd + 4)..<max(headerEnd + 4, partEnd)]))
            for line in String(decoding: body[partStart..<headerEnd], as: UTF8.self).components(separatedBy: "\r\n") {
                let pair = line.split(atScalars: [":"], maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                switch pair[0].lowercased() {
                case "content-disposition":
                    for parameter in pair[1].split(atScalars: [";"]).dropFirst() {
                        let item = parameter.split(atScalars: ["="], maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                        guard item.count == 2 else { continue }
                        let value = item[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                        if item[0].lowercased() == "name" { part.name = value }
                        if item[0].lowercased() == "filename" { part.fileName = value }
                    }
                case "content-type":
                    part.contentType = pair[1]
                default:
                    break
                }
            }
            parts.append(part)
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else { return nil }
        var index = start
        while index <= haystack.count - needle.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
