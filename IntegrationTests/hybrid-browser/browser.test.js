'use strict';
// A hybrid page in a real browser: headless Chromium loads IntegrationTests/hybrid-browser/www
// through `forcekit hybrid serve` and runs a user's day against LocalOrg; the test reads what the
// page shows through the DevTools protocol. With SCREENSHOT=file.png it saves the page.
// Run: FORCEKIT=<forcekit> CHROMIUM=<chromium-headless-shell> node --experimental-websocket --test

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { startLocalOrg } = require('../hybrid-js/localorg.js');
const { firstLine, stop, openChromium } = require('../browser-support/chromium.js');

const forcekit = process.env.FORCEKIT || 'forcekit';
const cleanups = [];
after(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

/** Serves `www` with `forcekit hybrid serve` (more arguments after it) and opens it in headless Chromium. */
async function openServed(localOrg, www, ...serveArguments) {
  const server = spawn(forcekit, ['hybrid', 'serve', www, '--port', '0', ...serveArguments], { env: localOrg.env, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(stop(server));
  const [url] = await firstLine(server, server.stdout, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  server.stdout.resume();

  const session = await openChromium(url, cleanups);
  session.url = url;
  return session;
}

/** The status of a POST of `body` to the bridge with these headers (Node's http sets Host and Origin as told). */
function post(port, body, headers) {
  return send(port, 'POST', '/__forcekit/exec', body, headers);
}

/** The status of a request to the served page's port (Node's fetch cannot set Host). */
function send(port, method, path, body, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, method, headers }, (response) => {
      response.resume();
      resolve(response.statusCode);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The value of `expression` once it is no longer `pending` (a minute at most). */
async function settled(session, expression, pending) {
  let value = pending;
  for (let waited = 0; waited < 120 && (value === pending || value === undefined || value === null); waited++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    value = await session.evaluate(expression);
  }
  return value;
}

test('a day in a hybrid page, in headless Chromium: sync down, a cursor, an offline edit up, a conflict, resolved', async () => {
  const localOrg = await startLocalOrg(forcekit);
  cleanups.push(() => localOrg.stop());
  const session = await openServed(localOrg, path.join(__dirname, 'www'));
  const status = await settled(session, "document.getElementById('result') && document.getElementById('result').textContent", 'running');
  const log = await session.evaluate("document.getElementById('log').textContent");
  if (process.env.SCREENSHOT) await session.screenshot(process.env.SCREENSHOT);
  assert.equal(status, 'passed', log);
  assert.match(log, /ok {2}a conflict: the local edit is kept, unsent/);
  const items = await session.evaluate("Array.from(document.querySelectorAll('#accounts li')).map(li => li.textContent)");
  assert.equal(items.length, 10);
  assert.match(items[0], /\(edited offline\)$/);
  assert.ok(items.every((item) => !item.endsWith('(not synced)')), items.join(', '));

  // Only the folder is served: a path that climbs out of it is not found.
  for (const escape of ['..%2F..%2F..%2Fetc%2Fpasswd', '%2e%2e/%2e%2e/etc/passwd', 'day.js/../../browser.test.js']) {
    assert.equal((await fetch(session.url + escape)).status, 404, escape);
  }
  assert.equal((await fetch(session.url + 'day.js')).status, 200);

  // The bridge acts as the signed-in user: another site's page, or a name another site's DNS points
  // at loopback, may not call it (the page itself did, above, from its own origin).
  const call = JSON.stringify({ service: 'com.salesforce.sdkinfo', action: 'getInfo', args: [] });
  const { port } = new URL(session.url);
  assert.equal(await post(port, call, { Origin: 'http://evil.example' }), 403);
  assert.equal(await post(port, call, { Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` }), 403);
  assert.equal(await post(port, call, {}), 403);
  assert.equal(await post(port, call, { Origin: `http://127.0.0.1:${port}` }), 200);
  // Nor may such a name read the app's files (DNS rebinding): every path answers loopback names only.
  for (const path of ['/', '/day.js', '/cordova.js']) {
    assert.equal(await send(port, 'GET', path, undefined, { Host: `evil.example:${port}` }), 403, path);
    assert.notEqual(await send(port, 'GET', path, undefined, { Host: `localhost:${port}` }), 403, path);
  }
});

test('the www skeleton forcekit create --template hybrid writes runs as served, logged in with --local', async () => {
  const localOrg = await startLocalOrg(forcekit);
  cleanups.push(() => localOrg.stop());
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'forcekit-hybrid-app-'));
  cleanups.push(async () => fs.rmSync(parent, { recursive: true, force: true }));
  await localOrg.forcekit('create', 'FieldHybrid', '--template', 'hybrid', '--output', parent);
  const session = await openServed(localOrg, path.join(parent, 'FieldHybrid', 'www'), '--local');
  const status = await settled(session, "document.getElementById('status').textContent",
    'Starting…');
  const waited = status === 'Syncing Accounts…' ? await settled(session, "document.getElementById('status').textContent", 'Syncing Accounts…') : status;
  assert.equal(waited, '300 Accounts, stored offline');
  assert.equal(await session.evaluate("document.querySelectorAll('#accounts li').length"), 20);
  assert.equal(await session.evaluate('document.title'), 'FieldHybrid');
});

test('an app laid out as upstream\'s samples are runs unchanged: its start page, plugins, userstore.json and usersyncs.json', async () => {
  const localOrg = await startLocalOrg(forcekit);
  cleanups.push(() => localOrg.stop());
  // The app's www as upstream's samples lay it out, with our plugin script where the SDK's
  // cordova.force.js stands (the SDK's own file is not ours to keep in the repository).
  const app = fs.mkdtempSync(path.join(os.tmpdir(), 'forcekit-sample-app-'));
  cleanups.push(() => fs.rmSync(app, { recursive: true, force: true }));
  fs.cpSync(path.join(__dirname, 'sample-app'), app, { recursive: true });
  const www = path.join(app, 'www');
  fs.renameSync(path.join(app, 'plugin-modules.js'), path.join(www, 'js', 'cordova.force.js'));
  // README's command for an existing app (Documentation/CLI.md): its www folder, logged in to LocalOrg with --local.
  const session = await openServed(localOrg, www, '--local');
  const status = await settled(session, "document.getElementById('result') && document.getElementById('result').textContent", 'running');
  const log = await session.evaluate("document.getElementById('log') ? document.getElementById('log').textContent : document.body.innerHTML");
  assert.equal(status, 'passed', log);
  // The printed URL opens the boot config's start page, as the container loads it.
  assert.equal(await session.evaluate('location.pathname'), '/Contacts.html');
  assert.match(log, /ok {2}getInfo names the app as its config.xml does/);
  assert.match(log, /ok {2}the org has the edit/);
  const items = await session.evaluate("Array.from(document.querySelectorAll('#contacts li')).map(li => li.textContent)");
  assert.equal(items.length, 10);
  assert.ok(items.every((item) => !item.endsWith('(not synced)')), items.join(', '));
});

test('a remote start page: opened through frontdoor, shown again at the same place after the session ends, its copy when the org is gone', async () => {
  const localOrg = await startLocalOrg(forcekit, ['--pages', path.join(__dirname, 'remote-app', 'pages')]);
  let running = true;
  cleanups.push(() => (running ? localOrg.stop() : undefined));
  const session = await openServed(localOrg, path.join(__dirname, 'remote-app', 'www'), '--local');
  const user = () => settled(session, "document.getElementById('user') && document.getElementById('user').textContent", 'signing in');
  const view = () => session.evaluate("document.getElementById('view') && document.getElementById('view').textContent");
  const title = () => session.evaluate("document.getElementById('title') && document.getElementById('title').textContent");
  // Runs `step` (a navigation) and waits for the next document: the old one's values are not read.
  const navigate = async (step) => {
    await session.evaluate(`window.leaving = true; ${step}`);
    await settled(session, "window.leaving === true ? 'old' : document.readyState === 'complete' ? 'loaded' : 'old'", 'old');
  };

  // The org's page, under the served origin, its plugin calls answered by the bridge.
  assert.match(await user(), /^signed in as 005/);
  assert.equal(await session.evaluate('location.pathname'), '/apex/ContactsPage');
  assert.equal(await title(), 'Contacts, from the org');

  // The user moves on; then the session ends (its token revoked at the org).
  await navigate("location.href = '/apex/ContactsPage?view=second'");
  assert.match(await user(), /^signed in as 005/);
  assert.equal(await view(), 'view second');
  const token = await session.evaluate('window.signedIn.accessToken');
  const revoked = await fetch(`${localOrg.org.instanceUrl}/services/oauth2/revoke`, {
    method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token }),
  });
  assert.equal(revoked.status, 200);

  // A reload meets the org's login redirect: the session is renewed and the same place shown.
  await navigate('location.reload()');
  assert.match(await user(), /^signed in as 005/);
  assert.equal(await view(), 'view second');
  assert.notEqual(await session.evaluate('window.signedIn.accessToken'), token);

  // The org is gone: the copy kept of the page is shown; a page never loaded shows the error page.
  await localOrg.stop();
  running = false;
  await navigate('location.reload()');
  assert.match(await user(), /^signed in as 005/);
  assert.equal(await view(), 'view second');
  await navigate("location.href = '/apex/ContactsPage?view=never'");
  assert.equal(await settled(session, "document.getElementById('title') && document.getElementById('title').textContent", null), 'The org cannot be reached');
});
