/**
 * Time-outs and the connection cap (issue 11 point 2), on a real listening server through raw
 * sockets: a body or headers sent a byte at a time are cut at their time-out, an idle kept-alive
 * connection is closed, and connections beyond the cap are closed on arrival. The time-outs are
 * short here (the defaults are in the README) so that the test stays fast.
 */
import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, DIALECTS, type TestApp } from "./harness";

interface Watched {
  socket: Socket;
  received: () => string;
  /** Milliseconds from connecting to the server closing the connection. */
  closed: Promise<number>;
}

function open(port: number): Promise<Watched> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let data = "";
    const socket = connect(port, "127.0.0.1");
    const closed = new Promise<number>((done) => socket.on("close", () => done(Date.now() - started)));
    socket.on("data", (chunk) => (data += chunk.toString("latin1")));
    socket.on("error", () => undefined); // a reset after the server's answer is expected
    socket.once("connect", () => resolve({ socket, received: () => data, closed }));
    socket.once("error", reject);
  });
}

/** Writes one byte every `everyMs` until the connection closes. */
function dribble(socket: Socket, everyMs: number, byte = "a"): void {
  const timer = setInterval(() => (socket.writable ? socket.write(byte) : clearInterval(timer)), everyMs);
  socket.on("close", () => clearInterval(timer));
}

describe.each(DIALECTS)("time-outs on %s", (dialect) => {
  let t: TestApp;
  let port: number;
  const limits = { requestTimeoutMs: 1500, headersTimeoutMs: 600, keepAliveTimeoutMs: 200, connectionsCheckIntervalMs: 100 };

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it("cuts a body that arrives a byte at a time at the request time-out, with 408", async () => {
    const c = await open(port);
    c.socket.write("POST /auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{");
    dribble(c.socket, 100, " ");
    const elapsed = await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsed).toBeGreaterThanOrEqual(limits.requestTimeoutMs - 50);
    expect(elapsed).toBeLessThan(limits.requestTimeoutMs + 1500); // the check interval, and a busy machine
  });

  it("cuts headers that arrive a byte at a time at the headers time-out", async () => {
    const c = await open(port);
    c.socket.write("GET /slot/get-all-slots HTTP/1.1\r\nHost: localhost\r\nX-Slow: ");
    dribble(c.socket, 50);
    const elapsed = await c.closed;
    expect(c.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(elapsed).toBeGreaterThanOrEqual(limits.headersTimeoutMs - 50);
    expect(elapsed).toBeLessThan(limits.requestTimeoutMs);
  });

  it("closes a connection that never sends a request at the headers time-out", async () => {
    const c = await open(port);
    const elapsed = await c.closed;
    expect(elapsed).toBeLessThan(limits.requestTimeoutMs);
  });

  it("closes an idle kept-alive connection after the keep-alive time-out", async () => {
    const c = await open(port);
    c.socket.write("GET /slot/get-all-slots HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await expect.poll(() => c.received()).toMatch(/^HTTP\/1\.1 401 /);
    const elapsed = await c.closed;
    // Node keeps a second's grace beyond the advertised keep-alive time-out.
    expect(elapsed).toBeLessThan(limits.keepAliveTimeoutMs + 1000 + 1500);
  });
});

describe.each(DIALECTS)("connection cap on %s", (dialect) => {
  let t: TestApp;
  let port: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await createTestApp(dialect, { limits: { maxConnections: 3 } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.destroy());
    await t.close();
  });
  const connections = () => new Promise<number>((resolve, reject) => t.app.server.getConnections((err, n) => (err ? reject(err) : resolve(n))));

  it("closes connections beyond MAX_CONNECTIONS on arrival, and accepts again once one ends", async () => {
    const first = await Promise.all([open(port), open(port), open(port)]);
    sockets.push(...first.map((c) => c.socket));
    await expect.poll(connections).toBe(3);
    const extra = await open(port);
    sockets.push(extra.socket);
    await extra.closed;
    expect(extra.received()).toBe("");
    expect(first.every((c) => !c.socket.destroyed)).toBe(true);

    first[0].socket.destroy();
    await expect.poll(connections).toBe(2);
    const again = await open(port);
    sockets.push(again.socket);
    again.socket.write("GET /slot/get-all-slots HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    await again.closed;
    expect(again.received()).toMatch(/^HTTP\/1\.1 401 /);
  });
});
