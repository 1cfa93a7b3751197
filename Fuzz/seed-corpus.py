#!/usr/bin/env python3
"""Writes Fuzz/corpus/<target>/seed-* from the statements, links and documents the tests use,
so each fuzz run starts from inputs that reach deep into its target. Rerun after adding tests;
files the fuzzer found (named by their hash) are kept."""
import hashlib, json, pathlib, re

root = pathlib.Path(__file__).resolve().parent.parent
corpus = root / "Fuzz" / "corpus"

def strings(folder, pattern):
    found = []
    for path in sorted((root / "Tests" / folder).rglob("*.swift")):
        for match in re.finditer(r'"((?:[^"\\\n]|\\.)*)"', path.read_text()):
            text = match.group(1).replace('\\"', '"').replace("\\\\", "\\")
            if re.search(pattern, text) and "\\(" not in text:
                found.append(text)
    return list(dict.fromkeys(found))

def write(target, inputs):
    folder = corpus / target
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("seed-*"):
        old.unlink()
    for item in inputs:
        data = item.encode() if isinstance(item, str) else item
        (folder / ("seed-" + hashlib.sha1(data).hexdigest()[:16])).write_bytes(data)

soql = strings("SOQLTests", r"^SELECT ") + strings("LocalOrgTests", r"^SELECT ")
sosl = strings("SOQLTests", r"^FIND ") + strings("LocalOrgTests", r"^FIND ")
write("soql", soql)
write("sosl", sosl + ["acme AND NOT comfort", "\"grand hotel\"", "ac?e*", "Rock\\-and\\-Roll"])
write("query-engine", [bytes([0]) + s.encode() for s in soql] + [bytes([1]) + s.encode() for s in soql[:20]]
      + [bytes([2]) + s.encode() for s in sosl]
      + [bytes([3]) + b"q=acme&sobject=Account&Account.fields=Id,Name&Account.limit=5&offset=1&in=NAME",
         bytes([3]) + b"q=acme&sobject=Account,Contact&overallLimit=10&defaultLimit=2"])
write("json", ['{"a": [1, 2.5, -3e10, true, false, null, "x\\u00e9\\n"]}', "[]", '"\\ud83d\\ude00"', "-0.0",
               '{"nested": {"deeper": [[[{"k": 1}]]]}}', "12345678901234567890", '{"a":1,"a":2}', "1e400"])
configs = []
for path in sorted((root / "Tests" / "DeepLinkingTests").glob("*.swift")):
    configs += re.findall(r'"""\n(.*?)\n\s*"""', path.read_text(), re.S)
write("deeplink-config", [c for c in configs if "routes" in c] + [
    '{"routes": {"a/:b": {"class": "A", "routeParameters": {"b": {"regex": "[a-z]+"}}}, "/p/:q": {}}, "defaultRoute": {"class": "D"}}',
    '{"routes": {"x": {"handlers": ["h1", "h2"]}}, "logging": true}'])
write("deeplink-route", ["app://sales/123?utmSource=mail", "app://addToCart/9", "app://x/reservations/4/guests/ann",
                         "https://example.com/account/7?tab=feed", "app://search?q=a%20b", "app://sales/abc", "app://nowhere",
                         "app://search", "mdl://account/%E2%82%AC?tab=info&tab=feed"])
write("salesforce-link", strings("SalesforceLinksTests", r"^[a-z0-9]+://") or ["salesforce1://sObject/001Lo000000AbcdIAC/view"])
smart = strings("SmartStoreTests", r"\{[a-z_]+(:[A-Za-z_.]+)?\}")
write("smart-sql", [bytes([0]) + s.encode() for s in smart] + [bytes([0]) + s.encode() for s in [
    "select {accounts:Name}, {accounts:Employees} from {accounts} where {accounts:Employees} > 100 order by {accounts:Name}",
    "select count(*) from {accounts} where {accounts:Description} match 'acme'",
    "select {accounts:_soup}, {contacts:AccountId} from {accounts}, {contacts} where {accounts:Id} = {contacts:AccountId}",
    "select {accounts:Address.City}, sum({accounts:Revenue}) from {accounts} group by {accounts:Address.City}"]]
    + [bytes([1]) + json.dumps(spec).encode() for spec in [
        {"queryType": "exact", "indexPath": "Name", "matchKey": "Account 3", "pageSize": 5},
        {"queryType": "range", "indexPath": "Employees", "beginKey": 10, "endKey": 200, "order": "descending", "pageSize": 7},
        {"queryType": "like", "indexPath": "Name", "likeKey": "Account 1%", "pageSize": 3},
        {"queryType": "match", "indexPath": "Description", "matchKey": "word3 OR acme", "pageSize": 4},
        {"queryType": "range", "indexPath": "Address.City", "beginKey": "O", "endKey": "Q", "selectPaths": ["Name"]},
        {"queryType": "smart", "smartSql": "select {accounts:Name} from {accounts}", "pageSize": 2}]])
v = "/services/data/v62.0"
write("localorg-http", [
    f"GET {v}/query?q=SELECT+Id,+Name+FROM+Account+ORDER+BY+Name+LIMIT+5\n\n",
    f"GET {v}/sobjects/Account/describe\n\n",
    f"POST {v}/sobjects/Contact\nContent-Type: application/json\n\n{{\"LastName\": \"Fuzz\", \"Email\": \"f@example.test\"}}",
    f"PATCH {v}/sobjects/Account/001Lo0000000001AAA\nContent-Type: application/json\nIf-Unmodified-Since: Tue, 01 Jan 2030 00:00:00 GMT\n\n{{\"Name\": \"X\"}}",
    f"POST {v}/composite\nContent-Type: application/json\n\n" + json.dumps({"allOrNone": True, "compositeRequest": [
        {"method": "POST", "url": f"{v}/sobjects/Account", "referenceId": "a", "body": {"Name": "A"}},
        {"method": "GET", "url": f"{v}/sobjects/Account/@{{a.id}}", "referenceId": "b"}]}),
    f"POST {v}/composite/sobjects\nContent-Type: application/json\n\n" + json.dumps({"allOrNone": False, "records": [
        {"attributes": {"type": "Account"}, "Name": "B"}]}),
    f"GET {v}/connect/files/users/me?page=0&pageSize=10\n\n",
    f"GET {v}/parameterizedSearch?q=acme&sobject=Account&Account.limit=3\n\n",
    f"GET {v}/search?q=FIND+%7Bacme%7D+RETURNING+Account(Name)\n\n",
    f"GET {v}/sobjects/Account/updated?start=2020-01-01T00:00:00Z&end=2030-01-01T00:00:00Z\n\n",
    f"DELETE {v}/sobjects/Account/001Lo0000000002AAA\n\n",
    f"GET {v}/limits\n\n", "GET /services/data\n\n", "GET /services/oauth2/userinfo\n\n",
    "POST /services/oauth2/token\nContent-Type: application/x-www-form-urlencoded\n\ngrant_type=refresh_token&refresh_token=x&client_id=y",
    "GET /services/oauth2/authorize?response_type=code&client_id=x&redirect_uri=http://127.0.0.1/cb&code_challenge=abc\n\n",
    f"GET {v}/query\nAuthorization: Bearer nope\n\n",
    # The console, as its signed-in user's browser (the target adds the session cookie; `{form}` is its form token).
    "GET /lightning/page/home\n\n", "GET /lightning/o/Account/list?q=Acme&sort=Name&dir=desc&page=2\n\n",
    "GET /lightning/o/Account/list?page=9223372036854775807\n\n", "GET /lightning/o/Contact/new?defaultFieldValues=LastName%3DX\n\n",
    "POST /lightning/o/Account/new\nContent-Type: application/x-www-form-urlencoded\n\n_form={form}&Name=Fuzz&AnnualRevenue=12.5",
    "POST /lightning/r/Account/001Lo0000000001AAA/edit\nContent-Type: application/x-www-form-urlencoded\n\n_form={form}&Name=Y",
    "GET /lightning/r/001Lo0000000001AAA/view\n\n", "GET /lightning/query?q=SELECT+Name+FROM+Account&all=on\n\n",
    "GET /lightning/setup/requests\n\n", "GET /lightning/setup/activity\n\n",
    "GET /login?startURL=%2F%2F%EF%B8%8Fevil.com\n\n",
    "POST /login\nContent-Type: application/x-www-form-urlencoded\n\nusername=admin%40localorg.test&password=x&startURL=%2Flightning",
    "GET /secur/frontdoor.jsp?sid=x&retURL=%2F%2F%EF%B8%8Fevil.com\n\n",
    "GET /services/oauth2/authorize?response_type=code&client_id=x&redirect_uri=http://127.0.0.1/cb&state=%22%CC%B8%20onx%3D1\n\n",
])

sync_queries = ["SELECT Name FROM Account", "SELECT Name FROM Account WHERE Name = 'A' OR Name = 'B' LIMIT 10",
                "select Id, Name, LastModifiedDate from Account order by LastModifiedDate limit 500",
                "SELECT Name, (SELECT LastName FROM Contacts) FROM Account WHERE Industry IN ('Energy') ORDER BY Name DESC LIMIT 2 OFFSET 1",
                "SELECT Name FROM Account WITH SECURITY_ENFORCED", "SELECT Name FROM Account FOR VIEW"]
sync_configs = ['{"syncs": [{"syncName": "down", "syncType": "syncDown", "soupName": "contacts", '
                '"target": {"type": "soql", "query": "SELECT FirstName FROM Contact LIMIT 10000"}, "options": {"mergeMode": "OVERWRITE"}}, '
                '{"syncName": "up", "syncType": "syncUp", "soupName": "contacts", "target": {"createFieldlist": ["FirstName"]}, '
                '"options": {"fieldlist": ["Id", "FirstName"], "mergeMode": "LEAVE_IF_CHANGED"}}]}']
sync_states = ['{"_soupEntryId": 3, "type": "syncDown", "name": "s", "target": {"type": "soql", "query": "select Id from Contact"}, '
               '"options": {"mergeMode": "OVERWRITE"}, "soupName": "contacts", "status": "DONE", "progress": 100, "totalSize": 42, '
               '"maxTimeStamp": 1556704800000, "startTime": 1, "endTime": 2, "error": "", "cursorId": "003A"}',
               '{"type": "mru", "sobjectType": "Account", "fieldlist": ["Id", "Name"]}',
               '{"type": "refresh", "sObjectType": "Contact", "fieldlist": ["Id"], "soupName": "c", "coundIdsPerSoql": 50}',
               '{"iOSImpl": "SFSyncUpTarget", "createFieldlist": ["Name"], "updateFieldlist": ["Name"]}',
               '{"type": "parent_children", "parent": {"sobjectType": "Account", "soupName": "accounts"}, "parentFieldlist": ["Name"], '
               '"parentSoqlFilter": "Name LIKE \'A%\' OR (Industry = \'Energy\' AND NOT Rating IN (\'Hot\'))", '
               '"children": {"sobjectType": "Contact", "soupName": "contacts", "parentIdFieldName": "AccountId"}, '
               '"childrenFieldlist": ["LastName"], "relationshipType": "MASTER_DETAIL"}',
               '{"type": "parentChildren", "parent": {"sObjectType": "Account", "soupName": "a"}, "children": [{"sobjectType": "Contact", '
               '"soupName": "c", "parentIdFieldName": "AccountId", "fieldlist": ["LastName"], "children": [{"sobjectType": "Case", '
               '"soupName": "k", "parentIdFieldName": "ContactId", "fieldlist": ["Subject"]}]}]}',
               '{"type": "layout", "sobjectType": "Account", "layoutType": "Compact"}', '{"type": "metadata", "sobjectType": "Contact"}',
               '{"type": "soql", "query": "SELECT Name FROM Account", "primeWithBulkAPI": true}']
write("sync-input", [bytes([0]) + c.encode() for c in sync_configs] + [bytes([1]) + s.encode() for s in sync_states]
      + [bytes([2]) + q.encode() for q in sync_queries + soql[:40]]
      + [bytes([3]) + t.encode() for t in ["2019-05-01T10:00:00.000+0000", "2019-05-01T03:00:00.000-07:00", "2019-05-01T10:00:00Z",
                                           "Sun, 06 Nov 1994 08:49:37 GMT"]])
write("bulk-csv", ['"Id","Name"\n"001A","Acme"\n', '"Id","Name","Phone"\r\n"001B","Say ""hi"", friend",\r\n',
                   '"a"\n"multi\nline"\n', ',,\n"",,""\n', '"Owner.Name","IsDeleted"\n"Ada","true"\n"","false"'])

# Large inputs: libFuzzer's mutations stay near the corpus's sizes, so without these it never
# tries a term count, a nesting or a body of a few hundred KB, where the second hostile-input
# probe found its crashes and stalls. libFuzzer sizes its inputs up to the largest file here.
def write_large(target, inputs):
    folder = corpus / target
    for old in folder.glob("large-*"):
        old.unlink()
    for name, item in inputs.items():
        (folder / ("large-" + name)).write_bytes(item.encode() if isinstance(item, str) else item)

def terms(count, connective):
    return connective.join(f"w{n}" for n in range(count))

ors = "SELECT Id FROM Account WHERE " + " OR ".join(f"Name = 'n{n}'" for n in range(12_000))
parentheses = "SELECT Id FROM Account WHERE " + "(" * 60_000 + "Name = 'a'" + ")" * 60_000
semi_joins = "SELECT Id FROM Account WHERE Id IN (SELECT AccountId FROM Contact WHERE Id IN (" * 40 + "SELECT Id FROM Case" + "))" * 40
find_or = "FIND {" + terms(40_000, " OR ") + "} RETURNING Account(Name)"
find_and_not = "FIND {acme AND NOT " + terms(30_000, " AND NOT ") + "}"
find_nested = "FIND {" + "(" * 60_000 + "acme" + ")" * 60_000 + "}"
write_large("soql", {"or-terms": ors, "parentheses": parentheses, "semi-joins": semi_joins,
                     "in-list": "SELECT Id FROM Account WHERE Name IN (" + ", ".join(f"'n{n}'" for n in range(30_000)) + ")"})
write_large("sosl", {"or-terms": find_or, "and-not-terms": find_and_not, "parentheses": find_nested})
write_large("query-engine", {"or-terms": bytes([0]) + ors.encode(), "semi-joins": bytes([0]) + semi_joins.encode(),
                             "sosl-or-terms": bytes([2]) + find_or.encode()})
write_large("smart-sql", {"or-terms": bytes([0]) + ("select {accounts:Name} from {accounts} where "
                                                     + " or ".join(f"{{accounts:Name}} = 'n{n}'" for n in range(10_000))).encode(),
                          "parentheses": bytes([0]) + ("select {accounts:Name} from {accounts} where " + "(" * 50_000
                                                       + "{accounts:Name} = 'a'" + ")" * 50_000).encode()})
write_large("json", {"nesting": "[" * 150_000 + "]" * 150_000,
                     "records": json.dumps({"records": [{"attributes": {"type": "Account"}, "Name": f"n{n}"} for n in range(6_000)]}),
                     "long-string": json.dumps({"Name": "\\u00e9" * 60_000 + "\u0000" * 1000})})
write_large("localorg-http", {
    "soap-login": "POST /services/Soap/u/62.0\nContent-Type: text/xml\nSOAPAction: login\n\n" + "<login>" * 16_000,
    "search-terms": f"POST {v}/parameterizedSearch\nContent-Type: application/json\n\n"
                    + json.dumps({"q": terms(40_000, " OR "), "sobjects": [{"name": "Account"}]}),
    "composite-find": f"POST {v}/composite\nContent-Type: application/json\n\n" + json.dumps({"compositeRequest": [
        {"method": "GET", "url": f"{v}/search?q=" + find_or.replace(" ", "+").replace("{", "%7B").replace("}", "%7D"),
         "referenceId": "deep"}]}),
    "collection": f"POST {v}/composite/sobjects\nContent-Type: application/json\n\n" + json.dumps({"allOrNone": False, "records": [
        {"attributes": {"type": "Account"}, "Name": f"n{n}"} for n in range(6_000)]}),
    "nested-json": f"POST {v}/sobjects/Account\nContent-Type: application/json\n\n" + "[" * 150_000 + "]" * 150_000,
    "query-or-terms": f"GET {v}/query?q=" + ors.replace(" ", "+").replace("'", "%27").replace("=", "%3D") + "\n\n",
})
write_large("sync-input", {"query-or-terms": bytes([2]) + ors.encode(), "query-parentheses": bytes([2]) + parentheses.encode()})
