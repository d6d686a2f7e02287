import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fairEndpoints, type FairReceiptKind, type FairRoot } from '@tp/contracts';
import { rootLookup, verifyReceipt, type FairReceipt, type VerifyCheck } from '@tp/domain';
import { call } from '../../lib/api/client';
import { saveFile } from '../../lib/save-file';

type State = { step: 'idle' | 'loading' | 'error' } | { step: 'done'; ok: boolean; pending: boolean; checks: VerifyCheck[]; receipt: FairReceipt };

/** The published roots of the blocks a receipt's ticks sit in, from the public endpoint. */
async function rootsFor(receipt: FairReceipt): Promise<FairRoot[]> {
  const minutes = new Set<number>();
  for (const t of [receipt.entry, receipt.exit, receipt.kind === 'option' ? receipt.beforeExit : null]) if (t?.proof) minutes.add(t.proof.minuteMs);
  const pages = await Promise.all([...minutes].map((m) => call(fairEndpoints.roots, { symbol: receipt.symbol, from: m, to: m + 60_000 })));
  return pages.flatMap((p) => p.data);
}

function download(receipt: FairReceipt): void {
  saveFile(new Blob([JSON.stringify(receipt, null, 2)], { type: 'application/json' }), `receipt-${receipt.kind}-${receipt.id}.json`);
}

/**
 * "Verify" in an order's detail sheet: fetches the order's receipt and the published roots, and
 * recomputes it here with the same domain code as `npm run verify` (packages/domain/src/fair.ts),
 * trusting nothing the server says about the result. The receipt can be saved to check elsewhere.
 */
export function ReceiptVerify({ kind, id }: { kind: FairReceiptKind; id: number }) {
  const { t, ready } = useTranslation('fair');
  const [state, setState] = useState<State>({ step: 'idle' });
  if (!ready) return null;

  async function run() {
    setState({ step: 'loading' });
    try {
      const receipt = (await call(fairEndpoints.receipt, { kind, id })) as FairReceipt;
      const result = verifyReceipt(receipt, rootLookup(await rootsFor(receipt)));
      const pending = [receipt.entry, receipt.exit].some((tick) => tick !== null && tick.proof === null);
      setState({ step: 'done', ok: result.ok, pending, checks: result.checks, receipt });
    } catch {
      setState({ step: 'error' });
    }
  }

  return (
    <div className="tp-fair-verify" data-testid="fair-verify">
      {state.step === 'done' ? (
        <div data-testid="fair-verify-result" data-ok={state.ok ? 'true' : 'false'} style={{ color: state.ok ? 'var(--tp-up)' : state.pending ? 'var(--tp-warning)' : 'var(--tp-down)', margin: '12px 0 4px' }}>
          <b>{state.ok ? t('verified') : state.pending ? t('pending') : t('failed')}</b>
          {!state.ok && !state.pending ? (
            <ul className="tp-muted" style={{ margin: '4px 0 0', paddingInlineStart: 18, fontSize: 12, overflowWrap: 'anywhere' }}>
              {state.checks.filter((c) => !c.ok).map((c) => (
                <li key={c.name} dir="ltr">{c.name}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {state.step === 'error' ? (
        <div className="tp-muted" role="alert" style={{ margin: '12px 0 4px' }}>
          {t('load_error')}
        </div>
      ) : null}
      <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
        <Button block color="primary" fill="outline" loading={state.step === 'loading'} loadingText={t('verifying')} onClick={() => void run()} data-testid="fair-verify-button">
          {state.step === 'error' || (state.step === 'done' && state.pending) ? t('retry') : t('verify')}
        </Button>
        {state.step === 'done' ? (
          <Button block fill="none" onClick={() => download(state.receipt)}>
            {t('download')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
