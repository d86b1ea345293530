import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FormStep,
  Photo,
  ProfileResponse,
  TraitCorrection,
  TraitCorrectionInput,
} from '../../../../shared/profile';
import { apiFetch } from '../../../lib/api';

export const profileQueryKey = ['my-profile'] as const;

/** The client's profile: answers, photos, the step to resume at, completeness and confirmed traits. */
export const profileQueryOptions = queryOptions({
  queryKey: profileQueryKey,
  queryFn: ({ signal }) => apiFetch<ProfileResponse>('/api/me/profile', { signal }),
});

/** The URL segment of each step's endpoint. */
const STEP_PATHS: Record<FormStep, string> = {
  about: 'about',
  seeking: 'seeking',
  lifestyle: 'lifestyle',
  own_words: 'own-words',
};

/** Saves one step of the form; the answer is the whole profile as saved. */
export function useSaveProfileStep(step: FormStep) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: unknown) =>
      apiFetch<ProfileResponse>(`/api/me/profile/${STEP_PATHS[step]}`, { method: 'PUT', json: input }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}

export function useWithdrawConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<ProfileResponse>('/api/me/profile/consent', { method: 'DELETE' }),
    onSuccess: (profile) => queryClient.setQueryData(profileQueryKey, profile),
  });
}

export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.set('photo', file);
      return apiFetch<{ photo: Photo }>('/api/me/photos', { method: 'POST', body });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/api/me/photos/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}

export function useRequestTraitCorrection() {
  return useMutation({
    mutationFn: (input: TraitCorrectionInput) =>
      apiFetch<{ correction: TraitCorrection }>('/api/me/trait-corrections', { method: 'POST', json: input }),
  });
}
