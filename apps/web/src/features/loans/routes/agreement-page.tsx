import '../loans.css';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { NotFound } from '../../../components/ui/not-found';
import { usePrivateFileUrl } from '../../../components/ui/private-image';
import { LoadError, LoadingLines } from '../../../components/ui/states';
import { ApiError } from '../../../lib/api/client';
import { useAuth } from '../../../lib/auth-store';
import { downloadAgreementPdf, fetchConfigInfo, fetchLoan, loanKeys } from '../api/loans';
import { Kv } from '../components/kv';
import { amountWithin } from '../model';
import { money } from '../../../lib/format';
import { DateTime } from '../../../components/ui/date-time';

/** The agreement about to be signed, rendered by the server for the term and amount. */
function ToSign({ id, amount }: { id: number; amount: string }) {
  const { t } = useTranslation('loans');
  const navigate = useNavigate();
  const token = useAuth((s) => s.token);
  const info = useQuery({ queryKey: loanKeys.configInfo(token, id, amount), queryFn: ({ signal }) => fetchConfigInfo(id, amount, signal) });
  if (info.isPending) return <div className="tp-card"><LoadingLines rows={10} /></div>;
  if (info.isError) return isRefusal(info.error) ? <NotFound back="/loan/submit" /> : <LoadError onRetry={() => void info.refetch()} />;
  // Opened with an amount the term does not lend (an old or edited link): back to the form, not a signature the server would refuse.
  if (!amountWithin(amount, info.data))
    return (
      <div className="tp-card" data-testid="loan-agreement-out-of-range">
        <p className="tp-loan-error" role="alert">
          {t('loan.amount_range', { min: money(info.data.min_amount), max: money(info.data.max_amount) })}
        </p>
        <Button block color="primary" onClick={() => navigate(`/loan/submit?id=${id}&amount=${encodeURIComponent(amount)}`, { replace: true })} data-testid="loan-agreement-change-amount">
          {t('loan.change_amount')}
        </Button>
      </div>
    );
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

/** The server refused the item the link names (unknown, not this user's): not a connection problem. */
function isRefusal(err: unknown): boolean {
  return err instanceof ApiError && err.kind === 'refused';
}

/** The drawn signature as it was stored with the application (a private upload, read with the token). */
function SignedSignature({ path }: { path: string }) {
  const { t } = useTranslation('loans');
  const src = usePrivateFileUrl(path);
  return (
    <div className="tp-loan-signed-sign" data-testid="loan-agreement-signature" data-loaded={src ? 1 : 0}>
      <span className="tp-muted">{t('loan.signature')}</span>
      {src ? <img src={src} alt={t('loan.signature')} /> : <LoadingLines rows={1} />}
    </div>
  );
}

/** A signed agreement as it was signed, with its signature, its evidence and the PDF. */
function Signed({ loanId }: { loanId: number }) {
  const { t } = useTranslation('loans');
  const token = useAuth((s) => s.token);
  const loan = useQuery({ queryKey: loanKeys.loan(token, loanId), queryFn: ({ signal }) => fetchLoan(loanId, signal) });
  if (loan.isPending) return <div className="tp-card"><LoadingLines rows={10} /></div>;
  if (loan.isError) return isRefusal(loan.error) ? <NotFound back="/loan/record" /> : <LoadError onRetry={() => void loan.refetch()} />;
  return (
    <>
      <div className="tp-card tp-loan-agreement" data-testid="loan-agreement-text">
        {loan.data.agreement}
      </div>
      <div className="tp-card">
        {loan.data.sign ? <SignedSignature path={loan.data.sign} /> : null}
        {/* A time standing alone in a document: its zone is named (decisions.md, "Times on screens"). */}
        <Kv label={t('loan.signed_at')}><DateTime value={loan.data.signed_at} zone testId="loan-agreement-signed-at" /></Kv>
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
      {loanId > 0 ? <Signed loanId={loanId} /> : id > 0 && amount ? <ToSign id={id} amount={amount} /> : <NotFound back="/loan/record" />}
    </PageFrame>
  );
}
