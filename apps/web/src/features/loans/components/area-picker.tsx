import { useMemo, useState } from 'react';
import { Popup } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { isLang, LANG_BCP47 } from '@tp/contracts';
import type { Area } from '../api/loans';

const names = new Map<string, Intl.DisplayNames | null>();

/** A country or region in the reader's language (the browser's own names), else its English name from the list. */
export function areaName(area: Area, lang: string): string {
  const locale = isLang(lang) ? LANG_BCP47[lang] : 'en';
  if (!names.has(locale)) {
    try {
      names.set(locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }));
    } catch {
      names.set(locale, null);
    }
  }
  try {
    return names.get(locale)?.of(area.code) ?? area.name;
  } catch {
    return area.name;
  }
}

interface AreaPickerProps {
  areas: Area[];
  value: Area | undefined;
  onChange: (area: Area) => void;
  /** `country` shows the chosen country's name, `dial` its dialling code. */
  show: 'country' | 'dial';
  /** The id the field's <label> points at. */
  id: string;
  title: string;
  placeholder: string;
  testId: string;
}

/** One of the platform's areas (GET /api/default/area_list), chosen from a searchable sheet. */
export function AreaPicker({ areas, value, onChange, show, id, title, placeholder, testId }: AreaPickerProps) {
  const { t, i18n } = useTranslation('loans');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const lang = i18n.language;
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase().replace(/^\+/, '');
    const named = areas.map((a) => ({ area: a, name: areaName(a, lang) }));
    if (!q) return named;
    return named.filter(({ area, name }) => [name, area.name, area.code, area.global_code].some((s) => s.toLowerCase().includes(q)));
  }, [areas, query, lang]);
  const label = value ? (show === 'country' ? areaName(value, lang) : `+${value.global_code}`) : '';
  return (
    <>
      <button id={id} type="button" className="tp-loan-pick" aria-haspopup="listbox" aria-expanded={open} onClick={() => setOpen(true)} data-testid={testId} data-value={value?.code ?? ''}>
        {label ? <span dir={show === 'dial' ? 'ltr' : undefined}>{label}</span> : <span className="tp-loan-pick-placeholder">{placeholder}</span>}
        <DownOutline className="tp-muted" aria-hidden="true" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        afterClose={() => setQuery('')}
        position="bottom"
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div className="tp-loan-area-sheet" data-testid={`${testId}-sheet`}>
          <div className="tp-popup-title">{title}</div>
          <div className="tp-loan-area-search">
            <div className="tp-input">
              <input
                className="tp-input-el"
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder={t('loan.area_search')}
                aria-label={t('loan.area_search')}
                autoComplete="off"
                data-testid={`${testId}-search`}
              />
            </div>
          </div>
          <div className="tp-loan-area-list" role="listbox" aria-label={title}>
            {shown.length === 0 ? <p className="tp-muted">{t('loan.area_none')}</p> : null}
            {shown.map(({ area, name }) => (
              <button
                key={area.id}
                type="button"
                role="option"
                aria-selected={area.id === value?.id}
                className="tp-loan-area-option"
                onClick={() => {
                  onChange(area);
                  setOpen(false);
                }}
                data-testid={`${testId}-option-${area.code}`}
              >
                <span>{name}</span>
                <span className="tp-muted">+{area.global_code}</span>
              </button>
            ))}
          </div>
        </div>
      </Popup>
    </>
  );
}
