import { hasSessionHint } from './session-hint';

describe('the session hint', () => {
  it('is the readable "has session" cookie, under its local or its production name', () => {
    expect(hasSessionHint('cv_has_session=1')).toBe(true);
    expect(hasSessionHint('a=b; __Host-cv_has_session=1; c=d')).toBe(true);
  });

  it('is absent without the cookie, with another value, or under a name that only resembles it', () => {
    for (const cookies of ['', 'a=b', 'cv_has_session=', 'cv_has_session=0', 'x_cv_has_session=1', 'cv_rt=1'])
      expect(hasSessionHint(cookies)).toBe(false);
  });
});
