import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../../lib/notify';
import { useUploadPictureMutation } from '../profileApi';
import { profileErrorText } from '../profileErrors';
import { avatarProblem } from '../schemas';

/** The profile picture: checked (type, size, first bytes) before upload, previewed while it goes up. */
export function AvatarUpload({ current }: { current: string | null }) {
  const { t } = useTranslation();
  const inputId = useId();
  const problemId = `${inputId}-problem`;
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, { isLoading }] = useUploadPictureMutation();

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file may be chosen again after a fix elsewhere.
    event.target.value = '';
    if (!file) return;
    const refusal = await avatarProblem(file);
    if (refusal) {
      const message = t(`profile.avatar.${refusal}`);
      setProblem(message);
      notify.error(message);
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    try {
      await upload(file).unwrap();
      notify.success(t('profile.avatar.updated'));
    } catch (error) {
      setPreview(null);
      const message = profileErrorText(t, error, 'profile.avatar.error');
      setProblem(message);
      notify.error(t('profile.avatar.error'));
    }
  };

  const shown = preview ?? current;
  return (
    <div className="d-flex align-items-center gap-3 mb-4">
      {shown ? (
        <img src={shown} alt={t('profile.avatar.label')} className="profile-avatar" width={96} height={96} />
      ) : (
        <div className="profile-avatar" role="img" aria-label={t('profile.avatar.label')} />
      )}
      <div>
        <label htmlFor={inputId} className={`btn btn-outline-primary mb-1${isLoading ? ' disabled' : ''}`}>
          {isLoading ? t('profile.avatar.uploading') : t('profile.avatar.change')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="visually-hidden"
          onChange={(event) => void choose(event)}
          disabled={isLoading}
          aria-describedby={problem ? problemId : `${inputId}-hint`}
          data-testid="avatar-input"
        />
        <div id={`${inputId}-hint`} className="small text-body-secondary">
          {t('profile.avatar.hint')}
        </div>
        {problem && (
          <div id={problemId} className="small text-danger" role="alert">
            {problem}
          </div>
        )}
      </div>
    </div>
  );
}
