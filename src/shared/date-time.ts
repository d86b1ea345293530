import { z } from 'zod';
import { MESSAGES } from './messages';

export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 2200;

/**
 * An ISO 8601 date-time with an offset, in the years 1900 to 2200: every date the API accepts.
 * The ISO pattern alone lets through dates PostgreSQL refuses (the year 0000) or JavaScript cannot
 * hold; those must be a 400, not a database error.
 */
export const isoDateTime = (message?: string) =>
  z.iso.datetime({ offset: true, ...(message ? { error: message } : {}) }).refine(
    (value) => {
      const year = new Date(value).getUTCFullYear();
      // Not a date at all: the format check has said so already, once is enough.
      if (Number.isNaN(year)) return true;
      return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
    },
    { message: MESSAGES.dateOutOfRange },
  );
export const isoDateTimeSchema = isoDateTime();
