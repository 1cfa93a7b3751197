public import Foundation
public import SalesforceCore

/// The login hosts a user can choose from, and the chosen one, kept in a file between launches.
///
/// The list starts with Production and Sandbox (and the app's own default host, when it names
/// another); users add their own hosts, which they may remove. Adding a host already listed
/// changes nothing. A ``ManagedConfiguration`` with `AppServiceHosts` replaces Production and
/// Sandbox with its hosts, the first selected until the user chooses another; with
/// `OnlyShowAuthorizedHosts` its hosts are the whole list and users cannot change it.
///
/// ```swift
/// let hosts = try LoginHostList(file: appDirectory.appending(path: "loginhosts.json"))
/// try await hosts.add(label: "Fine Apps", "https://fineapps.force.com/fineapps/")
/// try await hosts.select("fineapps.force.com/fineapps")
/// ```
public actor LoginHostList {
    /// Every host, standard ones first.
    public private(set) var hosts: [LoginHost]
    /// The host logins go to.
    public private(set) var selected: LoginHost
    /// Whether device management fixed the list (`OnlyShowAuthorizedHosts`): hosts cannot be
    /// added or removed.
    public nonisolated let isManaged: Bool
    private let file: URL?

    /// Loads the list from `file` (created on the first change), or keeps it in memory when
    /// `file` is nil. `appDefault` is the app's configured host (`SFDCOAuthLoginHost`);
    /// `managed` is the device management's configuration, which takes precedence over both.
    public init(file: URL?, appDefault: LoginHost? = nil, managed: ManagedConfiguration = .unmanaged) throws(LoginHostError) {
        self.file = file
        let managedHosts = managed.loginHosts
        isManaged = managed.onlyShowsAuthorizedHosts && !managedHosts.isEmpty
        var hosts = managedHosts.isEmpty ? [LoginHost.production, LoginHost.sandbox] : managedHosts
        if !isManaged, let appDefault, !hosts.contains(where: { $0.host == appDefault.host }) {
            var fixed = appDefault
            fixed.isDeletable = false
            hosts.append(fixed)
        }
        var selectedHost = managedHosts.first?.host ?? appDefault?.host ?? LoginHost.production.host
        if let file, let data = FileManager.default.contents(atPath: file.path) {
            let saved: Saved
            do {
                saved = try JSONDecoder().decode(Saved.self, from: data)
            } catch {
                throw .unreadable(path: file.path)
            }
            if !isManaged {
                for host in saved.custom where !hosts.contains(where: { $0.host == host.host }) { hosts.append(host) }
            }
            // The user's choice stands while it is still offered.
            if hosts.contains(where: { $0.host == saved.selected }) { selectedHost = saved.selected }
        }
        self.hosts = hosts
        self.selected = hosts.first { $0.host == selectedHost } ?? hosts[0]
    }

    /// Adds a host the user typed. Returns the host as stored, whether new or already there.
    @discardableResult
    public func add(label: String? = nil, _ text: String) throws(LoginHostError) -> LoginHost {
        guard !isManaged else { throw .managed }
        guard let host = LoginHost(label: label, text) else { throw .invalidHost(text) }
        if let existing = hosts.first(where: { $0.host == host.host }) { return existing }
        hosts.append(host)
        try save()
        return host
    }

    /// Removes a host the user added; the standard hosts stay. Removing the selected host selects Production.
    public func remove(_ text: String) throws(LoginHostError) {
        guard !isManaged else { throw .managed }
        guard let host = LoginHost(text), let index = hosts.firstIndex(where: { $0.host == host.host }) else { throw .unknownHost(text) }
        guard hosts[index].isDeletable else { throw .notDeletable(hosts[index].host) }
        hosts.remove(at: index)
        if selected.host == host.host { selected = hosts[0] }
        try save()
    }

    /// Chooses the host logins go to; it must be in the list.
    public func select(_ text: String) throws(LoginHostError) {
        guard let host = LoginHost(text), let found = hosts.first(where: { $0.host == host.host }) else { throw .unknownHost(text) }
        selected = found
        try save()
    }

    private struct Saved: Codable {
        var selected: String
        var custom: [LoginHost]
    }

    private func save() throws(LoginHostError) {
        guard let file else { return }
        let saved = Saved(selected: selected.host, custom: hosts.filter(\.isDeletable))
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try JSONEncoder().encode(saved).write(to: file, options: .atomic)
        } catch {
            throw .unwritable(path: file.path, reason: error.localizedDescription)
        }
    }
}

/// Why a login-host change was refused.
public enum LoginHostError: ForceKitError, Equatable {
    /// The text is not a host.
    case invalidHost(String)
    /// The host is not in the list.
    case unknownHost(String)
    /// Production, Sandbox and the app's host cannot be removed.
    case notDeletable(String)
    /// The saved list cannot be read.
    case unreadable(path: String)
    /// The list cannot be saved.
    case unwritable(path: String, reason: String)
    /// Device management fixed the list (`OnlyShowAuthorizedHosts`).
    case managed

    /// What is wrong.
    public var message: String {
        switch self {
        case .invalidHost(let text): "\"\(text)\" is not a login host."
        case .unknownHost(let text): "\"\(text)\" is not in the login host list."
        case .notDeletable(let host): "\(host) is a standard login host and cannot be removed."
        case .unreadable(let path): "The login host list \(path) cannot be read."
        case .unwritable(let path, let reason): "The login host list cannot be saved to \(path): \(reason)"
        case .managed: "Your organization's device management sets the login hosts; they cannot be changed here."
        }
    }

    /// What to do.
    public var recoverySuggestion: String? {
        switch self {
        case .invalidHost: "Give a host name with an optional path, such as mydomain.my.salesforce.com."
        case .unknownHost: "Add it first."
        case .notDeletable: nil
        case .unreadable: "Delete the file to start again from the standard hosts."
        case .unwritable: "Check that the folder exists and is writable."
        case .managed: "Ask your administrator to add the host to the managed configuration's AppServiceHosts."
        }
    }
}
