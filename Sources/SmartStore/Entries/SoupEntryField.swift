/// The names of the fields SmartStore sets in every entry.
public enum SoupEntryField {
    /// The entry's id within its soup, an integer assigned on insert and never reused.
    public static let id = "_soupEntryId"
    /// When the entry was last written, in milliseconds since 1970.
    public static let lastModifiedDate = "_soupLastModifiedDate"
    /// When the entry was first inserted, in milliseconds since 1970.
    public static let createdDate = "_soupCreatedDate"
}
