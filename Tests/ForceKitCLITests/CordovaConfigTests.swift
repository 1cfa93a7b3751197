import ForceKitTestSupport
import Foundation
import HybridBridge
import Testing

@testable import ForceKitCLI

@Suite("hybrid serve: the app's name and version from its Cordova project")
struct CordovaConfigTests {
    @Test("config.xml beside www gives getInfo's appName and appVersion, as a Cordova build gives the app's")
    func fromConfigXML() async throws {
        try await withTemporaryDirectory { folder in
            let www = folder.appendingPathComponent("www")
            try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
            // The widget and name as `cordova create` and upstream's test app write them.
            let xml = """
                <?xml version='1.0' encoding='utf-8'?>
                <widget id="com.salesforce.hybrid.test" version="1.0" ios-CFBundleVersion="1.0" xmlns="http://www.w3.org/ns/widgets">
                    <name>SalesforceHybridSDKTestApp</name>
                    <description>A &amp; B</description>
                    <content src="index.html" />
                </widget>
                """
            try Data(xml.utf8).write(to: folder.appendingPathComponent("config.xml"))
            let info = CordovaConfig.appInfo(forWWW: www)
            #expect(info.appName == "SalesforceHybridSDKTestApp")
            #expect(info.appVersion == "1.0(1.0)")
        }
    }

    @Test("without config.xml the app is named after its project's folder; a broken config.xml is the same")
    func withoutConfig() async throws {
        try await withTemporaryDirectory { folder in
            let project = folder.appendingPathComponent("AccountEditor")
            let www = project.appendingPathComponent("www")
            try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true)
            #expect(CordovaConfig.appInfo(forWWW: www).appName == "AccountEditor")
            #expect(CordovaConfig.appInfo(forWWW: project).appName == "AccountEditor")
            try Data("<widget><name>unclosed".utf8).write(to: project.appendingPathComponent("config.xml"))
            let info = CordovaConfig.appInfo(forWWW: www)
            #expect(info.appName == "AccountEditor" && info.appVersion == "1.0(1.0)")
        }
    }
}
