import '../loans.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LOAN_STATUS, REPAY_FROM_BALANCE } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { NotFound } from '../../../components/ui/not-found';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api/client';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { fetchRepaymentAccounts, fetchRepaymentInfo, loanKeys, submitRepayment } from '../api/loans';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { Kv } from '../components/kv';
import { PhotoField, type Photo } from '../components/photo-field';
import { DateTime } from '../../../components/ui/date-time';

/** /loan/repayment?loan_id=: pay from the funding balance at once, or to a collection account with proof. */
export function RepaymentPage() {
  const { t } = useTranslation('loans');
  const [params] = useSearchParams();
  const loanId = Number(params.get('loan_id'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const intent = useIntent();
  const info = useQuery({ queryKey: loanKeys.repayment(token, loanId), queryFn: ({ signal }) => fetchRepaymentInfo(loanId, signal), enabled: loanId > 0 });
  const accounts = useQuery({ queryKey: loanKeys.accounts(token), queryFn: ({ signal }) => fetchRepaymentAccounts(signal), staleTime: 60_000 });
  const [channel, setChannel] = useState<number>(REPAY_FROM_BALANCE);
  const [proof, setProof] = useState<Photo | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy) return;
    if (channel !== REPAY_FROM_BALANCE && !proof) return toast(t('loan.upload_proof'));
    setBusy(true);
    try {
      const body = { charge_id: channel, loan_id: loanId, ...(channel === REPAY_FROM_BALANCE ? {} : { proofImg: proof!.url }) };
      await intent.run(body, (key) => submitRepayment(body, key));
      await queryClient.invalidateQueries({ queryKey: ['loan', token] });
      navigate('/loan/record', { replace: true });
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };

  let body;
  // No loan named, or one the server does not know for this user: nothing to repay here.
  if (!(loanId > 0) || (info.error instanceof ApiError && info.error.kind === 'refused')) body = <NotFound back="/loan/record" />;
  else if (info.isPending || accounts.isPending) body = <div className="tp-card"><LoadingLines rows={8} /></div>;
  else if (info.isError || accounts.isError)
    body = (
      <LoadError
        onRetry={() => {
          void info.refetch();
          void accounts.refetch();
        }}
      />
    );
  else {
    const d = info.data;
    const account = accounts.data.find((a) => a.id === channel);
    body = (
      <>
        <div className="tp-card">
          <Kv label={t('loan.amount')}>{money(d.amount)}</Kv>
          <Kv label={t('loan.interest')}>{money(d.interest_amount)}</Kv>
          <Kv label={t('loan.penalty')}>{money(d.penalty_amount)}</Kv>
          <Kv label={t('loan.amount_due')} testId="loan-repay-due">
            <strong>{money(d.amount_due)}</strong>
          </Kv>
          {d.repayment_time ? <Kv label={t('loan.due_date')}><DateTime value={d.repayment_time} /></Kv> : null}
        </div>
        {d.status !== LOAN_STATUS.repaying ? (
          <div className="tp-card tp-muted" data-testid="loan-not-repayable">{t(`loan.status_${d.status}`)}</div>
        ) : (
          <div className="tp-card">
            <div className="tp-field">
              <label>{t('loan.pay_with')}</label>
              <ChoiceChips
                options={[
                  { value: REPAY_FROM_BALANCE, label: t('loan.from_balance'), sub: money(d.balance) },
                  ...accounts.data.map((a) => ({ value: a.id, label: a.bank_name, sub: a.currency })),
                ]}
                value={channel}
                onChange={setChannel}
                testId="loan-pay-with"
                ariaLabel={t('loan.pay_with')}
              />
            </div>
            {account ? (
              <>
                <div className="tp-loan-bank" data-testid="loan-bank">
                  <Kv label={t('loan.payee_name')}>{account.payee_name}</Kv>
                  <Kv label={t('loan.payee_account')}>
                    <span className="tp-loan-hash">{account.payee_account}</span>
                  </Kv>
                  {account.bank_swift ? <Kv label={t('loan.swift')}>{account.bank_swift}</Kv> : null}
                  {account.bank_address ? <Kv label={t('loan.bank_address')}>{account.bank_address}</Kv> : null}
                  {account.bank_remark ? <p className="tp-muted">{account.bank_remark}</p> : null}
                </div>
                <div className="tp-field">
                  <label>{t('loan.proof')}</label>
                  <PhotoField value={proof} onChange={setProof} testId="loan-proof" alt={t('loan.proof')} />
                </div>
              </>
            ) : (
              <p className="tp-muted tp-loan-note">{t('loan.from_balance_note')}</p>
            )}
            <div className="tp-actions">
              <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="loan-repay-submit">
                {t('loan.repay')}
              </Button>
            </div>
          </div>
        )}
      </>
    );
  }
  return (
    <PageFrame title={t('loan.repayment')} testId="page-loan-repayment" fallback="/loan/record">
      {body}
    </PageFrame>
  );
}
