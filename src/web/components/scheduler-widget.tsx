import { useEffect, useRef, useState } from 'react';
import { SCHEDULER_HEIGHT } from '../../shared/domain';
import { MESSAGES } from '../../shared/messages';
import { CALENDLY_SCRIPT_URL, calendlyEmbedUrl, isCalendlyUrl } from '../../shared/scheduler';
import { Alert } from './ui/alert';
import { ErrorText } from './ui/error-text';
import { ExternalLinkIcon } from './ui/icons';

declare global {
  interface Window {
    Calendly?: {
      initInlineWidget(options: { url: string; parentElement: HTMLElement; resize?: boolean }): void;
    };
  }
}

let scriptPromise: Promise<void> | null = null;

/** Loads Calendly's embed script once per page; a failed load may be tried again later. */
function loadCalendlyScript(): Promise<void> {
  if (window.Calendly) return Promise.resolve();
  scriptPromise ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CALENDLY_SCRIPT_URL;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      scriptPromise = null;
      reject(new Error(MESSAGES.schedulerLoadFailed));
    };
    document.head.append(script);
  });
  return scriptPromise;
}

interface SchedulerWidgetProps {
  /** The scheduling link (a Calendly URL). */
  url: string;
  /** Prefill for the signed-in user. */
  name?: string | null;
  email?: string | null;
  height?: number;
}

type WidgetState = 'waiting' | 'loading' | 'ready' | 'error';

/**
 * Calendly's inline scheduler (spec section 2): the embed URL with prefill, loaded when it comes
 * near the screen, 'Calendly widget laden...' meanwhile, and an 'Open in nieuwe tab' link when
 * the widget cannot load.
 */
export function SchedulerWidget({ url, name, email, height = SCHEDULER_HEIGHT }: SchedulerWidgetProps) {
  const isValid = isCalendlyUrl(url);
  const containerRef = useRef<HTMLDivElement>(null);
  const targetRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<WidgetState>('waiting');

  useEffect(() => {
    const container = containerRef.current;
    if (!isValid || !container) return;
    let isCurrent = true;
    const show = async () => {
      setState('loading');
      try {
        await loadCalendlyScript();
        const target = targetRef.current;
        if (!isCurrent || !target) return;
        if (!window.Calendly) throw new Error(MESSAGES.schedulerLoadFailed);
        target.replaceChildren();
        window.Calendly.initInlineWidget({
          url: calendlyEmbedUrl(url, { name, email, embedDomain: window.location.host }),
          parentElement: target,
        });
        const frame = target.querySelector('iframe');
        if (!frame) throw new Error(MESSAGES.schedulerLoadFailed);
        frame.title = 'Plan een gesprek via Calendly';
        frame.addEventListener('load', () => isCurrent && setState('ready'), { once: true });
      } catch {
        if (isCurrent) setState('error');
      }
    };
    // Calendly's script is large: fetch it only when the scheduler is about to be seen.
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        void show();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(container);
    return () => {
      isCurrent = false;
      observer.disconnect();
    };
  }, [isValid, url, name, email]);

  if (!isValid) {
    return (
      <Alert>
        <ErrorText message={MESSAGES.invalidSchedulerUrl} />
      </Alert>
    );
  }

  if (state === 'error') {
    return (
      <Alert>
        <ErrorText message={MESSAGES.schedulerLoadFailed} />
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-2 inline-flex items-center gap-1 font-semibold underline"
        >
          Open in nieuwe tab
          <ExternalLinkIcon className="size-4" />
        </a>
      </Alert>
    );
  }

  return (
    <div ref={containerRef} className="relative w-full" style={{ height }}>
      {state !== 'ready' && (
        <p role="status" className="absolute inset-0 flex items-center justify-center text-stone-700">
          Calendly widget laden...
        </p>
      )}
      <div ref={targetRef} className="h-full w-full" />
    </div>
  );
}
