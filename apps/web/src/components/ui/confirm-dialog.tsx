import type { ReactNode } from 'react';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/**
 * A confirm dialog rendered in place (testable, no imperative render root needed). It leaves the
 * page as soon as it is closed rather than after its closing animation, so a dialog that is
 * reopened at once (withdraw's not_bind on submit) is always the new one.
 */
export function ConfirmDialog({
  visible,
  content,
  confirmText,
  cancelText,
  onConfirm,
  onClose,
  testId,
}: {
  visible: boolean;
  content: ReactNode;
  confirmText?: string;
  cancelText?: string;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!visible) return null;
  return (
    <Dialog
      visible
      content={<div data-testid={testId}>{content}</div>}
      closeOnAction
      destroyOnClose
      onClose={onClose}
      actions={[
        [
          { key: 'cancel', text: cancelText ?? t('public.cancel') },
          { key: 'confirm', text: confirmText ?? t('public.confirm'), bold: true, onClick: onConfirm },
        ],
      ]}
    />
  );
}
