import { Select, Switch, Tooltip } from 'antd';
import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isLang, LANG_NAMES, type Lang } from '@tp/contracts';
import { availableLangs, currentLang, setLang } from '../lib/i18n';
import { useTheme } from '../lib/theme-store';

/** The console's language (also the API `lang` header), among those it has texts for. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  return (
    <Select<Lang>
      aria-label={t('header.language')}
      value={isLang(i18n.language) ? i18n.language : currentLang()}
      onChange={(lang) => void setLang(lang)}
      options={availableLangs().map((lang) => ({ value: lang, label: LANG_NAMES[lang] }))}
      style={{ width: 130 }}
      data-testid="language-select"
    />
  );
}

/** Light or dark, remembered. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const mode = useTheme((s) => s.mode);
  const setMode = useTheme((s) => s.setMode);
  return (
    <Tooltip title={t(mode === 'dark' ? 'header.light' : 'header.dark')}>
      <Switch
        aria-label={t('header.dark')}
        checked={mode === 'dark'}
        onChange={(dark) => setMode(dark ? 'dark' : 'light')}
        checkedChildren={<MoonOutlined />}
        unCheckedChildren={<SunOutlined />}
        data-testid="theme-switch"
      />
    </Tooltip>
  );
}
