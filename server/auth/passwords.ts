/**
 * Password hashing with scrypt, compared in constant time. The parameters are one of OWASP's
 * equivalent sets (Password Storage Cheat Sheet): N=2^15, r=8, p=3, 32 MiB per hash. Until 2026-11 they
 * were N=2^17, r=8, p=1, 128 MiB per hash: with two hashes at once the server went past its 250 MB
 * (issue 12); such hashes still verify and are stored again at these on the next sign-in.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { HashingSlots } from "./hashing-slots";

const N = 2 ** 15;
const r = 8;
const p = 3;
const KEY_LENGTH = 32;
/** scrypt needs about 128 * N * r bytes; node's default maxmem (32 MiB) leaves no margin even for N=2^15. */
const memoryOf = (params: { N: number; r: number }) => 128 * params.N * params.r;

/**
 * Every hash of this process runs in these slots (the thread pool and the memory are the process's):
 * buildApp sets their number from PASSWORD_HASH_CONCURRENCY and PASSWORD_HASH_WAIT_MS.
 */
export const hashingSlots = new HashingSlots();

/** Who a hash is computed for, when it is not a client's sign-in (seeding, signup). */
const SERVER = "server";

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, client: string): Promise<Buffer> {
  return hashingSlots.run(
    client,
    () =>
      new Promise((resolve, reject) =>
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { ...params, maxmem: 2 * memoryOf(params) }, (err, key) => (err ? reject(err) : resolve(key))),
      ),
  );
}

/** "scrypt$N$r$p$salt$hash" so the parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string, client = SERVER): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r, p }, client);
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** `client` (the caller's address) keeps the hashing queue fair between clients. */
export async function verifyPassword(password: string, stored: string, client = SERVER): Promise<boolean> {
  const [scheme, n, rr, pp, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), { N: Number(n), r: Number(rr), p: Number(pp) }, client);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * The password hashed again at the current parameters when `stored` takes more memory to verify (a
 * hash of before 2026-11), else undefined. Called after the password was verified; a hash refused for
 * want of a slot is left for the next sign-in.
 */
export async function lighterHash(password: string, stored: string, client = SERVER): Promise<string | undefined> {
  const [, n, rr] = stored.split("$");
  if (memoryOf({ N: Number(n), r: Number(rr) }) <= memoryOf({ N, r })) return undefined;
  return hashPassword(password, client).catch(() => undefined);
}

/** A hash to compare against when the username does not exist, so both cases take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  if (!dummyHash) {
    dummyHash = hashPassword("not-a-real-password");
    dummyHash.catch(() => (dummyHash = undefined)); // a busy refusal is not remembered
  }
  return dummyHash;
}
