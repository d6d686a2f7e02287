/**
 * Keccak-256 (the hash Ethereum uses: the original Keccak padding, not FIPS 202's SHA3-256) in
 * plain TypeScript, synchronous, so the server and the browser check an address's EIP-55
 * checksum the same way. `sha3_256` is the same sponge with the FIPS padding: the tests compare
 * it with node:crypto's sha3-256, which proves the permutation, and keccak256 with known digests.
 */

const MASK = (1n << 64n) - 1n;

const ROUND_CONSTANTS = [
  0x0000000000000001n, 0x0000000000008082n, 0x800000000000808an, 0x8000000080008000n, 0x000000000000808bn, 0x0000000080000001n,
  0x8000000080008081n, 0x8000000000008009n, 0x000000000000008an, 0x0000000000000088n, 0x0000000080008009n, 0x000000008000000an,
  0x000000008000808bn, 0x800000000000008bn, 0x8000000000008089n, 0x8000000000008003n, 0x8000000000008002n, 0x8000000000000080n,
  0x000000000000800an, 0x800000008000000an, 0x8000000080008081n, 0x8000000000008080n, 0x0000000080000001n, 0x8000000080008008n,
];

/** Rotation offsets r[x][y] of the rho step. */
const ROTATIONS = [
  [0, 36, 3, 41, 18],
  [1, 44, 10, 45, 2],
  [62, 6, 43, 15, 61],
  [28, 55, 25, 21, 56],
  [27, 20, 39, 8, 14],
];

function rotl(x: bigint, n: number): bigint {
  if (n === 0) return x;
  const s = BigInt(n);
  return ((x << s) | (x >> (64n - s))) & MASK;
}

/** Keccak-f[1600] on 25 lanes, lane (x, y) at index x + 5y. */
function permute(a: bigint[]): void {
  const c = new Array<bigint>(5);
  const b = new Array<bigint>(25);
  for (const rc of ROUND_CONSTANTS) {
    for (let x = 0; x < 5; x++) c[x] = a[x]! ^ a[x + 5]! ^ a[x + 10]! ^ a[x + 15]! ^ a[x + 20]!;
    for (let x = 0; x < 5; x++) {
      const d = c[(x + 4) % 5]! ^ rotl(c[(x + 1) % 5]!, 1);
      for (let y = 0; y < 25; y += 5) a[x + y] = a[x + y]! ^ d;
    }
    for (let x = 0; x < 5; x++) {
      for (let y = 0; y < 5; y++) b[y + 5 * ((2 * x + 3 * y) % 5)] = rotl(a[x + 5 * y]!, ROTATIONS[x]![y]!);
    }
    for (let y = 0; y < 25; y += 5) {
      for (let x = 0; x < 5; x++) a[x + y] = b[x + y]! ^ (~b[((x + 1) % 5) + y]! & MASK & b[((x + 2) % 5) + y]!);
    }
    a[0] = a[0]! ^ rc;
  }
}

/** The sponge with a 1088-bit rate and a 256-bit digest; `domain` is the first padding byte. */
function sponge256(bytes: Uint8Array, domain: number): Uint8Array {
  const rate = 136;
  const blocks = Math.floor(bytes.length / rate) + 1;
  const padded = new Uint8Array(blocks * rate);
  padded.set(bytes);
  padded[bytes.length] = padded[bytes.length]! ^ domain;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  const state = new Array<bigint>(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += rate) {
    for (let lane = 0; lane < rate / 8; lane++) {
      let v = 0n;
      for (let i = 7; i >= 0; i--) v = (v << 8n) | BigInt(padded[offset + lane * 8 + i]!);
      state[lane] = state[lane]! ^ v;
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  for (let lane = 0; lane < 4; lane++) {
    let v = state[lane]!;
    for (let i = 0; i < 8; i++) {
      out[lane * 8 + i] = Number(v & 0xffn);
      v >>= 8n;
    }
  }
  return out;
}

/** Keccak-256 of `bytes` (Ethereum's hash). */
export function keccak256(bytes: Uint8Array): Uint8Array {
  return sponge256(bytes, 0x01);
}

/** SHA3-256 (FIPS 202) of `bytes`: the same permutation, the standard's padding. */
export function sha3_256(bytes: Uint8Array): Uint8Array {
  return sponge256(bytes, 0x06);
}
