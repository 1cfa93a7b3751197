import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceCore
import Testing

@testable import ForceKitCLI

/// `forcekit login --community`: a site's login host, its token and its API from the CLI.
@Suite("login --community: an Experience Cloud site from the CLI")
struct CommunityLoginCommandTests {
    @Test("--local --community partners logs the default user in at the site; query and org display use the site's URL")
    func defaultUserAtTheSite() async throws {
        try await withLocalOrg(seed: true) { org in
            let site = try #require(org.server.sites.first)
            try await withTemporaryDirectory { home in
                try CLIEnvironment.$home.withValue(home) { try RunningLocalOrg(org.credentials, dataDirectory: nil).save() }
                try await CLIEnvironment.$home.withValue(home) {
                    let login = await forcekit("login", "--local", "--community", "partners")
                    #expect(login.exitCode == 0, "\(login.error)")
                    #expect(login.output.contains("at the site \(site.url) (community \(site.networkID))"), "\(login.output)")
                    let query = await forcekit("query", "--csv", "SELECT COUNT() FROM Account")
                    #expect(query.outputLines == ["count", "300"], "\(query.error)")
                    let display = try jsonObject(try #require(await forcekit("org", "display", "--json").outputLines.first))
                    #expect(display["instanceUrl"] as? String == site.url)
                    #expect(display["communityId"] as? String == site.networkID)

                    // A site member with a password, at the site's full URL; the internal org refuses them.
                    _ = try await org.server.addUser(username: "pat@partner.test", password: "Partner#Pass1", site: "partners")
                    let member = await forcekit(
                        "login", "--community", site.url, "--username", "pat@partner.test", "--password", "Partner#Pass1")
                    #expect(member.exitCode == 0 && member.output.contains("Logged in as pat@partner.test"), "\(member.error)")
                    let outside = await forcekit(
                        "login", "--instance", org.credentials.loginURL, "--username", "pat@partner.test", "--password", "Partner#Pass1")
                    #expect(outside.exitCode == 1 && outside.error.contains("username or password is wrong"), "\(outside.error)")
                }
            }
        }
    }

    @Test("--community with a bare path and no LocalOrg running says to give the site's URL")
    func pathWithoutLocalOrg() async throws {
        try await withTemporaryDirectory { home in
            await CLIEnvironment.$home.withValue(home) {
                let login = await forcekit("login", "--community", "partners", "--username", "u@x.test", "--password", "p")
                #expect(login.exitCode == 1 && login.error.contains("give the site's URL"), "\(login.error)")
            }
        }
    }
}
