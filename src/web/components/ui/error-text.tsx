import { dutchFirst } from '../../../shared/messages';

/**
 * An error as a person reads it: the Dutch sentence, and where the spec prescribes an English text,
 * that text below it as the technical detail.
 */
export function ErrorText({ message }: { message: string }) {
  const { text, detail } = dutchFirst(message);
  return (
    <>
      <p>{text}</p>
      {detail && <p className="mt-1 text-xs opacity-90">Technische details: {detail}</p>}
    </>
  );
}
