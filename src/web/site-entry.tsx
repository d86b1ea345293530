import { hydrateIslands } from './features/site/islands/hydrate-islands';
import './styles.css';

// The prerendered public pages stay static HTML; only their islands become React roots.
hydrateIslands();
