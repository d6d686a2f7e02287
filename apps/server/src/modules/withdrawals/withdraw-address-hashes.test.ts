import crypto from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58CheckDecode, isWithdrawAddressValid, sha3_256, toHex } from '@tp/domain';
import { tronAddress } from '../../test/withdraw-helpers.js';

/**
 * The address rule of @tp/domain hashes by hand (the browser checks addresses as typed, and has
 * no synchronous hash): here its Keccak permutation and its base58check are held to node:crypto
 * on random inputs. SHA3-256 and Keccak-256 differ only in one padding byte, so equal SHA3
 * digests prove the permutation and the sponge that keccak256 (EIP-55) uses.
 */
describe('the hand-written hashes of the address rule equal node:crypto', () => {
  it('sha3_256 on any bytes, across block borders', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
        expect(toHex(sha3_256(bytes))).toBe(crypto.createHash('sha3-256').update(bytes).digest('hex'));
      }),
      { numRuns: 300 },
    );
  });

  it('base58check: any Tron payload encoded with node\'s SHA-256 decodes and is a valid TRC20 address', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }), (name) => {
        const address = tronAddress(name);
        expect(base58CheckDecode(address)?.[0]).toBe(0x41);
        expect(isWithdrawAddressValid({ code: 'USDT', protocol: 'TRC20' }, address)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});
