import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCOUNT_TYPES } from '@tp/contracts';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerUser } from '../../test/http-helpers.js';
import { adminToken, fund } from '../../test/wallet-helpers.js';
import { GroupTransactions } from '../../db/group-transaction.js';
import { GroupCommitter } from './group-commit.js';
import { GuardFailedError, post, type PostInput } from './ledger.service.js';
import { postWithCompanionsStatement } from './ledger.repository.js';
import { LEDGER_KINDS } from './ledger-kinds.js';
import { verifyLedger } from './index.js';

/*
 * The two group-commit paths when the database refuses a batch as a whole (its COMMIT, or its one
 * statement), and the lock order between them: a batch of actions in one transaction and a forex
 * batch statement over the same accounts at the same time.
 */

let t: TestApp;
/** Users in registration order: their ledger account ids ascend with it. */
const users: { id: number; funding: number; contract: number }[] = [];

const PROBE = { table: 'group_probe', columns: ['id', 'note'] };
const aloneProbe = postWithCompanionsStatement('group_probe_alone', [PROBE]);
let probeCommitter: GroupCommitter | undefined;
/** The batch statement of the tests (one prepared statement: one committer for the file). */
const committerOf = () => (probeCommitter ??= new GroupCommitter(t.db, 'group_probe_batch', [PROBE]));

beforeAll(async () => {
  t = await createTestApp();
  const admin = await adminToken(t.app);
  for (let i = 0; i < 8; i++) {
    const u = await registerUser(t.app, t.dataDir);
    await fund(t.app, u.token, admin, '100');
    const accounts = await t.db.selectFrom('ledger_accounts').select(['id', 'account_type']).where('user_id', '=', u.user.id).execute();
    const of = (type: number) => accounts.find((a) => a.account_type === type)!.id;
    users.push({ id: u.user.id, funding: of(ACCOUNT_TYPES.change), contract: of(ACCOUNT_TYPES.forex) });
  }
  // A companion table of the tests' batch statement, and one-shot failures armed by sequences
  // (a sequence is not rolled back with the batch, so the replay of the same actions passes).
  await sql`CREATE TABLE group_probe (id int PRIMARY KEY, note text NOT NULL)`.execute(t.db);
  await sql`CREATE SEQUENCE group_probe_fail START 1`.execute(t.db);
  await sql`CREATE SEQUENCE commit_probe_fail START 1`.execute(t.db);
  await sql`CREATE FUNCTION group_probe_fail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.note = 'fail-once' THEN
        IF nextval('group_probe_fail') = 1 THEN RAISE EXCEPTION 'forced batch statement failure'; END IF;
      END IF;
      RETURN NEW;
    END $$`.execute(t.db);
  await sql`CREATE TRIGGER group_probe_fail BEFORE INSERT ON group_probe FOR EACH ROW EXECUTE FUNCTION group_probe_fail()`.execute(t.db);
  await sql`CREATE FUNCTION commit_probe_fail() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.memo = 'fail-commit-once' THEN
        IF nextval('commit_probe_fail') = 1 THEN RAISE EXCEPTION 'forced COMMIT failure'; END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(t.db);
  // Deferred: it runs at COMMIT, after every action of the batch succeeded in its savepoint.
  await sql`CREATE CONSTRAINT TRIGGER commit_probe_fail AFTER INSERT ON ledger_transactions DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW EXECUTE FUNCTION commit_probe_fail()`.execute(t.db);
});
afterAll(async () => {
  await t.close();
});

const transferIn = (u: { funding: number; contract: number }, reference: string, memo = 'group test'): PostInput => ({
  kind: LEDGER_KINDS.transfer,
  memo,
  reference,
  postings: [
    { accountId: u.funding, bucket: 'available', amount: '-1' },
    { accountId: u.contract, bucket: 'available', amount: '1' },
  ],
});
async function booked(references: readonly string[]): Promise<string[]> {
  const rows = await t.db.selectFrom('ledger_transactions').select('reference').where('reference', 'in', [...references]).execute();
  return rows.map((r) => r.reference!).sort();
}

const until = async (done: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + 20_000;
  while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
};

/** A transaction that holds row locks on these accounts until released. */
async function holdAccounts(ids: readonly number[]) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let locked!: () => void;
  const isLocked = new Promise<void>((r) => (locked = r));
  const done = t.db.transaction().execute(async (trx) => {
    await trx.selectFrom('ledger_accounts').select('id').where('id', 'in', [...ids]).forUpdate().execute();
    locked();
    await released;
  });
  await isLocked;
  return async () => {
    release();
    await done;
  };
}

/** Backends of this database waiting for a lock. */
async function lockWaiters(): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
  return rows[0]!.n;
}

describe('group commit when the database refuses a batch', () => {
  it('replays every action of a batch whose COMMIT failed on its own: each booked exactly once, none lost', async () => {
    const group = new GroupTransactions(t.db, 1, 32);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const first = group.run(() => gate, () => false);
    const refs = users.slice(0, 5).map((_, i) => `commit-fail-${i}`);
    const actions = users.slice(0, 5).map((u, i) => group.run((trx) => post(trx, transferIn(u, refs[i]!, 'fail-commit-once')), () => false, [u.id]));
    await until(() => group.waiting === 5);
    open();
    await first;
    const ids = await Promise.all(actions);
    expect(new Set(ids).size).toBe(5);
    expect(group.stats).toMatchObject({ batches: 2, actions: 6, failedBatches: 1, rerun: 5 });
    expect(await booked(refs)).toEqual([...refs].sort());
    // The failed COMMIT's sequence value was taken once; the replays passed.
    const { rows } = await sql<{ last_value: string }>`SELECT last_value FROM commit_probe_fail`.execute(t.db);
    expect(Number(rows[0]!.last_value)).toBe(6);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('replays every action of a batch statement that failed on its own: each booked exactly once, none lost', async () => {
    const committer = committerOf();
    const before = { ...committer.stats };
    const job = (u: (typeof users)[number], n: number, note: string) => ({
      input: transferIn(u, `statement-fail-${n}`),
      rows: [{ id: n, note }],
      alone: { statement: aloneProbe, values: [n, note] },
      userAccounts: [u.funding, u.contract],
    });
    const release = await holdAccounts([users[7]!.funding]);
    const blocker = committer.post(job(users[7]!, 100, 'blocker'));
    await until(() => committer.writing);
    // The third row's trigger fails the batch's one statement the first time only.
    const posts = users.slice(0, 5).map((u, i) => committer.post(job(u, i + 1, i === 2 ? 'fail-once' : 'fine')));
    expect(committer.waiting).toBe(5);
    await release();
    await blocker;
    const ids = await Promise.all(posts);
    expect(new Set(ids).size).toBe(5);
    expect(committer.stats.batches - before.batches).toBe(2);
    expect(committer.stats.actions - before.actions).toBe(6);
    expect(committer.stats.fallbacks - before.fallbacks).toBe(1);
    const refs = [100, 1, 2, 3, 4, 5].map((n) => `statement-fail-${n}`);
    expect(await booked(refs)).toEqual([...refs].sort());
    const probes = await sql<{ id: number }>`SELECT id FROM group_probe WHERE id < 1000 ORDER BY id`.execute(t.db);
    expect(probes.rows.map((p) => p.id)).toEqual([1, 2, 3, 4, 5, 100]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('lock order between a transaction batch and a forex batch statement', () => {
  it('never deadlocks: the batch locks its users accounts first, ascending, as the statement does', async () => {
    // a < b < c by account id. The transaction batch runs c's action, then b's (blocked by a
    // holder), then a's; the statement batch (a and c) locks a's accounts, then c's. Were the
    // transaction batch to lock as its actions go (c, then b, then a), it would hold c and wait
    // for a while the statement holds a and waits for c: a deadlock, which PostgreSQL breaks
    // after deadlock_timeout by failing one side (then replayed on its own).
    const [a, b, c, d] = [users[0]!, users[1]!, users[2]!, users[3]!];
    const group = new GroupTransactions(t.db, 1, 32);
    const committer = committerOf();
    const fallbacksBefore = committer.stats.fallbacks;
    const releaseB = await holdAccounts([b.funding]);

    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const first = group.run(() => gate, () => false);
    const batch = [c, b, a].map((u, i) => group.run((trx) => post(trx, transferIn(u, `order-group-${i}`)), () => false, [u.id]));
    await until(() => group.waiting === 3);
    open();
    await first;
    await until(async () => (await lockWaiters()) >= 1);

    const releaseD = await holdAccounts([d.contract]);
    const job = (u: typeof a, n: number) => ({
      input: transferIn(u, `order-statement-${n}`),
      rows: [{ id: 1000 + n, note: 'order' }],
      alone: { statement: aloneProbe, values: [1000 + n, 'order'] },
      userAccounts: [u.funding, u.contract],
    });
    const blocker = committer.post(job(d, 0));
    await until(() => committer.writing);
    const statement = [committer.post(job(a, 1)), committer.post(job(c, 2))];
    expect(committer.waiting).toBe(2);
    await releaseD();
    await blocker;
    await until(async () => (await lockWaiters()) >= 2);

    const released = Date.now();
    await releaseB();
    await Promise.all([...batch, ...statement]);
    // No side was failed by a deadlock and replayed, and nothing waited for deadlock_timeout (1 s).
    expect(group.stats.rerun).toBe(0);
    expect(group.stats.failedBatches).toBe(0);
    expect(committer.stats.fallbacks).toBe(fallbacksBefore);
    expect(Date.now() - released).toBeLessThan(900);
    const refs = [0, 1, 2].flatMap((i) => [`order-group-${i}`]).concat([0, 1, 2].map((n) => `order-statement-${n}`));
    expect(await booked(refs)).toEqual([...refs].sort());
    expect(await verifyLedger(t.db)).toEqual([]);
  });
});

describe('a guarded post', () => {
  // The guard of the tests' statements: the action's own `allow`.
  const GUARD = `(g->>'allow')::boolean`;
  const guardedAlone = postWithCompanionsStatement('group_probe_guarded_alone', [PROBE], GUARD);
  let guarded: GroupCommitter | undefined;
  const guardedCommitter = () => (guarded ??= new GroupCommitter(t.db, 'group_probe_guarded_batch', [PROBE], GUARD));
  const job = (u: (typeof users)[number], n: number, allow: boolean | undefined) => ({
    input: transferIn(u, `guarded-${n}`),
    rows: [{ id: 2000 + n, note: 'guarded' }],
    alone: { statement: guardedAlone, values: [2000 + n, 'guarded', allow === undefined ? null : JSON.stringify({ allow })] },
    userAccounts: [u.funding, u.contract],
    guard: allow === undefined ? undefined : { allow },
  });
  async function probeRows(ids: readonly number[]) {
    const rows = await t.db.selectFrom('group_probe' as never).select('id' as never).where('id' as never, 'in', ids as never).execute();
    return (rows as { id: number }[]).map((r) => r.id).sort((a, b) => a - b);
  }

  it('on its own: a guard that does not hold writes nothing; JSON null is no condition', async () => {
    const [a, b, c] = users.slice(0, 3) as [(typeof users)[number], (typeof users)[number], (typeof users)[number]];
    const balances = async () => (await t.db.selectFrom('ledger_accounts').select(['id', 'balance']).where('id', 'in', [a.funding, a.contract]).orderBy('id').execute()).map((r) => r.balance);
    const before = await balances();
    await expect(post(t.db, transferIn(a, 'guarded-alone-0'), job(a, 100, false).alone)).rejects.toBeInstanceOf(GuardFailedError);
    expect(await balances()).toEqual(before);
    expect(await booked(['guarded-alone-0'])).toEqual([]);
    expect(await probeRows([2100])).toEqual([]);
    await post(t.db, transferIn(b, 'guarded-alone-1'), job(b, 101, true).alone);
    await post(t.db, transferIn(c, 'guarded-alone-2'), job(c, 102, undefined).alone);
    expect(await booked(['guarded-alone-1', 'guarded-alone-2'])).toEqual(['guarded-alone-1', 'guarded-alone-2']);
    expect(await probeRows([2101, 2102])).toEqual([2101, 2102]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('in a batch: only the action whose guard failed is refused, its neighbours are written', async () => {
    const committer = guardedCommitter();
    const release = await holdAccounts([users[0]!.contract]);
    // The first action waits on its locked account, so the next five queue and go as one batch.
    const first = committer.post(job(users[0]!, 0, true));
    await until(() => committer.writing);
    const allows = [true, false, undefined, true, false];
    const outcomes = allows.map((allow, i) => committer.post(job(users[i + 1]!, i + 1, allow)).then(
      () => 'written',
      (err: unknown) => (err instanceof GuardFailedError ? 'stale' : String(err)),
    ));
    expect(committer.waiting).toBe(5);
    await release();
    await first;
    expect(await Promise.all(outcomes)).toEqual(['written', 'stale', 'written', 'written', 'stale']);
    // The first alone, then the five in one statement.
    expect(committer.stats).toMatchObject({ batches: 2, actions: 6, largest: 5, fallbacks: 0 });
    expect(await booked([0, 1, 2, 3, 4, 5].map((n) => `guarded-${n}`))).toEqual(['guarded-0', 'guarded-1', 'guarded-3', 'guarded-4']);
    expect(await probeRows([2000, 2001, 2002, 2003, 2004, 2005])).toEqual([2000, 2001, 2003, 2004]);
    expect(await verifyLedger(t.db)).toEqual([]);
  });

  it('refuses a guard value given to a committer without a guard', async () => {
    expect(() => committerOf().post({ ...job(users[6]!, 50, true), alone: { statement: aloneProbe, values: [2050, 'x'] } })).toThrow(/guard/);
  });
});
