/** Every domain event topic of the product. The name carries the payload version. */
export enum Topic {
  UserRegistered = 'identity.user-registered.v1',
  UserSignedIn = 'identity.user-signed-in.v1',
  PasswordReset = 'identity.password-reset.v1',
  /** The account is gone: every service erases or anonymises what it holds of the user. */
  UserDeleted = 'identity.user-deleted.v1',
  /** Name or e-mail changed in the account settings (onboarding's "customize profile" milestone). */
  ProfileUpdated = 'identity.profile-updated.v1',
  TrialStarted = 'billing.trial-started.v1',
  SubscriptionUpdated = 'billing.subscription-updated.v1',
  InvoicePaid = 'billing.invoice-paid.v1',
  PaymentFailed = 'billing.payment-failed.v1',
  SubscriptionCanceled = 'billing.subscription-canceled.v1',
  TrialWillEnd = 'billing.trial-will-end.v1',
  ArtifactCreated = 'artifacts.artifact-created.v1',
  ArtifactUpdated = 'artifacts.artifact-updated.v1',
  ArtifactDeleted = 'artifacts.artifact-deleted.v1',
  ArtifactVisibilityChanged = 'artifacts.artifact-visibility-changed.v1',
  /**
   * Moved to the trash (inTrash true) or restored from it (false). Deleted for good later: the
   * artifact-deleted event, as before the trash.
   */
  ArtifactTrashChanged = 'artifacts.artifact-trash-changed.v1',
  ArtifactShared = 'artifacts.artifact-shared.v1',
  /** A visitor downloaded the artifact (the spec's DOWNLOAD): once per visitor, artifact and day. */
  ArtifactDownloaded = 'artifacts.artifact-downloaded.v1',
  ArtifactViewed = 'artifacts.artifact-viewed.v1',
  ViewCountChanged = 'analytics.view-count-changed.v1',
}

/** Dead-letter topic of a topic: the failed message plus the error, in headers. */
export function deadLetterTopic(topic: string): string {
  return `${topic}.dlq`;
}
