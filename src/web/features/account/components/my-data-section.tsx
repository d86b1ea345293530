import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DELETE_CONFIRMATION_WORD, deleteAccountSchema } from '../../../../shared/account-settings';
import { ROUTES } from '../../../../shared/routes';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { PasswordField, TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { downloadMyData, useDeleteAccount } from '../api/account-settings';
import { deletionPreviewQueryOptions } from '../api/deletion-preview';
import { DeletionForfeits } from './deletion-forfeits';

const privacyLink = (
  <a href={ROUTES.privacy} className="font-semibold text-brand-800 underline underline-offset-2">
    privacyverklaring
  </a>
);

/** Settings › Mijn gegevens, for clients: download everything (art. 15/20) and delete the account (art. 17). */
export function MyDataSection() {
  const [isDownloading, setIsDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const [isDeleting, setIsDeleting] = useState(false);

  const download = async () => {
    setIsDownloading(true);
    setDownloadError(null);
    try {
      await downloadMyData();
    } catch (error) {
      setDownloadError(error);
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <section aria-labelledby="gegevens-titel">
      <h2 id="gegevens-titel" className="text-lg font-semibold text-stone-900">
        Mijn gegevens
      </h2>
      <p className="mt-1 text-stone-700">
        Download alles wat Koppel over jou bewaart in één bestand, of verwijder je account. Meer over je
        rechten lees je in onze {privacyLink}.
      </p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button variant="secondary" isBusy={isDownloading} onClick={() => void download()}>
          Download mijn gegevens
        </Button>
        <Button variant="danger" onClick={() => setIsDeleting(true)}>
          Account verwijderen
        </Button>
      </div>
      {downloadError !== null && <Alert className="mt-3">{errorMessage(downloadError)}</Alert>}
      <DeleteAccountDialog isOpen={isDeleting} onClose={() => setIsDeleting(false)} />
    </section>
  );
}

function DeleteAccountDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const remove = useDeleteAccount();
  // What the deletion forfeits is read first: until it shows, the account cannot be deleted, and
  // the button does not move under a finger when the notice takes its place.
  const preview = useQuery({ ...deletionPreviewQueryOptions, enabled: isOpen });
  const form = useForm({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const { errors } = form.formState;

  const close = () => {
    remove.reset();
    form.reset();
    onClose();
  };

  const submit = form.handleSubmit((input) => remove.mutate(input));

  return (
    <Dialog isOpen={isOpen} onClose={close} title="Account verwijderen?">
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 text-stone-800">
        <p>
          Je profiel, antwoorden, foto’s, intakegesprekken en feedback worden{' '}
          <strong>meteen en definitief</strong> gewist. Wie een match met je had, ziet "Verwijderd account".
          Betalingen bewaren we zonder naam, zoals de boekhoudwet vraagt.
        </p>
        <p>Download eerst je gegevens als je ze wilt bewaren.</p>
        {isOpen && <DeletionForfeits />}
        <PasswordField
          label="Je wachtwoord"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <TextField
          label={`Typ ${DELETE_CONFIRMATION_WORD} om te bevestigen`}
          hint="Hoofdletters of kleine letters: allebei goed."
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.confirmation?.message}
          {...form.register('confirmation')}
        />
        {remove.isError && <Alert>{errorMessage(remove.error)}</Alert>}
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Annuleren
          </Button>
          <Button type="submit" variant="danger" isBusy={remove.isPending} disabled={preview.isPending}>
            Definitief verwijderen
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
