import { type Logger } from 'pino';
import { type CheckInStep, type HealthBand, type Milestone } from '@core-vault/contracts';
import { type Clock, type MailMessage, type Mailer } from '@core-vault/platform';
import { type OnboardingConfig } from '../config';
import { type CheckInScheduler } from './check-in.scheduler';
import { type OnboardingRepository } from './onboarding.repository';
import { type OnboardingUserDoc } from './onboarding.schema';
import { OnboardingService } from './onboarding.service';

/** The service sees only the methods a fake gives; this is the one place that says so. */
const as = <T>(fake: Partial<T>): T => fake as T;

const day = (n: number) => new Date(Date.UTC(2026, 10, 1 + n, 9));

/** onboarding_users in memory, applying each event id once like the real repository. */
class FakeUsers implements Partial<OnboardingRepository> {
  readonly docs = new Map<string, OnboardingUserDoc>();
  readonly scores: { userId: string; score: number; band: HealthBand }[] = [];
  private readonly applied = new Set<string>();

  findUser(userId: string): Promise<OnboardingUserDoc | null> {
    return Promise.resolve(this.docs.get(userId) ?? null);
  }
  recordTrialStarted(
    userId: string,
    eventId: string,
    trial: { email: string; startedAt: Date; endsAt: Date },
  ): Promise<boolean> {
    return this.once(userId, eventId, {
      email: trial.email,
      trialStartedAt: trial.startedAt,
      trialEndsAt: trial.endsAt,
      canceledAt: null,
    });
  }
  recordCancellation(userId: string, eventId: string, at: Date): Promise<boolean> {
    return this.once(userId, eventId, { canceledAt: at });
  }
  reachMilestone(userId: string, milestone: Milestone, at: Date): Promise<boolean> {
    const doc = this.doc(userId);
    doc.milestones[milestone] ??= at;
    doc.activity.push(at);
    return Promise.resolve(true);
  }
  addJobs(userId: string, jobIds: readonly string[]): Promise<void> {
    this.doc(userId).scheduledJobs.push(...jobIds);
    return Promise.resolve();
  }
  saveScore(userId: string, score: number, band: HealthBand): Promise<void> {
    Object.assign(this.doc(userId), { healthScore: score, band });
    this.scores.push({ userId, score, band });
    return Promise.resolve();
  }
  setChecklistDismissed(userId: string, at: Date | null): Promise<void> {
    this.doc(userId).checklistDismissedAt = at;
    return Promise.resolve();
  }
  setTourDone(userId: string, at: Date | null): Promise<void> {
    this.doc(userId).tourDoneAt = at;
    return Promise.resolve();
  }
  markCheckIn(userId: string, step: CheckInStep, at: Date): Promise<void> {
    this.doc(userId).checkIns[step] = at;
    return Promise.resolve();
  }

  private once(userId: string, eventId: string, fields: Partial<OnboardingUserDoc>): Promise<boolean> {
    if (this.applied.has(eventId)) return Promise.resolve(false);
    this.applied.add(eventId);
    Object.assign(this.doc(userId), fields);
    return Promise.resolve(true);
  }
  private doc(userId: string): OnboardingUserDoc {
    const doc = this.docs.get(userId) ?? {
      _id: userId,
      email: null,
      trialStartedAt: null,
      trialEndsAt: null,
      canceledAt: null,
      milestones: {},
      activity: [],
      healthScore: 0,
      band: 'at_risk',
      scoredAt: null,
      checkIns: {},
      scheduledJobs: [],
      checklistDismissedAt: null,
    };
    this.docs.set(userId, doc);
    return doc;
  }
}

function setup(now = day(0)) {
  const users = new FakeUsers();
  const mails: MailMessage[] = [];
  const scheduled: { userId: string; startedAt: Date }[] = [];
  const canceledJobs: string[][] = [];
  const scheduler = as<CheckInScheduler>({
    schedule: (userId: string, startedAt: Date) => {
      scheduled.push({ userId, startedAt });
      return Promise.resolve([`${userId}:day-1`, `${userId}:day-7`]);
    },
    cancel: (jobIds: readonly string[]) => {
      canceledJobs.push([...jobIds]);
      return Promise.resolve(jobIds.length);
    },
  });
  const clock: Clock = { now: () => now };
  const service = new OnboardingService(
    as<OnboardingRepository>(users),
    scheduler,
    as<Mailer>({ send: (m: MailMessage) => Promise.resolve(void mails.push(m)) }),
    clock,
    as<OnboardingConfig>({ WEB_ORIGIN: 'https://app.example' }),
    as<Logger>({ info: () => undefined }),
  );
  return { service, users, mails, scheduled, canceledJobs };
}

describe('OnboardingService', () => {
  it('schedules the check-ins of a new trial and remembers their jobs', async () => {
    const t = setup();
    await t.service.trialStarted('e1', 'u1', 'u1@example.test', day(0), day(90));
    expect(t.scheduled).toEqual([{ userId: 'u1', startedAt: day(0) }]);
    expect(t.users.docs.get('u1')).toMatchObject({
      email: 'u1@example.test',
      trialEndsAt: day(90),
      scheduledJobs: ['u1:day-1', 'u1:day-7'],
    });
  });

  it('does not schedule again for a trial canceled since (a replay after the cancellation)', async () => {
    const t = setup();
    await t.service.trialStarted('e1', 'u1', 'u1@example.test', day(0), day(90));
    await t.service.subscriptionCanceled('e2', 'u1', day(2));
    await t.service.trialStarted('e1', 'u1', 'u1@example.test', day(0), day(90));
    expect(t.scheduled).toHaveLength(1);
    expect(t.canceledJobs).toEqual([['u1:day-1', 'u1:day-7']]);
  });

  it('sends each check-in once, and none to a canceled or unknown user', async () => {
    const t = setup();
    await t.service.trialStarted('e1', 'u1', 'u1@example.test', day(0), day(90));
    expect(await t.service.runCheckIn('u1', 'day-7')).toBe('sent');
    expect(await t.service.runCheckIn('u1', 'day-7')).toBe('already-sent');
    expect(t.mails.map((m) => m.to)).toEqual(['u1@example.test']);
    expect(await t.service.runCheckIn('nobody', 'day-7')).toBe('skipped');
    await t.service.subscriptionCanceled('e2', 'u1', day(3));
    expect(await t.service.runCheckIn('u1', 'day-30')).toBe('skipped');
    expect(t.mails).toHaveLength(1);
  });

  it('reports progress in catalogue order and stores a score only when it changed', async () => {
    const t = setup(day(1));
    await t.service.trialStarted('e1', 'u1', 'u1@example.test', day(0), day(90));
    const before = t.users.scores.length;
    await t.service.reach('u1', 'first_upload', day(1));
    const progress = await t.service.progress('u1');
    expect(progress.completed).toBe(1);
    expect(progress.milestones[0]).toMatchObject({
      key: 'first_upload',
      reachedAt: day(1).toISOString(),
    });
    expect(progress.milestones.slice(1).every((m) => m.reachedAt === null)).toBe(true);
    expect(t.users.scores.length).toBe(before + 1);
    await t.service.progress('u1');
    expect(t.users.scores.length).toBe(before + 1);
  });

  it('keeps the checklist dismissed per user until shown again, milestones untouched', async () => {
    const t = setup(day(2));
    await t.service.reach('u1', 'first_share', day(1));
    expect((await t.service.progress('u1')).dismissed).toBe(false);
    const hidden = await t.service.setChecklistDismissed('u1', true);
    expect(hidden).toMatchObject({ dismissed: true, completed: 1 });
    expect(t.users.docs.get('u1')?.checklistDismissedAt).toEqual(day(2));
    expect((await t.service.progress('u2')).dismissed).toBe(false);
    expect((await t.service.setChecklistDismissed('u1', false)).dismissed).toBe(false);
  });

  it('remembers the tour as done per user, apart from the checklist', async () => {
    const t = setup(day(3));
    expect((await t.service.progress('u1')).tourDone).toBe(false);
    const done = await t.service.setTourDone('u1', true);
    expect(done).toMatchObject({ tourDone: true, dismissed: false });
    expect(t.users.docs.get('u1')?.tourDoneAt).toEqual(day(3));
    expect((await t.service.progress('u2')).tourDone).toBe(false);
    expect((await t.service.setTourDone('u1', false)).tourDone).toBe(false);
  });

  it('starts a user nobody has heard of with every milestone open and the checklist shown', async () => {
    const t = setup();
    expect(await t.service.progress('new')).toMatchObject({
      completed: 0,
      healthScore: 0,
      band: 'at_risk',
      dismissed: false,
    });
  });
});
