"""simple-salesforce, unmodified, against `forcekit serve --tls`.

LOCALORG holds the JSON line the server printed first; the test gets a session id from
/services/oauth2/token (password flow) and uses only simple-salesforce's public API.
"""
import json
import os
import unittest

import requests
from simple_salesforce import (
    Salesforce,
    SalesforceExpiredSession,
    SalesforceMalformedRequest,
    SalesforceMoreThanOneRecord,
    SalesforceResourceNotFound,
)

CREDENTIALS = json.loads(os.environ["LOCALORG"])
# requests prefers these variables to a session's own `verify`; point them at LocalOrg's CA.
os.environ["REQUESTS_CA_BUNDLE"] = CREDENTIALS["caFile"]
os.environ["CURL_CA_BUNDLE"] = CREDENTIALS["caFile"]


def new_session():
    session = requests.Session()
    session.verify = CREDENTIALS["caFile"]
    return session


def token(session):
    reply = session.post(CREDENTIALS["loginUrl"] + "/services/oauth2/token", data={
        "grant_type": "password",
        "client_id": CREDENTIALS["clientId"],
        "username": CREDENTIALS["username"],
        "password": CREDENTIALS["password"],
    })
    reply.raise_for_status()
    return reply.json()


def connect(session=None):
    session = session or new_session()
    grant = token(session)
    return Salesforce(instance_url=grant["instance_url"], session_id=grant["access_token"],
                      session=session, version="59.0"), grant


class SimpleSalesforceAgainstLocalOrg(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.sf, cls.grant = connect()

    def test_token_response_has_the_salesforce_fields(self):
        for field in ("access_token", "instance_url", "id", "issued_at", "signature", "token_type", "scope"):
            self.assertIn(field, self.grant)
        self.assertTrue(self.grant["id"].startswith(CREDENTIALS["loginUrl"] + "/id/" + CREDENTIALS["orgId"] + "/005"))

    def test_query(self):
        result = self.sf.query("SELECT Id, Name, Owner.Name FROM Account ORDER BY Name LIMIT 5")
        self.assertEqual(result["totalSize"], 5)
        self.assertTrue(result["done"])
        self.assertEqual(len(result["records"]), 5)
        names = [record["Name"] for record in result["records"]]
        self.assertEqual(names, sorted(names, key=str.lower))
        self.assertEqual(result["records"][0]["attributes"]["type"], "Account")
        self.assertIn("Name", result["records"][0]["Owner"])

    def test_query_more_and_query_all_page_through_next_records_url(self):
        session = new_session()
        session.headers["Sforce-Query-Options"] = "batchSize=200"
        sf, _ = connect(session)
        total = sf.query("SELECT COUNT() FROM Account")["totalSize"]
        self.assertGreater(total, 200)
        first = sf.query("SELECT Id FROM Account ORDER BY Id")
        self.assertFalse(first["done"])
        self.assertEqual(len(first["records"]), 200)
        self.assertIn("/query/", first["nextRecordsUrl"])
        second = sf.query_more(first["nextRecordsUrl"], identifier_is_url=True)
        self.assertEqual(len(second["records"]), min(200, total - 200))
        everything = sf.query_all("SELECT Id FROM Account ORDER BY Id")
        ids = [record["Id"] for record in everything["records"]]
        self.assertEqual(everything["totalSize"], total)
        self.assertEqual(len(ids), total)
        self.assertEqual(len(set(ids)), total)
        self.assertEqual(ids[:200], [record["Id"] for record in first["records"]])

    def test_sobject_create_get_update_delete(self):
        created = self.sf.Contact.create({"FirstName": "Grace", "LastName": "Hopper", "Email": "grace@example.com"})
        self.assertTrue(created["success"])
        contact_id = created["id"]
        self.assertTrue(contact_id.startswith("003"))
        self.assertEqual(len(contact_id), 18)
        record = self.sf.Contact.get(contact_id)
        self.assertEqual(record["Name"], "Grace Hopper")
        self.assertEqual(self.sf.Contact.update(contact_id, {"Title": "Rear Admiral"}), 204)
        self.assertEqual(self.sf.Contact.get(contact_id)["Title"], "Rear Admiral")
        self.assertEqual(self.sf.Contact.delete(contact_id), 204)
        with self.assertRaises(SalesforceResourceNotFound):
            self.sf.Contact.get(contact_id)
        deleted = self.sf.query_all("SELECT Id, IsDeleted FROM Contact WHERE Id = '%s'" % contact_id, include_deleted=True)
        self.assertEqual(deleted["records"][0]["IsDeleted"], True)

    def test_upsert_by_external_id(self):
        self.assertEqual(self.sf.Account.upsert("External_Id__c/SS-1", {"Name": "Upserted Ltd"}), 201)
        self.assertEqual(self.sf.Account.upsert("External_Id__c/SS-1", {"Name": "Upserted Ltd (renamed)"}), 200)
        found = self.sf.query("SELECT Name FROM Account WHERE External_Id__c = 'SS-1'")
        self.assertEqual(found["records"][0]["Name"], "Upserted Ltd (renamed)")
        account = found["records"][0]["attributes"]["url"].rsplit("/", 1)[1]
        for name in ("Deal A", "Deal B"):
            self.sf.Opportunity.create({"Name": name, "StageName": "Prospecting", "CloseDate": "2026-12-31",
                                        "AccountId": account, "External_Id__c": "DUP-1"})
        with self.assertRaises(SalesforceMoreThanOneRecord):
            self.sf.Opportunity.upsert("External_Id__c/DUP-1", {"Amount": 10})

    def test_describe_and_metadata(self):
        describe = self.sf.Account.describe()
        self.assertEqual(describe["name"], "Account")
        fields = {field["name"]: field for field in describe["fields"]}
        self.assertEqual(fields["Name"]["type"], "string")
        self.assertTrue(fields["External_Id__c"]["externalId"])
        self.assertIn("Contacts", [child["relationshipName"] for child in describe["childRelationships"]])
        metadata = self.sf.Account.metadata()
        self.assertEqual(metadata["objectDescribe"]["keyPrefix"], "001")
        self.assertIn("recentItems", metadata)
        names = [entry["name"] for entry in self.sf.describe()["sobjects"]]
        for name in ("Account", "Contact", "Lead", "Opportunity", "Case", "User", "ContentDocument",
                     "ContentVersion", "MobilePushServiceDevice", "Merchandise__c"):
            self.assertIn(name, names)

    def test_errors_raise_the_matching_exceptions(self):
        with self.assertRaises(SalesforceMalformedRequest) as malformed:
            self.sf.query("SELECT Id FORM Account")
        self.assertEqual(malformed.exception.content[0]["errorCode"], "MALFORMED_QUERY")
        with self.assertRaises(SalesforceMalformedRequest) as invalid:
            self.sf.query("SELECT Nope FROM Account")
        self.assertEqual(invalid.exception.content[0]["errorCode"], "INVALID_FIELD")
        with self.assertRaises(SalesforceMalformedRequest) as missing:
            self.sf.Contact.create({"FirstName": "No"})
        self.assertEqual(missing.exception.content[0]["errorCode"], "REQUIRED_FIELD_MISSING")
        with self.assertRaises(SalesforceResourceNotFound):
            self.sf.Account.get("001000000000000AAA")
        session = new_session()
        sf, grant = connect(session)
        session.post(CREDENTIALS["loginUrl"] + "/services/oauth2/revoke", data={"token": grant["access_token"]}).raise_for_status()
        with self.assertRaises(SalesforceExpiredSession) as expired:
            sf.query("SELECT Id FROM Account LIMIT 1")
        self.assertEqual(expired.exception.content[0]["errorCode"], "INVALID_SESSION_ID")


    def test_restful_composite_family(self):
        version = self.sf.sf_version
        composite = self.sf.restful("composite", method="POST", json={
            "allOrNone": True,
            "compositeRequest": [
                {"method": "POST", "url": f"/services/data/v{version}/sobjects/Account", "referenceId": "acct",
                 "body": {"Name": "Simple Composite"}},
                {"method": "POST", "url": f"/services/data/v{version}/sobjects/Contact", "referenceId": "cont",
                 "body": {"LastName": "Ref", "AccountId": "@{acct.id}"}},
            ]})
        codes = [item["httpStatusCode"] for item in composite["compositeResponse"]]
        self.assertEqual(codes, [201, 201])
        account_id = composite["compositeResponse"][0]["body"]["id"]
        contact = self.sf.Contact.get(composite["compositeResponse"][1]["body"]["id"])
        self.assertEqual(contact["AccountId"], account_id)

        batch = self.sf.restful("composite/batch", method="POST", json={"batchRequests": [
            {"method": "GET", "url": f"v{version}/sobjects/Account/{account_id}"},
            {"method": "GET", "url": f"v{version}/sobjects/Account/001000000000000AAA"},
        ]})
        self.assertTrue(batch["hasErrors"])
        self.assertEqual([result["statusCode"] for result in batch["results"]], [200, 404])

        tree = self.sf.restful("composite/tree/Account", method="POST", json={"records": [
            {"attributes": {"type": "Account", "referenceId": "t1"}, "Name": "Simple Tree",
             "Contacts": {"records": [{"attributes": {"type": "Contact", "referenceId": "t2"}, "LastName": "Twig"}]}}]})
        self.assertFalse(tree["hasErrors"])
        self.assertEqual([result["referenceId"] for result in tree["results"]], ["t1", "t2"])

        collection = self.sf.restful("composite/sobjects", method="POST", json={"allOrNone": False, "records": [
            {"attributes": {"type": "Account"}, "Name": "Collected"}, {"attributes": {"type": "Contact"}}]})
        self.assertEqual([result["success"] for result in collection], [True, False])
        self.assertEqual(collection[1]["errors"][0]["statusCode"], "REQUIRED_FIELD_MISSING")
        with self.assertRaises(SalesforceMalformedRequest):
            self.sf.restful("composite/batch", method="POST", json={"batchRequests": [{"method": "GET", "url": f"v{version}/limits"}] * 26})

    def test_search_and_quick_search(self):
        self.sf.Account.create({"Name": "Zyxwvut Searchable"})
        found = self.sf.search("FIND {Zyxwvut} IN NAME FIELDS RETURNING Account(Id, Name)")
        self.assertEqual([record["Name"] for record in found["searchRecords"]], ["Zyxwvut Searchable"])
        quick = self.sf.quick_search("Zyxwvut")
        self.assertEqual(quick["searchRecords"][0]["attributes"]["type"], "Account")
        with self.assertRaises(SalesforceMalformedRequest) as malformed:
            self.sf.search("FIND {z}")
        self.assertEqual(malformed.exception.content[0]["errorCode"], "MALFORMED_SEARCH")

    def test_limits_and_other_resources(self):
        limits = self.sf.limits()
        self.assertEqual(limits["DailyApiRequests"]["Max"], 15000)
        self.assertLess(limits["DailyApiRequests"]["Remaining"], 15000)
        layouts = self.sf.restful("sobjects/Account/describe/layouts")
        self.assertEqual(layouts["layouts"][0]["detailLayoutSections"][0]["heading"], "Account Information")
        files = self.sf.restful("connect/files/users/me")
        self.assertIn("files", files)
        self.assertIsNone(self.sf.restful("sobjects/MobilePushServiceDevice/" + self.sf.MobilePushServiceDevice.create(
            {"ConnectionToken": "abcd", "ServiceType": "Apple", "ApplicationBundle": "com.example"})["id"], method="DELETE"))
        echo = self.sf.apexecute("echo/this", method="POST", data={"hello": "apex"})
        self.assertEqual(echo["path"], "/echo/this")
        self.assertEqual(echo["body"], {"hello": "apex"})

    def test_bulk2_insert_upsert_and_delete_unmodified(self):
        import csv
        import io
        inserted = self.sf.bulk2.Contact.insert(records=[
            {"FirstName": "Ada", "LastName": "Bulk-Lovelace"},
            {"FirstName": "Grace, RADM", "LastName": "Bulk-Hopper"},
            {"FirstName": "No last name", "LastName": ""},
        ], wait=0.1)
        self.assertEqual([(r["numberRecordsProcessed"], r["numberRecordsFailed"], r["numberRecordsTotal"]) for r in inserted],
                         [(3, 1, 3)])
        job = inserted[0]["job_id"]
        failed = list(csv.DictReader(io.StringIO(self.sf.bulk2.Contact.get_failed_records(job))))
        self.assertEqual(len(failed), 1)
        self.assertTrue(failed[0]["sf__Error"].startswith("REQUIRED_FIELD_MISSING:"), failed)
        successful = list(csv.DictReader(io.StringIO(self.sf.bulk2.Contact.get_successful_records(job))))
        self.assertEqual(sorted(row["LastName"] for row in successful), ["Bulk-Hopper", "Bulk-Lovelace"])
        self.assertEqual({row["sf__Created"] for row in successful}, {"true"})

        upserted = self.sf.bulk2.Account.upsert(records=[
            {"External_Id__c": "BULK-1", "Name": "Bulk Acme"},
            {"External_Id__c": "BULK-1", "Name": "Bulk Acme Corp"},
        ], external_id_field="External_Id__c", wait=0.1)
        self.assertEqual(upserted[0]["numberRecordsFailed"], 0)
        found = self.sf.query("SELECT Id, Name FROM Account WHERE External_Id__c = 'BULK-1'")
        self.assertEqual(found["totalSize"], 1)
        self.assertEqual(found["records"][0]["Name"], "Bulk Acme Corp")

        ids = [{"Id": row["sf__Id"]} for row in successful]
        deleted = self.sf.bulk2.Contact.delete(records=ids, wait=0.1)
        self.assertEqual((deleted[0]["numberRecordsProcessed"], deleted[0]["numberRecordsFailed"]), (2, 0))
        self.assertEqual(self.sf.query("SELECT COUNT() FROM Contact WHERE LastName LIKE 'Bulk-%'")["totalSize"], 0)

    def test_replication_updated_and_deleted(self):
        import datetime
        now = datetime.datetime.now(datetime.timezone.utc)
        start = now - datetime.timedelta(days=1)
        updated = self.sf.Account.updated(start, now + datetime.timedelta(minutes=5))
        self.assertIsInstance(updated["ids"], list)
        # The current minute is not covered yet: coverage ends at its start, in Salesforce's form.
        minutes = {(now + datetime.timedelta(minutes=m)).strftime("%Y-%m-%dT%H:%M:00.000+0000") for m in (0, 1)}
        self.assertIn(updated["latestDateCovered"], minutes)
        deleted = self.sf.Account.deleted(start, now)
        self.assertEqual(set(deleted), {"deletedRecords", "earliestDateAvailable", "latestDateCovered"})
        with self.assertRaises(SalesforceMalformedRequest):
            self.sf.Account.deleted(now, start)

    def test_bulk2_query_pages_csv_through_locators(self):
        import csv
        import io
        expected = self.sf.query("SELECT COUNT() FROM Account")["totalSize"]
        sets = list(self.sf.bulk2.Account.query("SELECT Id, Name FROM Account", max_records=7, wait=0.1))
        rows = [row for text in sets for row in csv.DictReader(io.StringIO(text))]
        self.assertEqual(len(rows), expected)
        self.assertEqual(len({row["Id"] for row in rows}), expected)
        self.assertEqual(len(sets), (expected + 6) // 7)
        self.assertTrue(all(row["Name"] for row in rows))
        every = list(self.sf.bulk2.Account.query_all("SELECT Id FROM Account", wait=0.1))
        self.assertEqual(len(every), 1)




class SimpleSalesforceSOAPLogin(unittest.TestCase):
    """Tools that log in with a username and password go through the SOAP partner API's login."""

    def test_salesforce_login_against_scratch_url(self):
        from simple_salesforce import SalesforceLogin
        session_id, instance = SalesforceLogin(
            username=CREDENTIALS["username"], password=CREDENTIALS["password"], security_token="",
            scratch_url=CREDENTIALS["loginUrl"], sf_version="59.0", session=new_session())
        self.assertEqual("https://" + instance, CREDENTIALS["instanceUrl"])
        sf = Salesforce(instance=instance, session_id=session_id, session=new_session(), version="59.0")
        self.assertGreaterEqual(sf.query("SELECT Id FROM Account")["totalSize"], 0)

    def test_a_wrong_password_is_an_authentication_failure(self):
        from simple_salesforce import SalesforceAuthenticationFailed, SalesforceLogin
        with self.assertRaises(SalesforceAuthenticationFailed) as caught:
            SalesforceLogin(username=CREDENTIALS["username"], password="wrong", security_token="",
                            scratch_url=CREDENTIALS["loginUrl"], sf_version="59.0", session=new_session())
        self.assertEqual(caught.exception.code, "INVALID_LOGIN")


if __name__ == "__main__":
    unittest.main(verbosity=2)
