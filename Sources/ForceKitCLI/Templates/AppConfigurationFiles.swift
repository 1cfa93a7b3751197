import Foundation
import SalesforceCore

/// The configuration files of a ForceKit app, in the Mobile SDK templates' formats: the ones
/// `forcekit quickstart` runs its app from and `forcekit create` writes into a new app. Accounts
/// and Contacts, synced down whole and up under LEAVE_IF_CHANGED, with app links to Contacts and
/// a route for Salesforce app links to any record (`salesforce1://sObject/<id>/view`).
enum AppConfigurationFiles {
    /// The app's own URL scheme, for its deep links.
    static let defaultScheme = "forcekitapp"

    /// The files, by name: `bootconfig.json`, `userstore.json`, `usersyncs.json` and
    /// `MobileDeepLinkingConfig.json`. The boot config names the Mobile SDK's sample connected
    /// app, which every LocalOrg knows; a real org needs the app's own consumer key and callback.
    static func files() -> [(name: String, text: String)] {
        [
            ("bootconfig.json", bootConfig), ("userstore.json", userStore), ("usersyncs.json", userSyncs),
            ("MobileDeepLinkingConfig.json", deepLinks),
        ]
    }

    /// Writes the files into `folder`, creating it.
    static func write(into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files() {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name), options: .atomic)
        }
    }

    /// The fields each soup keeps, and sync down asks for.
    static let accountFields = ["Id", "Name", "Industry", "Phone", "BillingCity", "LastModifiedDate"]
    static let contactFields = ["Id", "FirstName", "LastName", "Title", "Email", "Phone", "AccountId", "LastModifiedDate"]

    static let bootConfig = """
        {
          "remoteAccessConsumerKey": "\(MobileSDKSampleApp.consumerKey)",
          "oauthRedirectURI": "\(MobileSDKSampleApp.callbackURL)",
          "oauthScopes": ["api", "web", "refresh_token"],
          "isLocal": true,
          "startPage": "index.html",
          "errorPage": "error.html",
          "shouldAuthenticate": true,
          "attemptOfflineLoad": false
        }

        """

    /// The sync flags are indexed: sync up and the conflict list find dirty records through them.
    static let userStore = """
        {
          "soups": [
            {
              "soupName": "accounts",
              "indexes": [
                {"path": "Id", "type": "string"},
                {"path": "Name", "type": "string"},
                {"path": "__local__", "type": "string"},
                {"path": "__locally_created__", "type": "string"},
                {"path": "__locally_updated__", "type": "string"},
                {"path": "__locally_deleted__", "type": "string"}
              ]
            },
            {
              "soupName": "contacts",
              "indexes": [
                {"path": "Id", "type": "string"},
                {"path": "LastName", "type": "string"},
                {"path": "AccountId", "type": "string"},
                {"path": "__local__", "type": "string"},
                {"path": "__locally_created__", "type": "string"},
                {"path": "__locally_updated__", "type": "string"},
                {"path": "__locally_deleted__", "type": "string"}
              ]
            }
          ]
        }

        """

    static let userSyncs = """
        {
          "syncs": [
            {
              "syncName": "syncDownAccounts",
              "syncType": "syncDown",
              "soupName": "accounts",
              "target": {"type": "soql", "query": "SELECT \(accountFields.joined(separator: ", ")) FROM Account"},
              "options": {"mergeMode": "LEAVE_IF_CHANGED"}
            },
            {
              "syncName": "syncDownContacts",
              "syncType": "syncDown",
              "soupName": "contacts",
              "target": {"type": "soql", "query": "SELECT \(contactFields.joined(separator: ", ")) FROM Contact"},
              "options": {"mergeMode": "LEAVE_IF_CHANGED"}
            },
            {
              "syncName": "syncUpAccounts",
              "syncType": "syncUp",
              "soupName": "accounts",
              "target": {},
              "options": {"fieldlist": ["Name", "Industry", "Phone", "BillingCity"], "mergeMode": "LEAVE_IF_CHANGED"}
            },
            {
              "syncName": "syncUpContacts",
              "syncType": "syncUp",
              "soupName": "contacts",
              "target": {},
              "options": {"fieldlist": ["FirstName", "LastName", "Title", "Email", "Phone", "AccountId"], "mergeMode": "LEAVE_IF_CHANGED"}
            }
          ]
        }

        """

    static let deepLinks = """
        {
          "logging": false,
          "defaultRoute": {"class": "ContactListView"},
          "routes": {
            "contacts": {"class": "ContactListView"},
            "accounts/:accountId": {
              "class": "AccountDetailView",
              "handlers": ["requireLogin"],
              "routeParameters": {"accountId": {"required": "true", "regex": "001[a-zA-Z0-9]{12}([a-zA-Z0-9]{3})?"}}
            },
            "contacts/:contactId": {
              "class": "ContactEditView",
              "handlers": ["requireLogin"],
              "routeParameters": {"contactId": {"required": "true", "regex": "003[a-zA-Z0-9]{12}([a-zA-Z0-9]{3})?"}}
            },
            "sObject/:recordId/view": {
              "class": "RecordView",
              "handlers": ["requireLogin"],
              "routeParameters": {"recordId": {"required": "true", "regex": "[a-zA-Z0-9]{15}([a-zA-Z0-9]{3})?"}}
            }
          }
        }

        """
}
