/**
 * Issue 26: a client profile that fits any other made with it under the one eligibility rule
 * (decision 026): a woman seeking women, born in 1990, without an age range, a maximum distance
 * or dealbreakers. Tests that propose a pair without testing that rule give both clients this one.
 */
export const openProfile = () => ({
  gender: 'woman' as const,
  seeking_genders: ['woman'],
  birth_date: '1990-06-15',
});
