import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { FormStep, ProfileResponse, TraitCorrectionInput } from '../../../../shared/profile';
import { type ApiBody, api, dataOf, formData } from '../../../lib/api';

export const profileQueryKey = ['my-profile'] as const;

/** The client's profile: answers, photos, the step to resume at, completeness and confirmed traits. */
export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => dataOf(api.GET('/api/me/profile', { signal })),
});

/** What each step of the form sends. */
interface StepBodies {
  about: ApiBody<'/api/me/profile/about', 'put'>;
  seeking: ApiBody<'/api/me/profile/seeking', 'put'>;
  lifestyle: ApiBody<'/api/me/profile/lifestyle', 'put'>;
  own_words: ApiBody<'/api/me/profile/own-words', 'put'>;
}

/** Each step's endpoint; the answer is the whole profile as saved. */
const SAVE_STEP: { [Step in FormStep]: (body: StepBodies[Step]) => Promise<ProfileResponse> } = {
  about: (body) => dataOf(api.PUT('/api/me/profile/about', { body })),
  seeking: (body) => dataOf(api.PUT('/api/me/profile/seeking', { body })),
  lifestyle: (body) => dataOf(api.PUT('/api/me/profile/lifestyle', { body })),
  own_words: (body) => dataOf(api.PUT('/api/me/profile/own-words', { body })),
};

/** Saves one step of the form; the answer replaces the cached profile. */
export function useSaveProfileStep<Step extends FormStep>(step: Step) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StepBodies[Step]) => SAVE_STEP[step](input),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dataOf(api.DELETE('/api/me/profile/consent')),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photo: File) =>
      dataOf(api.POST('/api/me/photos', { body: { photo }, bodySerializer: formData })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataOf(api.DELETE('/api/me/photos/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

export function useRequestTraitCorrection() {
  return useMutation({
    mutationFn: (input: TraitCorrectionInput) =>
      dataOf(api.POST('/api/me/trait-corrections', { body: input })),
  });
}
