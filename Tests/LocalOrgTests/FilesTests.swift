import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceAuth
import SalesforceCore
import Testing

@Suite("LocalOrg files (Connect and Chatter paths)")
struct FilesTests {
    /// A PNG header for a 640 × 480 image: enough for the rendition to know its shape.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
        0, 0, 0x02, 0x80, 0, 0, 0x01, 0xE0, 8, 2, 0, 0, 0,
    ]

    /// iOS's upload: a `json` part with title and desc, then `fileData`.
    private func uploadIOS(
        _ org: APITestOrg, _ token: String, name: String, description: String, data: [UInt8], mimeType: String,
        path: String? = nil
    ) async throws -> HTTPResponse {
        let boundary = UUID().uuidString
        var body = Data()
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"json\";\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n".utf8)
        body += Data("{\n  \"title\" : \"\(name)\",\n  \"desc\" : \"\(description)\"\n}\r\n".utf8)
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"fileData\"; filename=\"\(name)\"\r\nContent-Type: \(mimeType); charset=UTF-8\r\n\r\n"
                .utf8)
        body += Data(data) + Data("\r\n--\(boundary)--\r\n".utf8)
        return try await org.send(
            "POST", path ?? "\(org.dataPath)/connect/files/users/me",
            headers: ["Authorization": "Bearer \(token)", "Content-Type": "multipart/form-data; boundary=\(boundary)"], body: body)
    }

    /// Android's and 3.1's upload: plain title and desc fields.
    private func uploadAndroid(_ org: APITestOrg, _ token: String, path: String, title: String, data: [UInt8]) async throws
        -> HTTPResponse
    {
        let boundary = "AaB03x"
        var body = Data()
        for (name, value) in [("title", title), ("desc", "from Android")] {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        body += Data(
            "--\(boundary)\r\nContent-Disposition: form-data; name=\"fileData\"; filename=\"notes.txt\"\r\nContent-Type: text/plain\r\n\r\n"
                .utf8)
        body += Data(data) + Data("\r\n--\(boundary)--\r\n".utf8)
        return try await org.send(
            "POST", path, headers: ["Authorization": "Bearer \(token)", "Content-Type": "multipart/form-data; boundary=\(boundary)"],
            body: body)
    }

    @Test("an upload answers 201 with the file's detail; content comes back byte for byte, ranges too")
    func uploadAndContent() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let bytes = Array("Some Text".utf8)
            let upload = try await uploadIOS(
                org, token, name: "FileName.txt", description: "FileDescription", data: bytes, mimeType: "text/plain")
            #expect(upload.status == 201)
            #expect(upload.json["title"] == "FileName.txt")
            #expect(upload.json["description"] == "FileDescription")
            #expect(upload.json["contentSize"] == 9)
            #expect(upload.json["mimeType"] == "text/plain")
            #expect(upload.json["versionNumber"] == "1")
            #expect(upload.json["sharingRole"] == "Owner")
            let id = upload.json["id"]?.stringValue ?? ""
            #expect(id.hasPrefix("069"))

            let content = try await org.send("GET", "\(org.dataPath)/connect/files/\(id)/content", token: token)
            #expect(Array(content.body) == bytes)
            #expect(content.header("Content-Type") == "text/plain")
            #expect(content.header("Accept-Ranges") == "bytes")
            let part = try await org.send(
                "GET", "\(org.dataPath)/connect/files/\(id)/content", token: token, headers: ["Range": "bytes=5-"])
            #expect(part.status == 206)
            #expect(part.text == "Text")
            #expect(part.header("Content-Range") == "bytes 5-8/9")
            #expect(
                try await org.send(
                    "GET", "\(org.dataPath)/connect/files/\(id)/content", token: token, headers: ["Range": "bytes=-4"]
                )
                .text == "Text")
            let beyond = try await org.send(
                "GET", "\(org.dataPath)/connect/files/\(id)/content", token: token, headers: ["Range": "bytes=20-30"])
            #expect(beyond.status == 416)
            #expect(beyond.header("Content-Range") == "bytes */9")

            // A new version through POST on the file, then each version by number.
            let second = try await uploadAndroid(
                org, token, path: "\(org.dataPath)/connect/files/\(id)", title: "FileName.txt", data: Array("Version two".utf8))
            #expect(second.json["versionNumber"] == "2")
            #expect(try await org.send("GET", "\(org.dataPath)/connect/files/\(id)/content", token: token).text == "Version two")
            #expect(
                try await org.send("GET", "\(org.dataPath)/connect/files/\(id)/content?versionNumber=1", token: token).text
                    == "Some Text")
            #expect(
                try await org.send("GET", "\(org.dataPath)/connect/files/\(id)?versionNumber=1", token: token).json["contentSize"]
                    == 9)
            #expect(try await org.send("GET", "\(org.dataPath)/connect/files/\(id)?versionNumber=7", token: token).status == 404)
        }
    }

    @Test("owned files page 25 at a time and follow nextPageUrl; every path form reaches the same list")
    func paging() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            for index in 0..<30 {
                let reply = try await uploadAndroid(
                    org, token, path: "\(org.dataPath)/chatter/users/me/files", title: "File \(index)", data: [UInt8(index)])
                #expect(reply.status == 201)
            }
            let first = try await org.send("GET", "\(org.dataPath)/connect/files/users/me", token: token)
            #expect(first.json["files"]?.arrayValue?.count == 25)
            #expect(first.json["currentPageUrl"] == .string("\(org.dataPath)/connect/files/users/me?page=0"))
            #expect(first.json["previousPageUrl"] == .null)
            let next = try #require(first.json["nextPageUrl"]?.stringValue)
            let second = try await org.send("GET", next, token: token)
            #expect(second.json["files"]?.arrayValue?.count == 5)
            #expect(second.json["nextPageUrl"] == .null)
            let all = ((first.json["files"]?.arrayValue ?? []) + (second.json["files"]?.arrayValue ?? [])).compactMap {
                $0["title"]?.stringValue
            }
            #expect(Set(all).count == 30)
            for path in ["chatter/connect/files/users/me", "chatter/files/users/me", "chatter/users/me/files"] {
                let reply = try await org.send("GET", "\(org.dataPath)/\(path)?page=1", token: token)
                #expect(reply.json["files"]?.arrayValue?.count == 5, "\(path)")
            }
            let sized = try await org.send("GET", "\(org.dataPath)/connect/files/users/me?page=2&pageSize=10", token: token)
            #expect(sized.json["files"]?.arrayValue?.count == 10)
            #expect(sized.json["nextPageUrl"] == .null)
            #expect(
                try await org.send("GET", "\(org.dataPath)/connect/files/users/me?page=-1", token: token).json[0]?["errorCode"]
                    == "INVALID_PARAMETER_VALUE")
        }
    }

    @Test("shares: the owner's inferred share, then links added and removed through ContentDocumentLink")
    func shares() async throws {
        try await withTestOrg(seed: true) { org throws in
            let token = try await org.passwordToken()
            let upload = try await uploadIOS(
                org, token, name: "Shared.txt", description: "", data: Array("hi".utf8), mimeType: "text/plain")
            let fileID = upload.json["id"]?.stringValue ?? ""
            let users = try await org.send(
                "GET", "\(org.dataPath)/query?q=SELECT+Id,Name+FROM+User+WHERE+Alias!='ladmin'+ORDER+BY+Name+LIMIT+1",
                token: token)
            let otherID = users.json["records"]?[0]?["Id"]?.stringValue ?? ""
            let sharesPath = "\(org.dataPath)/connect/files/\(fileID)/file-shares"
            let before = try await org.send("GET", sharesPath, token: token)
            #expect(before.json["shares"]?.arrayValue?.count == 1)
            #expect(before.json["shares"]?[0]?["sharingType"] == "I")
            #expect(before.json["shares"]?[0]?["entity"]?["name"] == "Local Admin")
            let sharedWithOther = "\(org.dataPath)/connect/files/users/\(otherID)/filter/sharedwithme"
            #expect(try await org.send("GET", sharedWithOther, token: token).json["files"]?.arrayValue?.count == 0)

            let link = try await org.send(
                "POST", "\(org.dataPath)/sobjects/ContentDocumentLink", token: token,
                json: ["ContentDocumentId": .string(fileID), "LinkedEntityId": .string(otherID), "ShareType": "V"])
            #expect(link.status == 201)
            let during = try await org.send("GET", sharesPath, token: token)
            #expect(during.json["shares"]?.arrayValue?.count == 2)
            #expect(during.json["shares"]?[1]?["sharingType"] == "V")
            #expect(during.json["shares"]?[1]?["entity"]?["id"] == .string(otherID))
            #expect(try await org.send("GET", sharedWithOther, token: token).json["files"]?[0]?["id"] == .string(fileID))

            let groupReply = try await org.send(
                "POST", "\(org.dataPath)/sobjects/CollaborationGroup", token: token, json: ["Name": "Field Team"])
            let groupID = groupReply.json["id"]?.stringValue ?? ""
            _ = try await org.send(
                "POST", "\(org.dataPath)/sobjects/CollaborationGroupMember", token: token,
                json: ["CollaborationGroupId": .string(groupID), "MemberId": .string(otherID)])
            _ = try await org.send(
                "POST", "\(org.dataPath)/sobjects/ContentDocumentLink", token: token,
                json: ["ContentDocumentId": .string(fileID), "LinkedEntityId": .string(groupID), "ShareType": "C"])
            let groups = try await org.send("GET", "\(org.dataPath)/connect/files/users/\(otherID)/filter/groups", token: token)
            #expect(groups.json["files"]?[0]?["id"] == .string(fileID))

            _ = try await org.send(
                "DELETE", "\(org.dataPath)/sobjects/ContentDocumentLink/\(link.json["id"]?.stringValue ?? "")", token: token)
            let after = try await org.send("GET", sharesPath, token: token)
            #expect(after.json["shares"]?.arrayValue?.compactMap { $0["sharingType"]?.stringValue } == ["I", "C"])
            #expect(try await org.send("GET", sharedWithOther, token: token).json["files"]?.arrayValue?.count == 0)
        }
    }

    @Test("batch details answer per id; renditions are PNG thumbnails for images and an error for others")
    func batchAndRenditions() async throws {
        try await withTestOrg(seed: false) { org throws in
            let token = try await org.passwordToken()
            let text = try await uploadIOS(
                org, token, name: "Plain.txt", description: "d", data: Array("plain".utf8), mimeType: "text/plain")
            let image = try await uploadIOS(org, token, name: "photo", description: "d", data: Self.png, mimeType: "image/png")
            let textID = text.json["id"]?.stringValue ?? ""
            let imageID = image.json["id"]?.stringValue ?? ""
            #expect(image.json["mimeType"] == "image/png")

            let batch = try await org.send("GET", "\(org.dataPath)/connect/files/batch/\(textID),069000000000000AAA", token: token)
            #expect(batch.json["results"]?[0]?["statusCode"] == 200)
            #expect(batch.json["results"]?[0]?["result"]?["title"] == "Plain.txt")
            #expect(batch.json["results"]?[1]?["statusCode"] == 404)

            let thumb = try await org.send(
                "GET", "\(org.dataPath)/connect/files/\(imageID)/rendition?type=THUMB120BY90", token: token)
            #expect(thumb.status == 200)
            #expect(thumb.header("Content-Type") == "image/png")
            let bytes = Array(thumb.body)
            #expect(Array(bytes.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            // 640 × 480 fits 120 × 90 exactly.
            #expect(Array(bytes[16..<24]) == [0, 0, 0, 120, 0, 0, 0, 90])
            let large = try await org.send(
                "GET", "\(org.dataPath)/connect/files/\(imageID)/rendition?type=THUMB720BY480", token: token)
            #expect(Array(Array(large.body)[16..<24]) == [0, 0, 2, 0x80, 0, 0, 1, 0xE0])  // Never larger than the image.

            let none = try await org.send("GET", "\(org.dataPath)/connect/files/\(textID)/rendition", token: token)
            #expect(none.status == 404)
            #expect(none.json[0]?["message"]?.stringValue?.contains("thumbnails are made for PNG, JPEG and GIF images") == true)
            #expect(
                try await org.send("GET", "\(org.dataPath)/connect/files/\(imageID)/rendition?type=HUGE", token: token).status == 400
            )
            let pdfBytes = Array("%PDF-1.4 a tiny document".utf8)
            let pdf = try await uploadIOS(org, token, name: "Doc.pdf", description: "d", data: pdfBytes, mimeType: "application/pdf")
            let pdfRendition = try await org.send(
                "GET", "\(org.dataPath)/connect/files/\(pdf.json["id"]?.stringValue ?? "")/rendition?type=PDF", token: token)
            #expect(pdfRendition.header("Content-Type") == "application/pdf")
            #expect(Array(pdfRendition.body) == pdfBytes)
            // The version's bytes are also a blob field of ContentVersion.
            let versionID = pdf.json["latestPublishedVersionId"]?.stringValue ?? ""
            let blob = try await org.send("GET", "\(org.dataPath)/sobjects/ContentVersion/\(versionID)/VersionData", token: token)
            #expect(Array(blob.body) == pdfBytes)

            #expect(try await org.send("DELETE", "\(org.dataPath)/connect/files/\(textID)", token: token).status == 204)
            #expect(try await org.send("GET", "\(org.dataPath)/connect/files/\(textID)", token: token).status == 404)
            #expect(
                try await org.send("GET", "\(org.dataPath)/connect/files/nonsense", token: token).json[0]?["errorCode"]
                    == "MALFORMED_ID"
            )
            let unboundaried = try await org.send(
                "POST", "\(org.dataPath)/connect/files/users/me", token: token, json: ["title": "x"])
            #expect(unboundaried.json[0]?["errorCode"] == "INVALID_MULTIPART_REQUEST")
        }
    }
}
