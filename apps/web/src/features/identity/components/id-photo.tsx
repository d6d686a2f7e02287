import { useTranslation } from 'react-i18next';
import { PhotoUpload, type ChosenPhoto } from '../../../components/ui/photo-upload';
import { uploadImage } from '../../../lib/api/upload';

export type IdPhoto = ChosenPhoto;

/** One photo of the id (one image each, spec section 9), under its label. */
export function IdPhotoPicker({ label, value, onChange, testId }: { label: string; value: IdPhoto | null; onChange: (p: IdPhoto | null) => void; testId: string }) {
  const { t } = useTranslation('identity');
  return (
    <PhotoUpload
      className="tp-id-photo"
      testId={testId}
      value={value}
      onChange={onChange}
      upload={uploadImage}
      alt={label}
      tooLarge={(mb) => t('image_too_large', { mb })}
      label={<div className="tp-id-photo-label">{label}</div>}
    />
  );
}
