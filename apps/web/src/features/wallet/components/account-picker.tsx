import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_IDS, accountNameKey, type AccountTypeId } from '../model/wallet-model';
import { LazyPopup } from '../../../components/ui/lazy-popup';

/** A bottom sheet listing the three accounts. */
export function AccountPicker({ visible, value, title, onPick, onClose, testId }: { visible: boolean; value: AccountTypeId; title: string; onPick: (id: AccountTypeId) => void; onClose: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <LazyPopup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="tp-sheet">
      <div className="tp-popup-title">{title}</div>
      <div role="listbox" aria-label={title}>
        {ACCOUNT_IDS.map((id) => (
          <button
            key={id}
            type="button"
            role="option"
            aria-selected={id === value}
            className={`tp-sheet-option${id === value ? ' active' : ''}`}
            onClick={() => onPick(id)}
            data-testid={`${testId}-${id}`}
          >
            <span>{t(accountNameKey(id))}</span>
            {id === value ? <CheckOutline /> : null}
          </button>
        ))}
      </div>
    </LazyPopup>
  );
}
