import { type ComponentType, createContext, type ReactElement, useContext } from 'react';
import { ISLANDS, type IslandName, type IslandProps } from './registry';

type AnyProps = Record<string, unknown>;

const IslandCollectorContext = createContext<ReactElement[] | null>(null);

/**
 * Set by the server renderer of the public pages: each Island then becomes a placeholder in the
 * page, and its element is collected here to be rendered as a root of its own.
 */
export const IslandCollector = IslandCollectorContext.Provider;

/** The placeholder of the island at `index` in the page's markup. */
export const ISLAND_PLACEHOLDER = /<!--island:(\d+)-->/g;

/**
 * An interactive part of a public page. Prerendered, it is a container (`data-island`, its props
 * as JSON) that the browser hydrates on its own; everything around it stays static HTML whose code
 * is never shipped. Inside the app it is simply the component. Props must survive JSON.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: IslandProps<N> }) {
  const collected = useContext(IslandCollectorContext);
  const Component = ISLANDS[name] as ComponentType<AnyProps>;
  const island = <Component {...(props as AnyProps)} />;
  if (!collected) return island;
  const index = collected.push(island) - 1;
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      className="contents"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed comment, replaced by the island's own render
      dangerouslySetInnerHTML={{ __html: `<!--island:${index}-->` }}
    />
  );
}
