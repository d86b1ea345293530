import { type ComponentProps, type ComponentType, createContext, useContext } from 'react';

export interface AppLinkProps extends Omit<ComponentProps<'a'>, 'href'> {
  to: string;
}

const LinkComponentContext = createContext<ComponentType<AppLinkProps> | null>(null);

/**
 * The app's router supplies its client-side Link here; without it (the prerendered public pages,
 * which ship without the router) links are plain anchors that load the next page.
 */
export const LinkComponentProvider = LinkComponentContext.Provider;

/** A link to a path of ours: client-side inside the app, an ordinary anchor on the public pages. */
export function AppLink({ to, ...props }: AppLinkProps) {
  const LinkComponent = useContext(LinkComponentContext);
  if (LinkComponent) return <LinkComponent to={to} {...props} />;
  return <a href={to} {...props} />;
}
