import '../loans.css';
import { useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LOAN_AGREEMENT_VERSION } from '@tp/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/ui/page-frame';
import { useIntent } from '../../../lib/api/intent';
import { useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { uploadImage } from '../../../lib/api/upload';
import { loanKeys, submitLoan } from '../api/loans';
import { SignatureField, type SignatureHandle } from '../components/signature-field';

/** /loan/sign?id=&amount=: the signature drawn on a canvas, then the application. */
export function SignPage() {
  const { t } = useTranslation('loans');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useAuth((s) => s.token);
  const intent = useIntent();
  const pad = useRef<SignatureHandle>(null);
  const [busy, setBusy] = useState(false);
  const configId = Number(params.get('id'));
  const amount = params.get('amount') ?? '';

  const submit = async () => {
    if (busy) return;
    if (!amount) return toast(t('loan.input_amount'));
    if (!pad.current || pad.current.isEmpty()) return toast(t('loan.please_sign'));
    setBusy(true);
    try {
      const { url } = await uploadImage(await pad.current.toBlob(), 'signature.png');
      const body = { amount, config_id: configId, sign: url, agreement: LOAN_AGREEMENT_VERSION };
      await intent.run({ amount, configId }, (key) => submitLoan(body, key));
      await queryClient.invalidateQueries({ queryKey: loanKeys.list(token) });
      navigate('/loan/record', { replace: true });
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageFrame title={t('loan.sign')} testId="page-loan-sign" fallback="/loan/submit">
      <div className="tp-card">
        <p className="tp-muted tp-loan-intro">{t('loan.sign_intro')}</p>
        <SignatureField ref={pad} testId="loan-signature" height={220} />
        <div className="tp-actions">
          <Button block color="primary" size="large" loading={busy} onClick={() => void submit()} data-testid="loan-sign-submit">
            {t('loan.submit_application')}
          </Button>
        </div>
      </div>
    </PageFrame>
  );
}
