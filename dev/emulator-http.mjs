// The HTTP plumbing the two local emulators (dev/auth-emulator, dev/payment-emulator) share: their
// pages' headers, escaping, starting and stopping a node:http server, and running one alone from
// its own file. Each emulator keeps its own routes, pages and styles.

import { realpathSync } from "node:fs";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";

/** The emulators' pages: inline styles and data: images only, never framed. */
export const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; frame-ancestors 'none'";

export function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

export function sendHtml(res, status, html) {
  res.statusCode = status;
  res.setHeader("content-type", "text/html; charset=utf-8");
  res.setHeader("cache-control", "no-store");
  res.setHeader("content-security-policy", CSP);
  res.setHeader("x-frame-options", "DENY");
  res.setHeader("x-content-type-options", "nosniff");
  res.setHeader("referrer-policy", "no-referrer");
  res.end(res.req?.method === "HEAD" ? undefined : html);
}

/** Listens on `port` (0: any free one) and answers the port it got. */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (err) => {
      server.off("listening", onListening);
      reject(err);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve(server.address().port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, host);
  });
}

/** Closes the server; connections still open after 2 s are cut. */
function closeServer(server) {
  return new Promise((resolve) => {
    if (!server.listening) {
      resolve();
      return;
    }
    const force = setTimeout(() => server.closeAllConnections(), 2_000);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** The module at `moduleUrl` (its import.meta.url) is the script node was started with. */
export function isMain(moduleUrl) {
  if (!process.argv[1]) return false;
  try {
    return realpathSync(process.argv[1]) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}

/**
 * Listens before the emulator is ready, so that port 0 resolves to the real port its URLs embed:
 * until `serve` gives the handler, every request is answered 503 "{name} is starting". On
 * 127.0.0.1 it listens on [::1] too when it can ("localhost" may resolve to either).
 */
export async function startServers({ port, host, name }) {
  let handler = (_req, res) => {
    res.writeHead(503, { "content-type": "text/plain; charset=utf-8", "retry-after": "1" });
    res.end(`${name} is starting\n`);
  };
  const servers = [createServer((req, res) => handler(req, res))];
  const actualPort = await listen(servers[0], port, host);
  if (host === "127.0.0.1") {
    const v6 = createServer((req, res) => handler(req, res));
    try {
      await listen(v6, actualPort, "::1");
      servers.push(v6);
    } catch {
      // No IPv6 loopback here, or the port is taken on it: 127.0.0.1 is enough.
    }
  }
  for (const server of servers) {
    server.keepAliveTimeout = 5_000;
    server.headersTimeout = 10_000;
    server.requestTimeout = 30_000;
  }
  let closing;
  return {
    port: actualPort,
    serve(next) {
      handler = next;
    },
    /** Closes every server once; later calls answer the same promise. */
    close() {
      closing ||= Promise.all(servers.map(closeServer)).then(() => undefined);
      return closing;
    },
  };
}

/** A start that failed, said plainly: a port in use names the variable that moves it. */
export function startFailure(name, port, portVar, error) {
  return error?.code === "EADDRINUSE"
    ? `${name}: port ${port} is already in use (set ${portVar} to use another)`
    : `${name} failed to start: ${error?.stack || error}`;
}

/**
 * An emulator run alone from its own file (`node dev/auth-emulator/server.mjs`): its port from
 * `portVar`, started, its address printed (`describe`), stopped on Ctrl-C or SIGTERM.
 */
export async function runAlone({ name, portVar, defaultPort, start, describe }) {
  const port = Number(process.env[portVar] || defaultPort);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`${portVar} must be a port number, got ${JSON.stringify(process.env[portVar])}`);
    process.exit(1);
  }
  let emulator;
  try {
    emulator = await start(port);
  } catch (error) {
    console.error(startFailure(name, port, portVar, error));
    process.exit(1);
  }
  console.log(`${name}: ${describe(emulator)}`);
  let stopping = false;
  const stop = () => {
    if (stopping) process.exit(1);
    stopping = true;
    emulator.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
