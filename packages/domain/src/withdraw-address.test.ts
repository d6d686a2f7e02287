import { describe, expect, it } from 'vitest';
import { keccak256, sha3_256 } from './keccak.js';
import { sha256, toHex } from './sha256.js';
import { addressNetworkOf, base58CheckDecode, base58Decode, bech32Decode, eip55Checksummed, isWithdrawAddressValid } from './withdraw-address.js';

/*
 * Pure tables of cases (the domain's tests use nothing but vitest): published vectors and digests
 * of a reference implementation. The server's tests compare the hashes with node's own on random
 * inputs as well (modules/withdrawals/withdraw-address-hashes.test.ts).
 */

/** Deterministic bytes for building test addresses (xorshift32). */
function bytesOf(seed: number, n: number): Uint8Array {
  let x = seed || 1;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const ascii = (s: string) => new TextEncoder().encode(s);
const TRC20 = { code: 'USDT', protocol: 'TRC20' };
const ERC20 = { code: 'USDT', protocol: 'ERC20' };
const BTC = { code: 'BTC', protocol: 'BTC' };

/** base58 encoding, written here only to build test addresses (the module decodes only). */
function base58Encode(bytes: Uint8Array): string {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  let n = 0n;
  for (const b of bytes) n = (n << 8n) | BigInt(b);
  let out = '';
  while (n > 0n) {
    out = alphabet[Number(n % 58n)]! + out;
    n /= 58n;
  }
  for (const b of bytes) {
    if (b !== 0) break;
    out = `1${out}`;
  }
  return out;
}
function base58Check(payload: Uint8Array): string {
  const sum = sha256(sha256(payload));
  return base58Encode(new Uint8Array([...payload, ...sum.subarray(0, 4)]));
}

/** A segwit address, encoded here only to build test cases (BIP 173 / BIP 350 reference encoder). */
function segwitAddress(version: number, program: number[], encoding: 'bech32' | 'bech32m', hrp = 'bc'): string {
  const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
  const gen = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  const polymod = (values: number[]) => {
    let chk = 1;
    for (const v of values) {
      const top = chk >>> 25;
      chk = (((chk & 0x1ffffff) << 5) ^ v) >>> 0;
      for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk = (chk ^ gen[i]!) >>> 0;
    }
    return chk;
  };
  const words: number[] = [version];
  let acc = 0;
  let bits = 0;
  for (const b of program) {
    acc = (acc << 8) | b;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const mod = polymod([...expanded, ...words, 0, 0, 0, 0, 0, 0]) ^ (encoding === 'bech32' ? 1 : 0x2bc830a3);
  const checksum = [0, 1, 2, 3, 4, 5].map((i) => (mod >>> (5 * (5 - i))) & 31);
  return `${hrp}1${[...words, ...checksum].map((w) => charset[w]).join('')}`;
}

describe('keccak256 and sha3_256', () => {
  it('keccak256 of known inputs', () => {
    expect(toHex(keccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(toHex(keccak256(ascii('abc')))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  });

  it('sha3_256 (the same permutation, FIPS padding) gives the standard digests, across block borders', () => {
    expect(toHex(sha3_256(new Uint8Array()))).toBe('a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a');
    expect(toHex(sha3_256(ascii('abc')))).toBe('3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532');
    expect(toHex(sha3_256(new Uint8Array(200).fill(0xa3)))).toBe('79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787');
    // One byte short of a block (both paddings in one byte), a whole block, one past; two blocks likewise.
    const digests: Record<number, string> = {
      135: '3b9a243115177762b2077a54d9a3fe56bd6e8c1b06e4af57e472fc02e079f997',
      136: 'f8d8cb777ac2e043627b0de162f3907be2bb7d2f0fdbf4eb0d7962259c5b5153',
      137: 'ba5c24fe4aafe56d18cc6341a9f56c6eacb3becda8fc8af9361326a259e6fbb4',
      271: '9fc8a61e0a8c189f2970066c424d8c26f3142ebf8ac0cbfbc0bbb7fe21a34431',
      272: 'aef5b31cb6a1921522347abf5d60302dfda8b2fe19116d700adeeb4b0e126c10',
      273: 'a4792b1a77ea7cb6f406ca9f75f9072961268635bfc14bd2737b7fe4136fe448',
    };
    for (const [n, digest] of Object.entries(digests)) expect(toHex(sha3_256(new Uint8Array(Number(n)).fill(0xa5))), n).toBe(digest);
  });
});

describe('base58', () => {
  it('decodes what an encoder made, leading zero bytes included', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const bytes = bytesOf(seed, seed % 41);
      if (seed % 7 === 0) bytes.fill(0, 0, Math.min(3, bytes.length));
      expect([...base58Decode(base58Encode(bytes))!]).toEqual([...bytes]);
    }
    expect(base58Encode(new Uint8Array([0, 0, 1]))).toBe('112');
  });
  it('base58check: the payload when the checksum holds, null when any character changes', () => {
    const payload = new Uint8Array([0x41, ...new Array<number>(20).fill(7)]);
    const text = base58Check(payload);
    expect([...base58CheckDecode(text)!]).toEqual([...payload]);
    const swapped = text.slice(0, 10) + (text[10] === 'a' ? 'b' : 'a') + text.slice(11);
    expect(base58CheckDecode(swapped)).toBeNull();
    expect(base58Decode('0OIl')).toBeNull();
  });
});

describe('bech32', () => {
  it('BIP 173 and BIP 350 checksum vectors', () => {
    expect(bech32Decode('A12UEL5L')?.encoding).toBe('bech32');
    expect(bech32Decode('abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw')?.encoding).toBe('bech32');
    expect(bech32Decode('A1LQFN3A')?.encoding).toBe('bech32m');
    expect(bech32Decode('abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx')?.encoding).toBe('bech32m');
    expect(bech32Decode('A1G7SGD8')).toBeNull(); // checksum of the upper-case hrp
    expect(bech32Decode('li1dgmt3')).toBeNull(); // checksum too short
    expect(bech32Decode('A12uEL5L')).toBeNull(); // mixed case
  });
});

describe('withdrawal address per network', () => {
  it('knows the network of a currency by its protocol, else its code', () => {
    expect(addressNetworkOf(TRC20)).toBe('tron');
    expect(addressNetworkOf(ERC20)).toBe('evm');
    expect(addressNetworkOf({ code: 'USDT', protocol: 'bep20' })).toBe('evm');
    expect(addressNetworkOf(BTC)).toBe('bitcoin');
    expect(addressNetworkOf({ code: 'ETH', protocol: '' })).toBe('evm');
    expect(addressNetworkOf({ code: 'USD', protocol: '' })).toBeNull();
  });

  it('TRC20: a base58check T-address of 21 bytes starting 0x41', () => {
    expect(isWithdrawAddressValid(TRC20, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    const made = base58Check(new Uint8Array([0x41, ...bytesOf(7, 20)]));
    expect(isWithdrawAddressValid(TRC20, made)).toBe(true);
    expect(isWithdrawAddressValid(TRC20, 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false); // last character changed
    expect(isWithdrawAddressValid(TRC20, 'TQ7s1mPLa9w4sGx2fHcVq8kXbN3eRzJ5uD')).toBe(false); // the right shape, no checksum
    expect(isWithdrawAddressValid(TRC20, 'TFuzzOwnerAddress1')).toBe(false);
    expect(isWithdrawAddressValid(TRC20, base58Check(new Uint8Array([0x00, ...bytesOf(8, 20)])))).toBe(false); // a bitcoin version byte
    expect(isWithdrawAddressValid(TRC20, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it('ERC20: 0x and 40 hex digits, EIP-55 checksum when mixed case', () => {
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0xde709f2102306220921060314715629080e2fb77',
    ]) {
      expect(isWithdrawAddressValid(ERC20, a), a).toBe(true);
    }
    expect(eip55Checksummed('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(eip55Checksummed('D1220A0CF47C7B9BE7A2E6BA89F429762E7B9ADB')).toBe('D1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb');
    expect(isWithdrawAddressValid(ERC20, '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')).toBe(false); // one letter's case wrong
    expect(isWithdrawAddressValid(ERC20, '0x5b1F3c9A2e7D4f60B8a1C2d3E4f5061728394aBc')).toBe(false); // mixed case, no checksum
    expect(isWithdrawAddressValid(ERC20, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beae')).toBe(false); // 39 digits
    expect(isWithdrawAddressValid(ERC20, '5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(false); // no 0x
    expect(isWithdrawAddressValid(ERC20, '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg')).toBe(false);
  });

  it('BTC: P2PKH, P2SH, segwit v0 (bech32) and taproot (bech32m)', () => {
    for (const a of [
      '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2',
      '342ftSRCvFHfCeFFBuz4xwbeqnDw6BGUey',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qeklep85ntjz4605drds6aww9u0qr46qzrv5xswd35uhjuj8ahfcqgf6hak',
      'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297',
    ]) {
      expect(isWithdrawAddressValid(BTC, a), a).toBe(true);
    }
    for (const a of [
      '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3', // checksum
      '342ftSRCvFHfCeFFBuz4xwbeqnDw6BGUez',
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdp', // checksum
      'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet hrp
      'bc1Qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // mixed case
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', // a Tron address
      base58Check(new Uint8Array([0x6f, ...bytesOf(9, 20)])), // testnet P2PKH
      '',
    ]) {
      expect(isWithdrawAddressValid(BTC, a), a).toBe(false);
    }
  });

  it('segwit rules (BIP 350): v0 only in bech32, v1 only in bech32m with 32 bytes, no later versions', () => {
    const p20 = [...bytesOf(10, 20)];
    const p32 = [...bytesOf(11, 32)];
    expect(isWithdrawAddressValid(BTC, segwitAddress(0, p20, 'bech32'))).toBe(true);
    expect(isWithdrawAddressValid(BTC, segwitAddress(0, p32, 'bech32'))).toBe(true);
    expect(isWithdrawAddressValid(BTC, segwitAddress(1, p32, 'bech32m'))).toBe(true);
    expect(isWithdrawAddressValid(BTC, segwitAddress(0, p20, 'bech32m'))).toBe(false);
    expect(isWithdrawAddressValid(BTC, segwitAddress(1, p32, 'bech32'))).toBe(false);
    expect(isWithdrawAddressValid(BTC, segwitAddress(1, p20, 'bech32m'))).toBe(false);
    expect(isWithdrawAddressValid(BTC, segwitAddress(0, [...bytesOf(12, 25)], 'bech32'))).toBe(false);
    expect(isWithdrawAddressValid(BTC, segwitAddress(2, p32, 'bech32m'))).toBe(false);
    expect(isWithdrawAddressValid(BTC, segwitAddress(0, p20, 'bech32', 'tb'))).toBe(false);
  });

  it('a network without a known format keeps the form\'s checks only', () => {
    expect(isWithdrawAddressValid({ code: 'XRP', protocol: 'XRP' }, 'rAnyAddress123')).toBe(true);
    expect(isWithdrawAddressValid({ code: 'XRP', protocol: 'XRP' }, '')).toBe(false);
    expect(isWithdrawAddressValid({ code: 'XRP', protocol: 'XRP' }, 'two words')).toBe(false);
  });
});
