import type { ReactNode, Ref } from 'react';
import { CenteredContent, PublicLayout } from '../../../components/public-layout';
import { Card } from '../../../components/ui/card';

interface AuthPageLayoutProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Below the card, for links such as "Nog geen account?". */
  footer?: ReactNode;
  /** Lets a page move focus to the heading when its content changes in place. */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** The public layout with one centred card, for sign-up, login, confirmation and reset. */
export function AuthPageLayout({ title, intro, children, footer, titleRef }: AuthPageLayoutProps) {
  return (
    <PublicLayout mainClassName="bg-gradient-to-b from-brand-50 to-stone-50">
      <CenteredContent>
        <Card>
          <h1
            ref={titleRef}
            tabIndex={-1}
            className="font-serif text-3xl font-bold text-stone-900 outline-none"
          >
            {title}
          </h1>
          {intro && <div className="mt-2 text-stone-700">{intro}</div>}
          <div className="mt-6">{children}</div>
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-stone-700">{footer}</div>}
      </CenteredContent>
    </PublicLayout>
  );
}
