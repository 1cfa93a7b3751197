'use strict';
// Headless Chromium for the browser tests: started on a page with a profile of its own, driven
// over the DevTools protocol, and stopped with every helper process it started.

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');

/** The first line of a child's stream that matches, or an error when it exits first. */
function firstLine(child, stream, pattern) {
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: stream });
    lines.on('line', (line) => { const match = line.match(pattern); if (match) resolve(match); });
    child.once('exit', (code) => reject(new Error(`${child.spawnfile} exited with ${code}`)));
  });
}

/** A cleanup that stops a child and lets go of its pipes. */
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

/** A DevTools protocol session on the page's target; `events` collects what the page reported. */
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
  const events = [];
  socket.onmessage = (message) => {
    const reply = JSON.parse(message.data);
    if (reply.id && waiting.has(reply.id)) { waiting.get(reply.id)(reply); waiting.delete(reply.id); }
    else if (reply.method) events.push(reply);
  };
  return {
    events,
    send(method, params = {}) {
      const id = nextId++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => waiting.set(id, resolve));
    },
    async evaluate(expression) {
      const reply = await this.send('Runtime.evaluate', { expression, returnByValue: true });
      return reply.result && reply.result.result ? reply.result.result.value : undefined;
    },
    async screenshot(file) {
      const shot = await this.send('Page.captureScreenshot', { format: 'png' });
      fs.writeFileSync(file, Buffer.from(shot.result.data, 'base64'));
    },
    close() { socket.close(); },
  };
}

/**
 * Opens `url` in headless Chromium (`CHROMIUM`, Debian's chromium-headless-shell by default) and
 * returns a DevTools session on it; every cleanup is pushed onto `cleanups`.
 */
async function openChromium(url, cleanups, { width = 900, height = 600 } = {}) {
  const chromium = process.env.CHROMIUM || 'chromium-headless-shell';
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'forcekit-chromium-'));
  cleanups.push(async () => fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10 }));
  const browser = spawn(chromium, [
    '--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--remote-debugging-port=0',
    `--user-data-dir=${profile}`, `--window-size=${width},${height}`, url,
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
  return session;
}

module.exports = { firstLine, stop, openChromium };
