import '../wallet.css';
import { useState } from 'react';
import { SwipeAction } from 'antd-mobile';
import { AddOutline, ClockCircleOutline } from 'antd-mobile-icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DRAW_TYPES, type DrawMethod } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { walletKeys } from '../api/wallet-keys';
import { deleteDrawMethod, fetchDrawMethods } from '../api/withdrawals';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { currencyLabel, shortText } from '../model/wallet-model';
import { usableFrom, useNowAcross } from '../model/waiting-time';
import { formatDateTime, wireToMs } from '../../../lib/datetime';

/** A method bound less than the waiting time ago: from when it may be withdrawn to, in the device's zone. */
function UsableFrom({ at }: { at: number | null }) {
  const { t, i18n } = useTranslation();
  if (at === null) return null;
  return (
    <span className="tp-method-waiting" data-testid="method-usable-from">
      <ClockCircleOutline aria-hidden />
      <span>{t('withdraw_way.usable_from', { time: formatDateTime(at, i18n.language) })}</span>
    </span>
  );
}

function MethodCard({ m, now }: { m: DrawMethod; now: number }) {
  const { t } = useTranslation();
  const waiting = <UsableFrom at={usableFrom(m, now)} />;
  if (m.type === DRAW_TYPES.coin) {
    return (
      <div className="tp-method">
        <b>{currencyLabel(m.draw_currency)}</b>
        <span className="tp-break tp-num" data-testid="method-address">
          {m.dc_address}
        </span>
        {waiting}
      </div>
    );
  }
  const extra = [m.bank_branch, m.bank_swift, m.beneficiary_currency].filter(Boolean).join(' · ');
  return (
    <div className="tp-method">
      <b>
        {m.bank_name} <span className="tp-muted">{currencyLabel(m.draw_currency)}</span>
      </b>
      <span className="tp-num" data-testid="method-account">
        {shortText(m.payee_account, 4, 4)}
      </span>
      <span className="tp-muted">{t('withdraw_way.payee_is', { name: m.payee_name })}</span>
      {extra ? <span className="tp-muted tp-break">{extra}</span> : null}
      {m.remark ? <span className="tp-muted tp-break">{m.remark}</span> : null}
      {waiting}
    </div>
  );
}

/** /mine/bank-card-list (type 2) and /mine/coin-address-list (type 1): bound methods, swipe to delete. */
export function MethodListPage({ type }: { type: 1 | 2 }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const demo = isDemoUser(useAuth((s) => s.user));
  const methods = useQuery({ queryKey: walletKeys.drawMethods(token, type), queryFn: ({ signal }) => fetchDrawMethods(type, undefined, signal), enabled: !demo });
  const [deleting, setDeleting] = useState<DrawMethod | null>(null);
  const now = useNowAcross(methods.data?.list.map((m) => wireToMs(m.usable_at) ?? 0) ?? []);
  const name = type === DRAW_TYPES.coin ? 'coin' : 'bank';
  const title = type === DRAW_TYPES.coin ? t('nav.mine_coin_address_list') : t('nav.mine_bank_card_list');

  const remove = async (m: DrawMethod) => {
    try {
      await deleteDrawMethod(m.id);
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'drawMethods'] });
    } catch {
      /* the api client showed the server's msg */
    }
  };

  let body;
  if (demo) body = <RealAccountNotice testId="wallet-demo-notice" />;
  else if (methods.isPending) body = <div className="tp-card"><LoadingLines rows={4} /></div>;
  else if (methods.isError) body = <LoadError onRetry={() => void methods.refetch()} />;
  else if (methods.data.list.length === 0) body = <Empty>{type === DRAW_TYPES.coin ? t('withdraw_way.empty_coin') : t('withdraw_way.empty_bank')}</Empty>;
  else
    body = (
      <div className="tp-methods" data-testid={`${name}-methods`}>
        <p className="tp-muted tp-swipe-hint">{t('withdraw_way.swipe_hint')}</p>
        {methods.data.list.map((m) => (
          <SwipeAction
            key={m.id}
            className="tp-swipe"
            rightActions={[{ key: 'delete', text: t('withdraw_way.delete'), color: 'danger', onClick: () => setDeleting(m) }]}
            data-testid={`${name}-method-${m.id}`}
          >
            <MethodCard m={m} now={now} />
          </SwipeAction>
        ))}
      </div>
    );

  return (
    <PageFrame
      title={title}
      fallback="/mine/wallet"
      testId={type === DRAW_TYPES.coin ? 'page-mine-coin-address-list' : 'page-mine-bank-card-list'}
      right={
        demo ? null : (
          <button type="button" className="tp-icon-btn" aria-label={t('withdraw_way.add')} onClick={() => navigate(`/mine/withdraw-way?type=${type}`)} data-testid={`${name}-add`}>
            <AddOutline />
          </button>
        )
      }
    >
      {body}
      <ConfirmDialog
        visible={!!deleting}
        testId="method-delete-confirm"
        content={t('withdraw_way.delete_confirm')}
        confirmText={t('withdraw_way.delete')}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) void remove(deleting);
        }}
      />
    </PageFrame>
  );
}
