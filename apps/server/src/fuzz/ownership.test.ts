import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpoints, type EndpointSpec } from '@tp/contracts';
import { call, expectRefused, type Answer } from '../test/http-helpers.js';
import { verifyLedger } from '../modules/ledger/index.js';
import { changedParts, stateDigest } from './fuzz-state.js';
import { objectShape } from './zod-arbitraries.js';
import { createWorld, demoOwner, realOwner, type Owner, type World } from './fuzz-world.js';
import { newDevice } from '../test/push-service.js';
import { storeOnce } from '../modules/notifications/notifications.repository.js';

/**
 * Ownership (issue 12, item 7): for every endpoint that takes an id of something a user owns,
 * another user sending the owner's id is refused as if it did not exist, and nothing changes.
 * Every id an endpoint takes (an `id` or `*_id` field, a path param, a proof upload url) is in
 * REFERENCES, either with its ownership case or with why it names nothing a user owns; an
 * endpoint that starts taking an id without an entry fails the completeness test.
 */

type Attack = (world: World, victim: Owner, intruder: Owner) => Promise<Answer>;
interface Owned {
  /** What the intruder's request is answered (refusal error key). */
  refused: string;
  attack: Attack;
  /** Whose things the attack aims at: the real owner, or the demo owner too (forex). */
  victims: ('real' | 'demo')[];
}
type Reference = { owned: Owned } | { notOwned: string };

const auth = (token: string) => ({ authorization: token });
const post = (endpoint: EndpointSpec, token: string, payload: Record<string, unknown>) => (w: World) =>
  call(w.t.app, { method: 'POST', url: endpoint.path, headers: auth(token), payload });

const PLATFORM_SYMBOL = 'a trade symbol: public market data';
const PLATFORM_CURRENCY = 'a currency of the platform';
const PLATFORM_FUND = 'a mining fund of the platform: public product data';
const PLATFORM_AREA = 'a country code area: public reference data';
const ADMIN_CONFIG = 'a configuration record of the platform: only staff with the admin role change it (admin token only)';
const ADMIN_QUEUE = 'an item of the admin review queue: staff decide every user\'s items (admin token only)';
const STAFF_SUPPORT = 'a support conversation as staff answer it: support staff read and answer every user\'s (admin token only)';
const STAFF_USER_PAGE = 'a user as staff see them in the admin console: staff read and act on every user (admin token only)';

/** A loan identity check naming the two photos (the rest valid). */
const kycOf = (handPic: string, signature: string) => ({ name: 'Intruder', last_name: 'I', sex: 1, birthday: '1990/01/01', country: 'GB', mobile: '+44-7700900124', id_card_type: 1, hand_pic: handPic, signature });

/** Keyed `group.endpoint.field` (path params as `:name`). */
const REFERENCES: Record<string, Reference> = {
  'admin.approveDeposit.:id': { notOwned: ADMIN_QUEUE },
  'adminConfig.createBankAccount.bank_coin_id': { notOwned: ADMIN_CONFIG },
  'adminConfig.createNews.category_id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateAmountPreset.:id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateBankAccount.:id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateBankAccount.bank_coin_id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateBankCoin.:id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateCompany.:id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateDepositAddress.:id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateNews.:id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateNews.category_id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateSecondsOption.:id': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateSetting.:key': { notOwned: ADMIN_CONFIG },
  'adminConfig.updateSymbol.:id': { notOwned: ADMIN_CONFIG },
  'admin.rejectDeposit.:id': { notOwned: ADMIN_QUEUE },
  'admin.approveWithdrawal.:id': { notOwned: ADMIN_QUEUE },
  'admin.rejectWithdrawal.:id': { notOwned: ADMIN_QUEUE },
  'adminUsers.user.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.statement.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.forexOrders.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.options.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.deposits.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.withdrawals.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.sessions.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.disable.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.enable.:id': { notOwned: STAFF_USER_PAGE },
  'adminUsers.endSessions.:id': { notOwned: STAFF_USER_PAGE },
  'adminStaff.update.:id': { notOwned: 'a staff member, changed by an admin (admin token only)' },
  'adminStaff.revokeInvitation.:id': { notOwned: 'a staff invitation, revoked by an admin (admin token only)' },
  'adminStaff.resetTotp.:id': { notOwned: 'a staff member, whose second factor an admin resets (admin token only)' },
  'adminOps.audit.admin_id': { notOwned: 'a staff member, as a filter of the audit log (admin token only)' },
  'deposits.coinSubmit.charge_id': { notOwned: 'a deposit address of the platform' },
  'deposits.wireSubmit.wire_id': { notOwned: 'a collection bank account of the platform' },
  'deposits.coinSubmit.proofImg': {
    owned: {
      refused: 'proof_invalid',
      victims: ['real'],
      attack: (w, v, i) => post(endpoints.deposits.coinSubmit, i.token, { number: '10', proofImg: v.uploadUrl, charge_id: 1 })(w),
    },
  },
  'deposits.wireSubmit.proofImg': {
    owned: {
      refused: 'proof_invalid',
      victims: ['real'],
      attack: (w, v, i) => post(endpoints.deposits.wireSubmit, i.token, { number: '10', proofImg: v.uploadUrl, wire_id: 1 })(w),
    },
  },
  'forex.submit.forex_id': { notOwned: PLATFORM_SYMBOL },
  'funds.info.id': { notOwned: PLATFORM_FUND },
  'funds.buy.id': { notOwned: PLATFORM_FUND },
  'funds.insList.sub_id': {
    owned: {
      refused: 'fund_sub_not_found',
      victims: ['real', 'demo'],
      attack: (w, v, i) => call(w.t.app, { method: 'GET', url: `${endpoints.funds.insList.path}?sub_id=${v.fundSubId}`, headers: auth(i.token) }),
    },
  },
  'funds.applyRefund.sub_id': {
    owned: { refused: 'fund_sub_not_found', victims: ['real', 'demo'], attack: (w, v, i) => post(endpoints.funds.applyRefund, i.token, { sub_id: v.fundSubId })(w) },
  },
  'funds.updateFund.:id': { notOwned: ADMIN_CONFIG },
  'funds.createFund.image': { notOwned: 'a fund\'s picture as staff set it: a link or a path on this site, never a user\'s upload (admin token only)' },
  'funds.updateFund.image': { notOwned: 'a fund\'s picture as staff set it: a link or a path on this site, never a user\'s upload (admin token only)' },
  'funds.approveRefund.:id': { notOwned: ADMIN_QUEUE },
  'funds.rejectRefund.:id': { notOwned: ADMIN_QUEUE },
  // copy trading: traders are public (ranking, trader page); the copy lists filter by who asks
  'follow.traderDetail.id': { notOwned: 'a trader: public, as the ranking shows them' },
  'follow.followTrader.trader_id': { notOwned: 'a trader: public; following one is what the endpoint does' },
  'follow.canalFollow.trader_id': { notOwned: 'a trader: the endpoint stops only the caller\'s own follow' },
  'follow.myDealFollowOrder.user_id': { notOwned: 'a trader, as a filter of the caller\'s own copies (another user\'s copies are never listed)' },
  'follow.myDealFollowOrder.follower_user_id': {
    notOwned: 'a follower, as a filter of the copies made of the caller\'s own orders: any other follower lists nothing (follow.test.ts)',
  },
  'follow.approveApplication.:id': { notOwned: ADMIN_QUEUE },
  'follow.rejectApplication.:id': { notOwned: ADMIN_QUEUE },
  'fair.receipt.id': {
    owned: {
      refused: 'not_found',
      victims: ['real', 'demo'],
      attack: (w, v, i) => call(w.t.app, { method: 'GET', url: `${endpoints.fair.receipt.path}?kind=contract&id=${v.holdingOrderId}`, headers: auth(i.token) }),
    },
  },
  'forex.close.id': {
    owned: { refused: 'not_found', victims: ['real', 'demo'], attack: (w, v, i) => post(endpoints.forex.close, i.token, { id: v.holdingOrderId })(w) },
  },
  'forex.cancel.id': {
    owned: { refused: 'not_found', victims: ['real', 'demo'], attack: (w, v, i) => post(endpoints.forex.cancel, i.token, { id: v.pendingOrderId })(w) },
  },
  'forex.setStop.id': {
    owned: {
      refused: 'not_found',
      victims: ['real', 'demo'],
      attack: (w, v, i) => post(endpoints.forex.setStop, i.token, { id: v.holdingOrderId, stop_loss_price: '1', target_profit_price: '0' })(w),
    },
  },
  'market.kline.forex_id': { notOwned: PLATFORM_SYMBOL },
  'market.abbreviatedKline.forex_id': { notOwned: PLATFORM_SYMBOL },
  'market.logo.:file': { notOwned: 'a logo shipped with the server' },
  'alerts.create.forex_id': { notOwned: "a trade symbol: public market data; the alert is the caller's own" },
  'alerts.list.forex_id': { notOwned: "a trade symbol, as a filter of the caller's own alerts (another user's are never listed)" },
  'alerts.cancel.id': {
    owned: { refused: 'alert_not_found', victims: ['real', 'demo'], attack: (w, v, i) => post(endpoints.alerts.cancel, i.token, { id: v.alertId })(w) },
  },
  'market.watchlistAdd.forex_id': { notOwned: "a trade symbol: public market data; the endpoint changes only the caller's own watchlist" },
  'market.watchlistRemove.forex_id': { notOwned: "a trade symbol: public market data; the endpoint changes only the caller's own watchlist" },
  'micro.submit.forex_id': { notOwned: PLATFORM_SYMBOL },
  'notify.sendEmail.area_id': { notOwned: PLATFORM_AREA },
  'notify.sendSms.area_id': { notOwned: PLATFORM_AREA },
  'users.register.area_id': { notOwned: PLATFORM_AREA },
  // decisions.md: the same demo_id logs into the same demo account again - it is that account's key.
  'users.demoLogin.demo_id': { notOwned: 'the key of a demo account itself: whoever holds it is that demo visitor (decisions.md)' },
  'uploads.file.:name': {
    owned: {
      refused: 'not_found',
      victims: ['real'],
      attack: (w, v, i) => call(w.t.app, { method: 'GET', url: v.uploadUrl!, headers: auth(i.token) }),
    },
  },
  // The support chat takes no id of a user's conversation: the user's side reads and writes only the caller's own.
  'support.history.before_id': { notOwned: 'a paging cursor: the history reads only the caller\'s own conversation' },
  'support.send.client_id': { notOwned: 'the sender\'s own id of a message, looked up only in the caller\'s own conversation' },
  'support.send.image': {
    owned: {
      refused: 'proof_invalid',
      victims: ['real'],
      attack: (w, v, i) => post(endpoints.support.send, i.token, { client_id: 'ownership-attack-1', image: v.uploadUrl })(w),
    },
  },
  'support.thread.:id': { notOwned: STAFF_SUPPORT },
  'support.thread.before_id': { notOwned: STAFF_SUPPORT },
  'support.reply.:id': { notOwned: STAFF_SUPPORT },
  'support.reply.client_id': { notOwned: STAFF_SUPPORT },
  'support.reply.image': { notOwned: 'an upload stored for the conversation\'s user by the staff image endpoint; another user\'s upload is refused (admin token only)' },
  'support.staffRead.:id': { notOwned: STAFF_SUPPORT },
  'support.staffTyping.:id': { notOwned: STAFF_SUPPORT },
  'support.staffImage.:id': { notOwned: STAFF_SUPPORT },
  'wallet.transfer.currency_id': { notOwned: PLATFORM_CURRENCY },
  'realName.approve.:id': { notOwned: ADMIN_QUEUE },
  'realName.reject.:id': { notOwned: ADMIN_QUEUE },
  'realName.submit.card_id': { notOwned: "the number of the user's own id document, as the user types it: it names nothing on the platform" },
  'realName.submit.front_pic': {
    owned: {
      refused: 'real_name_front_missing',
      victims: ['real'],
      attack: (w, v, i) => post(endpoints.realName.submit, i.token, { name: 'Intruder', id_card_type: 1, card_id: 'X1', front_pic: v.uploadUrl, reverse_pic: i.uploadUrl })(w),
    },
  },
  'realName.submit.reverse_pic': {
    owned: {
      refused: 'real_name_back_missing',
      victims: ['real'],
      attack: (w, v, i) => post(endpoints.realName.submit, i.token, { name: 'Intruder', id_card_type: 1, card_id: 'X1', front_pic: i.uploadUrl, reverse_pic: v.uploadUrl })(w),
    },
  },
  'news.list.category_id': { notOwned: 'a news category: public content' },
  'news.info.id': { notOwned: 'a published news article: public content, the same for every reader' },
  'withdrawals.methods.draw_id': { notOwned: PLATFORM_CURRENCY },
  'withdrawals.bindMethod.draw_id': { notOwned: PLATFORM_CURRENCY },
  // Loans (issue 16)
  'loans.configInfo.id': { notOwned: 'a loan term of the platform' },
  'loans.getDate.id': { notOwned: 'a loan term of the platform' },
  'loans.submit.config_id': { notOwned: 'a loan term of the platform' },
  'loans.repayment.charge_id': { notOwned: 'a collection bank account of the platform (0: the own funding balance)' },
  'loans.loanInfo.id': {
    owned: { refused: 'not_found', victims: ['real'], attack: (w, v, i) => call(w.t.app, { method: 'GET', url: `${endpoints.loans.loanInfo.path}?id=${v.loanId}`, headers: auth(i.token) }) },
  },
  'loans.agreementPdf.id': {
    owned: { refused: 'not_found', victims: ['real'], attack: (w, v, i) => call(w.t.app, { method: 'GET', url: `${endpoints.loans.agreementPdf.path}?id=${v.loanId}`, headers: auth(i.token) }) },
  },
  'loans.repaymentInfo.loan_id': {
    owned: { refused: 'not_found', victims: ['real'], attack: (w, v, i) => call(w.t.app, { method: 'GET', url: `${endpoints.loans.repaymentInfo.path}?loan_id=${v.loanId}`, headers: auth(i.token) }) },
  },
  'loans.repayment.loan_id': {
    owned: { refused: 'not_found', victims: ['real'], attack: (w, v, i) => post(endpoints.loans.repayment, i.token, { charge_id: 0, loan_id: v.loanId })(w) },
  },
  'loans.repayment.proofImg': {
    owned: { refused: 'proof_invalid', victims: ['real'], attack: (w, v, i) => post(endpoints.loans.repayment, i.token, { charge_id: 1, loan_id: v.loanId, proofImg: v.uploadUrl })(w) },
  },
  'loans.kycSubmit.hand_pic': {
    owned: { refused: 'proof_invalid', victims: ['real'], attack: (w, v, i) => post(endpoints.loans.kycSubmit, i.token, kycOf(v.uploadUrl!, i.uploadUrl ?? v.uploadUrl!))(w) },
  },
  'loans.kycSubmit.signature': {
    owned: { refused: 'proof_invalid', victims: ['real'], attack: (w, v, i) => post(endpoints.loans.kycSubmit, i.token, kycOf(i.uploadUrl ?? v.uploadUrl!, v.uploadUrl!))(w) },
  },
  'loans.submit.sign': {
    owned: { refused: 'loan_sign_required', victims: ['real'], attack: (w, v, i) => post(endpoints.loans.submit, i.token, { amount: '100', config_id: 1, sign: v.uploadUrl, agreement: '1' })(w) },
  },
  'adminLoans.approveKyc.:id': { notOwned: ADMIN_QUEUE },
  'adminLoans.rejectKyc.:id': { notOwned: ADMIN_QUEUE },
  'adminLoans.approveLoan.:id': { notOwned: ADMIN_QUEUE },
  'adminLoans.rejectLoan.:id': { notOwned: ADMIN_QUEUE },
  'adminLoans.confirmRepayment.:id': { notOwned: ADMIN_QUEUE },
  'adminLoans.rejectRepayment.:id': { notOwned: ADMIN_QUEUE },
  'adminLoans.agreementPdf.:id': { notOwned: ADMIN_QUEUE },
  'adminLoans.updateConfig.:id': { notOwned: ADMIN_CONFIG },
  // A device's push subscription is named by its push service URL (a secret of the browser).
  'webPush.unsubscribe.endpoint': {
    owned: { refused: 'push_subscription_not_found', victims: ['real', 'demo'], attack: (w, v, i) => post(endpoints.webPush.unsubscribe, i.token, { endpoint: v.pushEndpoint })(w) },
  },
  'webPush.subscribe.endpoint': {
    owned: {
      refused: 'push_subscription_invalid',
      victims: ['real', 'demo'],
      // The victim's device URL with keys of the intruder's own: the device is not taken over.
      attack: (w, v, i) => {
        const own = newDevice(v.pushEndpoint);
        return post(endpoints.webPush.subscribe, i.token, { endpoint: v.pushEndpoint, p256dh: own.p256dh, auth: own.auth })(w);
      },
    },
  },
  'notifications.read.id': {
    owned: { refused: 'not_found', victims: ['real', 'demo'], attack: (w, v, i) => post(endpoints.notifications.read, i.token, { id: notificationOf.get(v.userId) })(w) },
  },
  'withdrawals.deleteMethod.id': {
    owned: { refused: 'method_not_found', victims: ['real'], attack: (w, v, i) => post(endpoints.withdrawals.deleteMethod, i.token, { id: v.methodId })(w) },
  },
  'withdrawals.draw.draw_currency_id': { notOwned: PLATFORM_CURRENCY },
  'withdrawals.draw.draw_method_id': {
    owned: {
      refused: 'method_not_found',
      victims: ['real'],
      // With a code of the right form: the method is refused as unknown before any code is tried.
      attack: (w, v, i) => post(endpoints.withdrawals.draw, i.token, { draw_currency_id: 1, number: '20', draw_method_id: v.methodId, auth_code: '123456' })(w),
    },
  },
};

/** Fields that name an upload of the caller (a url, not an id). */
const UPLOAD_REFERENCE_FIELDS = new Set(['proofImg', 'front_pic', 'reverse_pic', 'image', 'hand_pic', 'signature', 'sign']);
/** Fields that name a device of the caller (a Web Push subscription's URL). */
const DEVICE_REFERENCE_FIELDS = new Set(['endpoint']);

/** Every id an endpoint takes, derived from the endpoint objects. */
function referencesOfContracts(): string[] {
  const found: string[] = [];
  for (const [group, list] of Object.entries(endpoints)) {
    for (const [name, endpoint] of Object.entries(list as Record<string, EndpointSpec>)) {
      for (const m of endpoint.path.matchAll(/:([A-Za-z_]+)/g)) found.push(`${group}.${name}.:${m[1]}`);
      for (const field of Object.keys(objectShape(endpoint.input) ?? {})) {
        if (field === 'id' || field.endsWith('_id') || UPLOAD_REFERENCE_FIELDS.has(field) || DEVICE_REFERENCE_FIELDS.has(field)) found.push(`${group}.${name}.${field}`);
      }
    }
  }
  return found.sort();
}

let world: World;
let realIntruder: Owner;
let demoIntruder: Owner;
/** Each victim's stored notification, by user id (the relay does not run here: stored as its consumer stores it). */
const notificationOf = new Map<number, number>();

beforeAll(async () => {
  world = await createWorld();
  realIntruder = await realOwner(world.t, world.admin, world.btc);
  demoIntruder = await demoOwner(world.t, 'ownership-intruder', world.btc);
  for (const [n, owner] of [world.real, world.demo].entries()) {
    const row = await storeOnce(world.t.db, { userId: owner.userId, kind: 'deposit_decided', params: { id: 1, amount: '1', outcome: 'approved' }, link: null, eventId: String(-1 - n), inAppByDefault: true });
    notificationOf.set(owner.userId, row!.id);
  }
}, 120_000);
afterAll(() => world?.t.close());

describe('ownership: another user\'s id is refused and changes nothing', () => {
  it('every id an endpoint takes has an ownership case or says why nothing is owned', () => {
    expect(Object.keys(REFERENCES).sort()).toEqual(referencesOfContracts());
  });

  for (const [key, ref] of Object.entries(REFERENCES)) {
    if (!('owned' in ref)) continue;
    it(key, async () => {
      for (const victimName of ref.owned.victims) {
        const victim = world[victimName];
        for (const intruder of [realIntruder, demoIntruder]) {
          const before = await stateDigest(world.t.db);
          const answer = await ref.owned.attack(world, victim, intruder);
          // A demo intruder meets the real-account guard first on real-money endpoints.
          if (answer.body.error === 'only_true_account') expect(intruder).toBe(demoIntruder);
          else expectRefused(answer, ref.owned.refused);
          expect(answer.body.data).toBeNull();
          const after = await stateDigest(world.t.db);
          expect(changedParts(before, after), `${key}: ${victimName}'s id sent by another user`).toEqual([]);
        }
      }
      expect(await verifyLedger(world.t.db)).toEqual([]);
    });
  }

  it('the owner still holds every object the intruders aimed at', async () => {
    const { real, demo } = world;
    const orders = await world.t.db
      .selectFrom('forex_orders')
      .select(['id', 'user_id', 'status'])
      .where('id', 'in', [real.holdingOrderId, real.pendingOrderId, demo.holdingOrderId, demo.pendingOrderId])
      .orderBy('id')
      .execute();
    expect(orders).toEqual([
      { id: real.holdingOrderId, user_id: real.userId, status: 1 },
      { id: real.pendingOrderId, user_id: real.userId, status: 0 },
      { id: demo.holdingOrderId, user_id: demo.userId, status: 1 },
      { id: demo.pendingOrderId, user_id: demo.userId, status: 0 },
    ]);
    const method = await world.t.db.selectFrom('withdraw_methods').select(['user_id', 'deleted_at']).where('id', '=', real.methodId!).executeTakeFirst();
    expect(method).toEqual({ user_id: real.userId, deleted_at: null });
    const own = await world.t.app.inject({ method: 'GET', url: real.uploadUrl!, headers: auth(real.token) });
    expect(own.statusCode).toBe(200);
  });
});
