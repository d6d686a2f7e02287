import '../wallet.css';
import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { DRAW_TYPES } from '@tp/contracts';
import { isWithdrawAddressValid, networkLabel } from '@tp/domain';
import { Field } from '../../../components/ui/field';
import { PageFrame } from '../../../components/ui/page-frame';
import { Empty, LoadError, LoadingLines } from '../../../components/ui/states';
import { useIntent } from '../../../lib/api/intent';
import { isDemoUser, useAuth } from '../../../lib/auth-store';
import { toast } from '../../../lib/toast';
import { walletKeys } from '../api/wallet-keys';
import { bindDrawMethod, fetchDrawCurrencies, type BindDrawMethodForm } from '../api/withdrawals';
import { RealAccountNotice } from '../../../components/ui/real-account-notice';
import { ChoiceChips } from '../../../components/ui/choice-chips';
import { currencyLabel } from '../model/wallet-model';
import { isWithdrawCode, WithdrawCodeField } from '../components/withdraw-code-field';

/**
 * An address is judged once it could be whole (the shortest valid one, a bitcoin P2PKH, has 26
 * characters) or once the user tried to bind it: a half-typed address is not yet wrong.
 */
const ADDRESS_JUDGED_FROM = 26;

type BankField = 'bank_name' | 'bank_branch' | 'payee_account' | 'payee_name' | 'bank_swift' | 'bank_address' | 'beneficiary_currency' | 'remark';
const BANK_FIELDS: { key: BankField; required?: boolean; max: number }[] = [
  { key: 'bank_name', required: true, max: 100 },
  { key: 'bank_branch', max: 100 },
  { key: 'payee_account', required: true, max: 64 },
  { key: 'payee_name', required: true, max: 100 },
  { key: 'bank_swift', max: 32 },
  { key: 'bank_address', max: 200 },
  { key: 'beneficiary_currency', max: 16 },
  { key: 'remark', max: 200 },
];

/** /mine/withdraw-way?type=1 (coin address) | 2 (bank card): bind a withdrawal method, then back. */
export function WithdrawWayPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const token = useAuth((s) => s.token);
  const user = useAuth((s) => s.user);
  const demo = isDemoUser(user);
  const type = params.get('type') === '2' ? DRAW_TYPES.bank : DRAW_TYPES.coin;
  const currencies = useQuery({ queryKey: walletKeys.drawCurrencies(token, type), queryFn: ({ signal }) => fetchDrawCurrencies(type, signal), staleTime: 60_000, enabled: !demo });
  const [currencyId, setCurrencyId] = useState<number | undefined>(() => Number(params.get('draw_id')) || undefined);
  const [address, setAddress] = useState('');
  const [bank, setBank] = useState<Record<BankField, string>>({ bank_name: '', bank_branch: '', payee_account: '', payee_name: '', bank_swift: '', bank_address: '', beneficiary_currency: '', remark: '' });
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const intent = useIntent();
  const currency = currencies.data?.find((c) => c.id === currencyId) ?? currencies.data?.[0];
  // The same rule as the server's (@tp/domain): the network's format and checksum, as typed.
  const trimmed = address.trim();
  const addressWrong = !!currency && type === DRAW_TYPES.coin && trimmed !== '' && !isWithdrawAddressValid(currency, trimmed);
  const addressError = addressWrong && currency && (tried || trimmed.length >= ADDRESS_JUDGED_FROM) ? t('withdraw_way.address_invalid', { network: networkLabel(currency) }) : null;

  const submit = async () => {
    if (busy || !currency) return;
    setTried(true);
    if (type === DRAW_TYPES.coin && !trimmed) return toast(t('withdraw_way.input_address'));
    if (addressWrong) return toast(t('withdraw_way.address_invalid', { network: networkLabel(currency) }));
    if (type === DRAW_TYPES.bank && BANK_FIELDS.some((f) => f.required && !bank[f.key].trim())) return toast(t('public.input_full'));
    if (!isWithdrawCode(code)) return toast(t('withdraw.input_code'));
    setBusy(true);
    try {
      let form: BindDrawMethodForm;
      if (type === DRAW_TYPES.coin) form = { type: 1, draw_id: currency.id, dc_address: trimmed, auth_code: code.trim() };
      else {
        const optional = (k: BankField) => bank[k].trim() || undefined;
        form = {
          type: 2,
          draw_id: currency.id,
          bank_name: bank.bank_name.trim(),
          payee_account: bank.payee_account.trim(),
          payee_name: bank.payee_name.trim(),
          bank_branch: optional('bank_branch'),
          bank_swift: optional('bank_swift'),
          bank_address: optional('bank_address'),
          beneficiary_currency: optional('beneficiary_currency'),
          remark: optional('remark'),
          auth_code: code.trim(),
        };
      }
      await intent.run(form, (key) => bindDrawMethod(form, key));
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'drawMethods'] });
      if (location.key === 'default') navigate(type === DRAW_TYPES.coin ? '/mine/coin-address-list' : '/mine/bank-card-list', { replace: true });
      else navigate(-1);
    } catch {
      /* the api client showed the server's msg */
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (demo) body = <RealAccountNotice testId="wallet-demo-notice" />;
  else if (currencies.isPending) body = <div className="tp-card"><LoadingLines rows={6} /></div>;
  else if (currencies.isError) body = <LoadError onRetry={() => void currencies.refetch()} />;
  else if (!currency) body = <Empty>{t('withdraw.no_channel')}</Empty>;
  else
    body = (
      <div className="tp-card">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="tp-field">
            <label>{t('withdraw.currency')}</label>
            <ChoiceChips options={currencies.data.map((c) => ({ value: c.id, label: currencyLabel(c) }))} value={currency.id} onChange={setCurrencyId} testId="way-currency" ariaLabel={t('withdraw.currency')} />
          </div>
          {type === DRAW_TYPES.coin ? (
            <>
              <Field name="way-address" label={t('withdraw_way.address')} value={address} onChange={setAddress} placeholder={t('withdraw_way.input_address')} maxLength={200} testId="way-address" />
              {addressError ? (
                <div className="tp-error-text tp-field-note" role="alert" data-testid="way-address-error">
                  {addressError}
                </div>
              ) : null}
            </>
          ) : (
            BANK_FIELDS.map((f) => (
              <Field
                key={f.key}
                name={`way-${f.key}`}
                label={f.required ? t(`withdraw_way.${f.key}`) : t('withdraw_way.optional', { label: t(`withdraw_way.${f.key}`) })}
                value={bank[f.key]}
                onChange={(v) => setBank((b) => ({ ...b, [f.key]: v }))}
                placeholder={t(`withdraw_way.${f.key}_placeholder`)}
                maxLength={f.max}
                testId={`way-${f.key.replace(/_/g, '-')}`}
              />
            ))
          )}
          <WithdrawCodeField value={code} onChange={setCode} email={user?.email} testPrefix="way" />
          <div className="tp-actions">
            <Button block color="primary" size="large" type="submit" loading={busy} data-testid="way-submit">
              {t('withdraw_way.submit')}
            </Button>
          </div>
        </form>
      </div>
    );

  return (
    <PageFrame title={type === DRAW_TYPES.coin ? t('withdraw_way.title_coin') : t('withdraw_way.title_bank')} fallback="/mine/withdraw" testId="page-mine-withdraw-way">
      {body}
    </PageFrame>
  );
}
