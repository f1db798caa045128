import { checkInMail } from './check-in-mail';

const base = {
  to: 'a@b.co',
  webOrigin: 'https://app.example',
  trialEndsAt: new Date('2030-04-01T00:00:00Z'),
};

describe('check-in e-mail', () => {
  it('lists reached and missing milestones', () => {
    const mail = checkInMail({ ...base, step: 'day-7', milestones: { first_upload: new Date() } });
    expect(mail.subject).toBe('Day 7: 4 steps left to get the most out of Core Vault');
    expect(mail.text).toContain('Done so far: First artifact upload.');
    expect(mail.text).toContain('Share an artifact');
    expect(mail.text).not.toContain('Upload your first artifact');
    expect(mail.html).toContain('https://app.example/dashboard');
  });

  it('congratulates a user who has done everything', () => {
    const now = new Date();
    const mail = checkInMail({
      ...base,
      step: 'day-30',
      milestones: {
        first_upload: now,
        first_share: now,
        extension_installed: now,
        profile_customized: now,
        analytics_viewed: now,
      },
    });
    expect(mail.subject).toBe("Day 30: you're all set with Core Vault");
  });

  it('reminds of the trial end with its date', () => {
    const mail = checkInMail({ ...base, step: 'trial-ending', milestones: {} });
    expect(mail.subject).toBe('Your Core Vault trial ends in 3 days');
    expect(mail.text).toContain('2030-04-01');
    expect(mail.text).toContain('You have not reached any milestone yet.');
  });
});
