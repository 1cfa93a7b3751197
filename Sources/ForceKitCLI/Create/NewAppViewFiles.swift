/// The SwiftUI views of an app `forcekit create` writes, compiled only where SwiftUI exists.
enum NewAppViewFiles {
    static func files(name: String) -> [(path: String, text: String)] {
        [("Sources/\(name)/Views/ContactListView.swift", list), ("Sources/\(name)/Views/ContactEditView.swift", edit)]
    }

    static let list = #"""
        #if canImport(SwiftUI)
            import SwiftUI

            /// The Contacts, searchable and editable offline, with a button that syncs them.
            public struct ContactListView: View {
                private let model: ContactsModel
                @State private var contacts: [Contact] = []
                @State private var search = ""
                @State private var editing: Contact?
                @State private var status: String?

                /// The list of `model`'s Contacts.
                public init(model: ContactsModel) {
                    self.model = model
                }

                public var body: some View {
                    NavigationStack {
                        List(contacts) { contact in
                            Button {
                                editing = contact
                            } label: {
                                VStack(alignment: .leading) {
                                    Text(contact.name).font(.headline)
                                    Text(contact.hasLocalChanges ? "\(contact.title) · not synced" : contact.title)
                                        .font(.subheadline).foregroundStyle(.secondary)
                                }
                            }
                        }
                        .searchable(text: $search)
                        .navigationTitle("Contacts")
                        .toolbar {
                            ToolbarItem {
                                Button("Sync") { Task { await sync() } }
                            }
                            ToolbarItem {
                                Button("New") { editing = Contact() }
                            }
                        }
                        .sheet(item: $editing) { contact in
                            ContactEditView(contact: contact) { saved in
                                Task {
                                    _ = try? await model.save(saved)
                                    await reload()
                                }
                            }
                        }
                        .task(id: search) { await reload() }
                        .safeAreaInset(edge: .bottom) {
                            if let status { Text(status).font(.footnote).padding(8) }
                        }
                    }
                }

                private func reload() async {
                    contacts = (try? await model.contacts(matching: search)) ?? []
                }

                private func sync() async {
                    do {
                        let report = try await model.sync()
                        status = "Sent \(report.sent), received \(report.received)"
                            + (report.conflicted > 0 ? ", \(report.conflicted) changed in the org too" : "")
                    } catch {
                        status = "Not synced: \(error.localizedDescription)"
                    }
                    await reload()
                }
            }
        #endif

        """#

    static let edit = #"""
        #if canImport(SwiftUI)
            import SwiftUI

            /// One Contact's fields, saved to the store (offline) when the user taps Save.
            public struct ContactEditView: View {
                @State private var contact: Contact
                private let onSave: (Contact) -> Void
                @Environment(\.dismiss) private var dismiss

                /// An editor for `contact` that hands the edited version to `onSave`.
                public init(contact: Contact, onSave: @escaping (Contact) -> Void) {
                    _contact = State(initialValue: contact)
                    self.onSave = onSave
                }

                public var body: some View {
                    NavigationStack {
                        Form {
                            TextField("First name", text: $contact.firstName)
                            TextField("Last name", text: $contact.lastName)
                            TextField("Title", text: $contact.title)
                            TextField("Email", text: $contact.email)
                            TextField("Phone", text: $contact.phone)
                        }
                        .navigationTitle(contact.id == nil ? "New Contact" : contact.name)
                        .toolbar {
                            ToolbarItem(placement: .cancellationAction) {
                                Button("Cancel") { dismiss() }
                            }
                            ToolbarItem(placement: .confirmationAction) {
                                Button("Save") {
                                    onSave(contact)
                                    dismiss()
                                }
                                .disabled(contact.lastName.isEmpty)
                            }
                        }
                    }
                }
            }
        #endif

        """#
}
