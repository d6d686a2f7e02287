import { useTranslation } from 'react-i18next';
import { PhotoUpload, type ChosenPhoto } from '../../../components/ui/photo-upload';
import { uploadImage } from '../../../lib/api/upload';

export type Photo = ChosenPhoto;

/** One photo of a loan form (the hand-held id, a repayment proof). */
export function PhotoField({ value, onChange, testId, alt }: { value: Photo | null; onChange: (p: Photo | null) => void; testId: string; alt: string }) {
  const { t } = useTranslation('loans');
  return (
    <PhotoUpload
      className="tp-loan-photo"
      testId={testId}
      value={value}
      onChange={onChange}
      upload={uploadImage}
      alt={alt}
      tooLarge={(mb) => t('loan.image_too_large', { mb })}
    />
  );
}
