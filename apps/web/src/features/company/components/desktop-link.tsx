import '../company.css';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSetting } from '../api/company-api';

/**
 * On a desktop browser (app/ decides, see model/links isDesktop) the phone layout is centred and,
 * when staff set `pc_url`, this link to the desktop site sits beside it (spec section 9).
 */
export function DesktopLink() {
  const { t, ready } = useTranslation('company');
  const pcUrl = useSetting('pc_url');
  if (!ready || !pcUrl.data || !/^https?:\/\//.test(pcUrl.data)) return null;
  return (
    <div className="tp-desktop-link">
      <Button color="primary" size="small" onClick={() => window.location.assign(pcUrl.data!)} data-testid="desktop-site-link">
        {t('desktop.open_pc_site')}
      </Button>
    </div>
  );
}
