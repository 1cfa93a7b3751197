'use strict';
// A hybrid page in a real browser: headless Chromium loads IntegrationTests/hybrid-browser/www
// through `forcekit hybrid serve` and runs a user's day against LocalOrg; the test reads what the
// page shows through the DevTools protocol. With SCREENSHOT=file.png it saves the page.
// Run: FORCEKIT=<forcekit> CHROMIUM=<chromium-headless-shell> node --experimental-websocket --test

const { test, after } = require('node:test');
const assert = require('node:assert/strict');
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { startLocalOrg } = require('../hybrid-js/localorg.js');

const forcekit = process.env.FORCEKIT || 'forcekit';
const chromium = process.env.CHROMIUM || 'chromium-headless-shell';
const cleanups = [];
after(async () => { for (const cleanup of cleanups.reverse()) await cleanup(); });

/** The first line of a child's stream that matches, or an error when it exits first. */
function firstLine(child, stream, pattern) {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: stream });
    lines.on('line', (line) => { const match = line.match(pattern); if (match) resolve(match); });
    child.once('exit', (code) => reject(new Error(`${child.spawnfile} exited with ${code}`)));
  });
}

function stop(child) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    // Chromium's helper processes may hold its stderr open after it ends: let go of the pipes.
    for (const stream of [child.stdout, child.stderr]) if (stream) stream.destroy();
    child.unref();
  };
}

/** A DevTools protocol session on the page's target. */
async function devtools(port) {
  let targets = [];
  for (let attempt = 0; attempt < 50 && !targets.some((target) => target.type === 'page'); attempt++) {
    targets = await (await fetch(`http://127.0.0.1:${port}/json/list`)).json();
    if (!targets.some((target) => target.type === 'page')) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const page = targets.find((target) => target.type === 'page');
  const socket = new WebSocket(page.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => { socket.onopen = resolve; socket.onerror = reject; });
  let nextId = 1;
  const waiting = new Map();
  socket.onmessage = (message) => {
    const reply = JSON.parse(message.data);
    if (reply.id && waiting.has(reply.id)) { waiting.get(reply.id)(reply); waiting.delete(reply.id); }
  };
  return {
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    async evaluate(expression) {
      const reply = await this.send('Runtime.evaluate', { expression, returnByValue: true });
      return reply.result && reply.result.result ? reply.result.result.value : undefined;
    },
    close() { socket.close(); },
  };
}

/** Serves `www` with `forcekit hybrid serve` (more arguments after it) and opens it in headless Chromium. */
async function openServed(localOrg, www, ...serveArguments) {
  const server = spawn(forcekit, ['hybrid', 'serve', www, '--port', '0', ...serveArguments], { env: localOrg.env, stdio: ['ignore', 'pipe', 'pipe'] });
  cleanups.push(stop(server));
  const [url] = await firstLine(server, server.stdout, /^http:\/\/127\.0\.0\.1:\d+\/$/);
  server.stdout.resume();

  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'forcekit-chromium-'));
  cleanups.push(async () => fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10 }));
  const browser = spawn(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0',
    `--user-data-dir=${profile}`, '--window-size=900,600', url,
  ], { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  // Chromium's helpers (renderer, GPU, zygote) live in its process group: stop them all.
  cleanups.push(async () => {
    try { process.kill(-browser.pid, 'SIGKILL'); } catch { /* already gone */ }
    await stop(browser)();
  });
  const [, port] = await firstLine(browser, browser.stderr, /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//);
  browser.stderr.resume();
  const session = await devtools(port);
  cleanups.push(async () => session.close());
  session.url = url;
  return session;
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
  if (process.env.SCREENSHOT) {
    const shot = await session.send('Page.captureScreenshot', { format: 'png' });
    fs.writeFileSync(process.env.SCREENSHOT, Buffer.from(shot.result.data, 'base64'));
  }
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
