import '../settings.css';
import { CheckOutline } from 'antd-mobile-icons';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LANG_BCP47, LANGS, LANG_NAMES, type Lang } from '@tp/contracts';
import { PageFrame } from '../../../components/ui/page-frame';
import { currentLang, setLang } from '../../../lib/i18n';

/** The 18 languages; picking one sets it and goes back. */
export function LanguagePage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const active = (i18n.language as Lang) ?? currentLang();
  const pick = async (lang: Lang) => {
    await setLang(lang);
    if (location.key === 'default') navigate('/', { replace: true });
    else navigate(-1);
  };
  return (
    <PageFrame title={t('nav.language')} testId="page-language">
      <List className="tp-list">
        {LANGS.map((lang) => (
          <List.Item
            key={lang}
            onClick={() => void pick(lang)}
            extra={lang === active ? <CheckOutline style={{ color: 'var(--tp-primary)', fontSize: 18 }} /> : null}
            arrowIcon={false}
            data-testid={`lang-item-${lang}`}
            aria-current={lang === active ? 'true' : undefined}
          >
            <span lang={LANG_BCP47[lang]}>{LANG_NAMES[lang]}</span>
          </List.Item>
        ))}
      </List>
    </PageFrame>
  );
}
