import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountProfile,
  changePasswordRoute,
  confirmEmailChangeRoute,
  getAccountRoute,
  requestEmailChangeRoute,
  updateAccountNameRoute,
} from '@core-vault/contracts';
import { apiQuery, useApiMutation } from '../../../lib/query';

/** The signed-in user's name and e-mail (the session object carries no name). */
export function useAccountProfile() {
  return useQuery(apiQuery(getAccountRoute));
}

/**
 * A change answers with the new profile: it becomes the cached one. (Onboarding's checklist hears
 * of it through identity's event and reloads on the dashboard's next mount.)
 */
function useProfileChanged() {
  const client = useQueryClient();
  return {
    onSuccess: (profile: AccountProfile) => client.setQueryData(apiQuery(getAccountRoute).queryKey, profile),
  };
}

export function useUpdateName() {
  return useApiMutation(updateAccountNameRoute, useProfileChanged());
}

export function useRequestEmailChange() {
  return useApiMutation(requestEmailChangeRoute);
}

export function useConfirmEmailChange() {
  return useApiMutation(confirmEmailChangeRoute, useProfileChanged());
}

export function useChangePassword() {
  return useApiMutation(changePasswordRoute);
}
