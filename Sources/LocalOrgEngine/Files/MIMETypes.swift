import Foundation
import SalesforceCore

/// File extensions and MIME types, both ways, for the types apps commonly upload.
enum MIMETypes {
    private static let byExtension: [String: String] = [
        "txt": "text/plain", "csv": "text/csv", "html": "text/html", "htm": "text/html", "xml": "application/xml",
        "json": "application/json", "pdf": "application/pdf", "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg",
        "gif": "image/gif", "svg": "image/svg+xml", "zip": "application/zip", "mp4": "video/mp4", "mp3": "audio/mpeg",
        "doc": "application/msword", "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "xls": "application/vnd.ms-excel", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "ppt": "application/vnd.ms-powerpoint", "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    ]
    private static let preferredExtension: [String: String] = [
        "text/plain": "txt", "text/csv": "csv", "text/html": "html", "application/xml": "xml", "application/json": "json",
        "application/pdf": "pdf", "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/svg+xml": "svg",
        "application/zip": "zip", "video/mp4": "mp4", "audio/mpeg": "mp3",
    ]

    /// The MIME type of a file extension; `application/octet-stream` when unknown.
    static func type(forExtension fileExtension: String?) -> String {
        fileExtension.flatMap { byExtension[$0.lowercased()] } ?? "application/octet-stream"
    }

    /// The usual extension of a MIME type (parameters such as `charset` ignored).
    static func fileExtension(for mimeType: String) -> String? {
        let bare = mimeType.split(atScalars: [";"]).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        return preferredExtension[bare]
    }
}
