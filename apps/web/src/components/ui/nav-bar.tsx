import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import 'antd-mobile/es/components/nav-bar/nav-bar.css';

interface NavBarProps {
  className?: string;
  /** The back control; without it the bar has no back arrow. */
  onBack?: () => void;
  right?: ReactNode;
  children?: ReactNode;
}

/**
 * antd-mobile's nav bar in look (its classes and styles), with the back arrow as a real button
 * named "Back" in the user's language. antd-mobile's own bar marks its whole left side as a
 * button without a name, also where there is nothing to press, and its arrow cannot be reached
 * with a keyboard.
 */
export function NavBar({ className, onBack, right, children }: NavBarProps) {
  return (
    <div className={`adm-nav-bar${className ? ` ${className}` : ''}`}>
      <div className="adm-nav-bar-left">{onBack && <BackButton onBack={onBack} />}</div>
      <div className="adm-nav-bar-title">{children}</div>
      <div className="adm-nav-bar-right">{right}</div>
    </div>
  );
}

/** Only a bar with a back arrow needs the texts (the loading frame of a screen has none). */
function BackButton({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="adm-nav-bar-back tp-navbar-back" aria-label={t('public.back')} onClick={onBack}>
      <span className="adm-nav-bar-back-arrow">
        <LeftOutline aria-hidden />
      </span>
    </button>
  );
}
