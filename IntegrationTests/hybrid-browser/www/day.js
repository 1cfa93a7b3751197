// A user's day in a hybrid app, through the SDK's plugin calls (cordova.exec with the services,
// actions and argument shapes of the SDK's JavaScript): Accounts down, a list from the soup with
// a cursor, an offline edit synced up, a conflict when the org changed the record, resolved.
'use strict';

function call(service, action, args) {
  return new Promise(function (resolve, reject) {
    cordova.exec(resolve, function (message) { reject(new Error(service + ' ' + action + ': ' + message)); },
      service, action, ['pluginSDKVersion:13.0.2', args || {}]);
  });
}
function smartstore(action, args) { return call('com.salesforce.smartstore', action, args); }
function mobilesync(action, args) { return call('com.salesforce.mobilesync', action, args); }
function rest(method, path, params) {
  return call('com.salesforce.network', 'pgSendRequest', { path: '/v66.0' + path, method: method, queryParams: params || {} });
}
function log(line) { document.getElementById('log').textContent += line + '\n'; }
function check(condition, what) { if (!condition) throw new Error(what); log('ok  ' + what); }

// The end of a sync: its last `sync` event.
function syncEnd(id) {
  return new Promise(function (resolve) {
    document.addEventListener('sync', function listener(event) {
      if (event.detail._soupEntryId === id && (event.detail.status === 'DONE' || event.detail.status === 'FAILED')) {
        document.removeEventListener('sync', listener);
        resolve(event.detail);
      }
    });
  });
}

function allByName(pageSize) {
  return { queryType: 'range', indexPath: 'Name', beginKey: null, endKey: null, orderPath: 'Name', order: 'ascending', pageSize: pageSize };
}

function show(entries) {
  var list = document.getElementById('accounts');
  list.textContent = '';
  entries.forEach(function (account) {
    var item = document.createElement('li');
    item.textContent = account.Name + (account.__local__ ? ' (not synced)' : '');
    if (account.__local__) item.className = 'local';
    list.appendChild(item);
  });
}

async function day() {
  await smartstore('pgRegisterSoup', { soupName: 'accounts', indexes: [
    { path: 'Id', type: 'string' }, { path: 'Name', type: 'string' }, { path: '__local__', type: 'string' }] });
  var down = await mobilesync('syncDown', { soupName: 'accounts', syncName: 'accounts', options: { mergeMode: 'LEAVE_IF_CHANGED' },
    target: { type: 'soql', query: 'SELECT Id, Name, LastModifiedDate FROM Account' } });
  var downEnd = await syncEnd(down._soupEntryId);
  check(downEnd.status === 'DONE' && downEnd.totalSize === 300, 'synced 300 Accounts down');

  var cursor = await smartstore('pgQuerySoup', { soupName: 'accounts', querySpec: allByName(10) });
  check(cursor.totalPages === 30, 'a cursor of 30 pages of 10');
  var second = await smartstore('pgMoveCursorToPageIndex', { cursorId: cursor.cursorId, index: 1 });
  check(second.currentPageOrderedEntries.length === 10, 'moved to the second page');
  await smartstore('pgCloseCursor', { cursorId: cursor.cursorId });
  show(cursor.currentPageOrderedEntries);

  var mine = cursor.currentPageOrderedEntries[0];
  var theirs = cursor.currentPageOrderedEntries[1];
  function edit(record, name) { return Object.assign({}, record, { Name: name, __local__: true, __locally_updated__: true }); }
  await smartstore('pgUpsertSoupEntries', { soupName: 'accounts', entries: [edit(mine, mine.Name + ' (edited offline)')], externalIdPath: '_soupEntryId' });
  var up = await mobilesync('syncUp', { soupName: 'accounts', syncName: 'accountsUp', target: {},
    options: { fieldlist: ['Name'], mergeMode: 'LEAVE_IF_CHANGED' } });
  check((await syncEnd(up._soupEntryId)).status === 'DONE', 'synced the offline edit up');
  check((await rest('GET', '/sobjects/Account/' + mine.Id, { fields: 'Name' })).Name === mine.Name + ' (edited offline)', 'the org has the edit');

  // Someone changes the second Account in the org (a second later: dates count seconds), while it is edited here too.
  await new Promise(function (resolve) { setTimeout(resolve, 1100); });
  await rest('PATCH', '/sobjects/Account/' + theirs.Id, { Name: 'Changed in the org' });
  await smartstore('pgUpsertSoupEntries', { soupName: 'accounts', entries: [edit(theirs, 'Changed here')], externalIdPath: '_soupEntryId' });
  await mobilesync('reSync', { syncName: 'accountsUp' });
  await syncEnd(up._soupEntryId);
  var kept = (await smartstore('pgRetrieveSoupEntries', { soupName: 'accounts', entryIds: [theirs._soupEntryId] }))[0];
  check(kept.__local__ === true, 'a conflict: the local edit is kept, unsent');
  check((await rest('GET', '/sobjects/Account/' + theirs.Id, { fields: 'Name' })).Name === 'Changed in the org', 'the org keeps its change');
  show((await smartstore('pgQuerySoup', { soupName: 'accounts', querySpec: allByName(10) })).currentPageOrderedEntries);

  // Resolved by keeping this device's version: a sync up that overwrites.
  var resolve = await mobilesync('syncUp', { soupName: 'accounts', syncName: 'resolveMine', target: {},
    options: { fieldlist: ['Name'], mergeMode: 'OVERWRITE' } });
  check((await syncEnd(resolve._soupEntryId)).status === 'DONE', 'resolved by keeping the local version');
  check((await rest('GET', '/sobjects/Account/' + theirs.Id, { fields: 'Name' })).Name === 'Changed here', 'the org has the resolved version');
  show((await smartstore('pgQuerySoup', { soupName: 'accounts', querySpec: allByName(10) })).currentPageOrderedEntries);
}

document.addEventListener('deviceready', function () {
  var result = document.getElementById('result');
  day().then(function () {
    result.textContent = 'passed';
    result.className = 'passed';
  }, function (error) {
    log('FAILED ' + error.message);
    result.textContent = 'failed: ' + error.message;
    result.className = 'failed';
  });
});
