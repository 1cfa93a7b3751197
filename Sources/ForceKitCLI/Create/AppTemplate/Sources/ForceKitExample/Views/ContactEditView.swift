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

        /// The form, with Cancel and Save.
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
