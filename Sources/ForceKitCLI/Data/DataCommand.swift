import ArgumentParser

/// `forcekit data`: one record at a time, as `sf data get|create|update|delete record` works, and
/// records from files, as `sf data import tree` does.
struct DataCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "data",
        abstract: "Read, create, update and delete records as the signed-in user, with Field=Value pairs; export and import them as files.",
        discussion: """
            Values are typed for their fields from the object's describe: Active__c=true, \
            NumberOfEmployees=120, a date as 2026-11-26; an empty value (Phone=) sets the field \
            to null. Examples:
              forcekit data create Account Name=Acme Industry=Banking
              forcekit data get Account 001… --fields Name,Industry
              forcekit data update Account 001… Phone="(555) 010-4242"
              forcekit data delete Account 001…
              forcekit data export tree \\
                --query "SELECT Name, (SELECT LastName FROM Contacts) FROM Account"
              forcekit data import tree --files Account-Contact.json
              forcekit data import csv Account accounts.csv
            """,
        subcommands: [
            DataGetCommand.self, DataCreateCommand.self, DataUpdateCommand.self, DataDeleteCommand.self, DataImportCommand.self,
            DataExportCommand.self,
        ]
    )
}
