import '../loans.css';
import { Button } from 'antd-mobile';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LOAN_STATUS, type LoanRecord } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { money } from '../../../lib/format';
import { downloadAgreementPdf, fetchLoans, loanKeys } from '../api/loans';
import { Kv } from '../components/kv';
import { LoanStatus } from '../components/loan-status';
import { percent } from '../model';
import { DateTime } from '../../../components/ui/date-time';

function LoanCard({ loan }: { loan: LoanRecord }) {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  return (
    <div className="tp-card tp-loan-record" data-testid={`loan-record-${loan.id}`}>
      <div className="tp-loan-record-head">
        <span className="tp-num tp-loan-big">{money(loan.amount)}</span>
        <LoanStatus status={loan.status} />
      </div>
      <Kv label={t('loan.term')}>{t('loan.days', { count: loan.loan_period })}</Kv>
      <Kv label={t('loan.interest_rate')}>{t('loan.per_day', { rate: percent(loan.interest_rate) })}</Kv>
      <Kv label={t('loan.interest')}>{money(loan.interest_amount)}</Kv>
      <Kv label={t('loan.penalty')}>{money(loan.penalty_amount)}</Kv>
      <Kv label={t('loan.amount_due')} testId="loan-amount-due">{money(loan.amount_due)}</Kv>
      <Kv label={t('loan.applied_at')}><DateTime value={loan.created_at} /></Kv>
      {loan.reviewed_at ? <Kv label={t('loan.reviewed_at')}><DateTime value={loan.reviewed_at} /></Kv> : null}
      {loan.repayment_time ? <Kv label={t('loan.due_date')}><DateTime value={loan.repayment_time} /></Kv> : null}
      {loan.repaid_at ? <Kv label={t('loan.repaid_at')}><DateTime value={loan.repaid_at} /></Kv> : null}
      {loan.remark ? <p className="tp-loan-reject">{loan.remark}</p> : null}
      <div className="tp-loan-buttons">
        <Button size="small" fill="outline" onClick={() => navigate(`/loan/agreement?loan_id=${loan.id}`)} data-testid="loan-view-agreement">
          {t('loan.agreement')}
        </Button>
        <Button size="small" fill="outline" onClick={() => void downloadAgreementPdf(loan.id).catch(() => undefined)} data-testid="loan-record-pdf">
          {t('loan.pdf')}
        </Button>
        <Button size="small" color="primary" disabled={loan.status !== LOAN_STATUS.repaying} onClick={() => navigate(`/loan/repayment?loan_id=${loan.id}`)} data-testid="loan-repay">
          {t('loan.repay')}
        </Button>
      </div>
    </div>
  );
}

/** /loan/record: the user's loans, newest first. */
export function RecordPage() {
  const { t } = useTranslation('loans');
  const token = useAuth((s) => s.token);
  const list = useInfiniteQuery({
    queryKey: loanKeys.list(token),
    queryFn: ({ pageParam, signal }) => fetchLoans(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.current_page < last.last_page ? last.current_page + 1 : undefined),
  });
  let body;
  if (list.isPending) body = <div className="tp-card"><LoadingLines rows={6} /></div>;
  else if (list.isError) body = <LoadError onRetry={() => void list.refetch()} />;
  else {
    const loans = list.data.pages.flatMap((p) => p.data);
    body =
      loans.length === 0 ? (
        <Empty>{t('loan.no_loans')}</Empty>
      ) : (
        <>
          {loans.map((l) => (
            <LoanCard key={l.id} loan={l} />
          ))}
          {list.hasNextPage ? (
            <Button block fill="none" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()} data-testid="loan-more">
              {t('loan.more')}
            </Button>
          ) : null}
        </>
      );
  }
  return (
    <PageFrame title={t('loan.records')} testId="page-loan-record" fallback="/loan">
      {body}
    </PageFrame>
  );
}
