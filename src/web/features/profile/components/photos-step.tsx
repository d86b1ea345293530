import { useId, useState } from 'react';
import { MESSAGES } from '../../../../shared/messages';
import { MAX_PHOTOS, PHOTO_MAX_BYTES, PHOTO_TYPES, type ProfileResponse } from '../../../../shared/profile';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button, ButtonLink } from '../../../components/ui/button';
import { FilePicker } from '../../../components/ui/file-picker';
import { errorMessage } from '../../../lib/api';
import { useDeletePhoto, useUploadPhoto } from '../api/profile';

/** Step 5, Foto: upload one or more photos (resized on the server), delete one. */
export function PhotosStep({ data }: { data: ProfileResponse }) {
  const upload = useUploadPhoto();
  const remove = useDeletePhoto();
  const inputId = useId();
  const [localError, setLocalError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const isFull = data.photos.length >= MAX_PHOTOS;

  function onChoose(file: File | undefined) {
    setDone(null);
    upload.reset();
    if (!file) return;
    if (file.size > PHOTO_MAX_BYTES) return setLocalError(MESSAGES.photoTooLarge);
    if (file.type && !(PHOTO_TYPES as readonly string[]).includes(file.type)) {
      return setLocalError(MESSAGES.photoNotImage);
    }
    setLocalError(null);
    upload.mutate(file, { onSuccess: () => setDone('Je foto is opgeladen.') });
  }

  const error = localError ?? (upload.isError ? errorMessage(upload.error) : null);

  return (
    <div className="flex flex-col gap-5">
      <p className="text-stone-700">
        Een foto helpt je matchmaker en, pas nadat jullie allebei ja zeiden, je match. Niemand anders ziet ze.
        JPEG, PNG, WebP of HEIC, hoogstens 10 MB; we verkleinen ze en wissen de locatie en andere gegevens uit
        het bestand.
      </p>
      {data.photos.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 p-4 text-sm text-stone-700">
          Je hebt nog geen foto opgeladen.
        </p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {data.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col gap-2">
              <img
                src={photo.urls.small}
                alt={`Jouw foto ${index + 1}`}
                width={240}
                height={240}
                className="aspect-square w-full rounded-xl object-cover"
              />
              <Button
                variant="secondary"
                isBusy={remove.isPending && remove.variables === photo.id}
                onClick={() => remove.mutate(photo.id)}
              >
                Verwijder foto {index + 1}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {remove.isError && <Alert>{errorMessage(remove.error)}</Alert>}
      {isFull ? (
        <Alert tone="info">{MESSAGES.tooManyPhotos}</Alert>
      ) : (
        <div>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-stone-800">
            Kies een foto om op te laden
          </label>
          <FilePicker
            id={inputId}
            buttonLabel="Kies een foto"
            accept={PHOTO_TYPES.join(',')}
            disabled={upload.isPending}
            aria-describedby={error ? `${inputId}-fout` : undefined}
            onFile={onChoose}
          />
          {upload.isPending && (
            <p role="status" className="mt-2 text-sm text-stone-700">
              Foto wordt opgeladen...
            </p>
          )}
          {error && (
            <p id={`${inputId}-fout`} role="alert" className="mt-2 text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          {done && !error && (
            <p role="status" className="mt-2 text-sm font-medium text-green-800">
              {done}
            </p>
          )}
        </div>
      )}
      <div className="border-t border-stone-200 pt-5">
        <ButtonLink to={ROUTES.profileOverview}>Naar mijn profieloverzicht</ButtonLink>
      </div>
    </div>
  );
}
