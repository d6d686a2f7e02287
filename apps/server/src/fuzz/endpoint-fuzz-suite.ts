import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointSpec } from '@tp/contracts';
import { verifyLedger } from '../modules/ledger/index.js';
import { changedParts, stateDigest, type StateDigest } from './fuzz-state.js';
import { attemptArbitrary, problemsOf, requestsOf, type Attempt } from './fuzz-requests.js';
import { createWorld, type World } from './fuzz-world.js';

/**
 * The fuzz suite (issue 12, item 7): every endpoint object of contracts gets generated bad input
 * per field - wrong types, control characters, exotic numbers, arrays and objects, prototype keys,
 * very long strings, missing and extra fields, malformed bodies - as JSON, as a form and as a query,
 * from a visitor, a demo user, a real user and an admin. No answer may be a fault or leave the
 * envelope, and no bad input may change anything: the state fingerprint (balances, ledger, business
 * tables, sessions) is compared after every attempt and the ledger re-derived after every endpoint.
 *
 * Split into shards (endpoints-<n>.fuzz.test.ts), each a test file of its own.
 * Seeded: FUZZ_SEED replays a run (the seed is printed on failure). FUZZ_RUNS sets attempts per
 * endpoint and caller (default 150); FUZZ_LONG=1 runs 2,000 each.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const LONG = process.env.FUZZ_LONG === '1';
const RUNS = Number(process.env.FUZZ_RUNS ?? (LONG ? 2_000 : 150));
/** Every refusal says it is JSON (issue 12, item 5). */
const EXPECT_JSON_TYPE = true;

type CallerName = 'visitor' | 'demo' | 'real' | 'admin';

/** Who may pass the endpoint's guard: they get the full number of attempts, the others a fifth. */
function allowed(endpoint: EndpointSpec, caller: CallerName): boolean {
  switch (endpoint.access.kind) {
    case 'public':
      return true;
    case 'user':
      return caller === 'demo' || caller === 'real';
    case 'real':
      return caller === 'real';
    case 'admin':
      return caller === 'admin';
    case 'userOrAdmin':
      return caller !== 'visitor';
  }
}

function callersOf(endpoint: EndpointSpec): CallerName[] {
  const base: CallerName[] = ['visitor', 'demo', 'real'];
  return endpoint.access.kind === 'admin' || endpoint.access.kind === 'userOrAdmin' ? [...base, 'admin'] : base;
}

const counts = { requests: 0, badInputs: 0, hostileValid: 0, skippedValid: 0, faults: 0, envelopeProblems: 0, stateChanges: 0 };

let world: World;
let digest: StateDigest;

function tokenOf(caller: CallerName): string | undefined {
  if (caller === 'visitor') return undefined;
  if (caller === 'admin') return world.admin;
  return world[caller].token;
}

/** One attempt: its requests, each answer checked; then the state compared with before. */
async function runAttempt(endpoint: EndpointSpec, caller: CallerName, attempt: Attempt): Promise<void> {
  const requests = requestsOf(endpoint, attempt, tokenOf(caller));
  const problems: string[] = [];
  const taken: string[] = [];
  let hostileSent = false;
  for (const req of requests) {
    // A valid input may act (a real transfer): an action gets bad inputs, and valid ones only
    // when they carry hostile text (NUL and the like), whose answer is checked but not the state.
    const acts = endpoint.methods.some((m) => m !== 'GET');
    if (!req.invalid && acts && !req.hostile) {
      counts.skippedValid += 1;
      continue;
    }
    if (!req.invalid && acts) {
      hostileSent = true;
      counts.hostileValid += 1;
    }
    const res = await world.t.app.inject(req.options);
    counts.requests += 1;
    if (req.invalid) counts.badInputs += 1;
    if (res.statusCode >= 500) counts.faults += 1;
    const found = problemsOf(endpoint, req, res, EXPECT_JSON_TYPE);
    if (found.length > 0) {
      counts.envelopeProblems += 1;
      problems.push(`${req.label} -> ${res.statusCode} ${found.join(', ')}: ${res.body.slice(0, 200)}`);
    }
    if (res.body.includes('"code":1')) taken.push(req.label);
  }
  const after = await stateDigest(world.t.db);
  const changed = changedParts(digest, after);
  digest = after;
  if (changed.length > 0 && !hostileSent) {
    counts.stateChanges += 1;
    problems.push(`state changed (${changed.join(', ')}); answered code 1: ${taken.join(' | ') || 'none'}`);
  }
  if (Object.keys(Object.prototype).length > 0) problems.push(`Object.prototype polluted: ${Object.keys(Object.prototype).join(', ')}`);
  if (problems.length > 0) throw new Error(`${caller} ${endpoint.methods.join('/')} ${endpoint.path}:\n${problems.join('\n')}`);
}

/**
 * One shard of the suite: every `shards`-th endpoint from `shard` on, with its own world (server and
 * database). The shards are separate test files so that the run's workers take them side by side;
 * together they cover every endpoint object exactly once.
 */
export function fuzzEndpointShard(shard: number, shards: number, file: string): void {
  beforeAll(async () => {
    world = await createWorld();
    digest = await stateDigest(world.t.db);
  }, 120_000);

  afterAll(async () => {
    console.log(
      `fuzz shard ${shard + 1}/${shards} (seed ${SEED}, ${RUNS} attempts per endpoint and caller): ${counts.requests} requests, ${counts.badInputs} bad inputs, ` +
        `${counts.faults} HTTP 500, ${counts.envelopeProblems} envelope problems, ${counts.stateChanges} state changes; ${counts.hostileValid} valid inputs with hostile text sent to actions, ${counts.skippedValid} other valid inputs skipped`,
    );
    await world?.t.close();
  });

  describe(`fuzz (shard ${shard + 1} of ${shards}): every endpoint refuses bad input in the envelope and changes nothing`, () => {
    if (shard === 0) {
      it('covers every endpoint object of contracts', () => {
        expect(allEndpoints().length).toBeGreaterThan(40);
      });
    }

    for (const endpoint of allEndpoints().filter((_, i) => i % shards === shard)) {
      it(`${endpoint.methods.join('/')} ${endpoint.path}`, async () => {
        for (const caller of callersOf(endpoint)) {
          const numRuns = allowed(endpoint, caller) ? RUNS : Math.max(2, Math.ceil(RUNS / 5));
          try {
            await fc.assert(
              fc.asyncProperty(attemptArbitrary(endpoint), (attempt) => runAttempt(endpoint, caller, attempt)),
              { seed: SEED, numRuns },
            );
          } catch (err) {
            const replay = `replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run --project server src/fuzz/${file} -t "${endpoint.path}"`;
            throw new Error(`${replay}\n${(err as Error).message}`, { cause: err });
          }
        }
        const violations = await verifyLedger(world.t.db);
        expect(violations).toEqual([]);
      }, LONG ? 3_600_000 : 120_000);
    }
  });
}
