/// Every file of a new app, by path inside its folder.
enum NewApp {
    static func files(name: String, bundleID: String, scheme: String, dependency: NewAppPackageFiles.Dependency) -> [(
        path: String, text: String
    )] {
        let configuration = AppConfigurationFiles.files().map { ("Sources/\(name)/Configuration/\($0.name)", $0.text) }
        return NewAppPackageFiles.files(name: name, bundleID: bundleID, scheme: scheme, dependency: dependency) + configuration
            + NewAppModelFiles.files(name: name) + NewAppViewFiles.files(name: name) + NewAppTestFiles.files(name: name, scheme: scheme)
    }
}
