import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256.js';
import { Decimal } from './money.js';
import {
  GENESIS_HASH,
  canonicalPrice,
  liabilityLeaf,
  merkleLevels,
  merklePath,
  merkleRoot,
  minuteRoot,
  rootFromPath,
  rootLookup,
  sumTreeLevels,
  sumTreePath,
  tickHash,
  verifyReceipt,
  verifySumPath,
  type ContractReceipt,
  type OptionReceipt,
  type ReceiptTick,
} from './fair.js';

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    ['abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq', '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1'],
    ['a'.repeat(1000), '41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3'],
  ])('%# of the FIPS vectors', (text, hex) => {
    expect(sha256Hex(text)).toBe(hex);
  });
});

describe('canonicalPrice', () => {
  it.each(['100.5000000000', '100', '100.00', '0.000010', '007.10', '0', '0.0', '1e-7', '12345678901234567890.0000000001'])('%s is the Decimal form', (p) => {
    expect(canonicalPrice(p)).toBe(new Decimal(p).toFixed());
  });
});

describe('tick hash', () => {
  it('does not depend on trailing zeros of the stored price', () => {
    expect(tickHash(GENESIS_HASH, 'BTCUSDT', 1, '100.5000000000', 1000)).toBe(tickHash(GENESIS_HASH, 'BTCUSDT', 1, '100.5', 1000));
  });
  it.each([
    ['previous hash', [sha256Hex('x'), 'BTCUSDT', 1, '100.5', 1000]],
    ['symbol', [GENESIS_HASH, 'ETHUSDT', 1, '100.5', 1000]],
    ['seq', [GENESIS_HASH, 'BTCUSDT', 2, '100.5', 1000]],
    ['price', [GENESIS_HASH, 'BTCUSDT', 1, '100.51', 1000]],
    ['time', [GENESIS_HASH, 'BTCUSDT', 1, '100.5', 1001]],
  ] as [string, [string, string, number, string, number]][])('changes with the %s', (_, args) => {
    expect(tickHash(...args)).not.toBe(tickHash(GENESIS_HASH, 'BTCUSDT', 1, '100.5', 1000));
  });
});

describe('Merkle tree of a minute', () => {
  it.each([1, 2, 3, 5, 8, 13])('every one of %i leaves proves its way to the root', (n) => {
    const leaves = Array.from({ length: n }, (_, i) => sha256Hex(String(i)));
    const levels = merkleLevels(leaves);
    const root = merkleRoot(leaves);
    for (let i = 0; i < n; i++) expect(rootFromPath(leaves[i]!, merklePath(levels, i))).toBe(root);
    expect(rootFromPath(sha256Hex('other'), merklePath(levels, 0))).not.toBe(root);
  });
});

/** A small chain of ticks of one symbol with its published minute roots. */
function chain(prices: readonly [string, number][]) {
  const ticks: ReceiptTick[] = [];
  let prev = GENESIS_HASH;
  prices.forEach(([price, atMs], i) => {
    const hash = tickHash(prev, 'BTCUSDT', i + 1, price, atMs);
    ticks.push({ seq: i + 1, price, atMs, prevHash: prev, hash, proof: null });
    prev = hash;
  });
  const minutes = new Map<number, ReceiptTick[]>();
  for (const t of ticks) minutes.set(Math.floor(t.atMs / 60_000) * 60_000, [...(minutes.get(Math.floor(t.atMs / 60_000) * 60_000) ?? []), t]);
  const roots: { symbol: string; firstSeq: number; root: string }[] = [];
  let prevRoot = GENESIS_HASH;
  for (const [minuteMs, list] of [...minutes].sort((a, b) => a[0] - b[0])) {
    const levels = merkleLevels(list.map((t) => t.hash));
    const fields = { symbol: 'BTCUSDT', minuteMs, firstSeq: list[0]!.seq, lastSeq: list.at(-1)!.seq, merkleRoot: levels.at(-1)![0]!, prevRoot };
    const root = minuteRoot(fields);
    list.forEach((t, i) => (t.proof = { ...fields, path: merklePath(levels, i), root }));
    roots.push({ symbol: 'BTCUSDT', firstSeq: fields.firstSeq, root });
    prevRoot = root;
  }
  return { ticks, roots };
}

const { ticks, roots } = chain([
  ['100.00', 10_000],
  ['100.10', 20_000],
  ['100.20', 59_000],
  ['100.40', 61_000],
  ['100.30', 70_000],
]);

function optionReceipt(): OptionReceipt {
  return {
    version: 1,
    kind: 'option',
    rule: 'option-settlement/1',
    id: 7,
    symbol: 'BTCUSDT',
    terms: { type: 1, amount: '100.00', profitRatio: '0.85', lossLevel: 0, expireAtMs: 60_000 },
    entry: structuredClone(ticks[0]!),
    exit: structuredClone(ticks[3]!),
    beforeExit: structuredClone(ticks[2]!),
    result: { openPrice: '100.0000000000', endPrice: '100.40', factProfits: '85.00' },
  };
}

function contractReceipt(): ContractReceipt {
  return {
    version: 1,
    kind: 'contract',
    rule: 'contract-fill-close/1',
    id: 9,
    symbol: 'BTCUSDT',
    terms: { side: 2, lots: '0.5', contNum: '10', spread: '0.05' },
    entry: structuredClone(ticks[1]!),
    exit: structuredClone(ticks[4]!),
    result: { originPrice: '100.10', fillPrice: '100.05', closePrice: '100.30', factProfits: '-1.250000' },
  };
}

describe('verifyReceipt', () => {
  const lookup = rootLookup(roots);

  it('accepts an honest option settlement and reproduces its money from the rule', () => {
    const result = verifyReceipt(optionReceipt(), lookup);
    expect(result.checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('accepts an honest contract fill and close', () => {
    expect(verifyReceipt(contractReceipt(), lookup).checks.filter((c) => !c.ok)).toEqual([]);
  });

  const tampers: [string, (r: OptionReceipt) => void][] = [
    ['an exit price nudged in the tick', (r) => (r.exit!.price = '100.41')],
    ['an exit price nudged with its hash recomputed', (r) => {
      r.exit!.price = '99.00';
      r.exit!.hash = tickHash(r.exit!.prevHash, 'BTCUSDT', r.exit!.seq, '99.00', r.exit!.atMs);
      r.result.endPrice = '99.00';
      r.result.factProfits = '-100.00';
    }],
    ['a settled amount changed', (r) => (r.result.factProfits = '80.00')],
    ['an entry time moved', (r) => (r.entry.atMs += 1)],
    ['an exit tick later than the first after expiry', (r) => {
      r.beforeExit = structuredClone(ticks[3]!);
      r.exit = structuredClone(ticks[4]!);
      r.result.endPrice = '100.30';
    }],
    ['a path step swapped', (r) => (r.exit!.proof!.path[0]!.hash = GENESIS_HASH)],
    ['a different published root', (r) => (r.exit!.proof!.root = GENESIS_HASH)],
    ['the terms changed', (r) => (r.terms.profitRatio = '0.95')],
    ['an expiry moved before the exit', (r) => (r.terms.expireAtMs = 58_000)],
  ];
  it.each(tampers)('detects %s', (_, tamper) => {
    const r = optionReceipt();
    tamper(r);
    expect(verifyReceipt(r, lookup).ok).toBe(false);
  });

  it('detects a tick whose minute root was not published as claimed', () => {
    const other = rootLookup(roots.map((r) => ({ ...r, root: r.firstSeq === 4 ? GENESIS_HASH : r.root })));
    expect(verifyReceipt(contractReceipt(), other).ok).toBe(false);
  });

  it.each([
    ['a fill price off the rule', (r: ContractReceipt) => (r.result.fillPrice = '100.10')],
    ['a profit off the rule', (r: ContractReceipt) => (r.result.factProfits = '-1.000000')],
    ['a close price not the tick', (r: ContractReceipt) => (r.result.closePrice = '100.25')],
  ])('detects %s in a contract', (_, tamper) => {
    const r = contractReceipt();
    tamper(r);
    expect(verifyReceipt(r, lookup).ok).toBe(false);
  });
});

describe('Merkle sum tree of liabilities', () => {
  const balances = ['10.00', '0.00', '250.55', '3.10', '99.99'];
  const leaves = balances.map((b, i) => liabilityLeaf('2026-11-24', i + 1, sha256Hex(`n${i}`), b));
  const levels = sumTreeLevels(leaves);
  const root = levels.at(-1)![0]!;

  it('sums to the total of the balances', () => {
    expect(root.sum).toBe('363.64');
  });

  it('proves every user, and refuses a changed balance', () => {
    leaves.forEach((leaf, i) => expect(verifySumPath(leaf, sumTreePath(levels, i), root)).toBe(true));
    const cheated = liabilityLeaf('2026-11-24', 3, sha256Hex('n2'), '1.00');
    expect(verifySumPath(cheated, sumTreePath(levels, 2), root)).toBe(false);
  });

  it('refuses a sibling with a negative sum (hiding a liability)', () => {
    const path = sumTreePath(levels, 0).map((s, i) => (i === 0 ? { ...s, sum: '-10.00' } : s));
    expect(verifySumPath(leaves[0]!, path, root)).toBe(false);
  });
});
