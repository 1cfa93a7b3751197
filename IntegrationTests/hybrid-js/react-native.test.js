'use strict';
// A React Native app's data layer in Node: the SDK's native modules (SFSmartStoreReactBridge,
// SFMobileSyncReactBridge, SFNetReactBridge, SFOauthReactBridge) called as React Native calls
// them, method(args, (error, result) => …), answered by `forcekit bridge --react-native`.

const { test, before, after } = require('node:test');
const assert = require('node:assert/strict');
const { startBridge } = require('./cordova-exec.js');
const { startLocalOrg } = require('./localorg.js');

const forcekit = process.env.FORCEKIT || 'forcekit';
let localOrg;
let bridge;
let NativeModules;

before(async () => {
  localOrg = await startLocalOrg(forcekit);
  bridge = startBridge({ forcekit, env: localOrg.env, args: ['--react-native'] });
  // What react-native's NativeModules hands the SDK's modules: each method takes its argument
  // object and a callback that gets (error, result).
  const nativeModule = (name) => new Proxy({}, {
    get: (_, method) => (args, callback) => bridge.exec(
      (result) => callback(null, result), (error) => callback(error, null), name, method, [args]),
  });
  NativeModules = Object.fromEntries(
    ['SFSmartStoreReactBridge', 'SFMobileSyncReactBridge', 'SFNetReactBridge', 'SFOauthReactBridge'].map((name) => [name, nativeModule(name)]));
});

after(async () => {
  if (bridge) assert.equal((await bridge.close()).code, 0);
  if (localOrg) await localOrg.stop();
});

/** A native method as a promise, as the SDK's react.force.* modules wrap them. */
function invoke(module, method, args = {}) {
  return new Promise((resolve, reject) => NativeModules[module][method](args, (error, result) => (error ? reject(new Error(error)) : resolve(result))));
}

test('SmartStore: register, upsert, query with a cursor, remove by soupEntryIds', async () => {
  const store = { isGlobalStore: false, storeName: 'rn' };
  assert.equal(await invoke('SFSmartStoreReactBridge', 'registerSoup', { soupName: 'tasks', indexes: [{ path: 'title', type: 'string' }], ...store }), 'tasks');
  const saved = await invoke('SFSmartStoreReactBridge', 'upsertSoupEntries',
    { soupName: 'tasks', entries: [{ title: 'a' }, { title: 'b' }, { title: 'c' }], ...store });
  const cursor = await invoke('SFSmartStoreReactBridge', 'querySoup',
    { soupName: 'tasks', querySpec: { queryType: 'range', indexPath: 'title', orderPath: 'title', order: 'ascending', pageSize: 2 }, ...store });
  assert.equal(cursor.totalPages, 2);
  const next = await invoke('SFSmartStoreReactBridge', 'moveCursorToPageIndex', { cursorId: cursor.cursorId, index: 1, ...store });
  assert.deepEqual(next.currentPageOrderedEntries.map((entry) => entry.title), ['c']);
  await invoke('SFSmartStoreReactBridge', 'closeCursor', { cursorId: cursor.cursorId, ...store });
  await invoke('SFSmartStoreReactBridge', 'removeFromSoup', { soupName: 'tasks', soupEntryIds: [saved[0]._soupEntryId], ...store });
  const left = await invoke('SFSmartStoreReactBridge', 'querySoup',
    { soupName: 'tasks', querySpec: { queryType: 'range', indexPath: 'title', pageSize: 10 }, ...store });
  assert.equal(left.totalEntries, 2);
});

test('Mobile Sync: syncDown answers once, at DONE, with no sync events; status, re-sync, delete', async () => {
  const events = [];
  const off = bridge.on('sync', (detail) => events.push(detail));
  await invoke('SFSmartStoreReactBridge', 'registerSoup', { soupName: 'accounts', indexes: [{ path: 'Id', type: 'string' }] });
  const done = await invoke('SFMobileSyncReactBridge', 'syncDown', {
    soupName: 'accounts', syncName: 'rnDown', options: { mergeMode: 'OVERWRITE' },
    target: { type: 'soql', query: 'SELECT Id, Name FROM Account' },
  });
  assert.equal(done.status, 'DONE');
  assert.equal(done.totalSize, 300);
  assert.equal((await invoke('SFMobileSyncReactBridge', 'reSync', { syncName: 'rnDown' })).status, 'DONE');
  assert.equal((await invoke('SFMobileSyncReactBridge', 'getSyncStatus', { syncName: 'rnDown' })).status, 'DONE');
  await invoke('SFMobileSyncReactBridge', 'deleteSync', { syncName: 'rnDown' });
  assert.deepEqual(await invoke('SFMobileSyncReactBridge', 'getSyncStatus', { syncName: 'rnDown' }), {});
  off();
  assert.deepEqual(events, []);
});

test('net and oauth: sendRequest, getAuthCredentials; a method a module lacks reaches the callback as its error', async () => {
  // v63.0: the version upstream's built react.force.net.js sends.
  const result = await invoke('SFNetReactBridge', 'sendRequest', { path: '/v63.0/query', method: 'GET', queryParams: { q: 'SELECT Id FROM Account LIMIT 2' } });
  assert.equal(result.totalSize, 2);
  const credentials = await invoke('SFOauthReactBridge', 'getAuthCredentials');
  assert.equal(credentials.instanceUrl, localOrg.org.instanceUrl);
  await assert.rejects(invoke('SFSmartStoreReactBridge', 'pgQuerySoup', {}), /has no method pgQuerySoup/);
});
