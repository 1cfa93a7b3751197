import ForceKitTesting
import Foundation
import SalesforceCore
import SalesforceREST
import Testing

/// Requests as upstream's SDKs build them, with expectations read from their public tests and
/// code: Android's `RestRequestTest` (libs/test/SalesforceSDKTest/…/rest/RestRequestTest.java)
/// and iOS's `SFRestAPI.m`. ForceKit builds iOS's paths (no trailing slash); LocalOrg answers
/// Android's too.
@Suite("Requests as upstream builds them")
struct UpstreamRequestTests {
    let requests = RequestFactory(apiVersion: APIVersion(major: 66))

    @Test("UI API layouts take formFactor, layoutType, mode and recordTypeId, each only when given")
    func layouts() {
        let base = "/v66.0/ui-api/layout/testObjectType"
        func query(_ request: RestRequest) -> String {
            request.queryItems.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        }
        #expect(requests.layout("testObjectType").path == base && requests.layout("testObjectType").queryItems.isEmpty)
        #expect(query(requests.layout("testObjectType", formFactor: "Medium")) == "formFactor=Medium")
        #expect(query(requests.layout("testObjectType", layoutType: "Compact")) == "layoutType=Compact")
        #expect(query(requests.layout("testObjectType", mode: "Edit")) == "mode=Edit")
        #expect(query(requests.layout("testObjectType", recordTypeID: "test_record_type_id")) == "recordTypeId=test_record_type_id")
    }

    @Test("a query's batch size goes in Sforce-Query-Options, brought into 200…2000; the default 2000 needs no header")
    func batchSizes() {
        #expect(requests.query("testQuery", batchSize: 500).headers["Sforce-Query-Options"] == "batchSize=500")
        #expect(requests.query("testQuery", batchSize: 199).headers["Sforce-Query-Options"] == "batchSize=200")
        #expect(requests.query("testQuery", batchSize: 2001).headers["Sforce-Query-Options"] == nil)
        #expect(requests.queryAll("testQuery", batchSize: 300).headers["Sforce-Query-Options"] == "batchSize=300")
        #expect(requests.query("testQuery").headers.isEmpty)
    }

    @Test("LocalOrg answers Android's paths, with their trailing slashes, as it answers iOS's")
    func androidPaths() async throws {
        try await withLocalOrg(seed: false) { org throws in
            let client = RestClient(credentials: try await org.logIn(), refresher: nil)
            for path in ["/", "/sobjects/", "/sobjects/Account/", "/sobjects/Account/describe/", "/search/scopeOrder"] {
                let answer = try await client.send(client.requests.request(.get, path: path))
                #expect(answer.status == 200, "\(path)")
            }
            let versions = try await client.send(client.requests.versions())
            #expect(versions.json?.arrayValue?.isEmpty == false)
        }
    }
}
