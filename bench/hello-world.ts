/**
 * The yardstick of the throughput section: a Fastify app that answers `{"hello":"world"}`, in a
 * process of its own on a loopback port, as the server runs.
 */
import Fastify from "fastify";

const app = Fastify();
app.get("/", async () => ({ hello: "world" }));
const address = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`Server listening on ${address}`);
