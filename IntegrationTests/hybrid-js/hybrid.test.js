'use strict';
// A hybrid app's data layer, headless, against LocalOrg: what the SDK's smartstore, mobilesync,
// network, oauth and sfaccountmanager JavaScript asks of the native side, through cordova.exec
// and `forcekit bridge`. Run with FORCEKIT=<path to forcekit> node --test IntegrationTests/hybrid-js/

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startBridge } = require('./cordova-exec.js');
const { startLocalOrg } = require('./localorg.js');

const forcekit = process.env.FORCEKIT || 'forcekit';
const SMARTSTORE = 'com.salesforce.smartstore';
const MOBILESYNC = 'com.salesforce.mobilesync';
const NETWORK = 'com.salesforce.network';
const OAUTH = 'com.salesforce.oauth';
const ACCOUNTS = 'com.salesforce.sfaccountmanager';
const SDKINFO = 'com.salesforce.sdkinfo';
const API = '/v66.0'; // as upstream's force.js sends it

let localOrg;
let bridge;
// The app's www folder: a page uploads files from inside the app only.
const www = require('node:fs').mkdtempSync(require('node:path').join(require('node:os').tmpdir(), 'hybrid-www-'));

before(async () => {
  localOrg = await startLocalOrg(forcekit);
  bridge = startBridge({ forcekit, env: localOrg.env, args: ['--www', www] });
});

after(async () => {
  if (bridge) {
    const { code, unanswered, strayLines } = await bridge.close();
    assert.equal(code, 0);
    assert.equal(unanswered, 0);
    assert.deepEqual(strayLines, []);
  }
  if (localOrg) await localOrg.stop();
});

// smartstore.js's buildAllQuerySpec(path, order, pageSize): a range query with null keys.
function allQuerySpec(path, pageSize) {
  return { queryType: 'range', indexPath: path, beginKey: null, endKey: null, matchKey: null, likeKey: null,
    smartSql: null, orderPath: path, order: 'ascending', pageSize, selectPaths: null };
}

test('a soup: register, upsert, page through with a cursor, Smart SQL, remove', async () => {
  const store = { isGlobalStore: false, storeName: 'notes' };
  assert.equal(await bridge.call(SMARTSTORE, 'pgRegisterSoup',
    { soupName: 'notes', indexes: [{ path: 'title', type: 'string' }], ...store }), 'notes');
  assert.equal(await bridge.call(SMARTSTORE, 'pgSoupExists', { soupName: 'notes', ...store }), true);
  assert.equal(await bridge.call(SMARTSTORE, 'pgSoupExists', { soupName: 'notes', isGlobalStore: true }), false);
  const entries = Array.from({ length: 23 }, (_, i) => ({ title: `note ${String(i).padStart(2, '0')}` }));
  const saved = await bridge.call(SMARTSTORE, 'pgUpsertSoupEntries',
    { soupName: 'notes', entries, externalIdPath: '_soupEntryId', ...store });
  assert.equal(saved.length, 23);

  const cursor = await bridge.call(SMARTSTORE, 'pgQuerySoup', { soupName: 'notes', querySpec: allQuerySpec('title', 10), ...store });
  assert.equal(cursor.totalEntries, 23);
  assert.equal(cursor.totalPages, 3);
  assert.equal(cursor.currentPageOrderedEntries[0].title, 'note 00');
  const last = await bridge.call(SMARTSTORE, 'pgMoveCursorToPageIndex', { cursorId: cursor.cursorId, index: 2, ...store });
  assert.deepEqual(last.currentPageOrderedEntries.map((entry) => entry.title), ['note 20', 'note 21', 'note 22']);
  assert.equal(await bridge.call(SMARTSTORE, 'pgCloseCursor', { cursorId: cursor.cursorId, ...store }), 'OK');
  await assert.rejects(bridge.call(SMARTSTORE, 'pgMoveCursorToPageIndex', { cursorId: cursor.cursorId, index: 0, ...store }),
    /no open cursor/);

  const counted = await bridge.call(SMARTSTORE, 'pgRunSmartQuery',
    { querySpec: { queryType: 'smart', smartSql: 'SELECT count(*) FROM {notes}', pageSize: 1 }, ...store });
  assert.deepEqual(counted.currentPageOrderedEntries, [[23]]);
  await bridge.call(SMARTSTORE, 'pgRemoveFromSoup',
    { soupName: 'notes', entryIds: saved.slice(0, 3).map((entry) => entry._soupEntryId), ...store });
  const left = await bridge.call(SMARTSTORE, 'pgQuerySoup', { soupName: 'notes', querySpec: allQuerySpec('title', 50), ...store });
  assert.equal(left.totalEntries, 20);
});

test('a day offline: Accounts down with sync events, one edited offline, synced up; a conflict when the org changed it too', async () => {
  const indexes = [{ path: 'Id', type: 'string' }, { path: 'Name', type: 'string' }, { path: '__local__', type: 'string' }];
  await bridge.call(SMARTSTORE, 'pgRegisterSoup', { soupName: 'accounts', indexes, isGlobalStore: false });
  const events = [];
  const off = bridge.on('sync', (detail) => events.push(detail));
  const started = await bridge.call(MOBILESYNC, 'syncDown', {
    syncName: 'accountsDown', soupName: 'accounts', options: { mergeMode: 'LEAVE_IF_CHANGED' },
    target: { type: 'soql', query: 'SELECT Id, Name, LastModifiedDate FROM Account' }, isGlobalStore: false,
  });
  assert.equal(started.status, 'RUNNING');
  const done = await bridge.nextEvent('sync', (detail) => detail._soupEntryId === started._soupEntryId && detail.status === 'DONE');
  off();
  assert.ok(events.some((detail) => detail.status === 'RUNNING'), 'RUNNING events before the end');
  assert.equal(done.totalSize, 300);
  assert.equal(done.progress, 100);
  assert.equal(done.storeName, 'defaultStore');

  // Edit one Account offline, as mobilesync.js marks a local change.
  const page = await bridge.call(SMARTSTORE, 'pgQuerySoup', { soupName: 'accounts', querySpec: allQuerySpec('Name', 2) });
  const [mine, theirs] = page.currentPageOrderedEntries;
  const edit = (record, name) => ({ ...record, Name: name, __local__: true, __locally_updated__: true });
  await bridge.call(SMARTSTORE, 'pgUpsertSoupEntries', { soupName: 'accounts', entries: [edit(mine, 'Edited offline')], externalIdPath: '_soupEntryId' });
  const up = await bridge.call(MOBILESYNC, 'syncUp', {
    syncName: 'accountsUp', soupName: 'accounts', target: {}, options: { fieldlist: ['Name'], mergeMode: 'LEAVE_IF_CHANGED' },
  });
  const upDone = await bridge.nextEvent('sync', (detail) => detail._soupEntryId === up._soupEntryId && ['DONE', 'FAILED'].includes(detail.status));
  assert.equal(upDone.status, 'DONE');
  const onServer = await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/Account/${mine.Id}`, method: 'GET', queryParams: { fields: 'Name' } });
  assert.equal(onServer.Name, 'Edited offline');

  // The org changes the second Account after the sync down; an offline edit of it is left as a conflict.
  // Modification dates count whole seconds, as Salesforce's do: the change must come in a later second.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/Account/${theirs.Id}`, method: 'PATCH', queryParams: { Name: 'Changed in the org' } });
  await bridge.call(SMARTSTORE, 'pgUpsertSoupEntries', { soupName: 'accounts', entries: [edit(theirs, 'Mine too')], externalIdPath: '_soupEntryId' });
  await bridge.call(MOBILESYNC, 'reSync', { syncName: 'accountsUp' });
  const conflicted = await bridge.nextEvent('sync', (detail) => detail.name === 'accountsUp' && ['DONE', 'FAILED'].includes(detail.status));
  assert.equal(conflicted.status, 'DONE');
  const kept = await bridge.call(SMARTSTORE, 'pgRetrieveSoupEntries', { soupName: 'accounts', entryIds: [theirs._soupEntryId] });
  assert.equal(kept[0].__local__, true, 'the local edit stays, unsent');
  assert.equal(kept[0].Name, 'Mine too');
  const serverNow = await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/Account/${theirs.Id}`, queryParams: { fields: 'Name' } });
  assert.equal(serverNow.Name, 'Changed in the org');

  const status = await bridge.call(MOBILESYNC, 'getSyncStatus', { syncName: 'accountsDown' });
  assert.equal(status.status, 'DONE');
  assert.deepEqual(await bridge.call(MOBILESYNC, 'getSyncStatus', { syncName: 'no such sync' }), {});
});

test('REST through the native network stack: a query, a create, a binary answer, an error', async () => {
  const query = await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/query`, method: 'GET', queryParams: { q: 'SELECT Id FROM Contact LIMIT 3' } });
  assert.equal(query.records.length, 3);
  const created = await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/Contact`, method: 'POST', queryParams: JSON.stringify({ LastName: 'Hybrid' }) });
  assert.match(created.id, /^003/);
  const binary = await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/Contact/${created.id}`, returnBinary: true });
  assert.match(Buffer.from(binary.encodedBody, 'base64').toString('utf8'), /Hybrid/);
  await assert.rejects(bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/Contact/003000000000000AAA` }));
});

test('two users: a second user made through REST logs in; the app lists, switches between and logs out users', async () => {
  const credentials = await bridge.call(OAUTH, 'getAuthCredentials');
  assert.equal(credentials.instanceUrl, localOrg.org.instanceUrl);
  const made = await bridge.call(NETWORK, 'pgSendRequest', {
    path: `${API}/sobjects/User`, method: 'POST',
    queryParams: { Username: 'hybrid@localorg.test', LastName: 'Hybrid', Alias: 'hybrid', Email: 'hybrid@localorg.test' },
  });
  await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/User/${made.id}/password`, method: 'POST', queryParams: { NewPassword: 'Hybrid-2026' } });
  // --set-default: a login leaves the current account as it was unless told otherwise.
  await localOrg.forcekit('login', '--instance', localOrg.org.instanceUrl, '--username', 'hybrid@localorg.test', '--password', 'Hybrid-2026', '--set-default');

  // A bridge started now serves the CLI's accounts as they are: both users, the new one current.
  const second = startBridge({ forcekit, env: localOrg.env });
  try {
    const users = await second.call(ACCOUNTS, 'getUsers');
    assert.deepEqual(users.map((user) => user.username).sort(), ['admin@localorg.test', 'hybrid@localorg.test']);
    assert.equal((await second.call(ACCOUNTS, 'getCurrentUser')).username, 'hybrid@localorg.test');
    const admin = users.find((user) => user.username === 'admin@localorg.test');
    assert.equal((await second.call(ACCOUNTS, 'switchToUser', { userId: admin.userId, orgId: admin.orgId })).username, 'admin@localorg.test');
    assert.equal((await second.call(OAUTH, 'getAuthCredentials')).userId, admin.userId);
    const hybrid = users.find((user) => user.username === 'hybrid@localorg.test');
    await second.call(ACCOUNTS, 'logout', { userId: hybrid.userId, orgId: hybrid.orgId });
    assert.deepEqual((await second.call(ACCOUNTS, 'getUsers')).map((user) => user.username), ['admin@localorg.test']);
  } finally {
    const { code } = await second.close();
    assert.equal(code, 0);
  }
});

test('a call to an action the plugin does not have reaches the error callback, with words an app can show', async () => {
  const message = await new Promise((resolve) => bridge.exec(() => resolve(null), resolve, SMARTSTORE, 'pgTeleport', []));
  assert.equal(message, 'The com.salesforce.smartstore plugin has no action pgTeleport.');
});

test('the other actions: SDK info and feature codes, soup specs, alter and re-index, stores, ghosts, a file upload', async () => {
  const info = await bridge.call(SDKINFO, 'getInfo');
  assert.ok(info.forcePluginsAvailable.includes('com.salesforce.mobilesync'));
  assert.equal(info.bootConfig.oauthScopes.includes('api'), true);
  await bridge.call(SDKINFO, 'registerAppFeature', { feature: 'JS' });
  await bridge.call(SDKINFO, 'unregisterAppFeature', { feature: 'JS' });
  assert.equal((await bridge.call(OAUTH, 'authenticate')).userId, (await bridge.call(OAUTH, 'getAuthCredentials')).userId);
  assert.equal(await bridge.call(OAUTH, 'getAppHomeUrl'), '');

  // registerSoupWithSpec, then alter, re-index, describe, clear and remove, in a global store.
  const global = { isGlobalStore: true, storeName: 'cache' };
  assert.equal(await bridge.call(SMARTSTORE, 'pgRegisterSoup',
    { soupSpec: { name: 'files', features: ['externalStorage'] }, indexes: [{ path: 'name', type: 'string' }], ...global }), 'files');
  assert.deepEqual(await bridge.call(SMARTSTORE, 'pgGetSoupSpec', { soupName: 'files', ...global }), { name: 'files', features: ['externalStorage'] });
  await bridge.call(SMARTSTORE, 'pgUpsertSoupEntries', { soupName: 'files', entries: [{ name: 'a', size: 3 }], ...global });
  const indexes = [{ path: 'name', type: 'string' }, { path: 'size', type: 'integer' }];
  assert.equal(await bridge.call(SMARTSTORE, 'pgAlterSoup', { soupName: 'files', indexes, reIndexData: true, ...global }), 'files');
  assert.deepEqual(await bridge.call(SMARTSTORE, 'pgGetSoupIndexSpecs', { soupName: 'files', ...global }), indexes);
  assert.equal(await bridge.call(SMARTSTORE, 'pgReIndexSoup', { soupName: 'files', paths: ['size'], ...global }), 'files');
  const bySize = await bridge.call(SMARTSTORE, 'pgQuerySoup',
    { soupName: 'files', querySpec: { queryType: 'exact', indexPath: 'size', matchKey: 3, pageSize: 5 }, ...global });
  assert.equal(bySize.totalEntries, 1);
  await bridge.call(SMARTSTORE, 'pgRemoveFromSoup',
    { soupName: 'files', querySpec: { queryType: 'exact', indexPath: 'name', matchKey: 'a', pageSize: 5 }, ...global });
  assert.equal(await bridge.call(SMARTSTORE, 'pgClearSoup', { soupName: 'files', ...global }), 'OK');
  assert.equal(await bridge.call(SMARTSTORE, 'pgShowInspector', global), 'OK');
  assert.ok(await bridge.call(SMARTSTORE, 'pgGetDatabaseSize', global) > 0);
  assert.ok((await bridge.call(SMARTSTORE, 'pgGetAllGlobalStores')).some((store) => store.storeName === 'cache' && store.isGlobalStore));
  assert.equal(await bridge.call(SMARTSTORE, 'pgRemoveSoup', { soupName: 'files', ...global }), 'OK');
  assert.equal(await bridge.call(SMARTSTORE, 'pgRemoveStore', global), true);
  assert.equal(await bridge.call(SMARTSTORE, 'pgRemoveAllGlobalStores'), true);
  assert.deepEqual(await bridge.call(SMARTSTORE, 'pgGetAllGlobalStores'), []);
  assert.ok((await bridge.call(SMARTSTORE, 'pgGetAllStores')).some((store) => store.storeName === 'notes'));

  // Ghosts: an Account deleted in the org goes from the soup too; then the sync is deleted.
  const { records } = await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/query`, queryParams: { q: 'SELECT Id FROM Account ORDER BY Name DESC LIMIT 1' } });
  await bridge.call(NETWORK, 'pgSendRequest', { path: `${API}/sobjects/Account/${records[0].Id}`, method: 'DELETE' });
  const down = await bridge.call(MOBILESYNC, 'getSyncStatus', { syncName: 'accountsDown' });
  assert.equal(await bridge.call(MOBILESYNC, 'cleanResyncGhosts', { syncId: down._soupEntryId }), 1);
  await bridge.call(MOBILESYNC, 'deleteSync', { syncName: 'accountsDown' });
  assert.deepEqual(await bridge.call(MOBILESYNC, 'getSyncStatus', { syncId: down._soupEntryId }), {});

  // A file posted as multipart/form-data from a file URL, as fileParams describes it.
  const fs = require('node:fs');
  const os = require('node:os');
  const path = require('node:path');
  const file = path.join(www, 'hello.txt');
  fs.writeFileSync(file, 'hello, hybrid');
  const uploaded = await bridge.call(NETWORK, 'pgSendRequest', {
    path: `${API}/connect/files/users/me`, method: 'POST',
    fileParams: { fileData: { fileMimeType: 'text/plain', fileUrl: 'file://' + file, fileName: 'hello.txt' } },
  });
  assert.equal(uploaded.title, 'hello.txt');
  assert.equal(uploaded.contentSize, 13);
  // A file outside the app is not the page's to send, also through a link from inside it.
  const outside = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'hybrid-outside-')), 'secret.txt');
  fs.writeFileSync(outside, 'not the page\'s');
  fs.symlinkSync(outside, path.join(www, 'link.txt'));
  for (const fileUrl of ['file://' + outside, 'file://' + path.join(www, 'link.txt'), 'file://' + www + '/../' + path.basename(outside)]) {
    await assert.rejects(bridge.call(NETWORK, 'pgSendRequest', {
      path: `${API}/connect/files/users/me`, method: 'POST',
      fileParams: { fileData: { fileMimeType: 'text/plain', fileUrl, fileName: 'secret.txt' } },
    }), /outside the app/);
  }
});

test('logoutCurrentUser ends the session: the credentials are gone, the stores with them', async () => {
  assert.equal(await bridge.call(SMARTSTORE, 'pgRemoveAllStores'), true);
  assert.equal(await bridge.call(OAUTH, 'logoutCurrentUser'), null);
  await assert.rejects(bridge.call(OAUTH, 'getAuthCredentials'), /Not authenticated/);
  assert.equal(await bridge.call(ACCOUNTS, 'getCurrentUser'), null);
});
