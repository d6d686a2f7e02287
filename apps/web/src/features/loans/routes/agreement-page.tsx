import '../loans.css';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { useAuth } from '../../../lib/auth-store';
import { downloadAgreementPdf, fetchConfigInfo, fetchLoan, loanKeys } from '../api/loans';
import { Kv } from '../components/kv';
import { DateTime } from '../../../components/ui/date-time';

/** The agreement about to be signed, rendered by the server for the term and amount. */
function ToSign({ id, amount }: { id: number; amount: string }) {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const info = useQuery({ queryKey: loanKeys.configInfo(token, id, amount), queryFn: ({ signal }) => fetchConfigInfo(id, amount, signal) });
  if (info.isPending) return <div className="tp-card"><LoadingLines rows={10} /></div>;
  if (info.isError) return <LoadError onRetry={() => void info.refetch()} />;
  return (
    <>
      <div className="tp-card tp-loan-agreement" data-testid="loan-agreement-text">
        {info.data.agreement}
      </div>
      <div className="tp-actions">
        <Button block color="primary" size="large" onClick={() => navigate(`/loan/sign?id=${id}&amount=${encodeURIComponent(amount)}`)} data-testid="loan-to-sign">
          {t('loan.agree_and_sign')}
        </Button>
      </div>
    </>
  );
}

/** A signed agreement as it was signed, with its evidence and the PDF. */
function Signed({ loanId }: { loanId: number }) {
  const { t } = useTranslation('loans');
  const token = useAuth((s) => s.token);
  const loan = useQuery({ queryKey: loanKeys.loan(token, loanId), queryFn: ({ signal }) => fetchLoan(loanId, signal) });
  if (loan.isPending) return <div className="tp-card"><LoadingLines rows={10} /></div>;
  if (loan.isError) return <LoadError onRetry={() => void loan.refetch()} />;
  return (
    <>
      <div className="tp-card tp-loan-agreement" data-testid="loan-agreement-text">
        {loan.data.agreement}
      </div>
      <div className="tp-card">
        <Kv label={t('loan.signed_at')}><DateTime value={loan.data.signed_at} /></Kv>
        <Kv label={t('loan.hash')}>
          <span className="tp-loan-hash">{loan.data.agreement_hash}</span>
        </Kv>
        <div className="tp-actions">
          <Button block fill="outline" color="primary" onClick={() => void downloadAgreementPdf(loanId).catch(() => undefined)} data-testid="loan-pdf">
            {t('loan.download_pdf')}
          </Button>
        </div>
      </div>
    </>
  );
}

/** /loan/agreement?id=&amount= (before signing) or ?loan_id= (a signed loan). */
export function AgreementPage() {
  const { t } = useTranslation('loans');
  const [params] = useSearchParams();
  const loanId = Number(params.get('loan_id'));
  const id = Number(params.get('id'));
  const amount = params.get('amount') ?? '';
  return (
    <PageFrame title={t('loan.agreement')} testId="page-loan-agreement" fallback="/loan/submit">
      {loanId > 0 ? <Signed loanId={loanId} /> : id > 0 && amount ? <ToSign id={id} amount={amount} /> : <LoadError onRetry={() => window.history.back()} />}
    </PageFrame>
  );
}
