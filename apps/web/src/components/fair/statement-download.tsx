import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { fairEndpoints } from '@tp/contracts';
import { call } from '../../lib/api/client';
import { saveFile } from '../../lib/save-file';

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function save(base64: string, filename: string, contentType: string): void {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  saveFile(new Blob([bytes], { type: contentType }), filename);
}

/** The wallet's statement download: every ledger posting of a UTC date range, as CSV or PDF. */
export function StatementDownload() {
  const { t, ready } = useTranslation('fair');
  const [from, setFrom] = useState(() => day(Date.now() - 30 * 86_400_000));
  const [to, setTo] = useState(() => day(Date.now()));
  const [busy, setBusy] = useState<'csv' | 'pdf' | null>(null);
  const [failed, setFailed] = useState(false);
  if (!ready) return null;

  async function get(format: 'csv' | 'pdf') {
    setBusy(format);
    setFailed(false);
    try {
      const file = await call(fairEndpoints.statement, { from, to, format });
      save(file.base64, file.filename, file.contentType);
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  }

  const field = { flex: 1, minWidth: 0, fontSize: 16, padding: '6px 8px', borderRadius: 6, border: '1px solid var(--tp-border)', background: 'var(--tp-surface-2)', color: 'var(--tp-text)' };
  return (
    <section style={{ margin: 12, padding: 12, borderRadius: 8, background: 'var(--tp-surface)' }} data-testid="fair-statement">
      <div style={{ fontWeight: 600, marginBottom: 8 }}>{t('statement_title')}</div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        <label className="tp-muted" style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, fontSize: 12 }}>
          {t('statement_from')}
          <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} style={field} data-testid="fair-statement-from" />
        </label>
        <label className="tp-muted" style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, fontSize: 12 }}>
          {t('statement_to')}
          <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} style={field} data-testid="fair-statement-to" />
        </label>
      </div>
      {failed ? (
        <div role="alert" style={{ color: 'var(--tp-down)', marginBottom: 8 }}>
          {t('statement_error')}
        </div>
      ) : null}
      <div style={{ display: 'flex', gap: 8 }}>
        <Button block size="small" fill="outline" loading={busy === 'csv'} disabled={!from || !to || from > to} onClick={() => void get('csv')} data-testid="fair-statement-csv">
          {t('statement_csv')}
        </Button>
        <Button block size="small" fill="outline" loading={busy === 'pdf'} disabled={!from || !to || from > to} onClick={() => void get('pdf')} data-testid="fair-statement-pdf">
          {t('statement_pdf')}
        </Button>
      </div>
    </section>
  );
}
