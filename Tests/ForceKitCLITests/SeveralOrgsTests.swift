import ForceKitCLI
import ForceKitTestSupport
import ForceKitTesting
import Foundation
import LocalOrg
import SalesforceApp
import SalesforceCore
import SmartStore
import Testing

@testable import ForceKitCLI

/// Two LocalOrgs signed in at once, as a developer with a dev and a QA org has them: both admins
/// are `admin@localorg.test`, so a username alone never picks one silently.
@Suite("forcekit with several orgs: aliases, --target-org, ambiguous names")
struct SeveralOrgsTests {
    @Test("a username both orgs have is refused with the candidates; an alias or ORG_ID/USER_ID picks one, for --target-org and org logout")
    func aliasesAndAmbiguity() async throws {
        try await withTwoLocalOrgs(seedFirst: false) { home, dev, qa throws in
            for (org, alias) in [(dev, "dev"), (qa, "qa")] {
                let login = await forcekit("login", "--local", "--instance", org.credentials.instanceURL, "--alias", alias)
                #expect(login.exitCode == 0, "\(login.error)")
            }
            let ambiguous = await forcekit("query", "SELECT COUNT() FROM Account", "--user", "admin@localorg.test")
            #expect(ambiguous.exitCode == 1 && ambiguous.output.isEmpty)
            #expect(ambiguous.error.contains("\"admin@localorg.test\" matches 2 signed-in accounts"), "\(ambiguous.error)")
            #expect(ambiguous.error.contains("(alias dev)") && ambiguous.error.contains("(alias qa)"))
            #expect(await forcekit("accounts", "--switch", "admin@localorg.test").exitCode == 1)

            let toDev = await forcekit("org", "display", "--json", "--target-org", "dev")
            #expect(toDev.output.contains(dev.credentials.instanceURL), "\(toDev.error)")
            let byIdentity = "\(qa.credentials.user.orgID.id18)/\(qa.credentials.user.userID.id18)"
            let toQA = await forcekit("org", "display", "--json", "--user", byIdentity)
            #expect(toQA.output.contains(qa.credentials.instanceURL), "\(toQA.error)")

            let list = await forcekit("org", "list")
            #expect(list.outputLines.count == 2 && list.output.contains("alias dev") && list.output.contains("alias qa"))
            // An alias given again moves: one account has it.
            #expect(
                await forcekit("login", "--local", "--instance", qa.credentials.instanceURL, "--alias", "dev").exitCode == 0)
            let moved = await forcekit("org", "display", "--json", "--target-org", "dev")
            #expect(moved.output.contains(qa.credentials.instanceURL), "\(moved.error)")

            let logout = await forcekit("org", "logout", "--target-org", "dev")
            #expect(logout.exitCode == 0, "\(logout.error)")
            let left = await forcekit("org", "list", "--json")
            #expect(left.outputLines.count == 1 && left.output.contains(dev.credentials.instanceURL))
        }
    }

    @Test(
        "logging in again keeps the alias; a second org's login leaves the current account unless --set-default; org switch and -o pick one"
    )
    func loginKeepsAliasAndCurrent() async throws {
        try await withTwoLocalOrgs(seedFirst: false) { home, dev, qa throws in
            #expect(
                await forcekit("login", "--local", "--instance", dev.credentials.instanceURL, "--alias", "dev").exitCode == 0)
            // Again, without --alias: the alias stays.
            let again = await forcekit("login", "--local", "--instance", dev.credentials.instanceURL)
            #expect(again.exitCode == 0 && !again.error.contains("note:"), "\(again.error)")
            let byAlias = await forcekit("org", "display", "--json", "--target-org", "dev")
            #expect(byAlias.exitCode == 0 && byAlias.output.contains(dev.credentials.instanceURL), "\(byAlias.error)")

            let second = await forcekit("login", "--local", "--instance", qa.credentials.instanceURL, "--alias", "qa")
            #expect(second.error.contains("the current account stays"), "\(second.error)")
            #expect(await forcekit("org", "display", "--json").output.contains(dev.credentials.instanceURL))
            #expect(await forcekit("org", "display", "--json", "-o", "qa").output.contains(qa.credentials.instanceURL))

            let chosen = await forcekit("login", "--local", "--instance", qa.credentials.instanceURL, "--set-default")
            #expect(chosen.error.contains("the current account is now this one; it was"), "\(chosen.error)")
            #expect(await forcekit("org", "display", "--json").output.contains(qa.credentials.instanceURL))
            #expect(await forcekit("org", "switch", "dev").exitCode == 0)
            #expect(await forcekit("org", "display", "--json").output.contains(dev.credentials.instanceURL))
            let unknown = await forcekit("org", "switch", "nobody")
            #expect(unknown.exitCode == 1 && unknown.error.contains("no signed-in account matches \"nobody\""))
        }
    }

    @Test(
        "logout removes the user's stores and keys under the CLI's home, as the SDK's does; --keep-data keeps them; the other account stays current"
    )
    func logoutRemovesData() async throws {
        try await withTwoLocalOrgs { home, dev, qa throws in
            for (org, alias) in [(dev, "dev"), (qa, "qa")] {
                #expect(await forcekit("login", "--local", "--instance", org.credentials.instanceURL, "--alias", alias).exitCode == 0)
            }
            // The user's default store under the home, as a hybrid app's bridge makes it.
            for alias in ["dev", "qa"] {
                var options = AccountOptions()
                options.user = alias
                let app = try await BridgeSession.app(account: options, folder: nil, config: nil)
                try await app.userStore().registerSoup("notes", indexSpecs: [IndexSpec(path: "Id", type: .string)])
            }
            #expect(await forcekit("org", "switch", "dev").exitCode == 0)
            let users = home.appendingPathComponent("SmartStore/users")
            func folders() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: users.path).sorted()
            }
            #expect(try folders().count == 2)
            let keys = { try FileManager.default.contentsOfDirectory(atPath: home.appendingPathComponent("keys").path) }
            #expect(try keys().filter { $0.contains("smartstore.users") }.count == 2)

            // doctor names the current account with its alias and says what makes it current; it lists both stores.
            let doctor = try jsonObject(try #require(await forcekit("doctor", "--json").outputLines.first))
            let currentUser = try #require(doctor["Current User"] as? String)
            #expect(currentUser.contains("alias dev") && currentUser.contains("forcekit org switch"), "\(currentUser)")
            #expect((doctor["Authenticated Users"] as? String)?.contains("alias qa") == true)
            #expect((doctor["Stores"] as? String)?.components(separatedBy: ", ").count == 2)

            let logout = await forcekit("logout", "-o", "qa")
            #expect(logout.exitCode == 0 && logout.output.contains("with their stores, keys, sync states and events"), "\(logout.error)")
            #expect(try folders() == [dev.credentials.user.orgID.id18])
            #expect(try keys().filter { $0.contains("smartstore.users") }.count == 1)
            let after = try jsonObject(try #require(await forcekit("doctor", "--json").outputLines.first))
            #expect((after["Stores"] as? String)?.contains(qa.credentials.user.orgID.id18) == false)
            // Logging out qa left dev current.
            #expect(await forcekit("org", "display", "--json").output.contains(dev.credentials.instanceURL))

            let kept = await forcekit("logout", "--keep-data")
            #expect(kept.exitCode == 0 && kept.output.contains("data under the CLI's home is kept"), "\(kept.error)")
            #expect(try folders() == [dev.credentials.user.orgID.id18])
        }
    }
}
