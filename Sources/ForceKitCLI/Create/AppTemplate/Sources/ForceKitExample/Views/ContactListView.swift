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

        /// The list, with search, Sync and New.
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
                status =
                    "Sent \(report.sent), received \(report.received)"
                    + (report.conflicted > 0 ? ", \(report.conflicted) changed in the org too" : "")
            } catch {
                status = "Not synced: \(error.localizedDescription)"
            }
            await reload()
        }
    }
#endif
