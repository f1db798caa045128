import {
  type CheckInStep,
  MILESTONES,
  MILESTONE_LABELS,
  type Milestone,
  TRIAL_REMINDER_DAYS_BEFORE_END,
} from '@core-vault/contracts';
import { type MailMessage, escapeHtml, htmlMail } from '@core-vault/platform';

/** What to do next for each missing milestone. */
const TIPS: Readonly<Record<Milestone, string>> = {
  first_upload: 'Upload your first artifact: paste what Claude made into Upload New.',
  first_share: 'Share an artifact: Copy Link or Embed Code on any card.',
  extension_installed: 'Install the browser extension to save artifacts with one click.',
  profile_customized: 'Customize your profile settings.',
  analytics_viewed: 'Open your analytics dashboard to see who views your artifacts.',
};

export interface CheckInContext {
  to: string;
  step: CheckInStep;
  milestones: Partial<Record<Milestone, Date | null>>;
  trialEndsAt: Date | null;
  webOrigin: string;
}

/** The check-in e-mail: its subject and body depend on which milestones the user has reached. */
export function checkInMail(ctx: CheckInContext): MailMessage {
  const reached = MILESTONES.filter((m) => ctx.milestones[m]);
  const missing = MILESTONES.filter((m) => !ctx.milestones[m]);
  const endDate = ctx.trialEndsAt ? ctx.trialEndsAt.toISOString().slice(0, 10) : null;
  const subject =
    ctx.step === 'trial-ending'
      ? `Your Core Vault trial ends in ${TRIAL_REMINDER_DAYS_BEFORE_END} days`
      : missing.length === 0
        ? `Day ${ctx.step.slice(4)}: you're all set with Core Vault`
        : `Day ${ctx.step.slice(4)}: ${missing.length} step${missing.length > 1 ? 's' : ''} left to get the most out of Core Vault`;
  const intro =
    ctx.step === 'trial-ending'
      ? `Your free trial ends on ${endDate ?? 'soon'}. Charges begin after the trial; cancel before then to avoid them.`
      : `Here is how your first ${ctx.step.slice(4)} days with Core Vault went.`;
  const done = reached.length
    ? `Done so far: ${reached.map((m) => MILESTONE_LABELS[m]).join(', ')}.`
    : 'You have not reached any milestone yet.';
  const next = missing.length
    ? ['Next steps:', ...missing.map((m) => `- ${TIPS[m]}`)]
    : ['Nothing left to set up. Enjoy!'];
  const link = `${ctx.webOrigin}/dashboard`;
  const text = [intro, '', done, '', ...next, '', `Open your dashboard: ${link}`].join('\n');
  const html = htmlMail(subject, [
    escapeHtml(intro),
    escapeHtml(done),
    ...(missing.length
      ? [`Next steps:<br>${missing.map((m) => `&bull; ${escapeHtml(TIPS[m])}`).join('<br>')}`]
      : ['Nothing left to set up. Enjoy!']),
    `<a href="${escapeHtml(link)}">Open your dashboard</a>`,
  ]);
  return { to: ctx.to, subject, text, html };
}
