/**
 * The router-state key under which the account screen hands the landing page its message after a
 * deletion.
 */
export const ACCOUNT_DELETED_NOTICE = 'accountDeleted';
