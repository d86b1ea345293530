/**
 * Issue 27 item 5 (decision 027, "Introduction and shared facts"): what two clients have in common,
 * read from both profiles, for the proposal card. A fact is said only when both profiles support it
 * (both answered, and alike); a missing answer or two different answers say nothing, so the card
 * never claims what a profile contradicts.
 *
 * Only facts about the pair: nothing of the other that the card does not show already (first name,
 * age, province, shared interests) beyond what the two share. Never orientation, religion, town or
 * postcode; the distance is a rounded number, and only when it is within what both accept.
 */
import { distanceInWords, type SharedFact } from '../../../shared/matches';
import { postcodeDistanceKm } from '../../../shared/postcode-zones';
import { LANGUAGE_LABELS, type Language } from '../../../shared/profile';

/** What the facts read of one client's profile (a client without a profile: all empty). */
export interface FactsProfile {
  interests: readonly string[] | null;
  languages: readonly string[] | null;
  smoking: string | null;
  relationship_sought: string | null;
  wants_children: string | null;
  postcode: number | null;
  max_distance_km: number | null;
}

const NO_PROFILE: FactsProfile = {
  interests: null,
  languages: null,
  smoking: null,
  relationship_sought: null,
  wants_children: null,
  postcode: null,
  max_distance_km: null,
};

export interface SharedFacts {
  /** The other's interests this client has too, in the other's order. */
  interests: string[];
  facts: SharedFact[];
}

const RELATIONSHIP_FACTS: Record<string, string> = {
  long_term: 'Jullie zoeken allebei een vaste relatie',
  marriage: 'Jullie zoeken allebei een huwelijk',
  friendship_first: 'Jullie willen allebei eerst vriendschap, en dan zien jullie wel',
  open: 'Jullie laten allebei open wat het wordt',
};

const CHILDREN_FACTS: Record<string, string> = {
  yes: 'Jullie willen allebei kinderen',
  no: 'Jullie willen allebei geen kinderen',
};

const listed = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;

/** The facts `me` and `other` share, as `me` reads them on the card about `other`. */
export function sharedFacts(mine: FactsProfile | null, theirs: FactsProfile | null): SharedFacts {
  const [me, other] = [mine ?? NO_PROFILE, theirs ?? NO_PROFILE];
  const myInterests = new Set(me.interests ?? []);
  const interests = (other.interests ?? []).filter((interest) => myInterests.has(interest));
  const facts: SharedFact[] = [];

  // A language both speak; "another language" is not one (theirs may differ).
  const theirLanguages = new Set(other.languages ?? []);
  const languages = (me.languages ?? []).filter(
    (l): l is Language => l !== 'other' && l in LANGUAGE_LABELS && theirLanguages.has(l),
  );
  if (languages.length > 0) {
    facts.push({
      kind: 'languages',
      text: `Jullie spreken allebei ${listed(languages.map((l) => LANGUAGE_LABELS[l]))}`,
    });
  }

  if (me.smoking === 'no' && other.smoking === 'no') {
    facts.push({ kind: 'smoking', text: 'Jullie roken allebei niet' });
  }

  const relationship = me.relationship_sought;
  if (relationship && relationship === other.relationship_sought && RELATIONSHIP_FACTS[relationship]) {
    facts.push({ kind: 'relationship', text: RELATIONSHIP_FACTS[relationship] });
  }

  const children = me.wants_children;
  if (children && children === other.wants_children && CHILDREN_FACTS[children]) {
    facts.push({ kind: 'children', text: CHILDREN_FACTS[children] });
  }

  // The distance, when both postcodes are known and neither lives farther than the other accepts.
  const km = postcodeDistanceKm(me.postcode, other.postcode);
  const accepts = (p: FactsProfile) => km !== null && (p.max_distance_km === null || km <= p.max_distance_km);
  if (km !== null && accepts(me) && accepts(other)) {
    facts.push({ kind: 'distance', text: `Jullie wonen ${distanceInWords(km)} van elkaar` });
  }

  return { interests, facts };
}
