import { fireEvent, screen, waitFor } from '@testing-library/react';
import { anonymous, json, renderApp, sessionUser, stubFetch } from '../../../test-support';
import { fakeCaches } from '../share-target.fake';

const shared = () =>
  fakeCaches({
    '/share-target/shared/fields': JSON.stringify({
      title: 'Q3 report',
      text: '',
      url: '',
      fileName: 'q3.html',
      fileTooLarge: false,
      sharedAt: Date.now(),
    }),
    '/share-target/shared/file': '<!doctype html><h1>Q3</h1>',
  });

const signIn = (url: string) =>
  url.endsWith('/api/v1/auth/sign-in')
    ? json(200, { success: true, message: 'ok', user: sessionUser(), token: 't' })
    : undefined;

afterEach(() => vi.unstubAllGlobals());

describe('UploadPage with something shared into the app', () => {
  it('sends a signed-out person to sign in, then fills the form with the shared file and forgets it', async () => {
    const { storage, stores } = shared();
    vi.stubGlobal('caches', storage);
    stubFetch(anonymous, signIn);
    const router = renderApp('/upload');

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/upload'));
    expect(await screen.findByText(/Shared from another app/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Q3 report'));
    expect(screen.getByLabelText('Content')).toHaveValue('<!doctype html><h1>Q3</h1>');
    expect(screen.getByLabelText('Type')).toHaveValue('HTML');
    await waitFor(() => expect(stores.has('cv-share-target')).toBe(false));
  });

  it('shows the empty form when nothing was shared', async () => {
    vi.stubGlobal('caches', fakeCaches(null).storage);
    stubFetch(anonymous, signIn);
    renderApp('/upload');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: 'Upload an artifact' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.queryByText(/Shared from another app/)).not.toBeInTheDocument();
  });
});
