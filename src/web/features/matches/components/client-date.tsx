import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { calendarLinks, mapLink } from '../../../../shared/date-calendar';
import { formatDateTime, formatTimeLeft } from '../../../../shared/format';
import { type ClientMatch, MAX_NOTE_LENGTH } from '../../../../shared/matches';
import { MESSAGES } from '../../../../shared/messages';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { dateIcsUrl, otherPhotosQueryOptions, useRequestDateMove } from '../api/my-matches';

const linkClasses = 'font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900';

/**
 * Issue 27 item 2: the other's photos, once both said yes (decision 011; the API refuses before).
 * Nothing is shown while loading or when they have none.
 */
export function OtherPhotos({ match }: { match: ClientMatch }) {
  const photos = useQuery({
    ...otherPhotosQueryOptions(match.other.id),
    enabled: ['accepted', 'scheduled', 'completed'].includes(match.status),
  });
  if (!photos.data?.length) return null;
  return (
    <ul className="mt-4 flex flex-wrap gap-3" aria-label={`Foto's van ${match.other.first_name}`}>
      {photos.data.slice(0, 3).map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.urls.large}
            className="block rounded-xl focus-visible:outline-2 focus-visible:outline-brand-700"
          >
            <img
              src={photo.urls.small}
              alt={`Foto ${index + 1} van ${match.other.first_name}`}
              width={128}
              height={128}
              className="size-28 rounded-xl object-cover sm:size-32"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A planned date still to come: when (with a countdown), where, the matchmaker's message, the calendar. */
export function PlannedDate({ match }: { match: ClientMatch }) {
  const now = useNow(60_000);
  const at = match.scheduled_at!;
  const date = match.date;
  const left = formatTimeLeft(at, now);
  const location = [date?.place_name, date?.place_address].filter(Boolean).join(', ');
  const links = calendarLinks({
    title: `Date met ${match.other.first_name}`,
    start: at,
    details: [date?.message, date?.place_url].filter(Boolean).join('\n\n'),
    location,
  });
  return (
    <div className="flex flex-col gap-5">
      <dl className="grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm font-semibold text-stone-700">Wanneer</dt>
          <dd className="mt-1 text-stone-900">
            <strong>{formatDateTime(at)}</strong>
            {left && (
              <span className="mt-1 block text-sm text-brand-900" data-testid="countdown">
                Nog {left}
              </span>
            )}
          </dd>
        </div>
        {location && (
          <div>
            <dt className="text-sm font-semibold text-stone-700">Waar</dt>
            <dd className="mt-1 text-stone-900">
              {date?.place_name && <strong className="block">{date.place_name}</strong>}
              {date?.place_address && <span className="block">{date.place_address}</span>}
              <span className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
                {date?.place_address && (
                  <a
                    href={mapLink(date.place_address)}
                    className={linkClasses}
                    rel="noopener noreferrer"
                    target="_blank"
                  >
                    Bekijk op de kaart (OpenStreetMap)
                  </a>
                )}
                {date?.place_url && (
                  <a href={date.place_url} className={linkClasses} rel="noopener noreferrer" target="_blank">
                    Website van de plek
                  </a>
                )}
              </span>
            </dd>
          </div>
        )}
      </dl>
      {date?.message && (
        <figure className="rounded-xl bg-brand-50 p-4">
          <figcaption className="text-sm font-semibold text-brand-900">Je matchmaker schrijft</figcaption>
          <blockquote className="mt-1 whitespace-pre-line text-stone-900">{date.message}</blockquote>
        </figure>
      )}
      <section aria-label="Zet in je agenda">
        <h3 className="font-semibold text-stone-900">Zet in je agenda</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          <li>
            <a href={dateIcsUrl(match.id)} download="date.ics" className={buttonClasses('secondary')}>
              Download (.ics)
            </a>
          </li>
          {links.map((link) => (
            <li key={link.label}>
              <a href={link.url} className={buttonClasses('ghost')} rel="noopener noreferrer" target="_blank">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </section>
      <CannotMakeIt match={match} />
    </div>
  );
}

/** "Kan je niet?": a message to the matchmaker, who is mailed and sees it in the match's timeline. */
function CannotMakeIt({ match }: { match: ClientMatch }) {
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();
  const ask = useRequestDateMove(match.id);
  if (match.date?.move_requested || ask.isSuccess) {
    return (
      <Alert tone="success">
        Je matchmaker weet dat je niet kan en neemt contact met je op om de date te verzetten.
      </Alert>
    );
  }
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Kan je niet?
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="flex flex-col gap-3 rounded-xl border border-stone-200 p-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!message.trim()) {
          setError(MESSAGES.dateMoveMessageRequired);
          return;
        }
        setError(undefined);
        ask.mutate({ message: message.trim() });
      }}
    >
      <TextAreaField
        label="Kan je niet? Schrijf je matchmaker wanneer je wel kan"
        hint={`Alleen je matchmaker leest dit, ${match.other.first_name} niet.`}
        maxLength={MAX_NOTE_LENGTH}
        value={message}
        error={error}
        onChange={(event) => setMessage(event.target.value)}
      />
      {ask.isError && <Alert>{errorMessage(ask.error)}</Alert>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isBusy={ask.isPending}>
          Vraag om te verzetten
        </Button>
        <Button variant="ghost" disabled={ask.isPending} onClick={() => setOpen(false)}>
          Annuleren
        </Button>
      </div>
    </form>
  );
}
