import { keccak256 } from './keccak.js';
import { sha256 } from './sha256.js';

/**
 * Whether a withdrawal address can belong to its network (decisions.md, withdrawal safety): a
 * mistyped address is refused when the method is bound, before any money is sent to it. The same
 * rule runs on the server (binding) and in the browser (as the address is typed).
 *
 * - Tron (TRC20): base58check of 21 bytes starting 0x41 (a 34-character T-address).
 * - EVM chains (ERC20, BEP20...): 0x and 40 hex digits; mixed case must carry a valid EIP-55
 *   checksum (all lower or all upper case carries none).
 * - Bitcoin: base58check P2PKH (version 0) or P2SH (version 5), or a native segwit address with
 *   hrp bc: version 0 (bech32, a 20- or 32-byte program) or version 1 taproot (bech32m, 32 bytes).
 *   Later witness versions cannot be spent today: money sent there would be lost, so they are refused.
 * - Any other network keeps the plain checks of the form (present, one line, at most 200 characters).
 */

export type AddressNetwork = 'tron' | 'evm' | 'bitcoin';

const NETWORKS: Record<string, AddressNetwork> = {
  TRC20: 'tron',
  TRX: 'tron',
  TRON: 'tron',
  ERC20: 'evm',
  ETH: 'evm',
  BEP20: 'evm',
  BSC: 'evm',
  ARBITRUM: 'evm',
  POLYGON: 'evm',
  MATIC: 'evm',
  OPTIMISM: 'evm',
  BASE: 'evm',
  BTC: 'bitcoin',
  BITCOIN: 'bitcoin',
};

/** The address format of a withdrawal currency: its protocol (network), else its code; null when unknown. */
export function addressNetworkOf(currency: { code: string; protocol: string }): AddressNetwork | null {
  const name = (currency.protocol.trim() || currency.code.trim()).toUpperCase();
  return NETWORKS[name] ?? null;
}

/** The name of the network as users know it, for messages: the protocol, else the code. */
export function networkLabel(currency: { code: string; protocol: string }): string {
  return currency.protocol.trim() || currency.code.trim();
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 text to bytes (leading '1's are zero bytes); null on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | null {
  const bytes: number[] = [];
  for (const ch of text) {
    let carry = BASE58.indexOf(ch);
    if (carry < 0) return null;
    for (let i = 0; i < bytes.length; i++) {
      carry += bytes[i]! * 58;
      bytes[i] = carry & 0xff;
      carry >>= 8;
    }
    while (carry > 0) {
      bytes.push(carry & 0xff);
      carry >>= 8;
    }
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  const out = new Uint8Array(zeros + bytes.length);
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i]!;
  return out;
}

/** The payload of a base58check text whose 4-byte double-SHA-256 checksum holds; else null. */
export function base58CheckDecode(text: string): Uint8Array | null {
  if (text.length === 0 || text.length > 64) return null;
  const raw = base58Decode(text);
  if (!raw || raw.length < 5) return null;
  const payload = raw.subarray(0, raw.length - 4);
  const sum = sha256(sha256(payload));
  for (let i = 0; i < 4; i++) if (sum[i] !== raw[raw.length - 4 + i]) return null;
  return payload;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function polymod(values: readonly number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ BECH32_GENERATORS[i]!) >>> 0;
  }
  return chk;
}

function hrpExpand(hrp: string): number[] {
  const out: number[] = [];
  for (const ch of hrp) out.push(ch.charCodeAt(0) >> 5);
  out.push(0);
  for (const ch of hrp) out.push(ch.charCodeAt(0) & 31);
  return out;
}

/** A bech32 or bech32m string (BIP 173, BIP 350): its hrp, 5-bit data without checksum and which checksum held. */
export function bech32Decode(text: string): { hrp: string; data: number[]; encoding: 'bech32' | 'bech32m' } | null {
  if (text.length > 90) return null;
  const lower = text.toLowerCase();
  if (text !== lower && text !== text.toUpperCase()) return null; // mixed case is never valid
  for (const ch of lower) {
    const c = ch.charCodeAt(0);
    if (c < 33 || c > 126) return null;
  }
  const sep = lower.lastIndexOf('1');
  if (sep < 1 || sep + 7 > lower.length) return null;
  const hrp = lower.slice(0, sep);
  const data: number[] = [];
  for (const ch of lower.slice(sep + 1)) {
    const v = BECH32_CHARSET.indexOf(ch);
    if (v < 0) return null;
    data.push(v);
  }
  const check = polymod([...hrpExpand(hrp), ...data]);
  const encoding = check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : null;
  if (!encoding) return null;
  return { hrp, data: data.slice(0, -6), encoding };
}

/** Regroups bits (5-bit words to bytes) without padding; null when bits are left over. */
function fromWords(words: readonly number[]): number[] | null {
  let acc = 0;
  let bits = 0;
  const out: number[] = [];
  for (const w of words) {
    acc = ((acc << 5) | w) & 0xfff;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return null;
  return out;
}

function isTronAddress(address: string): boolean {
  if (address.length !== 34 || address[0] !== 'T') return false;
  const payload = base58CheckDecode(address);
  return payload !== null && payload.length === 21 && payload[0] === 0x41;
}

/** EIP-55: each letter of the address is upper case iff its nibble of keccak256(lower-case hex) is 8 or more. */
export function eip55Checksummed(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak256(new TextEncoder().encode(lower));
  let out = '';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  }
  return out;
}

function isEvmAddress(address: string): boolean {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return false;
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return eip55Checksummed(body) === body;
}

function isBitcoinAddress(address: string): boolean {
  if (/^[13]/.test(address)) {
    const payload = base58CheckDecode(address);
    return payload !== null && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  }
  const decoded = bech32Decode(address);
  if (!decoded || decoded.hrp !== 'bc' || decoded.data.length < 1) return false;
  const [version, ...words] = decoded.data;
  const program = fromWords(words);
  if (!program) return false;
  if (version === 0) return decoded.encoding === 'bech32' && (program.length === 20 || program.length === 32);
  if (version === 1) return decoded.encoding === 'bech32m' && program.length === 32;
  return false;
}

/**
 * Whether `address` (as bound: trimmed) fits the currency's network. A network without a known
 * format accepts any non-empty address, as the form always did.
 */
export function isWithdrawAddressValid(currency: { code: string; protocol: string }, address: string): boolean {
  if (address.length === 0 || address.length > 200 || /\s/.test(address)) return false;
  switch (addressNetworkOf(currency)) {
    case 'tron':
      return isTronAddress(address);
    case 'evm':
      return isEvmAddress(address);
    case 'bitcoin':
      return isBitcoinAddress(address);
    default:
      return true;
  }
}
