/// ForceKit's version: what `forcekit --version` prints and what `RestClient`'s user agent names.
public enum ForceKitVersion {
    /// The version.
    public static let current = "0.1.0"
}
