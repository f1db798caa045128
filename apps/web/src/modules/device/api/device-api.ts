import { approveDeviceRoute, denyDeviceRoute, getDeviceRequestRoute } from '@core-vault/contracts';
import { useApiMutation } from '../../../lib/query';

/**
 * The /device page's calls. The look-up is a POST with the code in the body, not a cached read:
 * the code stays out of addresses and logs, and every look-up is one counted guess at the gateway.
 */
export function useDeviceLookup() {
  return useApiMutation(getDeviceRequestRoute);
}

export function useApproveDevice() {
  return useApiMutation(approveDeviceRoute);
}

export function useDenyDevice() {
  return useApiMutation(denyDeviceRoute);
}
