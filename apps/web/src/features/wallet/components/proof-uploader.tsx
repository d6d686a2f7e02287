import { useTranslation } from 'react-i18next';
import { PhotoUpload, type ChosenPhoto } from '../../../components/ui/photo-upload';
import { uploadImage } from '../../../lib/api/upload';

/** The chosen proof: a local preview and the server url to send as proofImg. */
export type Proof = ChosenPhoto;

/** The deposit's proof image, with its hint. */
export function ProofUploader({ value, onChange, testId }: { value: Proof | null; onChange: (p: Proof | null) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <PhotoUpload
      className="tp-proof"
      testId={testId}
      value={value}
      onChange={onChange}
      upload={uploadImage}
      alt={t('charge.proof')}
      tooLarge={(mb) => t('wallet.image_too_large', { mb })}
    >
      <div className="tp-muted tp-proof-hint">{t('wallet.proof_hint')}</div>
    </PhotoUpload>
  );
}
